import RouteFormats
import Routing

extension RoutingService {
    /// Waymark's own services: `waypoints`, `markers`, `pois`.
    func answerWaymarkService(_ request: RequestTarget, workspace: RoutingWorkspace) throws(ServiceError) -> ServiceResponse {
        throw ServiceError(.invalidService, "Service \(request.service) not found!")
    }
}
