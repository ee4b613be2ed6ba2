import RoadNetwork

/// The builder's node index of each node-table node made a routing node so far, while a graph is
/// assembled: nodes are numbered in first-use order (the built graph renumbers them along a Hilbert
/// curve). A blocking barrier gets a copy of its node for every road end meeting there, never recorded,
/// so each road stops at it and a car can only turn back, as in OSRM.
struct RoutingNodeNumbering {
    /// Node-table index -> builder index, `absent` where none yet.
    private var builderIndex: [UInt32]
    /// The node-table indices of the blocking barriers on drivable ways.
    let barriers: Set<Int>

    private static let absent = UInt32.max

    init(nodeCount: Int, barriers: Set<Int>) {
        builderIndex = [UInt32](repeating: Self.absent, count: nodeCount)
        self.barriers = barriers
    }

    /// The builder's index of node-table node `n`, nil while it has none (or is a barrier).
    func index(of n: Int) -> NodeIndex? {
        builderIndex[n] == Self.absent ? nil : builderIndex[n]
    }

    func isBarrier(_ n: Int) -> Bool { !barriers.isEmpty && barriers.contains(n) }

    mutating func record(_ index: NodeIndex, for n: Int) { builderIndex[n] = index }
}
