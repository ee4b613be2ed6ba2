import Foundation
import HTTPTypes
import Hummingbird
import MapPage
import NIOCore
import OSRMService

/// Answers every HTTP request: `/health`, `/metrics`, and the OSRM and Waymark services (on the worker
/// pool), with an access log line and metrics for each.
struct OSRMResponder: HTTPResponder {
    typealias Context = BasicRequestContext

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

    func respond(to request: Request, context: Context) async throws -> Response {
        let start = ContinuousClock.now
        let target = request.head.path ?? "/"
        if let page = pageResponse(request, target: target, start: start) { return page }
        let service = Self.serviceName(of: target)
        let answer = await answer(request, target: target, service: service)
        let duration = ContinuousClock.now - start
        let code = answer.status == 200 ? "Ok" : Self.code(in: answer.body)
        metrics.record(service: service, code: code, status: answer.status, duration: duration)
        accessLog?.record(method: request.method.rawValue, target: target, status: answer.status, code: code, duration: duration)
        return Self.response(answer, method: request.method)
    }

    func answer(_ request: Request, target: String, service: String) async -> ServiceResponse {
        guard request.method == .get || request.method == .head else {
            var refused = ServiceResponse(ServiceError(.invalidUrl, "method \(request.method) is not allowed (GET only)"))
            refused.status = 405
            return refused
        }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limits.bodyBytes {
            var refused = ServiceResponse(ServiceError(.tooBig, "request body of \(length) bytes is larger than the limit (\(limits.bodyBytes))"))
            refused.status = 413
            return refused
        }
        switch target {
        case "/health":
            let current = state.service
            return ServiceResponse(body: "{\"status\":\"ok\",\"generation\":\(state.generation),\"nodes\":\(current.graph.nodeCount),\"edges\":\(current.graph.edgeCount)}")
        case "/metrics":
            return ServiceResponse(contentType: "text/plain; version=0.0.4; charset=utf-8", body: metrics.exposition())
        default:
            return await pool.run(service: state.service, timeout: limits.requestTimeoutSeconds) { service, workspace in
                service.respond(to: target, workspace: workspace)
            }
        }
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

    /// The HTTP response: one buffer with a length, or chunks for a multi-part (streamed) answer.
    static func response(_ answer: ServiceResponse, method: HTTPRequest.Method) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = answer.contentType
        let status = HTTPResponse.Status(code: answer.status)
        if answer.parts.count == 1 {
            let buffer = ByteBuffer(string: answer.parts[0])
            headers[.contentLength] = String(buffer.readableBytes)
            return Response(status: status, headers: headers, body: method == .head ? ResponseBody() : ResponseBody(byteBuffer: buffer))
        }
        let parts = answer.parts
        return Response(status: status, headers: headers, body: ResponseBody { writer in
            for part in parts { try await writer.write(ByteBuffer(string: part)) }
            try await writer.finish(nil)
        })
    }
}
