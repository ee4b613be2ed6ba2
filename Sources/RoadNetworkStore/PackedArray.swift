import RoadNetwork

/// Fixed-width values stored in BLOBs as packed little-endian bytes.
///
/// Loading a Porto-sized graph must take well under a second, so each big per-node or per-edge array
/// is one BLOB (split into chunks only past `RoadNetworkStore.maximumChunkBytes`), read straight from the
/// database pages into the array a piece at a time (`SQLiteBlob`), each piece one `memcpy` on
/// little-endian hosts; big-endian hosts swap bytes element by element.
protocol LittleEndianPackable {
    /// The type name recorded in the `arrays` table (`u32`, `f64` …), checked on load.
    static var storageName: String { get }
    init()
    /// The value with its bytes in little-endian order (identity on little-endian hosts).
    var littleEndianBits: Self { get }
}

extension UInt8: LittleEndianPackable {
    static var storageName: String { "u8" }
    var littleEndianBits: UInt8 { self }
}
extension UInt16: LittleEndianPackable {
    static var storageName: String { "u16" }
    var littleEndianBits: UInt16 { littleEndian }
}
extension UInt32: LittleEndianPackable {
    static var storageName: String { "u32" }
    var littleEndianBits: UInt32 { littleEndian }
}
extension Int64: LittleEndianPackable {
    static var storageName: String { "i64" }
    var littleEndianBits: Int64 { littleEndian }
}
extension Float: LittleEndianPackable {
    static var storageName: String { "f32" }
    var littleEndianBits: Float { Float(bitPattern: bitPattern.littleEndian) }
}
/// The flags load straight into their option set (one `u16` each), without a second array of raw values.
extension EdgeFlags: LittleEndianPackable {
    static var storageName: String { "u16" }
    var littleEndianBits: EdgeFlags { EdgeFlags(rawValue: rawValue.littleEndian) }
}
extension Double: LittleEndianPackable {
    static var storageName: String { "f64" }
    var littleEndianBits: Double { Double(bitPattern: bitPattern.littleEndian) }
}

enum PackedArray {
    /// Whether this host stores numbers little-endian (then packing is a plain copy).
    static let hostIsLittleEndian = UInt16(1).littleEndian == 1

    /// Calls `body` with the little-endian bytes of `values` (no copy on little-endian hosts).
    static func withBytes<T: LittleEndianPackable, R>(
        of values: ArraySlice<T>, _ body: (UnsafeRawBufferPointer) throws(RoadNetworkStoreError) -> R
    ) throws(RoadNetworkStoreError) -> R {
        // `withUnsafeBytes` rethrows untyped errors, so the typed error travels out in a Result.
        func call(_ raw: UnsafeRawBufferPointer) -> Result<R, RoadNetworkStoreError> {
            do throws(RoadNetworkStoreError) { return .success(try body(raw)) } catch { return .failure(error) }
        }
        if hostIsLittleEndian { return try values.withUnsafeBytes(call).get() }
        return try values.map(\.littleEndianBits).withUnsafeBytes(call).get()
    }

    /// Appends the values packed in `bytes` (whose length must be a multiple of the element size).
    static func append<T: LittleEndianPackable>(_ bytes: UnsafeRawBufferPointer, to array: inout [T]) -> Bool {
        let size = MemoryLayout<T>.stride
        guard bytes.count % size == 0 else { return false }
        let count = bytes.count / size
        guard count > 0, let base = bytes.baseAddress else { return true }
        let start = array.count
        array.append(contentsOf: repeatElement(T(), count: count))
        array.withUnsafeMutableBytes { target in
            target.baseAddress!.advanced(by: start * size).copyMemory(from: base, byteCount: count * size)
        }
        if !hostIsLittleEndian {
            for i in start..<array.count { array[i] = array[i].littleEndianBits }
        }
        return true
    }
}
