import Geodesy
import OutputEncoding
import RouteFormats
import Routing
import TripPlanning

extension RoutingService {
    /// The `/trip/v1` body: `trips` (one route object visiting every stop in the order found, written
    /// as `/route` writes its route) and `waypoints` in input order, each with `trips_index` and its
    /// `waypoint_index` in the trip.
    /// - Throws: `NoSegment` naming a stop without a road in reach; `NoTrips` when some stop cannot be
    ///   reached from another; `NoRoute` if a leg cannot be routed after all; `Timeout` when the
    ///   request's stop signal (`RequestCancellation`) was raised during the table, the search or a leg.
    public func trip(_ request: TripRequest, workspace: RoutingWorkspace) throws(ServiceError) -> String {
        let order = try tripOrder(request, workspace: workspace)
        let response = try routeResponse(request.routeRequest(visiting: order), workspace: workspace)
        var w = JSONWriter(capacity: 1 << 16)
        w.beginObject()
        w.field("code", "Ok")
        w.key("trips")
        w.beginArray()
        response.writeRoute(graph: graph, into: &w)
        w.endArray()
        if !request.route.skipWaypoints {
            var position = Array(repeating: 0, count: order.count)
            for (k, stop) in order.enumerated() { position[stop] = k }
            w.key("waypoints")
            w.beginArray()
            for stop in request.coordinates.indices {
                w.beginObject()
                w.field("waypoint_index", position[stop])
                w.field("trips_index", 0)
                OSRMRouteResponse.writeWaypointFields(response.route.waypoints[position[stop]], graph: graph, into: &w)
                w.endObject()
            }
            w.endArray()
        }
        w.endObject()
        return w.text
    }

    /// The trip as a route (legs between consecutive stops, back to the first for a round trip) and the
    /// order of the stops in it, for formats other than OSRM's (`waymark trip --format geojson`).
    /// - Throws: as `trip(_:workspace:)`.
    public func tripRoute(_ request: TripRequest, workspace: RoutingWorkspace) throws(ServiceError) -> (order: [Int], route: Route) {
        let order = try tripOrder(request, workspace: workspace)
        return (order, try computeRoute(request.routeRequest(visiting: order), workspace: workspace))
    }

    /// The order in which the trip visits the stops (indices of `request.coordinates`), from the table
    /// of durations between them.
    /// - Throws: as `trip(_:workspace:)`, but `NoRoute`.
    /// - Complexity: the table of n stops (see `Router.table`), then `TripSolver.solve`.
    public func tripOrder(_ request: TripRequest, workspace: RoutingWorkspace) throws(ServiceError) -> [Int] {
        let all = Array(request.coordinates.indices)
        let table = TableRequest(coordinates: request.coordinates, sources: all, destinations: all, snapping: request.route.snapping)
        let cells = try tableCells(table, workspace: workspace).cells
        let durations = try Self.connectedDurations(cells)
        let order = TripSolver.solve(TravelCosts(durations), shape: request.shape, shouldStop: RequestCancellation.routerCheck)
        try RequestCancellation.check()   // a search stopped by its request's timeout is void
        return order
    }

    /// The table's durations when every stop reaches every other, as OSRM requires of a trip.
    /// - Throws: `NoTrips` naming the first pair of stops (by index) without a route.
    static func connectedDurations(_ cells: [[TableCell?]]) throws(ServiceError) -> [[Seconds]] {
        var durations: [[Seconds]] = []
        for (from, row) in cells.enumerated() {
            var line: [Seconds] = []
            for (to, cell) in row.enumerated() {
                guard let cell else {
                    throw ServiceError(.noTrips, "No trip visiting all destinations possible: no route from coordinate \(from) to coordinate \(to)")
                }
                line.append(cell.duration)
            }
            durations.append(line)
        }
        return durations
    }
}
