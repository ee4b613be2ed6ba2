/// A number as OSM tag values spell it, with an optional unit, read in the filter language's standard
/// units: km/h for speeds, metres for lengths, tonnes for weights.
///
/// The filter language compares such values (`width<=7.6`, `maxweight<3.5st`) and the speed rules compare
/// speeds written with and without `mph`. A plain number is taken as it is, whatever it measures, so
/// `"50"` and `"50 km/h"` read the same; a unit that is not in `unitFactors` makes the value unreadable
/// (nil), as do words such as `walk` or `none`.
///
/// Read byte by byte on the UTF-8 (every accepted form is ASCII): this runs for every comparison of a
/// filter and every limit of a result.
enum TagQuantity {
    /// Factors to the standard unit of each unit's dimension.
    static let unitFactors: [String: Double] = [
        // Speed, to km/h.
        "km/h": 1, "kph": 1, "mph": 1.609344, "knots": 1.852,
        // Length, to metres.
        "m": 1, "km": 1000, "cm": 0.01, "mi": 1609.344,
        "ft": 0.3048, "'": 0.3048, "in": 0.0254, "\"": 0.0254, "yd": 0.9144, "yds": 0.9144,
        // Weight, to tonnes (`st` is the short ton, `lt` the long ton, as OSM's maxweight uses them).
        "t": 1, "kg": 0.001, "lb": 0.000_453_592_37, "lbs": 0.000_453_592_37,
        "st": 0.907_184_74, "lt": 1.016_046_908_8,
    ]

    /// The units of speed among `unitFactors`.
    static let speedUnits: Set<String> = ["km/h", "kph", "mph", "knots"]

    /// The value of `text` in standard units, or nil when it is not a number with an optional known unit.
    /// Accepts `"3.5"`, `"30 mph"`, `"30mph"`, `"7.5 t"` and feet with inches, `3'4"` or `3 ft 4 in`.
    static func standardValue(of text: String) -> Double? {
        // Every readable form starts with a digit (or the point of `.5`); words are answered at once.
        guard let first = text.utf8.first, isDigit(first) || first == UInt8(ascii: ".") else { return nil }
        if let plain = plainNumber(text) { return plain }
        if let feetAndInches = feetAndInches(text) { return feetAndInches }
        guard let (number, unit) = numberAndUnit(text), let factor = unitFactors[unit] else { return nil }
        return number * factor
    }

    /// A text that starts and ends with a digit read as a number (`"50"`, `"7.5"`, `"1e3"`), the common
    /// case, without looking for a unit.
    static func plainNumber(_ text: String) -> Double? {
        guard let first = text.utf8.first, let last = text.utf8.last,
              isDigit(first), isDigit(last) else { return nil }
        // Whole numbers (`50`, `2`) are summed digit by digit: `Double(String)` goes through `strtod`, which
        // costs more than the rest of a comparison.
        if text.utf8.count <= 15, text.utf8.allSatisfy(isDigit) {
            return text.utf8.reduce(0.0) { $0 * 10 + Double($1 - UInt8(ascii: "0")) }
        }
        return Double(text)
    }

    /// A number (digits with an optional fraction) followed by optional spaces and a unit word; nil when the
    /// text has another shape. The unit is returned as written, not checked.
    static func numberAndUnit(_ text: String) -> (number: Double, unit: String)? {
        let bytes = text.utf8
        let numberEnd = bytes.firstIndex { !isDigit($0) && $0 != UInt8(ascii: ".") } ?? bytes.endIndex
        guard numberEnd > bytes.startIndex, let number = Double(text[..<numberEnd]) else { return nil }
        let unitStart = bytes[numberEnd...].firstIndex { $0 != UInt8(ascii: " ") } ?? bytes.endIndex
        guard unitStart < bytes.endIndex else { return nil }
        return (number, String(text[unitStart...]))
    }

    /// `3'4"` or `3 ft 4 in`: feet and inches in metres.
    static func feetAndInches(_ text: String) -> Double? {
        var reader = ByteReader(text.utf8)
        guard let feet = reader.integer(), reader.skip(oneOf: ["'", "ft"]),
              let inches = reader.integer(), reader.skip(oneOf: ["\"", "in"]), reader.isAtEnd else { return nil }
        return feet * 0.3048 + inches * 0.0254
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Reads integers and unit words off UTF-8, skipping spaces before each.
    private struct ByteReader {
        let bytes: String.UTF8View
        var index: String.UTF8View.Index

        init(_ bytes: String.UTF8View) {
            self.bytes = bytes
            index = bytes.startIndex
        }

        var isAtEnd: Bool { index == bytes.endIndex }

        mutating func integer() -> Double? {
            skipSpaces()
            var value = 0.0
            let start = index
            while index < bytes.endIndex, isDigit(bytes[index]) {
                value = value * 10 + Double(bytes[index] - UInt8(ascii: "0"))
                index = bytes.index(after: index)
            }
            return index > start ? value : nil
        }

        mutating func skip(oneOf words: [StaticString]) -> Bool {
            skipSpaces()
            for word in words {
                let wordBytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
                if bytes[index...].starts(with: wordBytes) {
                    index = bytes.index(index, offsetBy: wordBytes.count)
                    return true
                }
            }
            return false
        }

        private mutating func skipSpaces() {
            while index < bytes.endIndex, bytes[index] == UInt8(ascii: " ") { index = bytes.index(after: index) }
        }
    }
}
