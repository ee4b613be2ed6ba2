/// A small streaming JSON builder: objects, arrays, keys and scalars, commas placed automatically.
///
/// Hand-written rather than `JSONSerialization` so output is byte-stable (key order as written, fixed
/// decimals, no locale, no exponent notation) and cheap for long coordinate arrays.
///
/// Invariant: calls nest properly (`beginObject`/`endObject`, `beginArray`/`endArray`); inside an object
/// every value is preceded by `key(_:)`. `text` is valid JSON once every container is closed.
public struct JSONWriter: Sendable {
    /// The JSON written so far.
    public private(set) var text = ""
    /// Per open container: whether it already holds an element (so the next needs a comma).
    private var hasElement: [Bool] = [false]
    /// Whether a key was just written (the value follows without a comma).
    private var afterKey = false

    public init() {}

    private mutating func beforeValue() {
        if afterKey {
            afterKey = false
        } else if hasElement[hasElement.count - 1] {
            text += ","
        }
        hasElement[hasElement.count - 1] = true
    }

    public mutating func beginObject() { beforeValue(); text += "{"; hasElement.append(false) }
    public mutating func endObject() { hasElement.removeLast(); text += "}" }
    public mutating func beginArray() { beforeValue(); text += "["; hasElement.append(false) }
    public mutating func endArray() { hasElement.removeLast(); text += "]" }

    /// Writes an object key; the next call writes its value.
    public mutating func key(_ name: String) {
        beforeValue()
        text += JSONWriter.quoted(name)
        text += ":"
        afterKey = true
    }

    public mutating func string(_ value: String) { beforeValue(); text += JSONWriter.quoted(value) }
    public mutating func bool(_ value: Bool) { beforeValue(); text += value ? "true" : "false" }
    public mutating func null() { beforeValue(); text += "null" }
    public mutating func integer(_ value: Int) { beforeValue(); text += String(value) }
    /// A number rounded to `decimals` places, trailing zeros dropped; `null` when not finite.
    public mutating func number(_ value: Double, decimals: Int = 1) { beforeValue(); text += JSONWriter.format(value, decimals: decimals) }

    /// `"key": "value"` inside an object.
    public mutating func field(_ name: String, _ value: String) { key(name); string(value) }
    /// `"key": number` inside an object.
    public mutating func field(_ name: String, _ value: Double, decimals: Int = 1) { key(name); number(value, decimals: decimals) }
    /// `"key": integer` inside an object.
    public mutating func field(_ name: String, _ value: Int) { key(name); integer(value) }
    /// `"key": bool` inside an object.
    public mutating func field(_ name: String, _ value: Bool) { key(name); bool(value) }

    /// Splices already formed JSON in as one value.
    public mutating func raw(_ json: String) { beforeValue(); text += json }

    /// A JSON string literal with RFC 8259 escaping.
    public static func quoted(_ value: String) -> String {
        var out = "\""
        out.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `value` with at most `decimals` places (0...9), trailing zeros dropped; `null` when not finite.
    public static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<min(9, max(0, decimals)) { scale *= 10 }
        let scaled = (value * scale).rounded()
        guard abs(scaled) < 9.0e15 else { return "\(value)" }
        let units = Int64(scaled)
        if units == 0 { return "0" }
        var digits = String(units.magnitude)
        let places = min(9, max(0, decimals))
        if places > 0 {
            if digits.count <= places { digits = String(repeating: "0", count: places - digits.count + 1) + digits }
            let cut = digits.index(digits.endIndex, offsetBy: -places)
            var fraction = digits[cut...]
            while fraction.last == "0" { fraction = fraction.dropLast() }
            digits = fraction.isEmpty ? String(digits[..<cut]) : String(digits[..<cut]) + "." + fraction
        }
        return units < 0 ? "-" + digits : digits
    }
}
