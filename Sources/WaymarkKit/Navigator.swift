import Geodesy
import Guidance
import RoadNetwork
import Routing

/// The library's entry point for an app or a server: one loaded road network and its router, from
/// which routes, turn-by-turn steps, guidance waypoints and AR markers are made.
///
/// Each stage has one error type: loading `RoadNetworkLoadError`, routing `RoutingError`, guidance
/// options `GuidanceOptionsError` (guidance itself cannot fail), markers `MarkerExportError`.
/// A navigator is immutable and `Sendable`: load it once and share it between requests and threads
/// (pass each thread its own `RoutingWorkspace` to reuse search memory).
///
///     let navigator = try Navigator(source: .database(path: "monaco.sqlite"))
///     let route = try navigator.route(from: start, to: destination)
///     let waypoints = navigator.waypoints(for: route, options: GuidanceOptions(plannedSpeed: 50))
///     let markers = try navigator.markers(for: waypoints, request: MarkerRequest())
public struct Navigator: Sendable {
    public let network: LoadedRoadNetwork
    public let router: Router
    /// What steps and waypoints read of the graph besides the graph (see `GuidanceIndex`).
    public let guidance: GuidanceIndex

    /// The routing graph.
    public var graph: RoadGraph { network.graph }

    /// A navigator over a network already loaded, routing on its contraction hierarchies when the
    /// database has them (A* otherwise).
    /// - Parameters:
    ///   - landmarks: ALT landmarks for the router (see `Router.init`): worth it for many queries.
    ///   - indexesGuidance: measure the graph's junctions for guidance once (`GuidanceIndex(graph:)`):
    ///     worth it for many routes' steps or waypoints (Porto: 0.05 s once, then steps 1.6 times as
    ///     fast); without it each route measures its own junctions.
    /// - Throws: `RoadNetworkLoadError.hierarchy` when stored hierarchies do not fit the graph.
    /// - Complexity: the router's set-up, O(nodes + edges) (plus the landmarks' Dijkstra runs and the
    ///   hierarchies' validation).
    public init(network: LoadedRoadNetwork, landmarks: Int = 0, indexesGuidance: Bool = false) throws(RoadNetworkLoadError) {
        self.network = network
        router = try network.makeRouter(landmarks: landmarks)
        guidance = indexesGuidance ? GuidanceIndex(graph: network.graph) : .measuringOnDemand(network.graph)
    }

    /// Loads a road network and sets up its router.
    public init(source: RoadNetworkSource, landmarks: Int = 0, indexesGuidance: Bool = false) throws(RoadNetworkLoadError) {
        try self.init(network: try source.load(), landmarks: landmarks, indexesGuidance: indexesGuidance)
    }

    /// The route from `from` to `to` through `via` in order (see `Router.route`).
    public func route(from: Coordinate, to: Coordinate, via: [Coordinate] = [], metric: RoutingMetric = .time,
                      maxSnapDistance: Meters = 1000, algorithm: SearchAlgorithm = .contractionHierarchy,
                      workspace: RoutingWorkspace? = nil) throws(RoutingError) -> Route {
        try router.route(from: from, to: to, via: via, metric: metric, maxSnapDistance: maxSnapDistance, algorithm: algorithm,
                         workspace: workspace)
    }

    /// The turn-by-turn steps of each leg (OSRM's steps).
    public func steps(for route: Route, language: InstructionLanguage = .en) -> [[RouteStep]] {
        RouteGuidance.steps(for: route, using: guidance, language: language)
    }

    /// The densified guidance waypoints of the route (maneuvers, speed limits and warnings).
    public func waypoints(for route: Route, options: GuidanceOptions = GuidanceOptions()) -> [Waypoint] {
        RouteGuidance.waypoints(for: route, using: guidance, options: options)
    }

    /// The route from `from` to `to` through `via` and its guidance waypoints: `route` then `waypoints`,
    /// each stage lapped on `timer` (`route`, `guidance`) when given.
    public func guidedRoute(from: Coordinate, to: Coordinate, via: [Coordinate] = [], options: GuidanceOptions = GuidanceOptions(),
                            timer: StageTimer? = nil) throws(RoutingError) -> (route: Route, waypoints: [Waypoint]) {
        let route = try self.route(from: from, to: to, via: via)
        timer?.lap("route")
        let waypoints = waypoints(for: route, options: options)
        timer?.lap("guidance")
        return (route, waypoints)
    }
}
