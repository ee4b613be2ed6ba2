import Foundation
import OSRMService
import Testing

/// Issue 39: a request's output is bounded before the work, and a stopped request stops.
@Suite struct RequestBudgetTests {
    static let target = "/markers/v1/driving/\(ServiceFixture.lonLat("a"));\(ServiceFixture.lonLat("d"))?spacing=1"

    @Test func waypointsPastTheBudgetAreTooBigBeforeTheWork() throws {
        // a–d is some 360 m: at a spacing of 1 m, about 360 waypoints.
        var limits = ServiceLimits()
        limits.waypointsPerRequest = 100
        let service = ServiceFixture.service(limits: limits)
        for path in [Self.target, Self.target.replacingOccurrences(of: "/markers/", with: "/waypoints/")] {
            let (status, json, body) = try ServiceFixture.ask(path, service: service)
            #expect(status == 413 || status == 400, "\(status)")
            #expect(json["code"] as? String == "TooBig", "\(body)")
            #expect(body.contains("more than the limit (100)"), "\(body)")
        }
        // Within the budget, the same request is answered.
        #expect(try ServiceFixture.ask(Self.target).status == 200)
    }

    @Test func theDefaultBudgetRefusesAMetreSpacingOverAContinent() throws {
        var limits = ServiceLimits()
        limits.waypointsPerRequest = 1_000   // the fixture is small; scale the budget down with it
        let stretched = "/waypoints/v1/driving/" + Array(repeating: "\(ServiceFixture.lonLat("a"));\(ServiceFixture.lonLat("j"))", count: 10)
            .joined(separator: ";") + "?spacing=1"
        let (_, json, _) = try ServiceFixture.ask(stretched, service: ServiceFixture.service(limits: limits))
        #expect(json["code"] as? String == "TooBig")
    }

    @Test func anAnswerOverTheBodyLimitIsTooBig() throws {
        var limits = ServiceLimits()
        limits.responseBytes = 100
        let (_, json, body) = try ServiceFixture.ask(Self.target, service: ServiceFixture.service(limits: limits))
        #expect(json["code"] as? String == "TooBig", "\(body)")
    }

    @Test func aCancelledRequestStopsWithTimeout() throws {
        let service = ServiceFixture.service()
        let cancellation = RequestCancellation()
        cancellation.cancel()
        let response = RequestCancellation.$current.withValue(cancellation) {
            service.respond(to: Self.target, workspace: service.makeWorkspace())
        }
        #expect(response.status == 503 && response.body.hasPrefix("{\"code\":\"Timeout\""), "\(response.body)")
        // Not cancelled: answered.
        let fine = RequestCancellation.$current.withValue(RequestCancellation()) {
            service.respond(to: Self.target, workspace: service.makeWorkspace())
        }
        #expect(fine.status == 200)
    }

    /// Tables and single-leg routes stop too (they used to run to the end and answer 200 after their 503).
    @Test func aCancelledTableOrSingleLegRouteStopsWithTimeout() throws {
        let service = ServiceFixture.service()
        let a = ServiceFixture.lonLat("a"), d = ServiceFixture.lonLat("d")
        for target in ["/table/v1/driving/\(a);\(d)", "/table/v1/driving/\(a);\(d)?annotations=duration,distance",
                       "/route/v1/driving/\(a);\(d)", "/route/v1/driving/\(a);\(d)?steps=true"] {
            let cancellation = RequestCancellation()
            cancellation.cancel()
            let stopped = RequestCancellation.$current.withValue(cancellation) {
                service.respond(to: target, workspace: service.makeWorkspace())
            }
            #expect(stopped.status == 503 && stopped.body.hasPrefix("{\"code\":\"Timeout\""), "\(target): \(stopped.body)")
            let fine = RequestCancellation.$current.withValue(RequestCancellation()) {
                service.respond(to: target, workspace: service.makeWorkspace())
            }
            #expect(fine.status == 200, "\(target): \(fine.body)")
        }
    }
}
