/// A cursor over protocol buffer wire-format bytes: fields, varints and length-delimited payloads,
/// read in place without copying or allocating.
///
/// Hand-written rather than generated (swift-protobuf) because the PBF reader needs only the wire
/// format and decodes straight into flat arrays: Benchmarks/notebook, *PBF import*, gives the measurement that decided.
/// Every read is bounds-checked; a message that runs past its end throws `ProtobufError`, never traps.
struct ProtobufReader {
    /// How a field's value is encoded (the low three bits of its key).
    enum WireType: UInt8 {
        case varint = 0, fixed64 = 1, lengthDelimited = 2, startGroup = 3, endGroup = 4, fixed32 = 5
    }

    /// One field key: its number in the message and its wire type.
    struct Field {
        var number: UInt64
        var wireType: WireType
    }

    private var position: UnsafePointer<UInt8>
    private let end: UnsafePointer<UInt8>

    /// A reader over `bytes`; the memory must stay valid while the reader (and the payloads it hands out) are used.
    init(_ bytes: UnsafeRawBufferPointer) {
        if let base = bytes.baseAddress {
            position = base.assumingMemoryBound(to: UInt8.self)
            end = position + bytes.count
        } else {
            position = Self.emptyBase
            end = Self.emptyBase
        }
    }

    /// The address an empty reader starts and ends at (an empty buffer has none of its own): never
    /// dereferenced, because an empty reader's position is already its end.
    private static var emptyBase: UnsafePointer<UInt8> { UnsafePointer(bitPattern: 1)! }

    var isAtEnd: Bool { position >= end }

    /// Bytes not read yet.
    var remaining: Int { end - position }

    /// The next field's key, or nil at the end of the message.
    @inline(__always)
    mutating func nextField() throws(ProtobufError) -> Field? {
        guard position < end else { return nil }
        let key = try varint()
        guard let wireType = WireType(rawValue: UInt8(key & 7)) else {
            throw ProtobufError("field \(key >> 3) has wire type \(key & 7), expected 0, 1, 2 or 5")
        }
        let number = key >> 3
        guard number > 0 else { throw ProtobufError("a field has number 0, expected 1 or more") }
        return Field(number: number, wireType: wireType)
    }

    /// A base-128 varint (up to ten bytes).
    @inline(__always)
    mutating func varint() throws(ProtobufError) -> UInt64 {
        // Fast path: one byte (most keys, lengths and small deltas).
        if position < end, position.pointee < 0x80 {
            let value = UInt64(position.pointee)
            position += 1
            return value
        }
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw ProtobufError("a varint runs past the end of its message") }
            let byte = position.pointee
            position += 1
            result |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return result }
            shift += 7
            guard shift < 64 else { throw ProtobufError("a varint is longer than ten bytes") }
        }
    }

    /// A zigzag-encoded `sint64`/`sint32`.
    @inline(__always)
    mutating func signedVarint() throws(ProtobufError) -> Int64 {
        Self.zigzag(try varint())
    }

    @inline(__always)
    static func zigzag(_ v: UInt64) -> Int64 {
        Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1)))
    }

    /// The payload of a length-delimited field (a string, bytes, an embedded message or a packed array).
    @inline(__always)
    mutating func lengthDelimited() throws(ProtobufError) -> UnsafeRawBufferPointer {
        let length = try varint()
        guard length <= UInt64(end - position) else {
            throw ProtobufError("a field of \(length) bytes runs past the end of its message (\(end - position) bytes left)")
        }
        let payload = UnsafeRawBufferPointer(start: position, count: Int(length))
        position += Int(length)
        return payload
    }

    /// Skips a field's value of the given wire type.
    mutating func skip(_ wireType: WireType) throws(ProtobufError) {
        switch wireType {
        case .varint: _ = try varint()
        case .lengthDelimited: _ = try lengthDelimited()
        case .fixed64: try advance(8)
        case .fixed32: try advance(4)
        case .startGroup, .endGroup: throw ProtobufError("a group field (wire type 3/4), which the OSM PBF format never uses")
        }
    }

    private mutating func advance(_ count: Int) throws(ProtobufError) {
        guard end - position >= count else { throw ProtobufError("a fixed-size field runs past the end of its message") }
        position += count
    }
}

/// Calls `body` for every value of a repeated varint field, whichever way it was written: packed
/// (one length-delimited field) or one field per value. Both are valid protobuf.
@inline(__always)
func forEachVarint(_ reader: inout ProtobufReader, _ wireType: ProtobufReader.WireType,
                   _ body: (UInt64) throws(ProtobufError) -> Void) throws(ProtobufError) {
    switch wireType {
    case .varint:
        try body(try reader.varint())
    case .lengthDelimited:
        var packed = ProtobufReader(try reader.lengthDelimited())
        while !packed.isAtEnd { try body(try packed.varint()) }
    default:
        throw ProtobufError("a repeated integer field has wire type \(wireType.rawValue), expected 0 or 2")
    }
}

/// A wire-format problem: what was wrong, without the position (the caller adds the block and element).
struct ProtobufError: Error, CustomStringConvertible {
    var detail: String
    /// `malformedPBF` for damage; a decoder may carry another kind (a coordinate off the globe) through.
    var kind: OSMImportError.Kind
    init(_ detail: String, kind: OSMImportError.Kind = .malformedPBF) {
        self.detail = detail
        self.kind = kind
    }
    var description: String { detail }
}

extension Array where Element == UInt8 {
    /// `withUnsafeBytes` for a body with a typed error (the standard one rethrows untyped errors).
    func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = withUnsafeBytes { bytes in
            do throws(E) { return .success(try body(bytes)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
