import Foundation
import Logging
import OSRMService
@testable import Server
import Testing
import TestSupport
import WaymarkKit

/// Issue 39's server defects: parser-level rejects without a body, the real head limit, streamed bodies
/// cut at shutdown, and a reload of an impossible database. In `ServerTests`, which runs its tests one at a
/// time: the clients here block a thread while they read, and two suites of servers side by side could
/// take both of a 2-core machine's cooperative threads from the servers they wait for.
extension ServerTests {
    /// Sends raw bytes and reads the one response the server gives before closing.
    static func rawExchange(_ port: Int, _ request: [UInt8]) throws -> RawHTTPClient.Response {
        let client = try RawHTTPClient(port: port, timeout: 120)
        _ = request.withUnsafeBytes { send(client.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return try client.readResponse()
    }

    @Test func parserRejectsHaveOSRMBodies() async throws {
        try await Self.withServer { _, port in
            let method = try Self.rawExchange(port, Array("BREW /route/v1/driving/1,2;3,4 HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            #expect(method.status == 400 && method.body.hasPrefix("{\"code\":\"InvalidUrl\""), "\(method.status) \(method.body)")
            let line = try Self.rawExchange(port, Array("GET\r\n\r\n".utf8))
            #expect(line.status == 400 && line.body.hasPrefix("{\"code\":\"InvalidUrl\""), "\(line.status) \(line.body)")
            let rawBytes = try Self.rawExchange(port, Array("GET /route/v1/".utf8) + [0xff, 0xfe, 0x7f] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            #expect(rawBytes.status == 400 && rawBytes.body.hasPrefix("{\"code\":\""), "\(rawBytes.status) \(rawBytes.body)")
            #expect(rawBytes.headers["content-type"]?.hasPrefix("application/json") == true)
            let huge = try Self.rawExchange(port, Array(("GET /health HTTP/1.1\r\nHost: x\r\nX-Filler: " + String(repeating: "a", count: 40_000) + "\r\n\r\n").utf8))
            #expect(huge.status == 431 && huge.body.hasPrefix("{\"code\":\"TooBig\""), "\(huge.status) \(huge.body)")
            #expect(huge.body.contains("\(HTTPService.requestHeadLimit) bytes"))
            // The head limit is the documented 32 KiB: a 20 KiB URL is read and answered by the service.
            let long = try RawHTTPClient(port: port, timeout: 120).get("/route/v1/driving/" + String(repeating: "1", count: 20_000))
            #expect(long.status == 400 && long.body.hasPrefix("{\"code\":\"TooBig\""), "\(long.status) \(long.body)")
            #expect(try RawHTTPClient(port: port, timeout: 120).get("/health").status == 200)
        }
    }

    @Test func aParseErrorBehindPipelinedRequestsGetsAnOSRMBody() async throws {
        try await Self.withServer { _, port in
            let client = try RawHTTPClient(port: port, timeout: 120)
            // Two good requests and a malformed one in one write: both answered in order, then the refusal.
            let pipelined = "GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\n\r\n"
            #expect(client.send(pipelined + "BREW /route/v1/driving/1,2;3,4 HTTP/1.1\r\nHost: x\r\n\r\n"))
            for _ in 0..<2 {
                let good = try client.readResponse()
                #expect(good.status == 200 && good.body.contains("\"status\":\"ok\""), "\(good.status) \(good.body)")
            }
            let refused = try client.readResponse()
            #expect(refused.status == 400 && refused.body.hasPrefix("{\"code\":\"InvalidUrl\""), "\(refused.status) \(refused.body)")
            #expect(refused.headers["content-type"]?.hasPrefix("application/json") == true)
            #expect(refused.headers["connection"] == "close")
            let rest = client.readToEnd()
            #expect(rest.closed && rest.data.isEmpty)   // nothing after the refusal: the connection closed
            // Raw bytes behind a good request, and a good request behind a reject (never answered).
            let behind = try RawHTTPClient(port: port, timeout: 120)
            _ = (Array("GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /route/v1/".utf8) + [0xff, 0x80] + Array(" HTTP/1.1\r\n\r\n".utf8))
                .withUnsafeBytes { send(behind.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            #expect(try behind.readResponse().status == 200)
            let bytes = try behind.readResponse()
            #expect(bytes.status == 400 && bytes.body.hasPrefix("{\"code\":\"InvalidUrl\""), "\(bytes.status) \(bytes.body)")
            let first = try Self.rawExchange(port, Array("GET\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            #expect(first.status == 400 && first.body.hasPrefix("{\"code\":\"InvalidUrl\""), "\(first.status) \(first.body)")
        }
    }

    /// A `/waypoints` stream of many megabytes: 60 legs across the map, a waypoint every metre.
    static var longStreamTarget: String {
        let coordinates = (0..<60).map { lonLat($0 % 2 == 0 ? "a" : "d") }.joined(separator: ";")
        return "/waypoints/v1/driving/\(coordinates)?spacing=1"
    }

    /// Limits that let `longStreamTarget` through (its points, URL and body are far above the defaults).
    static var longStreamLimits: ServiceLimits {
        var limits = ServiceLimits()
        limits.waypointsPerRequest = 10_000_000
        limits.urlBytes = 32_000
        limits.responseBytes = 1 << 30
        return limits
    }

    /// A graceful stop lets a long streamed body in flight finish: the client has read only the first bytes
    /// of a ~30 MB `/waypoints` stream when the server is told to stop, then reads the rest at its pace
    /// (on its own thread, not one of Swift's few cooperative threads the server needs), and gets every
    /// byte and the final chunk; the server stops after that.
    @Test func shutdownFinishesAStreamedBodyInFlight() async throws {
        let target = Self.longStreamTarget
        var limits = Self.longStreamLimits
        limits.requestTimeoutSeconds = 600
        let service = RoutingService(graph: Self.graph, limits: limits)
        // Computed on a Dispatch thread: the server's handlers need Swift's few cooperative threads.
        let expected = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: service.respond(to: target, workspace: service.makeWorkspace())) }
        }
        #expect(expected.status == 200 && expected.parts.count > 100)
        let expectedBytes = expected.parts.reduce(0) { $0 + $1.utf8.count }
        try await Self.withServer({ $0.limits = limits; $0.drainSeconds = 120 }) { server, port in
            let client = try RawHTTPClient(port: port, timeout: 120)
            let reader = StreamReader(fd: client.fd)
            #expect(client.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n"))
            await reader.firstBytes()                      // the head is answered: the body is streaming
            await server.shutdown()
            let received = await reader.rest()             // to the connection's close
            let (status, body, complete) = StreamReader.dechunk(received)
            #expect(status == 200)
            #expect(complete, "no final chunk after \(body) of \(expectedBytes) body bytes")
            #expect(body == expectedBytes, "\(body) of \(expectedBytes) bytes")
            #expect(received.count > 4 * StreamReader.firstRead, "the body was in flight at the stop")
        }
    }

    /// The slow-client guard (`RequestHeadTimeout`) counts from when a response has left, not from when
    /// its end was queued: a body read for longer than the head timeout and the drain limit is not cut.
    @Test func aSlowlyReadBodyOutlastsTheHeadTimeout() async throws {
        let target = Self.longStreamTarget
        let limits = Self.longStreamLimits
        try await Self.withServer({ $0.limits = limits; $0.requestHeadTimeoutSeconds = 0.5; $0.drainSeconds = 0.5 }) { _, port in
            let client = try RawHTTPClient(port: port, timeout: 120)
            let reader = StreamReader(fd: client.fd, pause: 20_000)   // at most 64 KB every 20 ms: seconds for the body
            #expect(client.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n"))
            await reader.firstBytes()
            let received = await reader.rest()
            let (status, body, complete) = StreamReader.dechunk(received)
            #expect(status == 200 && complete, "\(body) body bytes, no final chunk")
            // Over 50 paced reads (a second, twice both limits): else this test would show nothing.
            #expect(received.count > 50 * StreamReader.firstRead)
        }
    }

    @Test func reloadRefusesAHugeArrayCountAndKeepsServing() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-reload-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("town.sqlite").path
        let town = TestFiles.sampleTownPath
        _ = try RoadNetworkImport(extract: town, database: database, contractHierarchies: false).run()
        var configuration = HTTPService.Configuration()
        configuration.port = 0
        configuration.handlesSignals = false
        let server = try HTTPService(configuration: configuration, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }) {
            let loaded = try RoadNetworkSource.database(path: database).load()
            return RoutingService(graph: loaded.graph)
        }
        let (ports, sink) = AsyncStream.makeStream(of: Int.self)
        let running = Task { try await server.run { _, port in sink.yield(port) } }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        try SQLiteScript.execute("UPDATE arrays SET element_count = 4294967295 WHERE name = 'edge.head'", on: database)
        #expect(throws: (any Error).self) { try server.reload() }
        let client = try RawHTTPClient(port: port, timeout: 120)
        let health = try client.get("/health")
        #expect(health.status == 200 && health.body.contains("\"generation\":1"), "\(health.body)")
        let metrics = try client.get("/metrics")
        #expect(metrics.body.contains("waymark_reloads_total{result=\"failed\"} 1"), "\(metrics.body)")
        await server.shutdown()
        try await running.value
    }
}
