import OutputEncoding
import RouteFormats
import Geodesy
import Guidance
import RoadNetwork
import Routing

extension RoutingService {
    /// The `/route/v1` body of a request: `waymark serve` and `waymark route --format osrm` both print it.
    /// - Throws: `NoSegment`, `NoRoute`.
    public func route(_ request: RouteRequest, workspace: RoutingWorkspace) throws(ServiceError) -> String {
        let routes = try computeRoutes(request, workspace: workspace)
        var response = try osrmResponse(for: routes[0], request)
        for alternative in routes.dropFirst() { response.alternatives.append(try osrmResponse(for: alternative, request)) }
        return response.json(graph: graph)
    }

    /// The route of a request with its steps, ready to write (one of `/trip`'s trips).
    /// - Throws: `NoSegment`, `NoRoute`; `Timeout` when the request's stop signal was raised.
    func routeResponse(_ request: RouteRequest, workspace: RoutingWorkspace) throws(ServiceError) -> OSRMRouteResponse {
        try osrmResponse(for: try computeRoute(request, workspace: workspace), request)
    }

    /// One route of a `/route/v1` answer with its steps (when asked) and the request's output options.
    /// - Throws: `Timeout` when the request's stop signal ended the guidance.
    func osrmResponse(for route: Route, _ request: RouteRequest) throws(ServiceError) -> OSRMRouteResponse {
        var steps = request.steps
            ? RouteGuidance.steps(for: route, using: guidance, language: request.language, shouldStop: RequestCancellation.routerCheck)
            : route.legs.map { _ in [] }
        try RequestCancellation.check()   // guidance stopped by the request's timeout: its partial steps are void
        if !request.roundaboutExits { steps = steps.map(RouteGuidance.mergingRoundaboutExits) }
        var options = OSRMRouteResponse.Options()
        options.geometries = request.geometries
        options.overview = OSRMRouteResponse.Overview(rawValue: request.overview.rawValue) ?? .simplified
        options.steps = request.steps
        options.annotations = Self.annotations(request.annotations)
        options.skipWaypoints = request.skipWaypoints
        options.voiceInstructions = request.voiceInstructions
        options.bannerInstructions = request.bannerInstructions
        options.voiceUnits = request.voiceUnits
        options.language = request.language
        return OSRMRouteResponse(route: route, steps: steps, options: options)
    }

    /// The route of a request, legs joined as `waypoints=` asks.
    public func computeRoute(_ request: RouteRequest, workspace: RoutingWorkspace) throws(ServiceError) -> Route {
        let router = router(excluding: request.snapping.exclude)
        let snapped = try snap(request.coordinates, options: request.snapping, router: router)
        let route: Route
        workspace.shouldStop = RequestCancellation.current == nil ? nil : RequestCancellation.routerCheck
        defer { workspace.shouldStop = nil }
        try RequestCancellation.check()
        do throws(RoutingError) {
            // The car profile's default, as in OSRM: no turning around at a via point.
            route = try router.route(through: snapped, metric: request.metric,
                                     continueStraight: request.continueStraight != .no, workspace: workspace)
        } catch {
            try RequestCancellation.check()   // a route stopped by its request's timeout is that, not NoRoute
            throw Self.serviceError(error, coordinates: request.coordinates)
        }
        if let kept = request.waypoints, kept.count < request.coordinates.count { return LegMerging.merge(route, keeping: kept) }
        return route
    }

    static func annotations(_ kinds: Set<RouteRequest.Annotation>) -> OSRMRouteResponse.Annotations {
        var result: OSRMRouteResponse.Annotations = []
        for kind in kinds {
            switch kind {
            case .nodes: result.insert(.nodes)
            case .distance: result.insert(.distance)
            case .duration: result.insert(.duration)
            case .datasources: result.insert(.datasources)
            case .weight: result.insert(.weight)
            case .speed: result.insert(.speed)
            case .maxspeed: result.insert(.maxspeed)
            }
        }
        return result
    }

