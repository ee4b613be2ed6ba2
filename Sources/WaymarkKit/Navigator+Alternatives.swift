import Geodesy
import Guidance
import Routing

extension Navigator {
    /// The best route from `from` to `to` and up to `count` admissible alternatives, best first
    /// (`Router.alternativeRoutes`; OSRM's criteria). Via points give the best route alone.
    /// - Throws: `RoutingError` as `route`.
    public func routes(from: Coordinate, to: Coordinate, via: [Coordinate] = [], alternatives count: Int,
                       metric: RoutingMetric = .time, maxSnapDistance: Meters = 1000,
                       workspace: RoutingWorkspace? = nil) throws(RoutingError) -> [Route] {
        let snapped = try router.snapWaypoints([from] + via + [to], maxDistance: maxSnapDistance)
        return try router.alternativeRoutes(through: snapped, count: count, metric: metric, workspace: workspace)
    }

    /// As `guidedRoute(from:to:via:options:timer:)`, following the `alternative`-th route (0 the best).
    /// - Throws: `RoutingError`; `AlternativeRouteError` when the route has fewer alternatives.
    public func guidedRoute(from: Coordinate, to: Coordinate, via: [Coordinate] = [], alternative: Int,
                            options: GuidanceOptions = GuidanceOptions(),
                            timer: StageTimer? = nil) throws -> (route: Route, waypoints: [Waypoint]) {
        guard alternative > 0 else { return try guidedRoute(from: from, to: to, via: via, options: options, timer: timer) }
        // All of them, as a full answer lists them: the K-th of fewer asked may be another route.
        let routes = try self.routes(from: from, to: to, via: via, alternatives: max(alternative, AlternativeOptions.defaultMaximumCount))
        guard alternative < routes.count else {
            throw AlternativeRouteError(requested: alternative, available: routes.count - 1, hasVias: !via.isEmpty)
        }
        timer?.lap("route")
        let waypoints = waypoints(for: routes[alternative], options: options)
        timer?.lap("guidance")
        return (routes[alternative], waypoints)
    }
}
