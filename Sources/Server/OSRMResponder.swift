import Foundation
import MapPage
import NIOHTTP1
import OSRMService

/// Answers every HTTP request: `/health`, `/metrics`, the map page, and the OSRM and Waymark services (on
/// the worker pool), with an access log line and metrics for each.
///
/// Knows nothing of connections: `HTTPConnectionHandler` hands it a request line and gets an `HTTPAnswer`
/// through a completion, at once for the cheap answers or from a worker thread for the services.
struct OSRMResponder: Sendable {
    let state: ServiceState
    let pool: WorkerPool
    let metrics: RequestMetrics
    let limits: ServiceLimits
    /// Where a line per answered request goes; nil writes none (a log level above `info`).
    let accessLog: AccessLog?
    /// The map page's files (`/`, `/map/…`, `/lib/leaflet/…`); nil when the page is not served.
    var mapPage: MapPageFiles?

    /// Services named in metrics labels; anything else is `other`.
    static let knownServices: Set<String> = ["route", "nearest", "table", "trip", "match", "waypoints", "markers", "pois", "roads", "directions",
                                             "health", "metrics"]

    /// Answers the request `method target`, whose head was read at `start`; `completion` runs exactly once,
    /// on the calling thread for `/health`, `/metrics`, the map page and refusals, on a worker (or the
    /// deadline watchdog) for the services.
    func respond(method: HTTPMethod, target: String, start: ContinuousClock.Instant,
                 completion: @escaping @Sendable (HTTPAnswer) -> Void) {
        if let page = pageAnswer(method: method, target: target, start: start) { return completion(page) }
        let service = Self.serviceName(of: target)
        let finish: @Sendable (ServiceResponse) -> Void = { [self] response in
            completion(record(response, method: method, target: target, service: service, start: start))
        }
        guard method == .GET || method == .HEAD else {
            var refused = ServiceResponse(ServiceError(.invalidUrl, "method \(method.rawValue) is not allowed (GET only)"))
            refused.status = 405
            return finish(refused)
        }
        switch target {
        case "/health":
            let current = state.service
            finish(ServiceResponse(body: "{\"status\":\"ok\",\"generation\":\(state.generation),\"nodes\":\(current.graph.nodeCount),\"edges\":\(current.graph.edgeCount)}"))
        case "/metrics":
            finish(ServiceResponse(contentType: "text/plain; version=0.0.4; charset=utf-8", body: metrics.exposition()))
        default:
            pool.submit(service: state.service, timeout: limits.requestTimeoutSeconds, { service, workspace in
                service.respond(to: target, workspace: workspace)
            }, completion: finish)
        }
    }

    /// The refusal of a request whose body is longer than the limit (413), or nil when `bytes` are allowed.
    func bodyRefusal(method: HTTPMethod, target: String, bytes: Int, start: ContinuousClock.Instant) -> HTTPAnswer? {
        guard bytes > limits.bodyBytes else { return nil }
        var refused = ServiceResponse(ServiceError(.tooBig, "request body of \(bytes) bytes is larger than the limit (\(limits.bodyBytes))"))
        refused.status = 413
        return record(refused, method: method, target: target, service: Self.serviceName(of: target), start: start)
    }

    /// Counts `response` in the metrics and the access log.
    private func record(_ response: ServiceResponse, method: HTTPMethod, target: String, service: String,
                        start: ContinuousClock.Instant) -> HTTPAnswer {
        let duration = ContinuousClock.now - start
        let code = response.status == 200 ? "Ok" : Self.code(in: response.body)
        metrics.record(service: service, code: code, status: response.status, duration: duration)
        accessLog?.record(method: method.rawValue, target: target, status: response.status, code: code, duration: duration)
        return HTTPAnswer(response)
    }

    /// The first path segment when it names a service, for metrics labels.
    static func serviceName(of target: String) -> String {
        let segment = target.dropFirst().prefix { $0 != "/" && $0 != "?" }
        return knownServices.contains(String(segment)) ? String(segment) : "other"
    }

    /// The `code` of an OSRM error body (its first field, as `ServiceError.body` writes it).
    static func code(in body: String) -> String {
        let prefix = "{\"code\":\""
        guard body.hasPrefix(prefix) else { return "Error" }
        return String(body.dropFirst(prefix.count).prefix { $0 != "\"" })
    }
}
