import Foundation
import Geodesy

/// The one JSON writer of every Waymark output: objects, arrays, keys and scalars in one byte buffer,
/// commas placed automatically.
///
/// Hand-written rather than `JSONSerialization`/`Codable` so output is byte-stable (key order as
/// written, fixed decimals via `DecimalNumber.fixed`, no locale, never exponent notation, `null` for
/// nil and non-finite numbers) and cheap for long coordinate arrays and thousands of stream lines.
///
/// Layout: `.compact` writes `{"a":1,"b":[1,2]}`; `.spaced` writes `{"a": 1, "b": [1, 2]}`. A container
/// opened with a `multilineIndent` puts each element on its own line, indented two spaces deeper than
/// `multilineIndent`, and its closing bracket on a line of its own at `multilineIndent` (an empty
/// container stays `[]`), so long lists read one element per line.
///
/// Invariant: calls nest properly (`beginObject`/`endObject`, `beginArray`/`endArray`); inside an object
/// every value is preceded by `key(_:)`. `text` is valid JSON once every container is closed.
public struct JSONWriter: Sendable {
    /// Spacing between elements and after keys.
    public enum Layout: Sendable {
        /// No spaces: `{"a":1,"b":2}` (OSRM's and the waypoint stream's style).
        case compact
        /// A space after each comma and colon: `{"a": 1, "b": 2}`.
        case spaced
    }

    private struct Container {
        var hasElement = false
        /// Elements on lines of their own at this indent + 2, when set.
        var multilineIndent: Int?
    }

    /// A stack of containers: the first `inlineDepth` in fixed slots, deeper ones in an array.
    private struct ContainerStack {
        static let inlineDepth = 4
        private var slots: (Container, Container, Container, Container) = (Container(), Container(), Container(), Container())
        private var overflow: [Container] = []
        private var count = 0

        mutating func push(_ c: Container) {
            switch count {
            case 0: slots.0 = c
            case 1: slots.1 = c
            case 2: slots.2 = c
            case 3: slots.3 = c
            default: overflow.append(c)
            }
            count += 1
        }

        mutating func pop() -> Container {
            count -= 1
            switch count {
            case 0: return slots.0
            case 1: return slots.1
            case 2: return slots.2
            case 3: return slots.3
            default: return overflow.removeLast()
            }
        }
    }

    /// The bytes written so far (UTF-8).
    public private(set) var bytes: [UInt8] = []
    /// The innermost open container (the top level before any), kept out of `enclosing` because every
    /// value reads it.
    private var current = Container()
    /// The containers around `current`, outermost first (a small inline stack: no allocation per
    /// writer until nesting passes `inlineDepth`, and a stream writes thousands of small objects).
    private var enclosing = ContainerStack()
    /// Whether a key was just written (the value follows without a comma).
    private var afterKey = false
    private let spaced: Bool

    /// - Parameter capacity: bytes to reserve (a stream line is a few hundred, a route a few hundred kB).
    public init(layout: Layout = .compact, capacity: Int = 256) {
        spaced = layout == .spaced
        bytes.reserveCapacity(capacity)
    }

    /// The JSON written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: Structure

    @inline(__always)
    private mutating func beforeValue() {
        if afterKey {
            afterKey = false
            return
        }
        if current.hasElement {
            bytes.append(UInt8(ascii: ","))
            if spaced && current.multilineIndent == nil { bytes.append(UInt8(ascii: " ")) }
        }
        if let indent = current.multilineIndent { newline(indent: indent + 2) }
        current.hasElement = true
    }

    private mutating func open(_ bracket: UInt8, multilineIndent: Int?) {
        beforeValue()
        bytes.append(bracket)
        enclosing.push(current)
        current = Container(multilineIndent: multilineIndent)
    }

