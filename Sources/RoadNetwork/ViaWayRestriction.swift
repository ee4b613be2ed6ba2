/// A turn restriction whose via member is one or more ways, resolved onto a path of graph edges:
/// driving `edges[0]` (the `from` way) and then every via edge in order, the step onto the last edge
/// (the `to` way) is forbidden (`.prohibitive`, OSM `no_*`) or the only one allowed (`.mandatory`,
/// OSM `only_*`).
///
/// Why a path and not a node: a U-turn ban across a dual carriageway's short middle link, or "no left
/// turn from A onto C over the connecting B", depends on where the car came from two junctions back;
/// a via-node rule cannot say that. As in OSRM, the rule binds only a car that drove the whole path:
/// leaving the via ways part-way ends it, and an `only_*` rule decides only at the last via junction.
///
/// Invariant: `edges.count >= 3`; consecutive edges meet (`head[edges[i]] == tail[edges[i + 1]]`).
public struct ViaWayRestriction: Hashable, Sendable, Codable {
    public var kind: TurnRestriction.Kind
    /// The from edge, the via edges in driving order, the to edge.
    public var edges: [EdgeIndex]
    /// The OSM relation it came from (0 for hand-built graphs).
    public var relationID: Int64

    public init(kind: TurnRestriction.Kind, edges: [EdgeIndex], relationID: Int64 = 0) {
        self.kind = kind
        self.edges = edges
        self.relationID = relationID
    }

    /// The edge the car arrives over.
    public var fromEdge: EdgeIndex { edges[0] }
    /// The edge the rule forbids or demands.
    public var toEdge: EdgeIndex { edges[edges.count - 1] }
}
