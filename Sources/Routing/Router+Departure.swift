import Geodesy
import RoadNetwork

extension Router {
    /// Routes from a car driving along `from.edge` in that edge's direction to `to`: the route goes on
    /// the way the car is heading (a re-route from a matched trace position), rather than turning round
    /// on the spot because the other way is shorter. When nothing is reachable heading that way (a
    /// one-way dead end), the route may leave in either direction.
    /// - Throws: `RoutingError.noRoute` naming both positions when they are not connected.
    /// - Complexity: one point-to-point search (two when the heading leads nowhere); see `search`.
    public func route(departing from: SnappedLocation, to: SnappedLocation, metric: RoutingMetric = .time,
                      algorithm: SearchAlgorithm = .contractionHierarchy, workspace: RoutingWorkspace? = nil) throws(RoutingError) -> Route {
        let ws = workspace ?? makeWorkspace()
        let heading = [EdgePosition(edge: from.edge, fraction: from.fraction)]
        let found = search(from: heading, to: positions(of: to), targetNode: node(at: to), targetPoint: to.location,
                           metric: metric, algorithm: algorithm, workspace: ws)
            ?? search(from: positions(of: from), startNode: node(at: from), to: positions(of: to), targetNode: node(at: to),
                      targetPoint: to.location, metric: metric, algorithm: algorithm, workspace: ws)
        guard let result = found else { throw RoutingError.noRoute(from: from.input, to: to.input) }
        return Route(legs: [makeLeg(result, from: from, to: to)], metric: metric, settledNodes: result.settled)
    }
}
