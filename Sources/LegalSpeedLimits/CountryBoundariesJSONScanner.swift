/// A pull scanner over the bytes of a JSON text: the caller walks the structure it expects (enter an object,
/// read its keys one by one, read a number, skip what it does not need) and every mismatch is a `Failure`
/// naming the byte offset, what was expected and what was found.
///
/// Hand-written rather than `JSONSerialization` because the boundaries file is about 110 000 numbers, which
/// a generic parser boxes one by one into a tree of objects: about 170 ms for the bundled file in a release
/// build, against about 10 ms here.
struct CountryBoundariesJSONScanner {
    /// Where and how the text departs from what the caller expected.
    struct Failure: Error, Equatable {
        var offset: Int
        var expected: String
        var found: String

        var description: String { "at byte \(offset), expected \(expected), found \(found)" }
    }

    /// Whether an object or array has yielded a member yet, so the next one must follow a comma.
    struct Cursor {
        fileprivate var isFirst = true
    }

    private let bytes: [UInt8]
    private(set) var offset = 0
    // A skipped value nested deeper than this is rejected instead of exhausting the stack.
    private static let maximumSkipDepth = 512

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: Structure

    /// Consumes `{` and returns the cursor for `nextKey(_:)`.
    mutating func enterObject(_ what: String = "an object '{'") throws(Failure) -> Cursor {
        try expect(UInt8(ascii: "{"), what)
        return Cursor()
    }

    /// The next member's key (its `:` consumed, the value next), or nil after the closing `}`.
    mutating func nextKey(_ cursor: inout Cursor) throws(Failure) -> String? {
        guard try continues(&cursor, closedBy: UInt8(ascii: "}"), what: "a key string or '}'") else { return nil }
        let key = try readString()
        try expect(UInt8(ascii: ":"), "':' after the key \"\(key)\"")
        return key
    }

    /// Consumes `[` and returns the cursor for `nextElement(_:)`.
    mutating func enterArray(_ what: String = "an array '['") throws(Failure) -> Cursor {
        try expect(UInt8(ascii: "["), what)
        return Cursor()
    }

    /// Whether another element follows (the scanner then stands at it); false after the closing `]`.
    mutating func nextElement(_ cursor: inout Cursor) throws(Failure) -> Bool {
        try continues(&cursor, closedBy: UInt8(ascii: "]"), what: "a value or ']'")
    }

    /// Whether the next value is `null` (consumed if so), for members that may be absent that way.
    mutating func skipNull() -> Bool {
        skipWhitespace()
        guard bytes.count - offset >= 4, bytes[offset] == UInt8(ascii: "n"), bytes[offset + 1] == UInt8(ascii: "u"),
              bytes[offset + 2] == UInt8(ascii: "l"), bytes[offset + 3] == UInt8(ascii: "l") else { return false }
        offset += 4
        return true
    }

    /// Fails unless only whitespace is left.
    mutating func expectEnd() throws(Failure) {
        skipWhitespace()
        guard offset == bytes.count else { throw failure(expected: "the end of the text") }
    }

    /// The offset of the next value, whitespace skipped: where an error about that value points.
    mutating func offsetOfNextValue() -> Int {
        skipWhitespace()
        return offset
    }

    /// Moves to `offset`, a position this scanner reported earlier.
    mutating func rewind(to offset: Int) {
        self.offset = offset
    }

    // MARK: Values

    /// A string value, escapes decoded.
    mutating func readString() throws(Failure) -> String {
        try expect(UInt8(ascii: "\""), "a string")
        let start = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return String(decoding: bytes[start ..< offset - 1], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { return try readEscapedString(from: start) }
            guard byte >= 0x20 else { throw failure(expected: "a string character") }
            offset += 1
        }
        throw failure(expected: "'\"' closing the string")
    }

    /// A number value, as the nearest double.
    mutating func readNumber() throws(Failure) -> Double {
        skipWhitespace()
        let start = offset
        var digits = CountryBoundariesDecimalDigits()
        let isNegative = consume(UInt8(ascii: "-"))
        guard readDigits(into: &digits, isFraction: false) > 0 else {
            offset = start
            throw failure(expected: "a number")
        }
        if consume(UInt8(ascii: ".")), readDigits(into: &digits, isFraction: true) == 0 {
            throw failure(expected: "a digit after the decimal point")
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            try readExponent(into: &digits)
        }
        if let value = digits.exactValue { return isNegative ? -value : value }
        return try slowNumber(from: start)
    }

    /// Skips one value of any kind.
    mutating func skipValue() throws(Failure) {
        try skipValue(depth: 0)
    }

    // MARK: Helpers

    private mutating func continues(_ cursor: inout Cursor, closedBy closer: UInt8, what: String) throws(Failure) -> Bool {
        skipWhitespace()
        if consume(closer) { return false }
        if !cursor.isFirst { try expect(UInt8(ascii: ","), "',' or '\(Character(Unicode.Scalar(closer)))'") }
        cursor.isFirst = false
        skipWhitespace()
        guard offset < bytes.count else { throw failure(expected: what) }
        return true
    }

