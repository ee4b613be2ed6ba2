/// A read-only column of OSM ids (a `RoadGraph`'s nodes), read like an array of `Int64` and held in 5 bytes
/// an id instead of 8 whenever that loses nothing.
///
/// - *40-bit*: the low 32 bits and the next 8 of each id, when every id lies in `0 ..< 2⁴⁰` (about 1.1 × 10¹²;
///   OSM's node ids passed 1.3 × 10¹⁰ in 2025, so every real extract qualifies for decades);
/// - *plain*: the ids as given otherwise (a file with negative ids, as editors write for new objects).
///
/// Invariant: `count` is the number of ids in either form; in 40-bit form `low` and `high` hold `count`
/// entries each and `plain` is empty.
public struct OSMIDColumn: RandomAccessCollection, Equatable, Sendable {
    // Plain fields rather than an enum with payloads, as in `CompactColumn`.
    @usableFromInline let low: [UInt32]
    @usableFromInline let high: [UInt8]
    @usableFromInline let plain: [Int64]
    @usableFromInline let isCompact: Bool
    public let count: Int

    /// The largest id the 40-bit form holds, plus one.
    static let compactLimit: Int64 = 1 << 40

    /// `ids` in 40-bit form when every one of them fits, else as given.
    /// - Complexity: O(n).
    public init(_ ids: [Int64]) {
        count = ids.count
        guard ids.allSatisfy({ $0 >= 0 && $0 < Self.compactLimit }) else {
            (low, high, plain, isCompact) = ([], [], ids, false)
            return
        }
        low = ids.map { UInt32(truncatingIfNeeded: $0) }
        high = ids.map { UInt8(truncatingIfNeeded: $0 >> 32) }
        (plain, isCompact) = ([], true)
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    @inlinable
    public subscript(i: Int) -> Int64 {
        guard isCompact else { return plain[i] }
        return Int64(high[i]) << 32 | Int64(low[i])
    }

    /// Bytes the column allocates.
    public var byteCount: Int {
        low.capacity * MemoryLayout<UInt32>.stride + high.capacity + plain.capacity * MemoryLayout<Int64>.stride
    }

    /// Id by id, whatever the forms.
    public static func == (a: OSMIDColumn, b: OSMIDColumn) -> Bool { a.elementsEqual(b) }
}
