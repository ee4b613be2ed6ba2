import RoadNetwork

/// The cheapest complete path a query has found: its cost, the last settled state and the edge it
/// completes over, or a start position whose own edge reaches the target.
struct BestPath {
    var cost = Double.infinity
    var state = RoutingWorkspace.noParent
    var edge: EdgeIndex = 0
    var endFraction = 0.0
    /// Index of the start position whose edge alone reaches the target; -1 when the path is searched.
    var directStart = -1

    /// Keeps a searched path (from `state` over `edge`) when it is cheaper.
    @inline(__always)
    mutating func offer(_ candidate: Double, state x: UInt32, edge e: EdgeIndex, endFraction f: Double) {
        guard candidate < cost else { return }
        cost = candidate; state = x; edge = e; endFraction = f; directStart = -1
    }

    /// Keeps a path along start position `start`'s own edge when it is cheaper.
    mutating func offerDirect(_ candidate: Double, start: Int, endFraction f: Double, edge e: EdgeIndex) {
        guard candidate < cost else { return }
        cost = candidate; directStart = start; endFraction = f; edge = e
    }
}
