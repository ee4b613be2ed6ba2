import Routing

extension RoutingService {
    /// The routes of a request, best first: with `alternatives` and two coordinates, the best route and
    /// up to that many admissible alternatives (`Router.alternativeRoutes`, OSRM's criteria); otherwise,
    /// or when none is admissible, the best route alone (`computeRoute`).
    /// - Throws: as `computeRoute`: `NoSegment`, `NoRoute`, `Timeout` when the request's stop signal was
    ///   raised during the search.
    public func computeRoutes(_ request: RouteRequest, workspace: RoutingWorkspace) throws(ServiceError) -> [Route] {
        guard request.alternatives > 0, request.coordinates.count == 2 else { return [try computeRoute(request, workspace: workspace)] }
        let router = router(excluding: request.snapping.exclude)
        let snapped = try snap(request.coordinates, options: request.snapping, router: router)
        workspace.shouldStop = RequestCancellation.current == nil ? nil : RequestCancellation.routerCheck
        defer { workspace.shouldStop = nil }
        try RequestCancellation.check()
        do throws(RoutingError) {
            return try router.alternativeRoutes(through: snapped, count: request.alternatives, metric: request.metric,
                                                workspace: workspace)
        } catch {
            try RequestCancellation.check()   // stopped by its request's timeout: that, not NoRoute
            throw Self.serviceError(error, coordinates: request.coordinates)
        }
    }

    /// The route a Waymark service (`/waypoints`, `/markers`) follows: the best one for `alternative`
    /// 0, else that route of the answer to `alternatives` at the limit (`computeRoutes`), so that K is
    /// the K-th alternative a full `/route/v1` answer lists.
    /// - Throws: `NoRoute` naming `alternative` and how many alternatives there are when it is past them.
    func selectedRoute(_ request: RouteRequest, alternative: Int, workspace: RoutingWorkspace) throws(ServiceError) -> Route {
        guard alternative > 0 else { return try computeRoute(request, workspace: workspace) }
        var asked = request
        asked.alternatives = max(alternative, limits.alternatives)
        let routes = try computeRoutes(asked, workspace: workspace)
        guard alternative < routes.count else {
            let why = request.coordinates.count == 2 ? "" : " (alternatives are found only between two coordinates)"
            throw ServiceError(.noRoute, "alternative=\(alternative): this route has \(routes.count - 1) admissible alternative"
                + "\(routes.count == 2 ? "" : "s")\(why); 0 is the best route")
        }
        return routes[alternative]
    }
}
