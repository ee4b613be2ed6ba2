import Foundation

/// Number and text formatting shared by the AR marker and point-of-interest writers.
///
/// Written by hand rather than through `JSONSerialization`/`String(format:)` because exports hold
/// thousands of numbers and the output must be byte-stable (fixed decimals, no locale, no `1e-05`).
enum ExportFormatting {
    private static let powersOfTen: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]

    /// `value` rounded to `decimals` places, trailing zeros dropped (`12.5`, `-0.003`, `7`).
    /// Non-finite values give `null` (callers writing CSV or XML check finiteness first).
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        let scaled = (value * powersOfTen[decimals]).rounded()
        // Beyond 2^53 the integer path would lose digits; such values never occur in an export but
        // must still print something valid.
        guard abs(scaled) < 9.0e15 else { return "\(value)" }
        let units = Int64(scaled)
        if units == 0 { return "0" }
        var digits = String(units.magnitude)
        if decimals > 0 {
            if digits.count <= decimals {
                digits = String(repeating: "0", count: decimals - digits.count + 1) + digits
            }
            let cut = digits.index(digits.endIndex, offsetBy: -decimals)
            var fraction = digits[cut...]
            while fraction.last == "0" { fraction = fraction.dropLast() }
            digits = fraction.isEmpty ? String(digits[..<cut]) : String(digits[..<cut]) + "." + fraction
        }
        return units < 0 ? "-" + digits : digits
    }

    /// A JSON string literal, quotes included (RFC 8259 escaping).
    static func jsonString(_ text: String) -> String { JSONWriter.quoted(text) }

    /// A JSON string literal, or `null` for nil.
    static func jsonString(_ text: String?) -> String { text.map { jsonString($0) } ?? "null" }

    /// A JSON number with `decimals` places, or `null` for nil.
    static func jsonNumber(_ value: Double?, _ decimals: Int) -> String { value.map { fixed($0, decimals) } ?? "null" }

    /// Text escaped for XML character data and attribute values.
    static func xml(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(ch)
            }
        }
        return out
    }

    /// A CSV field (RFC 4180): quoted when it holds a comma, quote or line break.
    static func csv(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
