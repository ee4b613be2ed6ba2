import RoadNetwork

/// Where a query ends: up to two target positions (a snapped point's edge and its twin) and, for a point
/// snapped onto a junction, the node.
struct SearchTargets {
    let positions: [EdgePosition]
    private let edge1: EdgeIndex, fraction1: Double
    private let edge2: EdgeIndex, fraction2: Double
    /// The target node, or `NodeIndex.max` when the target lies inside an edge.
    let node: NodeIndex

    init(_ positions: [EdgePosition], node: NodeIndex?) {
        precondition((1...2).contains(positions.count))
        self.positions = positions
        edge1 = positions[0].edge
        fraction1 = positions[0].fraction
        edge2 = positions.count > 1 ? positions[1].edge : EdgeTwins.none
        fraction2 = positions.count > 1 ? positions[1].fraction : 0
        self.node = node ?? NodeIndex.max
    }

    /// The target position on `edge` when it is a target edge, else nil.
    @inline(__always)
    func position(of edge: EdgeIndex) -> EdgePosition? {
        if edge == edge1 { return EdgePosition(edge: edge1, fraction: fraction1) }
        if edge == edge2 { return EdgePosition(edge: edge2, fraction: fraction2) }
        return nil
    }
}
