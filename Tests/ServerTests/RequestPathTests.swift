import Foundation
import OSRMService
@testable import Server
import Testing
import TestSupport

/// The request path of plain channel handlers (issue 40) through real sockets: answers leave in request
/// order whatever each takes, multi-part answers stream as chunks (or with a length to HTTP/1.0), and a
/// request over its deadline gets `Timeout` on a connection that stays usable. In `ServerTests`, which
/// runs one server at a time.
extension ServerTests {
    static let tableTarget = "/table/v1/driving/\(lonLat("a"));\(lonLat("d"))"
    /// The waypoint stream from a to d, a point every metre: several parts of `linesPerChunk` lines.
    static let waypointsTarget = "/waypoints/v1/driving/\(lonLat("a"));\(lonLat("d"))?spacing=1"

    /// A slow table (0.5 s, `SlowTable`) pipelined before a quick `/health`: the health answer waits its turn.
    @Test func pipelinedAnswersKeepRequestOrderWhenTheFirstIsSlow() async throws {
        try await Self.withServer(table: SlowTable()) { _, port in
            let client = try RawHTTPClient(port: port, timeout: 120)
            #expect(client.send("GET \(Self.tableTarget) HTTP/1.1\r\nHost: x\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\n\r\n"))
            let slow = try client.readResponse()
            #expect(slow.status == 200 && slow.body.hasPrefix("{\"code\":\"Ok\",\"durations\""), "\(slow.body)")
            let fast = try client.readResponse()
            #expect(fast.status == 200 && fast.body.contains("\"status\":\"ok\""), "\(fast.body)")
        }
    }

    @Test func aMultiPartAnswerIsStreamedAsChunksAndWithALengthToHTTP10() async throws {
        let service = RoutingService(graph: Self.graph)
        let expected = service.respond(to: Self.waypointsTarget, workspace: service.makeWorkspace())
        #expect(expected.status == 200 && expected.parts.count > 2, "\(expected.parts.count) parts: nothing to stream")
        try await Self.withServer { _, port in
            let client = try RawHTTPClient(port: port, timeout: 120)
            let chunked = try client.get(Self.waypointsTarget)
            #expect(chunked.status == 200 && chunked.headers["transfer-encoding"] == "chunked", "\(chunked.headers)")
            #expect(chunked.headers["content-length"] == nil && chunked.body == expected.body)
            #expect(client.send("GET \(Self.waypointsTarget) HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"))
            let whole = try client.readResponse()
            #expect(whole.headers["content-length"] == String(expected.body.utf8.count), "\(whole.headers)")
            #expect(whole.headers["transfer-encoding"] == nil && whole.body == expected.body)
            #expect(whole.headers["connection"] == "keep-alive")
        }
    }

    @Test func aRequestOverItsDeadlineIsAnsweredTimeoutAndTheConnectionGoesOn() async throws {
        try await Self.withServer({ $0.limits.requestTimeoutSeconds = 0.05 }, table: SlowTable()) { _, port in
            let client = try RawHTTPClient(port: port, timeout: 120)
            let late = try client.get(Self.tableTarget)
            #expect(late.status == 503 && late.body.hasPrefix("{\"code\":\"Timeout\""), "\(late.status) \(late.body)")
            #expect(late.headers["connection"] == nil)
            #expect(try client.get("/health").status == 200)
            let metrics = try client.get("/metrics")
            #expect(metrics.body.contains("waymark_requests_total{service=\"table\",code=\"Timeout\"} 1"), "\(metrics.body)")
        }
    }

    @Test func aBodyOverTheLimitIsRefusedAtOnceAndTheConnectionCloses() async throws {
        try await Self.withServer { _, port in
            let client = try RawHTTPClient(port: port, timeout: 120)
            // The head promises a megabyte and no byte of it follows: the answer cannot wait for the body.
            #expect(client.send("GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n"))
            let refused = try client.readResponse()
            #expect(refused.status == 413 && refused.body.hasPrefix("{\"code\":\"TooBig\""), "\(refused.status) \(refused.body)")
            #expect(refused.headers["connection"] == "close")
            let rest = client.readToEnd()
            #expect(rest.closed && rest.data.isEmpty)
        }
    }

    @Test func responsesCarryADateAndAHeadRequestNoBody() async throws {
        try await Self.withServer { _, port in
            let client = try RawHTTPClient(port: port, timeout: 120)
            let health = try client.get("/health")
            #expect(health.headers["date"]?.hasSuffix(" GMT") == true, "\(health.headers)")
            #expect(client.send("HEAD /health HTTP/1.1\r\nHost: x\r\n\r\n"))
            let head = try client.readResponse(method: "HEAD")
            #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] == String(health.body.utf8.count))
            #expect(try client.get("/health").status == 200)   // the connection is in step after the HEAD
        }
    }

    @Test func theDateFieldIsAnIMFFixdate() {
        #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.format(1_796_182_752) == "Wed, 02 Dec 2026 03:39:12 GMT")
    }
}
