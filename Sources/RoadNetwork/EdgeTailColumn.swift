/// The tail node of every edge of a `RoadGraph`, read like an array but derived from `firstOut` instead of
/// held: edges are numbered by tail, so edge `e`'s tail is the node whose range `firstOut[v] ..< firstOut[v + 1]`
/// contains `e`.
///
/// A sample of the tail of every 64th edge narrows each read to a binary search over the few nodes one block
/// of 64 edges spans (about 20 on a city), so the column costs 4 bytes per 64 edges instead of 4 per edge.
/// Nothing in a search's inner loop reads tails (the router's transition arrays carry what it needs);
/// snapping, leg building and guidance read a few per route.
///
/// Invariant: `blockTails[b]` is the tail of edge `64 b` for every block, and the last entry is the tail
/// of the last edge; `count` is the number of edges. Built from a `firstOut` that violates the CSR
/// invariants (a damaged input, which the graph's validation reports), reads do not trap but answer nonsense.
public struct EdgeTailColumn: RandomAccessCollection, Equatable, Sendable {
    /// Edges per sampled tail.
    @usableFromInline static let edgesPerBlock = 64
    @usableFromInline let firstOut: [UInt32]
    @usableFromInline let blockTails: [UInt32]
    public let count: Int

    /// The tails of the `edgeCount` edges that `firstOut` groups by node.
    /// - Complexity: O(nodes + edges / 64).
    public init(firstOut: [UInt32], edgeCount: Int) {
        self.firstOut = firstOut
        count = edgeCount
        guard edgeCount > 0, firstOut.count >= 2 else {
            blockTails = []
            return
        }
        let blocks = (edgeCount + Self.edgesPerBlock - 1) / Self.edgesPerBlock
        var samples = [UInt32]()
        samples.reserveCapacity(blocks + 1)
        var node = 0
        let lastNode = firstOut.count - 2
        for b in 0...blocks {
            let edge = Swift.min(b * Self.edgesPerBlock, edgeCount - 1)
            // The last node whose range starts at or before `edge`: non-decreasing in `edge`, so one walk.
            while node < lastNode && Int(firstOut[node + 1]) <= edge { node += 1 }
            samples.append(UInt32(node))
        }
        blockTails = samples
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    /// The tail of edge `e`.
    /// - Complexity: O(log(nodes spanned by `e`'s block of 64 edges)).
    @inlinable
    public subscript(e: Int) -> NodeIndex {
        precondition(UInt(bitPattern: e) < UInt(count), "edge beyond the graph's edges")
        let block = e / Self.edgesPerBlock
        // The last node v in [low, high] with firstOut[v] <= e: tails of the block's first edge and of the
        // next block's first edge bound it, and empty nodes before the tail start at or before e too.
        var low = Int(blockTails[block]), high = Int(blockTails[block + 1])
        return firstOut.withUnsafeBufferPointer { starts in
            while low < high {
                let middle = (low + high + 1) / 2
                if Int(starts[middle]) <= e { low = middle } else { high = middle - 1 }
            }
            return NodeIndex(low)
        }
    }

    /// Every tail in one array, walking the node ranges (reading each element searches).
    /// - Complexity: O(nodes + edges).
    public func materialized() -> [NodeIndex] {
        var tails = [NodeIndex]()
        tails.reserveCapacity(count)
        for v in 0..<Swift.max(firstOut.count - 1, 0) {
            let end = Swift.min(Int(firstOut[v + 1]), count)
            while tails.count < end { tails.append(NodeIndex(v)) }
        }
        return tails
    }

    /// Bytes the column allocates for itself (the `firstOut` it reads is the graph's own).
    public var ownBytes: Int { blockTails.capacity * MemoryLayout<UInt32>.stride }

    /// Edge by edge.
    public static func == (a: EdgeTailColumn, b: EdgeTailColumn) -> Bool { a.elementsEqual(b) }
}
