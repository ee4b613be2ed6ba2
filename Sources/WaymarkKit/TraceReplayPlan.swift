import Geodesy
import Guidance
import MapMatching
import Routing

/// A GPS trace replayed against a planned route: the trace is matched to the roads (the hidden Markov
/// model of `MapMatcher`), the car follows the route while its matched positions lie on it, and when it
/// leaves the route a new route is planned from where it is to the destination (the seed app's "reset").
///
/// The rule for leaving the route: a matched point is *off* the route when its road (either direction)
/// is none of the route's edges and its matched position lies more than `junctionTolerance` from the
/// route's line (so a point matched onto a cross street at a junction of the route is still on it). The
/// car has left the route at the off point that makes `offRoutePointsToReroute` in a row, or at one that
/// lies more than `offRouteDistanceToReroute` from the route, whichever comes first. A shorter excursion
/// (one point matched to a side road, GPS noise) does not re-route; its points are not replayed. The new
/// route starts at that point's matched position heading the way the car drove along its road
/// (`Router.route(departing:to:)`) and goes to the route's destination (via points not yet passed are
/// not kept). Where no route can be found from there, the car stays off the route and the next off point
/// tries again.
public struct TraceReplayPlan: Sendable {
    /// The routes followed in order: the planned route, then one per re-route.
    public var legs: [ReplayLeg]
    /// Points in the trace.
    public var tracePoints: Int
    /// Points the matcher placed on a road.
    public var matchedPoints: Int
    /// Points the matcher left out (no road in reach, outliers).
    public var discardedPoints: Int

    /// Consecutive off-route points after which the car has left the route.
    public static let offRoutePointsToReroute = 2
    /// Distance from the route beyond which one off-route point is enough.
    public static let offRouteDistanceToReroute: Meters = 30
    /// A matched position this close to the route's line is on it, whatever road it was matched to.
    public static let junctionTolerance: Meters = 5
    /// How far from a route's line a matched position may be placed on it for the replay.
    static let placementDistance: Meters = 10

    /// The re-routes, in order.
    public var reroutes: [Reroute] { legs.compactMap(\.reroute) }

    /// Matches `trace` and plans the replay of `route` (whose guidance waypoints are `waypoints`).
    /// - Throws: `WaypointStreamError.traceInvalid` when the trace cannot be matched at all (fewer than two
    ///   points, times that do not increase), `.traceUnmatched` when no point lies near a road.
    /// - Complexity: the match's (points × candidates × one bounded search), plus O(points × route
    ///   polyline) for the off-route test and one route search per re-route.
    public init(trace: Trace, route: Route, waypoints: [Waypoint], navigator: Navigator, options: GuidanceOptions,
                parameters: MatchingParameters = MatchingParameters(), workspace: RoutingWorkspace? = nil) throws(WaypointStreamError) {
        let workspace = workspace ?? navigator.router.makeWorkspace()
        let matchTrace = try Self.matchTrace(of: trace, precision: parameters.defaultPrecision)
        let match = MapMatcher(router: navigator.router, parameters: parameters).match(matchTrace, workspace: workspace)
        let matchedIndices = match.tracepoints.indices.filter { match.tracepoints[$0] != nil }
        guard !matchedIndices.isEmpty else {
            throw .traceUnmatched(source: trace.sourceName, points: trace.points.count,
                                  searchRadius: parameters.defaultPrecision * parameters.searchRadiusMultiplier)
        }
        tracePoints = trace.points.count
        matchedPoints = matchedIndices.count
        discardedPoints = tracePoints - matchedPoints
        var follower = RouteFollower(trace: trace, navigator: navigator, options: options, workspace: workspace)
        legs = follower.follow(route: route, waypoints: waypoints,
                               positions: matchedIndices.map { ($0, match.tracepoints[$0]!.location) })
    }

    /// The trace as the matcher takes it: its times when every point has one and they increase.
    static func matchTrace(of trace: Trace, precision: Meters) throws(WaypointStreamError) -> MatchTrace {
        let coordinates = trace.points.map(\.coordinate)
        let times = trace.hasTimes ? trace.points.map { $0.time! } : nil
        let increasing = times.map { t in zip(t.dropFirst(), t).allSatisfy { $0 > $1 } } ?? false
        do {
            return try MatchTrace(coordinates: coordinates, timestamps: increasing ? times : nil, precision: precision)
        } catch {
            throw .traceInvalid(source: trace.sourceName, reason: error.description)
        }
    }
}