    /// The `/nearest/v1` body: up to `number` road points nearest the coordinate, nearest first, one per
    /// road segment pair, each with the OSM ids of its edge's end nodes.
    /// - Complexity: `number` snapping-grid searches.
    public func nearest(_ request: NearestRequest) throws(ServiceError) -> String {
        let router = router(excluding: request.snapping.exclude)
        let filter = request.snapping.edgeFilter(0, coordinate: request.coordinate, router: router)
        var found: [SnappedLocation] = []
        var taken: Set<EdgeIndex> = []
        while found.count < request.number,
              let next = router.snapIndex.nearest(to: request.coordinate, in: graph, maxDistance: request.snapping.radius(0),
                                                  where: { !taken.contains($0) && filter($0) }) {
            found.append(next)
            taken.insert(next.edge)
        }
        guard !found.isEmpty else {
            throw ServiceError(.noSegment, "Could not find a matching segment for coordinate 0 (no road within \(Int(request.snapping.radius(0))) m)")
        }
        var w = JSONWriter()
        w.beginObject()
        w.field("code", "Ok")
        if !request.skipWaypoints {
            w.key("waypoints")
            w.beginArray()
            for place in found {
                w.beginObject()
                w.key("nodes")
                w.beginArray()
                w.raw(String(graph.nodeOSMIDs[Int(graph.tail[Int(place.edge)])]))
                w.raw(String(graph.nodeOSMIDs[Int(graph.head[Int(place.edge)])]))
                w.endArray()
                w.field("name", OSRMRouteResponse.roadName(of: place.edge, in: graph))
                w.key("location")
                OSRMRouteResponse.writePosition(place.location, into: &w)
                w.field("distance", place.distance, decimals: 2)
                w.endObject()
            }
            w.endArray()
        }
        w.endObject()
        return w.text
    }

    /// The `/table/v1` body: `durations` and/or `distances` (null where unreachable), `sources`,
    /// `destinations`.
    public func table(_ request: TableRequest, workspace: RoutingWorkspace) throws(ServiceError) -> String {
        let (sources, destinations, cells) = try tableCells(request, workspace: workspace)
        var w = JSONWriter()
        w.beginObject()
        w.field("code", "Ok")
        if request.durations { Self.writeMatrix("durations", cells, \.duration, into: &w) }
        if request.distances { Self.writeMatrix("distances", cells, \.distance, into: &w) }
        if !request.skipWaypoints {
            for (key, list) in [("sources", sources), ("destinations", destinations)] {
                w.key(key)
                w.beginArray()
                for place in list { OSRMRouteResponse.writeWaypoint(place, graph: graph, into: &w) }
                w.endArray()
            }
        }
        w.endObject()
        return w.text
    }

    /// The snapped sources and destinations of a table request and its cells (`cells[i][j]` from source
    /// `i` to destination `j`, nil where unreachable).
    /// - Throws: `NoSegment` naming the first coordinate without a road in reach; `Timeout` when the
    ///   request's stop signal (`RequestCancellation`) was raised before or during the table.
    public func tableCells(_ request: TableRequest, workspace: RoutingWorkspace) throws(ServiceError)
        -> (sources: [SnappedLocation], destinations: [SnappedLocation], cells: [[TableCell?]]) {
        let router = router(excluding: request.snapping.exclude)
        let snapped = try snap(request.coordinates, options: request.snapping, router: router)
        let sources = request.sources.map { snapped[$0] }, destinations = request.destinations.map { snapped[$0] }
        workspace.shouldStop = RequestCancellation.current == nil ? nil : RequestCancellation.routerCheck
        defer { workspace.shouldStop = nil }
        try RequestCancellation.check()
        let cells = table.cells(from: sources, to: destinations, router: router, workspace: workspace)
        try RequestCancellation.check()   // a table stopped by its request's timeout is void, not unreachable
        return (sources, destinations, cells)
    }

    static func writeMatrix(_ key: String, _ cells: [[TableCell?]], _ value: KeyPath<TableCell, Double>, into w: inout JSONWriter) {
        w.key(key)
        w.beginArray()
        for row in cells {
            w.beginArray()
            for cell in row {
                if let cell { w.number(cell[keyPath: value], decimals: 1) } else { w.null() }
            }
            w.endArray()
        }
        w.endArray()
    }
}
