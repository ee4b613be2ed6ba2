import Places
import RouteFormats
import Geodesy
import Guidance
import RoadNetwork
import Routing
import Synchronization

/// OSRM's HTTP API over one road graph, without the HTTP: a request target in, a status and body out.
///
/// One instance is shared by every thread: the graph, router and points of interest are read-only;
/// each thread passes its own `RoutingWorkspace` (from `makeWorkspace()`). Routers that leave out road
/// classes (`exclude=`) are built on first use and kept.
///
/// Services: OSRM's `route`, `nearest`, `table`, `match` and `trip` (v1, any profile name, as `osrm-routed` ignores it),
/// Mapbox's `directions` (v5, `/directions/v5/{owner}/driving/…`, answered as `route`), and Waymark's
/// `waypoints`, `markers` and `pois`.
public final class RoutingService: Sendable {
    public let graph: RoadGraph
    public let router: Router
    public let places: PointOfInterestFinder
    public let limits: ServiceLimits
    public let table: any TravelTable
    /// What the steps, waypoints and markers read of the graph besides the graph.
    public let guidance: GuidanceIndex
    /// Routers without some road classes, keyed by the sorted class names.
    private let excludingRouters = Mutex<[String: Router]>([:])
    /// The map page's road layer, built on the first `/roads/v1` request (see `roadLayer`).
    let roadLayerCache = Mutex<RoadLayer?>(nil)

    /// - Parameters:
    ///   - landmarks: ALT landmarks of the routers (see `Router.init`): worth their set-up time for a
    ///     server answering many queries, not for one CLI route.
    ///   - guidance: an index of the graph (`GuidanceIndex(graph:)`), worth its set-up time for the same
    ///     server; nil measures each route's junctions as it goes.
    public convenience init(graph: RoadGraph, pointsOfInterest: [PointOfInterest] = [], limits: ServiceLimits = ServiceLimits(),
                            landmarks: Int = 0, table: any TravelTable = RouterTable(), guidance: GuidanceIndex? = nil) {
        self.init(router: Router(graph: graph, landmarks: landmarks), pointsOfInterest: pointsOfInterest, limits: limits, table: table,
                  guidance: guidance)
    }

    /// A service over a router already set up (e.g. with a database's contraction hierarchies); routers
    /// that exclude road classes share its landmarks (built on their first search if the router builds
    /// them on first use), and no hierarchies (they answer with A*).
    /// - Precondition: `guidance`, when given, indexes `router.graph`.
    public init(router: Router, pointsOfInterest: [PointOfInterest] = [], limits: ServiceLimits = ServiceLimits(),
                table: any TravelTable = RouterTable(), guidance: GuidanceIndex? = nil) {
        self.graph = router.graph
        self.router = router
        self.places = PointOfInterestFinder(pointsOfInterest)
        self.limits = limits
        self.table = table
        self.guidance = guidance ?? .measuringOnDemand(router.graph)
    }

    /// A workspace for one thread's queries.
    public func makeWorkspace() -> RoutingWorkspace { router.makeWorkspace() }

    /// The services and the version each speaks.
    static let services = ["route", "nearest", "table", "match", "trip", "waypoints", "markers", "pois", "directions"]
    /// The version each service speaks: Mapbox's Directions API is v5, the rest v1.
    static func version(of service: String) -> String { service == "directions" ? "v5" : "v1" }
    /// The Directions API profiles a car router answers (traffic is not modelled, so `driving-traffic`
    /// is answered as `driving`).
    static let directionsProfiles: Set<String> = ["driving", "driving-traffic"]
    /// OSRM services Waymark does not offer.
    static let unsupportedOSRMServices: Set<String> = ["tile"]

    /// Answers a request target such as `/route/v1/driving/7.42,43.73;7.43,43.74?steps=true`.
    /// Never throws: a refused request is an OSRM error body with its status.
    public func respond(to target: String, workspace: RoutingWorkspace) -> ServiceResponse {
        do throws(ServiceError) {
            let response = try answer(target, workspace: workspace)
            let bytes = response.parts.reduce(0) { $0 + $1.utf8.count }
            guard bytes <= limits.responseBytes else {
                throw ServiceError(.tooBig, "the answer of \(bytes) bytes is larger than the limit (\(limits.responseBytes))")
            }
            return response
        } catch {
            return ServiceResponse(error)
        }
    }

