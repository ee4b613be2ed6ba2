/// A turn restriction resolved onto graph edges: arriving at `viaNode` over `fromEdge`, the turn onto
/// `toEdge` is forbidden (`.prohibitive`, OSM `no_*`) or the only one allowed (`.mandatory`, OSM `only_*`).
///
/// Invariant: `head[fromEdge] == viaNode == tail[toEdge]`.
public struct TurnRestriction: Hashable, Sendable, Codable {
    public enum Kind: UInt8, Sendable, Codable {
        /// `no_left_turn`, `no_right_turn`, `no_straight_on`, `no_u_turn`, `no_entry`, `no_exit`.
        case prohibitive = 0
        /// `only_left_turn`, `only_right_turn`, `only_straight_on`, `only_u_turn`.
        case mandatory
    }

    public var kind: Kind
    public var fromEdge: UInt32
    public var viaNode: UInt32
    public var toEdge: UInt32
    /// The OSM relation it came from (0 for hand-built graphs).
    public var relationID: Int64

    public init(kind: Kind, fromEdge: UInt32, viaNode: UInt32, toEdge: UInt32, relationID: Int64 = 0) {
        self.kind = kind
        self.fromEdge = fromEdge
        self.viaNode = viaNode
        self.toEdge = toEdge
        self.relationID = relationID
    }
}
