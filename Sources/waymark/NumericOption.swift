import Geodesy

/// Range checks for numeric options, run when the command line is parsed (each command's `validate()`),
/// so a bad value fails before any file is read, with the allowed range in the message.
enum NumericOption {
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
