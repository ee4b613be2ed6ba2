import Guidance
import Routing

/// One stretch of a trace replay: a route the car followed and the trace points driven along it.
public struct ReplayLeg: Sendable {
    /// The planned route, or the route a re-route planned.
    public var route: Route
    /// The route's guidance waypoints.
    public var waypoints: [Waypoint]
    /// The trace points driven on `route`, in trace order: recorded positions (`point`), their matched road
    /// positions placed on the route's polyline (`matched`) and their progress along it.
    public var match: TraceMatch
    /// The re-route that planned `route`; nil for the planned route.
    public var reroute: Reroute?

    public init(route: Route, waypoints: [Waypoint], match: TraceMatch, reroute: Reroute?) {
        self.route = route
        self.waypoints = waypoints
        self.match = match
        self.reroute = reroute
    }
}
