import Geodesy
import RoadNetwork

/// Pairs every directed edge with its twin: the edge of the same two-way road driven the other way.
///
/// Invariant: `twin[e] == f` implies `twin[f] == e`, `tail[f] == head[e]`, `head[f] == tail[e]`, the same
/// way id and the same shape points in reverse order; `EdgeTwins.none` marks an edge without a twin
/// (a oneway road). Snapping indexes only one edge of each pair and offers both to the search.
enum EdgeTwins {
    /// Marks "no twin".
    static let none = EdgeIndex.max

    /// Finds the twin of every edge.
    /// - Complexity: O(edges × out-degree + shape points).
    static func compute(in graph: RoadGraph) -> [EdgeIndex] {
        var twin = [EdgeIndex](repeating: none, count: graph.edgeCount)
        // Node by node: the tail is the node whose range is walked, not searched per edge.
        for v in 0..<graph.nodeCount {
            for edge in graph.outgoingEdges(of: NodeIndex(v)) where twin[Int(edge)] == none {
                pairTwin(of: edge, leaving: NodeIndex(v), in: graph, twin: &twin)
            }
        }
        return twin
    }

    /// Pairs `edge` (leaving `from`) with the first edge of its head that drives it back, if any.
    private static func pairTwin(of edge: EdgeIndex, leaving from: NodeIndex, in graph: RoadGraph, twin: inout [EdgeIndex]) {
        let e = Int(edge), to = graph.head[e]
        for candidate in graph.outgoingEdges(of: to) where candidate != edge && twin[Int(candidate)] == none {
            let c = Int(candidate)
            guard graph.head[c] == from, graph.wayID[c] == graph.wayID[e],
                  isReversed(graph.shapePointRange(of: candidate), of: graph.shapePointRange(of: edge), in: graph.shapePoints)
            else { continue }
            twin[e] = candidate
            twin[c] = edge
            return
        }
    }

    /// Whether the shape points at `a` are those at `b` in reverse order.
    private static func isReversed(_ a: Range<Int>, of b: Range<Int>, in points: CoordinateColumn) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b.reversed()).allSatisfy { points[$0] == points[$1] }
    }
}
