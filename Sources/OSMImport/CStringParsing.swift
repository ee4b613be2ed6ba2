import Geodesy
import Foundation

// MARK: C-string helpers (no allocation)

/// A set of tag keys tested against C strings without allocating, bucketed by first byte.
struct TagKeyFilter: Sendable {
    private var buckets: [[[UInt8]]] = Array(repeating: [], count: 256)

    init(_ keys: [String]) {
        for key in keys where !key.isEmpty {
            let bytes = Array(key.utf8)
            buckets[Int(bytes[0])].append(bytes)
        }
    }

    @inline(__always)
    func contains(_ key: UnsafePointer<CChar>) -> Bool {
        for candidate in buckets[Int(UInt8(bitPattern: key[0]))] where equals(key, candidate) { return true }
        return false
    }

    /// Whether the key given as bytes (not NUL-terminated, as in a PBF string table) is in the set.
    func contains(_ key: UnsafeRawBufferPointer) -> Bool {
        guard let first = key.first else { return false }
        for candidate in buckets[Int(first)] where candidate.count == key.count && candidate.elementsEqual(key) { return true }
        return false
    }
}

/// Whether the NUL-terminated `text` equals the ASCII literal `literal`.
@inline(__always)
func equals(_ text: UnsafePointer<CChar>, _ literal: StaticString) -> Bool {
    let bytes = literal.utf8Start
    let count = literal.utf8CodeUnitCount
    for i in 0..<count where UInt8(bitPattern: text[i]) != bytes[i] { return false }
    return text[count] == 0
}

/// Whether the NUL-terminated `text` equals `bytes`.
@inline(__always)
func equals(_ text: UnsafePointer<CChar>, _ bytes: [UInt8]) -> Bool {
    for i in 0..<bytes.count where UInt8(bitPattern: text[i]) != bytes[i] { return false }
    return text[bytes.count] == 0
}

/// Parses an optionally signed decimal integer that fills the whole string; nil otherwise.
func parseInteger(_ text: UnsafePointer<CChar>) -> Int64? {
    var i = 0
    var negative = false
    if text[0] == 0x2d { negative = true; i = 1 } else if text[0] == 0x2b { i = 1 }
    var value: Int64 = 0
    let start = i
    while true {
        let c = UInt8(bitPattern: text[i])
        if c == 0 { break }
        let digit = Int64(c) &- 48
        guard digit >= 0 && digit <= 9 else { return nil }
        // Accumulated with the sign, so Int64.min (whose magnitude Int64 cannot hold) parses too.
        let (times10, o1) = value.multipliedReportingOverflow(by: 10)
        let (sum, o2) = negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
        if o1 || o2 { return nil }
        value = sum
        i += 1
    }
    guard i > start else { return nil }
    return value
}

/// Parses decimal degrees into fixed-point degrees × 10^7, rounding beyond the seventh decimal;
/// nil when the text is not a number or its magnitude exceeds `limit`.
///
/// Plain `[-]digits[.digits]` is parsed directly (every OSM writer uses it); anything else (an
/// exponent) falls back to `strtod` so that valid but unusual numbers still import; hexadecimal,
/// `inf` and `nan` are not numbers here.
func parseFixedPoint(_ text: UnsafePointer<CChar>, limit: Int64) -> Int32? {
    var i = 0
    var negative = false
    if text[0] == 0x2d { negative = true; i = 1 } else if text[0] == 0x2b { i = 1 }
    var integer: Int64 = 0
    var digits = 0
    while case let c = UInt8(bitPattern: text[i]), c >= 48 && c <= 57 {
        integer = integer * 10 + Int64(c - 48)
        digits += 1
        i += 1
        if digits > 4 { return parseFixedPointSlowly(text, limit: limit) }
    }
    var fraction: Int64 = 0
    var fractionDigits = 0
    var roundUp = false
    if text[i] == 0x2e {
        i += 1
        while case let c = UInt8(bitPattern: text[i]), c >= 48 && c <= 57 {
            if fractionDigits < 7 {
                fraction = fraction * 10 + Int64(c - 48)
                fractionDigits += 1
            } else if fractionDigits == 7 {
                roundUp = c >= 53
                fractionDigits += 1
            }
            digits += 1
            i += 1
        }
    }
    guard text[i] == 0 else { return parseFixedPointSlowly(text, limit: limit) }
    guard digits > 0 else { return nil }
    var scale = min(fractionDigits, 7)
    while scale < 7 { fraction *= 10; scale += 1 }
    var value = integer * 10_000_000 + fraction + (roundUp ? 1 : 0)
    if negative { value = -value }
    guard value >= -limit * 10_000_000 && value <= limit * 10_000_000 else { return nil }
    return Int32(value)
}

private func parseFixedPointSlowly(_ text: UnsafePointer<CChar>, limit: Int64) -> Int32? {
    // strtod also reads hexadecimal ("0x2D" is 45), "inf" and "nan": only decimal numbers are coordinates.
    var start = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
    while [0x20, 0x09, 0x0a, 0x0d].contains(start.pointee) { start += 1 }   // strtod skips leading space too
    guard DecimalNumber.isDecimal(UnsafeBufferPointer(start: start, count: strlen(text) - (start - UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)))) else { return nil }
    var end: UnsafeMutablePointer<CChar>?
    let value = strtod(text, &end)
    guard let end, end != UnsafeMutablePointer(mutating: text), end.pointee == 0, value.isFinite,
          abs(value) <= Double(limit) else { return nil }
    return Int32((value * 1e7).rounded())
}
