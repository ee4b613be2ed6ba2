/// Strict parsing of decimal numbers as people and OSM write them.
///
/// `Double(String)` (like `strtod`) also reads hexadecimal (`0x2D` is 45), `inf` and `nan`; a
/// coordinate or option value written that way is a mistake to report, not a number to use.
public enum DecimalNumber {
    /// Parses `[+-]digits[.digits][e[+-]digits]` (digits on at least one side of the point), nothing
    /// else; nil for hexadecimal, `inf`, `nan`, empty text or trailing characters.
    public static func parse<S: StringProtocol>(_ text: S) -> Double? {
        guard isDecimal(text.utf8) else { return nil }
        return Double(String(text))
    }

    /// Whether the bytes are a plain decimal number (see `parse`).
    public static func isDecimal<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        var i = bytes.startIndex
        func digits() -> Int {
            var n = 0
            while i < bytes.endIndex, bytes[i] >= 0x30 && bytes[i] <= 0x39 { i = bytes.index(after: i); n += 1 }
            return n
        }
        if i < bytes.endIndex, bytes[i] == 0x2b || bytes[i] == 0x2d { i = bytes.index(after: i) }
        var mantissaDigits = digits()
        if i < bytes.endIndex, bytes[i] == 0x2e {
            i = bytes.index(after: i)
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if i < bytes.endIndex, bytes[i] == 0x65 || bytes[i] == 0x45 {
            i = bytes.index(after: i)
            if i < bytes.endIndex, bytes[i] == 0x2b || bytes[i] == 0x2d { i = bytes.index(after: i) }
            guard digits() > 0 else { return false }
        }
        return i == bytes.endIndex
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs: OSM tag values, and option values as
    /// typed (`--speed " 50"`), before strict parsing.
    package func trimmingCharacters() -> String {
        var s = self[...]
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
