/// The exit number of a motorway junction standing at a routing node (the `ref` of an OSM
/// `highway=motorway_junction` node), as an index into `RoadGraph.strings`.
///
/// Few nodes are junctions, so a graph keeps a list sorted by node rather than an entry per node.
public struct JunctionExit: Hashable, Sendable {
    public var node: NodeIndex
    /// The exit number (`12`, `12a`; several joined by `; `); never the empty string.
    public var refIndex: UInt32

    public init(node: NodeIndex, refIndex: UInt32) {
        self.node = node
        self.refIndex = refIndex
    }
}