    func answer(_ target: String, workspace: RoutingWorkspace) throws(ServiceError) -> ServiceResponse {
        guard target.utf8.count <= limits.urlBytes else {
            throw ServiceError(.tooBig, "URL of \(target.utf8.count) bytes is longer than the limit (\(limits.urlBytes))")
        }
        if let roads = try answerRoads(target) { return roads }
        let request = try RequestTarget.parse(target)
        guard Self.services.contains(request.service) else {
            let detail = Self.unsupportedOSRMServices.contains(request.service) ? " (Waymark offers \(Self.services.joined(separator: ", ")))" : ""
            throw ServiceError(.invalidService, "Service \(request.service) not found!" + detail)
        }
        let version = Self.version(of: request.service)
        guard request.version == version else {
            throw ServiceError(.invalidVersion, "Service \(request.service) has no version \(request.version) (only \(version))")
        }
        switch request.service {
        case "route":
            let route = try RouteRequest.parse(coordinates: request.coordinates, options: request.options, limits: limits)
            return ServiceResponse(body: try self.route(route, workspace: workspace))
        case "directions":
            return ServiceResponse(body: try directions(request, workspace: workspace))
        case "nearest":
            let nearest = try NearestRequest.parse(coordinates: request.coordinates, options: request.options, limits: limits)
            return ServiceResponse(body: try self.nearest(nearest))
        case "table":
            let table = try TableRequest.parse(coordinates: request.coordinates, options: request.options, limits: limits)
            return ServiceResponse(body: try self.table(table, workspace: workspace))
        case "trip":
            let trip = try TripRequest.parse(coordinates: request.coordinates, options: request.options, limits: limits)
            return ServiceResponse(body: try self.trip(trip, workspace: workspace))
        case "match":
            let match = try MatchRequest.parse(coordinates: request.coordinates, options: request.options, limits: limits)
            return ServiceResponse(body: try self.match(match, workspace: workspace))
        default:
            return try answerWaymarkService(request, workspace: workspace)
        }
    }

    /// Mapbox's `/directions/v5/{owner}/{profile}/…`: a `/route/v1` request for a car profile, whose
    /// `access_token` (an account key Waymark has no use for) is ignored.
    /// - Throws: `InvalidUrl` for a profile other than `driving` or `driving-traffic`; as `route`.
    func directions(_ target: RequestTarget, workspace: RoutingWorkspace) throws(ServiceError) -> String {
        let profile = String((target.profile ?? "").split(separator: "/").last ?? "")
        guard Self.directionsProfiles.contains(profile) else {
            throw ServiceError(.invalidUrl, "profile '\(profile.prefix(40))' is not offered (this server routes cars: "
                               + Self.directionsProfiles.sorted().joined(separator: ", ") + ")")
        }
        let options = target.options.filter { $0.name != "access_token" }
        let route = try RouteRequest.parse(coordinates: target.coordinates, options: options, limits: limits)
        return try self.route(route, workspace: workspace)
    }

    /// The router for a set of excluded classes (the shared one when none), built on first use.
    func router(excluding classes: Set<SnapOptions.ExcludeClass>) -> Router {
        guard !classes.isEmpty else { return router }
        let sorted = classes.sorted()
        let key = sorted.map(\.rawValue).joined(separator: ",")
        return excludingRouters.withLock { routers in
            if let existing = routers[key] { return existing }
            let graph = self.graph
            // The landmark tables ignore exclusions, so the service router's tables bound this router's searches too.
            let built = Router(graph: graph, landmarkProvision: router.landmarkProvision) { edge in
                sorted.contains { $0.contains(edge, in: graph) }
            }
            routers[key] = built
            return built
        }
    }

    /// Snaps a request's coordinates with its radiuses, bearings and exclusions.
    /// - Throws: `NoSegment` naming the first coordinate without a road in reach.
    func snap(_ coordinates: [Coordinate], options: SnapOptions, router: Router) throws(ServiceError) -> [SnappedLocation] {
        do throws(RoutingError) {
            return try router.snapWaypoints(coordinates, maxDistances: coordinates.indices.map(options.radius),
                                            accepts: coordinates.indices.map { options.edgeFilter($0, coordinate: coordinates[$0], router: router) })
        } catch {
            throw Self.serviceError(error, coordinates: coordinates)
        }
    }

    /// OSRM's error for a routing failure: the code `OSRMRouteResponse.errorCode(for:)` gives, OSRM's
    /// message, and Waymark's reason after it.
    static func serviceError(_ error: RoutingError, coordinates: [Coordinate]) -> ServiceError {
        let code = ServiceError.Code(rawValue: OSRMRouteResponse.errorCode(for: error)) ?? .invalidQuery
        switch error {
        case .noRoadNearby(let c, _):
            let index = coordinates.firstIndex(of: c).map(String.init) ?? "?"
            return ServiceError(code, "Could not find a matching segment for coordinate \(index): \(error.description)")
        case .noRoute:
            return ServiceError(code, "Impossible route between points: \(error.description)")
        case .tooFewCoordinates:
            return ServiceError(code, error.description)
        }
    }
}
