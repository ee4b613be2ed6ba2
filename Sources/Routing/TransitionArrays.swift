import RoadNetwork

/// The whole turn-expanded graph of a router in compressed sparse row form, for one metric: what a
/// contraction hierarchy (or any other graph algorithm over integer weights) is built from.
///
/// Vertices are search states (`0 ..< router.searchStateCount`); the transitions out of state `s` are
/// `firstOut[s] ..< firstOut[s + 1]`, transition `t` leading to state `target[t]` over road edge `edge[t]`
/// at `cost[t]` (milliseconds or millimetres, `StateTransition.cost(_:)`), in `forEachTransition` order.
/// Parallel transitions, self loops and zero costs can occur.
///
/// Invariant: `firstOut.count == stateCount + 1`, non-decreasing from 0 to `target.count`;
/// `target`, `edge`, `cost` and `otherCost` have one entry per transition.
@_spi(Experiments) public struct TransitionArrays: Sendable, Equatable {
    public let metric: RoutingMetric
    public let firstOut: [UInt32]
    public let target: [UInt32]
    public let edge: [EdgeIndex]
    public let cost: [UInt32]
    /// The same transitions' cost in the other metric (a hierarchy annotates its arcs with it).
    let otherCost: [UInt32]

    /// Enumerates every state's transitions in `metric` (and the other metric).
    /// - Complexity: O(states + transitions).
    public init(router: Router, metric: RoutingMetric) {
        self.metric = metric
        var firstOut: [UInt32] = [0]
        firstOut.reserveCapacity(router.searchStateCount + 1)
        var target: [UInt32] = [], edge: [EdgeIndex] = [], cost: [UInt32] = [], otherCost: [UInt32] = []
        let other: RoutingMetric = metric == .time ? .distance : .time
        for s in 0..<router.searchStateCount {
            router.forEachTransition(from: SearchState(index: UInt32(s))) { t in
                target.append(t.target.index)
                edge.append(t.edge)
                cost.append(t.cost(metric))
                otherCost.append(t.cost(other))
            }
            firstOut.append(UInt32(target.count))
        }
        self.firstOut = firstOut
        self.target = target
        self.edge = edge
        self.cost = cost
        self.otherCost = otherCost
    }

    /// Number of transitions.
    public var count: Int { target.count }
}
