/// Packing of a search key and a vertex into one heap entry: a comparison is one instruction, and equal
/// keys pop in vertex order.
enum PackedEntry {
    @inline(__always) static func make(key: UInt32, vertex: UInt32) -> UInt64 { UInt64(key) << 32 | UInt64(vertex) }
    @inline(__always) static func key(_ entry: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: entry >> 32) }
    @inline(__always) static func vertex(_ entry: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: entry) }
}
