import Geodesy

/// Range checks for numeric options, run when the command line is parsed (each command's `validate()`),
/// so a bad value fails before any file is read, with the allowed range in the message.
enum NumericOption {
    /// The one reader of every numeric option's text (`@Option(…, transform: NumericOption.decimal)`):
    /// a decimal number, optionally signed, with an optional fraction and exponent; not hexadecimal
    /// (`0x10`, `0x1p5`, which `Double(_:)` would read as 16 and 32), `inf` or `nan`.
    static func decimal(_ text: String) throws -> Double {
        guard let value = DecimalNumber.parse(text), value.isFinite else {
            throw CommandFailure(message: "'\(text)' is not a decimal number")
        }
        return value
    }

    /// A whole decimal number (digits with an optional sign), for the integer options.
    static func whole(_ text: String) throws -> Int {
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text) else {
            throw CommandFailure(message: "'\(text)' is not a whole decimal number")
        }
        return value
    }

    /// Parses a decimal number (no hexadecimal, `inf` or `nan`) within `range`.
    static func parse(_ text: String, option: String, range: ClosedRange<Double>, unit: String) throws -> Double {
        guard let value = DecimalNumber.parse(text.trimmingCharacters()), value.isFinite else {
            throw outOfRange(text, option: option, range: range, unit: unit)
        }
        try check(value, option: option, range: range, unit: unit, shown: text)
        return value
    }

    /// Checks a number the argument parser already read.
    static func check(_ value: Double, option: String, range: ClosedRange<Double>, unit: String, shown: String? = nil) throws {
        guard value.isFinite, range.contains(value) else {
            throw outOfRange(shown ?? DecimalNumber.fixed(value, decimals: 6), option: option, range: range, unit: unit)
        }
    }

    /// Checks a whole number the argument parser already read.
    static func check(_ value: Int, option: String, range: ClosedRange<Int>, unit: String) throws {
        guard range.contains(value) else {
            throw CommandFailure(message: "\(option) '\(value)' is out of range: expected \(unit) from \(range.lowerBound) to \(range.upperBound)")
        }
    }

    private static func outOfRange(_ shown: String, option: String, range: ClosedRange<Double>, unit: String) -> CommandFailure {
        CommandFailure(message: "\(option) '\(shown)' is invalid: expected \(unit) from \(DecimalNumber.fixed(range.lowerBound, decimals: 6)) to \(DecimalNumber.fixed(range.upperBound, decimals: 6))")
    }
}
