import Foundation
import HTTPTypes
import Hummingbird
import MapPage
import NIOCore

extension OSRMResponder {
    /// The map page's file for a GET or HEAD of one of its paths, with an access log line and metrics
    /// (service `page`); nil for every other request, which the services answer.
    func pageResponse(_ request: Request, target: String, start: ContinuousClock.Instant) -> Response? {
        guard let mapPage, request.method == .get || request.method == .head, MapPageFiles.isPagePath(target),
              let file = mapPage.file(for: target) else { return nil }
        var headers = HTTPFields()
        headers[.contentType] = file.contentType
        headers[.contentLength] = String(file.bytes.count)
        // The page changes with the server: a browser revalidates rather than keep a stale copy.
        headers[.cacheControl] = "no-cache"
        let duration = ContinuousClock.now - start
        metrics.record(service: "page", code: "Ok", status: 200, duration: duration)
        accessLog?.record(method: request.method.rawValue, target: target, status: 200, code: "Ok", duration: duration)
        let body = request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes))
        return Response(status: .ok, headers: headers, body: body)
    }
}
