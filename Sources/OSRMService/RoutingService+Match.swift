import Geodesy
import Guidance
import MapMatching
import OutputEncoding
import RouteFormats
import Routing

extension RoutingService {
    /// The `/match/v1` body of a request: OSRM's `matchings` (route objects with their `confidence`, one
    /// leg between each two matched points) and `tracepoints` (each point's matched position with
    /// `matchings_index`, `waypoint_index` and `alternatives_count`, or null when it was left out).
    /// `waymark serve` and `waymark match` both print it.
    /// - Throws: `NoMatch` when no two points could be matched; `InvalidValue` for a trace the matcher
    ///   refuses; `Timeout` when the request's stop signal was raised.
    public func match(_ request: MatchRequest, workspace: RoutingWorkspace) throws(ServiceError) -> String {
        let (match, routes) = try computeMatch(request, workspace: workspace)
        var options = OSRMRouteResponse.Options()
        options.geometries = request.geometries
        options.overview = OSRMRouteResponse.Overview(rawValue: request.overview.rawValue) ?? .simplified
        options.steps = request.steps
        options.annotations = Self.annotations(request.annotations)
        var w = JSONWriter(capacity: 1 << 16)
        w.beginObject()
        w.field("code", "Ok")
        w.key("matchings")
        w.beginArray()
        for (matching, route) in zip(match.matchings, routes) {
            let steps = request.steps
                ? RouteGuidance.steps(for: route, using: guidance, shouldStop: RequestCancellation.routerCheck)
                : route.legs.map { _ in [] }
            try RequestCancellation.check()   // guidance stopped by the request's timeout: its partial steps are void
            w.beginObject()
            OSRMRouteResponse(route: route, steps: steps, options: options).writeRouteFields(graph: graph, into: &w)
            w.field("confidence", matching.confidence, decimals: 6)
            w.endObject()
        }
        w.endArray()
        w.key("tracepoints")
        w.beginArray()
        for point in match.tracepoints {
            guard let point else { w.null(); continue }
            w.beginObject()
            w.field("name", OSRMRouteResponse.roadName(of: point.location.edge, in: graph))
            w.key("location")
            OSRMRouteResponse.writePosition(point.location.location, into: &w)
            w.field("distance", point.location.distance, decimals: 2)
            w.field("matchings_index", point.matchingIndex)
            w.field("waypoint_index", point.waypointIndex)
            w.field("alternatives_count", point.alternativesCount)
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.text
    }

    /// The match of a request and each matching's route (fastest drive through its matched positions).
    /// - Throws: as `match(_:workspace:)`.
    public func computeMatch(_ request: MatchRequest, workspace: RoutingWorkspace) throws(ServiceError) -> (MapMatch, [Route]) {
        var parameters = MatchingParameters()
        parameters.splitsAtTimeGaps = request.gaps == .split
        let trace = try request.trace(defaultPrecision: parameters.defaultPrecision)
        workspace.shouldStop = RequestCancellation.current == nil ? nil : RequestCancellation.routerCheck
        defer { workspace.shouldStop = nil }
        try RequestCancellation.check()
        let match = MapMatcher(router: router, parameters: parameters).match(trace, tidy: request.tidy, workspace: workspace)
        try RequestCancellation.check()   // a match stopped by its request's timeout is void
        guard !match.matchings.isEmpty else {
            throw ServiceError(.noMatch, "Could not match the trajectory: no two of its \(trace.count) points lie on roads connected within reach")
        }
        var routes: [Route] = []
        for matching in match.matchings {
            do throws(RoutingError) {
                routes.append(try router.route(through: matching.locations, metric: .time, workspace: workspace))
            } catch {
                try RequestCancellation.check()
                throw Self.serviceError(error, coordinates: request.coordinates)
            }
        }
        return (match, routes)
    }
}