    // The description is built only for the error: the scanner passes this point for every value.
    private mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws(Failure) {
        skipWhitespace()
        guard consume(byte) else { throw failure(expected: what()) }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): offset += 1
            default: return
            }
        }
    }

    func failure(expected: String) -> Failure {
        Failure(offset: offset, expected: expected, found: foundDescription())
    }

    private func foundDescription() -> String {
        guard offset < bytes.count else { return "the end of the text" }
        let byte = bytes[offset]
        guard (0x21 ..< 0x7F).contains(byte) else { return Self.describe(byte: byte) }
        return "'\(Character(Unicode.Scalar(byte)))'"
    }

    // A control or non-ASCII byte, shown by its value rather than printed.
    private static func describe(byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count < 2 ? "0" + hex : hex)
    }

    private mutating func readDigits(into digits: inout CountryBoundariesDecimalDigits, isFraction: Bool) -> Int {
        var count = 0
        while offset < bytes.count, bytes[offset] &- UInt8(ascii: "0") < 10 {
            digits.append(Int(bytes[offset] &- UInt8(ascii: "0")), isFraction: isFraction)
            offset += 1
            count += 1
        }
        return count
    }

    private mutating func readExponent(into digits: inout CountryBoundariesDecimalDigits) throws(Failure) {
        let isNegative = consume(UInt8(ascii: "-"))
        if !isNegative { _ = consume(UInt8(ascii: "+")) }
        var exponent = 0, count = 0
        while offset < bytes.count, bytes[offset] &- UInt8(ascii: "0") < 10 {
            exponent = min(exponent * 10 + Int(bytes[offset] &- UInt8(ascii: "0")), 100_000)
            offset += 1
            count += 1
        }
        guard count > 0 else { throw failure(expected: "a digit in the exponent") }
        digits.exponent = isNegative ? -exponent : exponent
    }

    // Many digits or a large exponent: the standard library's correctly rounded conversion.
    private mutating func slowNumber(from start: Int) throws(Failure) -> Double {
        let text = String(decoding: bytes[start ..< offset], as: UTF8.self)
        guard let value = Double(text) else {
            offset = start
            throw failure(expected: "a number")
        }
        return value
    }

    private mutating func readEscapedString(from start: Int) throws(Failure) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: String(decoding: bytes[start ..< offset], as: UTF8.self).unicodeScalars)
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return String(scalars)
            }
            if byte == UInt8(ascii: "\\") {
                offset += 1
                scalars.append(try readEscape())
            } else {
                guard byte >= 0x20 else { throw failure(expected: "a string character") }
                let end = endOfPlainRun()
                scalars.append(contentsOf: String(decoding: bytes[offset ..< end], as: UTF8.self).unicodeScalars)
                offset = end
            }
        }
        throw failure(expected: "'\"' closing the string")
    }

    private func endOfPlainRun() -> Int {
        var end = offset
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        return end
    }

    private mutating func readEscape() throws(Failure) -> Unicode.Scalar {
        guard offset < bytes.count else { throw failure(expected: "an escape character") }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return try readUnicodeEscape()
        default:
            offset -= 1
            throw failure(expected: "one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u")
        }
    }

    // `\uXXXX`, a surrogate pair when the first is a high surrogate; a lone surrogate becomes U+FFFD.
    private mutating func readUnicodeEscape() throws(Failure) -> Unicode.Scalar {
        let first = try readHexQuad()
        guard (0xD800 ..< 0xDC00).contains(first) else { return Unicode.Scalar(first) ?? "\u{FFFD}" }
        guard bytes.count - offset >= 6, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
            return "\u{FFFD}"
        }
        offset += 2
        let second = try readHexQuad()
        guard (0xDC00 ..< 0xE000).contains(second) else { return "\u{FFFD}" }
        return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) ?? "\u{FFFD}"
    }

    private mutating func readHexQuad() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0 ..< 4 {
            guard offset < bytes.count, let digit = Self.hexDigitValue(bytes[offset]) else {
                throw failure(expected: "four hexadecimal digits after \\u")
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    private static func hexDigitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func skipValue(depth: Int) throws(Failure) {
        guard depth < Self.maximumSkipDepth else { throw failure(expected: "a value nested less deeply") }
        skipWhitespace()
        guard offset < bytes.count else { throw failure(expected: "a value") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): try skipObject(depth: depth)
        case UInt8(ascii: "["): try skipArray(depth: depth)
        case UInt8(ascii: "\""): _ = try readString()
        case UInt8(ascii: "t"): try skipWord("true")
        case UInt8(ascii: "f"): try skipWord("false")
        case UInt8(ascii: "n"): try skipWord("null")
        default: _ = try readNumber()
        }
    }

    private mutating func skipObject(depth: Int) throws(Failure) {
        var members = try enterObject()
        while try nextKey(&members) != nil { try skipValue(depth: depth + 1) }
    }

    private mutating func skipArray(depth: Int) throws(Failure) {
        var elements = try enterArray()
        while try nextElement(&elements) { try skipValue(depth: depth + 1) }
    }

    private mutating func skipWord(_ word: String) throws(Failure) {
        let letters = Array(word.utf8)
        guard bytes.count - offset >= letters.count, bytes[offset ..< offset + letters.count].elementsEqual(letters) else {
            throw failure(expected: "a value")
        }
        offset += letters.count
    }
}
