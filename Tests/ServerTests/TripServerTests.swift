import OSRMService
import TestSupport
import Testing

/// `/trip/v1` over HTTP: the service's body, `--max-trip-size` applied, and its own metrics label.
@Suite struct TripServerTests {
    static let target = "/trip/v1/driving/\(ServerTests.lonLat("a"));\(ServerTests.lonLat("d"));\(ServerTests.lonLat("b"))"

    @Test func tripIsAnsweredWithItsLimitAndLabelled() async throws {
        try await ServerTests.withServer({ $0.limits.tripStops = 2 }) { _, port in
            let client = try RawHTTPClient(port: port, timeout: 120)
            let tooBig = try client.get(Self.target)
            #expect(tooBig.status == 400 && tooBig.body.hasPrefix("{\"code\":\"TooBig\""), "\(tooBig.body)")
            let trip = try client.get(Self.target.components(separatedBy: ";").prefix(2).joined(separator: ";"))
            #expect(trip.status == 200 && trip.body.contains("\"trips\":[{"), "\(trip.body)")
            let metrics = try client.get("/metrics")
            #expect(metrics.body.contains("waymark_requests_total{service=\"trip\",code=\"Ok\"} 1"), "\(metrics.body)")
            #expect(metrics.body.contains("waymark_requests_total{service=\"trip\",code=\"TooBig\"} 1"), "\(metrics.body)")
        }
    }
}
