/// The drivable ways cut into pieces of resolved nodes, while a graph is assembled: a way is cut where
/// its nodes are missing from the file (the gap's geometry is unknown), and each piece of two nodes or
/// more is kept. CSR layout: piece `p` is `nodes[start[p] ..< start[p + 1]]`, node-table indices with
/// no consecutive repeats, of way `way[p]` (an index into the collector's way arrays).
///
/// `useCount[n]` counts the pieces' visits to node `n` (capped at `manyUses`); `routingMark` marks a node
/// that must be a routing node whatever its count (a piece end, a restriction's via node, a traffic
/// control, a barrier). A node used at least twice is a routing node, the others become shape points.
struct WayPieces {
    var nodes: [UInt32] = []
    var start: [Int] = [0]
    var way: [Int] = []
    var useCount: [UInt8]

    /// Where counting stops, below `routingMark`.
    static let manyUses: UInt8 = 200
    /// The count of a node that must be a routing node.
    static let routingMark: UInt8 = 255

    init(nodeCount: Int) { useCount = [UInt8](repeating: 0, count: nodeCount) }

    var count: Int { way.count }

    /// Whether node `n` is a routing node (used at least twice, or marked).
    func isRoutingNode(_ n: Int) -> Bool { useCount[n] >= 2 }

    /// Marks node `n` a routing node if a piece uses it (nodes on no drivable way stay out of the graph).
    mutating func markRoutingNodeIfUsed(_ n: Int) {
        if useCount[n] > 0 { useCount[n] = Self.routingMark }
    }

    /// Counts each piece's node visits and marks the piece ends, always routing nodes.
    /// - Complexity: O(piece nodes).
    mutating func countUses() {
        for p in 0..<count {
            for i in start[p]..<start[p + 1] {
                let n = Int(nodes[i])
                if useCount[n] < Self.manyUses { useCount[n] += 1 }
            }
            useCount[Int(nodes[start[p]])] = Self.routingMark
            useCount[Int(nodes[start[p + 1] - 1])] = Self.routingMark
        }
    }
}
