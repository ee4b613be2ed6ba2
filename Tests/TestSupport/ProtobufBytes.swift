/// A minimal protobuf writer for building OSM PBF test files by hand, independent of the product's PBF
/// writer (CitySynthesis), so each checks the other.
public struct ProtobufBytes {
    public var bytes: [UInt8] = []
    public init() {}

    public mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 { bytes.append(UInt8(v & 0x7f) | 0x80); v >>= 7 }
        bytes.append(UInt8(v))
    }
    public mutating func key(_ field: Int, _ wireType: UInt8) { varint(UInt64(field) << 3 | UInt64(wireType)) }
    public mutating func varintField(_ field: Int, _ value: UInt64) { key(field, 0); varint(value) }
    public mutating func signedField(_ field: Int, _ value: Int64) { key(field, 0); varint(Self.zigzag(value)) }
    public mutating func bytesField(_ field: Int, _ payload: [UInt8]) { key(field, 2); varint(UInt64(payload.count)); bytes += payload }
    public mutating func stringField(_ field: Int, _ text: String) { bytesField(field, Array(text.utf8)) }
    public mutating func packed(_ field: Int, _ values: [UInt64]) {
        var inner = ProtobufBytes()
        for v in values { inner.varint(v) }
        bytesField(field, inner.bytes)
    }
    public mutating func packedSigned(_ field: Int, _ values: [Int64]) { packed(field, values.map(Self.zigzag)) }
    /// Delta-codes then zigzags.
    public mutating func packedDelta(_ field: Int, _ values: [Int64]) {
        var previous: Int64 = 0
        packedSigned(field, values.map { v in defer { previous = v }; return v &- previous })
    }
    public static func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }
}


extension ProtobufBytes {
    /// One OSM PBF file block: the BlobHeader's 4-byte big-endian length, the BlobHeader, then a Blob
    /// holding `payload` uncompressed (`raw`).
    public static func rawFileBlock(type: String, payload: [UInt8]) -> [UInt8] {
        var blob = ProtobufBytes()
        blob.bytesField(1, payload)
        var header = ProtobufBytes()
        header.stringField(1, type)
        header.varintField(3, UInt64(blob.bytes.count))
        let n = header.bytes.count
        return [UInt8(n >> 24 & 0xff), UInt8(n >> 16 & 0xff), UInt8(n >> 8 & 0xff), UInt8(n & 0xff)] + header.bytes + blob.bytes
    }
}
