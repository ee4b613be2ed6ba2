extension DecimalNumber {
    /// The most decimals `fixed` writes (1e-9: far below any unit Waymark measures).
    public static let maximumDecimals = 9

    @usableFromInline static let powersOfTen: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000,
                                                100_000_000, 1_000_000_000]

    /// `value` rounded to `decimals` places (0...9), trailing zeros dropped: `12.5`, `-0.003`, `7`.
    ///
    /// The one number formatter of every output (JSON, CSV, GPX, text, messages). Written by hand rather
    /// than with `String(format:)` because outputs hold thousands of numbers and must be byte-stable:
    /// fixed decimals, no locale, never exponent notation, `0` rather than `-0`. A non-finite value is
    /// written as Swift spells it (`nan`, `inf`); writers of JSON turn it into `null` first.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        appendFixed(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the text of `fixed(value, decimals:)` to a byte buffer (for writers that build their
    /// output in one buffer).
    /// - Complexity: O(digits).
    @inlinable
    public static func appendFixed(_ value: Double, decimals: Int, to bytes: inout [UInt8]) {
        guard value.isFinite else { bytes.append(contentsOf: "\(value)".utf8); return }
        let places = min(maximumDecimals, max(0, decimals))
        let scaled = (value * powersOfTen[places]).rounded()
        // Beyond 2^53 the integer path would lose digits; such values never occur in an output but must
        // still print something valid.
        guard abs(scaled) < 9.0e15 else { bytes.append(contentsOf: "\(value)".utf8); return }
        var units = Int64(scaled)
        if units == 0 { bytes.append(UInt8(ascii: "0")); return }
        if units < 0 { bytes.append(UInt8(ascii: "-")); units = -units }
        let scale = Int64(powersOfTen[places])
        appendDigits(UInt64(units / scale), minimumCount: 1, to: &bytes)
        var fraction = units % scale
        guard fraction != 0 else { return }
        var fractionDigits = places
        while fraction % 10 == 0 { fraction /= 10; fractionDigits -= 1 }
        bytes.append(UInt8(ascii: "."))
        appendDigits(UInt64(fraction), minimumCount: fractionDigits, to: &bytes)
    }

    /// Appends the decimal digits of an integer (a leading `-` when negative).
    @inlinable
    public static func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(UInt64(value.magnitude), minimumCount: 1, to: &bytes)
    }

    /// Decimal digits of `value`, left-padded with zeros to `minimumCount`.
    @usableFromInline
    static func appendDigits(_ value: UInt64, minimumCount: Int, to bytes: inout [UInt8]) {
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)   // 24 bytes: room for 20 digits
        var v = value, count = 0
        withUnsafeMutableBytes(of: &buffer) { raw in
            repeat {
                raw[23 - count] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                count += 1
            } while v > 0 || count < minimumCount
            bytes.append(contentsOf: raw[(24 - count)...])
        }
    }
}
