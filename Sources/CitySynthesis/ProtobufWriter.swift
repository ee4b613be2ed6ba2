/// Appends protocol buffer wire-format fields to a byte array: the few encodings OSM PBF uses.
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    var count: Int { bytes.count }

    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// A zigzag-encoded signed varint (`sint64`).
    mutating func signedVarint(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func key(_ field: Int, wireType: UInt64) { varint(UInt64(field) << 3 | wireType) }

    mutating func varintField(_ field: Int, _ value: UInt64) {
        key(field, wireType: 0)
        varint(value)
    }

    mutating func signedField(_ field: Int, _ value: Int64) {
        key(field, wireType: 0)
        signedVarint(value)
    }

    /// A length-delimited field (bytes, a string, an embedded message or a packed array).
    mutating func bytesField(_ field: Int, _ payload: [UInt8]) {
        key(field, wireType: 2)
        varint(UInt64(payload.count))
        bytes += payload
    }

    mutating func bytesField(_ field: Int, _ payload: ProtobufWriter) { bytesField(field, payload.bytes) }

    mutating func stringField(_ field: Int, _ text: String) { bytesField(field, Array(text.utf8)) }

    /// A packed repeated varint field (omitted when empty, as protobuf writers do).
    mutating func packedField(_ field: Int, _ values: [UInt64]) {
        guard !values.isEmpty else { return }
        var packed = ProtobufWriter()
        for v in values { packed.varint(v) }
        bytesField(field, packed)
    }

    /// A packed repeated `sint64` field holding the differences between consecutive values.
    mutating func packedDeltaField(_ field: Int, _ values: [Int64]) {
        guard !values.isEmpty else { return }
        var packed = ProtobufWriter()
        var previous: Int64 = 0
        for v in values {
            packed.signedVarint(v &- previous)
            previous = v
        }
        bytesField(field, packed)
    }
}
