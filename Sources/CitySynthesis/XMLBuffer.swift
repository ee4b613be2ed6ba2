import OutputFiles

/// A growable byte buffer with the few formatting operations OSM XML needs, flushed to an
/// `OutputFile` whenever it passes `flushThreshold`.
///
/// Formatting is done by hand (no `String` interpolation) because the generator writes hundreds of
/// megabytes; this keeps it bound by compression, not by formatting.
struct XMLBuffer {
    private(set) var bytes: [UInt8] = []
    let output: OutputFile
    let flushThreshold = 1 << 20
    /// Bytes handed to the output so far.
    private(set) var written: Int64 = 0

    init(output: OutputFile) {
        self.output = output
        bytes.reserveCapacity(flushThreshold + 4096)
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends text with the five XML special characters escaped.
    mutating func appendEscaped(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            case UInt8(ascii: "\""): append("&quot;")
            case UInt8(ascii: "'"): append("&apos;")
            default: bytes.append(byte)
            }
        }
    }

    mutating func append(_ value: Int64) {
        var v = value
        if v < 0 { bytes.append(UInt8(ascii: "-")); v = -v }
        if v == 0 { bytes.append(UInt8(ascii: "0")); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            while v > 0 {
                raw[count] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                count += 1
            }
            for i in stride(from: count - 1, through: 0, by: -1) { bytes.append(raw[i]) }
        }
    }

    mutating func append(_ value: Int) { append(Int64(value)) }

    /// Appends degrees with exactly seven decimals (OSM's 1e-7 fixed-point precision).
    mutating func appendDegrees(_ value: Double) {
        var scaled = Int64((value * 1e7).rounded())
        if scaled < 0 { bytes.append(UInt8(ascii: "-")); scaled = -scaled }
        append(scaled / 10_000_000)
        bytes.append(UInt8(ascii: "."))
        var fraction = scaled % 10_000_000
        var divisor: Int64 = 1_000_000
        for _ in 0..<7 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }

    /// Writes the buffer out when it is large enough.
    mutating func flushIfNeeded() throws(OutputError) {
        if bytes.count >= flushThreshold { try flush() }
    }

    mutating func flush() throws(OutputError) {
        let count = bytes.count
        // `withUnsafeBytes` rethrows untyped errors, so the failure is carried out as a value.
        let failure = bytes.withUnsafeBytes { raw -> OutputError? in
            do throws(OutputError) { try output.write(raw); return nil } catch { return error }
        }
        if let failure { throw failure }
        written += Int64(count)
        bytes.removeAll(keepingCapacity: true)
    }
}
