import Foundation
import MapPage
import NIOHTTP1

extension OSRMResponder {
    /// The map page's file for a GET or HEAD of one of its paths, with an access log line and metrics
    /// (service `page`); nil for every other request, which the services answer.
    func pageAnswer(method: HTTPMethod, target: String, start: ContinuousClock.Instant) -> HTTPAnswer? {
        guard let mapPage, method == .GET || method == .HEAD, MapPageFiles.isPagePath(target),
              let file = mapPage.file(for: target) else { return nil }
        let duration = ContinuousClock.now - start
        metrics.record(service: "page", code: "Ok", status: 200, duration: duration)
        accessLog?.record(method: method.rawValue, target: target, status: 200, code: "Ok", duration: duration)
        return HTTPAnswer(page: file)
    }
}