    private mutating func newline(indent: Int) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }

    private mutating func close(_ bracket: UInt8) {
        if let indent = current.multilineIndent, current.hasElement { newline(indent: indent) }
        bytes.append(bracket)
        current = enclosing.pop()
    }

    /// Opens an object; with `multilineIndent` its members go on lines of their own.
    public mutating func beginObject(multilineIndent: Int? = nil) { open(UInt8(ascii: "{"), multilineIndent: multilineIndent) }

    public mutating func endObject() { close(UInt8(ascii: "}")) }

    /// Opens an array; with `multilineIndent` its elements go on lines of their own.
    public mutating func beginArray(multilineIndent: Int? = nil) { open(UInt8(ascii: "["), multilineIndent: multilineIndent) }

    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Writes an object key spelled in the source (ASCII, nothing to escape); the next call writes its value.
    public mutating func key(_ name: StaticString) {
        beforeValue()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        colon()
    }

    /// Writes an object key made at run time (escaped); the next call writes its value.
    public mutating func key(_ name: String) {
        beforeValue()
        appendQuoted(name)
        colon()
    }

    private mutating func colon() {
        bytes.append(UInt8(ascii: ":"))
        if spaced { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    // MARK: Scalars

    /// A string, or `null` for nil.
    public mutating func string(_ value: String?) {
        beforeValue()
        if let value { appendQuoted(value) } else { appendNull() }
    }

    public mutating func bool(_ value: Bool) {
        beforeValue()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    public mutating func null() { beforeValue(); appendNull() }

    /// An integer, or `null` for nil.
    public mutating func integer(_ value: Int?) {
        beforeValue()
        if let value { DecimalNumber.appendInteger(value, to: &bytes) } else { appendNull() }
    }

    /// A number rounded to `decimals` places (0...9), trailing zeros dropped; `null` for nil or a
    /// non-finite value.
    public mutating func number(_ value: Double?, decimals: Int = 1) {
        beforeValue()
        guard let value, value.isFinite else { appendNull(); return }
        DecimalNumber.appendFixed(value, decimals: decimals, to: &bytes)
    }

    /// A number with `significantDigits` significant digits (at most 9 decimals), trailing zeros
    /// dropped, never an exponent: `1234.57`, `0.000123457`, `1234568` for 6 digits; `null` for nil or a
    /// non-finite value. For measurements whose magnitude varies (timings, rates).
    public mutating func number(_ value: Double?, significantDigits: Int) {
        beforeValue()
        guard let value, value.isFinite else { appendNull(); return }
        let magnitude = value == 0 ? 0 : Int(log10(abs(value)).rounded(.down))
        DecimalNumber.appendFixed(value, decimals: max(0, significantDigits - 1 - magnitude), to: &bytes)
    }

    /// A number at full precision, as Swift prints a `Double` (shortest text that reads back as the same
    /// value, e.g. `0.1`, `12.0`, `1e-05`); `null` for nil or a non-finite value. For figures that are
    /// measurements of their own (file statistics), not coordinates or distances.
    public mutating func number(roundTrip value: Double?) {
        beforeValue()
        guard let value, value.isFinite else { appendNull(); return }
        bytes.append(contentsOf: "\(value)".utf8)
    }

    /// Splices already formed JSON in as one value (it must be valid JSON).
    public mutating func raw(_ json: String) {
        beforeValue()
        bytes.append(contentsOf: json.utf8)
    }

    // MARK: Fields

    /// `"key": "value"` (or `null`) inside an object.
    public mutating func field(_ name: StaticString, _ value: String?) { key(name); string(value) }
    /// `"key": number` inside an object, rounded to `decimals` places.
    public mutating func field(_ name: StaticString, _ value: Double?, decimals: Int = 1) { key(name); number(value, decimals: decimals) }
    /// `"key": integer` (or `null`) inside an object.
    public mutating func field(_ name: StaticString, _ value: Int?) { key(name); integer(value) }
    /// `"key": bool` inside an object.
    public mutating func field(_ name: StaticString, _ value: Bool) { key(name); bool(value) }
    /// `"key": bool` (or `null`) inside an object.
    public mutating func field(_ name: StaticString, _ value: Bool?) {
        key(name)
        if let value { bool(value) } else { null() }
    }
    /// `"key": [longitude, latitude]` inside an object, `decimals` places (GeoJSON and OSRM order).
    public mutating func field(_ name: StaticString, position: Coordinate, decimals: Int) {
        key(name)
        self.position(position, decimals: decimals)
    }

    /// `[longitude, latitude]` with `decimals` places (GeoJSON and OSRM order).
    public mutating func position(_ c: Coordinate, decimals: Int) {
        beginArray()
        number(c.longitude, decimals: decimals)
        number(c.latitude, decimals: decimals)
        endArray()
    }

    // MARK: Encoding

    private mutating func appendNull() { bytes.append(contentsOf: "null".utf8) }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// A JSON string literal with RFC 8259 escaping (control characters as `\u00XX`, UTF-8 kept).
    private mutating func appendQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(b)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(b)
            case 0x0A: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
            case 0..<0x20:
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(Self.hexDigits[Int(b >> 4)])
                bytes.append(Self.hexDigits[Int(b & 15)])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A JSON string literal, quotes included (for text that embeds one, such as a CSV cell).
    public static func quoted(_ text: String) -> String {
        var w = JSONWriter(capacity: text.utf8.count + 2)
        w.string(text)
        return w.text
    }
}
