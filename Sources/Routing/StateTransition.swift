import RoadNetwork

/// One transition of the turn-expanded graph: from a state, turn onto `edge` and drive all of it.
@_spi(Experiments) public struct StateTransition: Hashable, Sendable {
    /// The state reached (its arrival edge is `edge`).
    public var target: SearchState
    /// The edge driven.
    public var edge: EdgeIndex
    /// The turn onto `edge` plus the whole edge, milliseconds.
    @_spi(Experiments) public var timeMilliseconds: UInt32
    /// The whole edge, millimetres (turns cost no distance).
    var distanceMillimetres: UInt32

    /// The cost in `metric`'s integer unit (milliseconds for time, millimetres for distance).
    public func cost(_ metric: RoutingMetric) -> UInt32 {
        metric == .time ? timeMilliseconds : distanceMillimetres
    }
}

