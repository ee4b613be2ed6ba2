/// The bound on the edges that meet at one node, which keeps every structure priced per turn (the
/// router's turn table, the guidance junctions: Σ over nodes of in-degree × out-degree entries) linear in
/// the graph's size.
///
/// Rule: no node has more than `RoadGraph.maximumEdgesAtNode` edges leaving it or arriving at it. Real road
/// junctions have a handful (the busiest OSM junctions about 20); a node with hundreds is made by crafted
/// or broken input (hundreds of ways drawn between two nodes with distinct shapes, a star of ways), and
/// would cost in-degree × out-degree turns there. The import refuses such a graph and every load refuses
/// such a database, naming the node, so no later stage can run out of memory or overflow its 32-bit turn
/// offsets on it.
extension RoadGraph {
    /// The most edges that may leave, or arrive at, one node.
    public static let maximumEdgesAtNode = 64

    /// Why the graph breaks the bound (the first node, in node order, with too many edges, and how many), or
    /// nil when every node keeps it and the total number of turns fits the router's 32-bit offsets.
    /// - Complexity: O(nodes + edges).
    public func turnBoundViolation() -> String? {
        var inDegree = [UInt32](repeating: 0, count: nodeCount)
        for h in head where Int(h) < nodeCount { inDegree[Int(h)] &+= 1 }
        var turns: UInt64 = 0
        for v in 0..<nodeCount {
            let out = Int(firstOut[v + 1]) - Int(firstOut[v])
            let arriving = Int(inDegree[v])
            if out > Self.maximumEdgesAtNode || arriving > Self.maximumEdgesAtNode {
                return "node \(nodeOSMIDs[v]) has \(out) edges leaving and \(arriving) arriving; at most "
                    + "\(Self.maximumEdgesAtNode) each way are allowed (parallel ways drawn between the same nodes?)"
            }
            turns += UInt64(arriving) * UInt64(out)
        }
        if turns >= UInt64(UInt32.max) {
            return "the graph has \(turns) turns; at most \(UInt32.max - 1) are allowed"
        }
        return nil
    }
}
