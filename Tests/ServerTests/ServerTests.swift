import Foundation
import Geodesy
import Logging
import OSMImport
import OSRMService
import Routing
@testable import Server
import Testing
import TestSupport

/// The HTTP server in this process on an ephemeral loopback port, on a fixture town.
///
/// Reads wait up to 120 s: the server's lifecycle runs on Swift's cooperative threads, which other test
/// suites running at the same time may keep busy for a while (a quiet run answers in milliseconds).
@Suite(.serialized) struct ServerTests {
    static let map = MapFixture("""
    a-----b-----c
    ......|......
    ......d......
    """, gridSize: 30)

    static let graph = {
        // swiftlint:disable:next force_try
        try! OSMImporter.importXML(map.osmXML(ways: [
            .init("abc", ["highway": "residential", "name": "High Street"]),
            .init("bd", ["highway": "residential", "name": "Mill Lane"]),
        ]), sourceName: "server-fixture").graph
    }()

    static func lonLat(_ letter: Character) -> String {
        let c = map.coordinate(letter)
        return "\(c.longitude),\(c.latitude)"
    }

    static let routeTarget = "/route/v1/driving/\(lonLat("a"));\(lonLat("d"))?steps=true"

    /// Runs `body` against a server on a free port, then shuts it down and waits for it to stop.
    static func withServer(_ configure: (inout HTTPService.Configuration) -> Void = { _ in }, table: any TravelTable = RouterTable(),
                           _ body: @Sendable (HTTPService, Int) async throws -> Void) async throws {
        var configuration = HTTPService.Configuration()
        configuration.port = 0
        configuration.threads = 2
        configuration.handlesSignals = false
        configure(&configuration)
        let limits = configuration.limits
        let server = try HTTPService(configuration: configuration, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }) {
            RoutingService(graph: graph, limits: limits, table: table)
        }
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let running = Task { try await server.run { _, port in portSink.yield(port) } }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { Issue.record("the server did not start"); return }
        do {
            try await withTaskExecutorPreference(BlockingClientExecutor.shared) { try await body(server, port) }
        } catch {
            Issue.record(error)
        }
        await server.shutdown()
        try await running.value
    }

    @Test func routeBodyIsTheServicesAndHealthAnswers() async throws {
        try await Self.withServer { _, port in
            let client = try RawHTTPClient(port: port, timeout: 120)
            let health = try client.get("/health")
            #expect(health.status == 200 && health.body.contains("\"status\":\"ok\""))
            let response = try client.get(Self.routeTarget)   // same keep-alive connection
            #expect(response.status == 200)
            #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
            let service = RoutingService(graph: Self.graph)
            #expect(response.body == service.respond(to: Self.routeTarget, workspace: service.makeWorkspace()).body)
        }
    }

    @Test func mapboxDirectionsRequestIsAnsweredAsTheRoute() async throws {
        try await Self.withServer { _, port in
            let client = try RawHTTPClient(port: port, timeout: 120)
            let coordinates = "\(Self.lonLat("a"));\(Self.lonLat("d"))"
            let options = "steps=true&voice_instructions=true&banner_instructions=true&language=en-US"
            let response = try client.get("/directions/v5/mapbox/driving/\(coordinates)?\(options)&access_token=pk.test")
            #expect(response.status == 200)
            #expect(response.body.contains("\"voiceInstructions\":[{\"distanceAlongGeometry\""))
            #expect(response.body.contains("\"bannerInstructions\":[{\"distanceAlongGeometry\""))
            let service = RoutingService(graph: Self.graph)
            let route = "/route/v1/driving/\(coordinates)?\(options)"
            #expect(response.body == service.respond(to: route, workspace: service.makeWorkspace()).body)
            let bad = try client.get("/directions/v5/mapbox/driving/\(coordinates)?\(options)&voice_units=furlongs")
            #expect(bad.status == 400 && bad.body.hasPrefix("{\"code\":\"InvalidValue\""))
            let metrics = try client.get("/metrics")
            #expect(metrics.body.contains("waymark_requests_total{service=\"directions\",code=\"Ok\"} 1"), "\(metrics.body)")
        }
    }

    @Test func errorsHaveOSRMBodiesAndStatuses() async throws {
        try await Self.withServer { _, port in
            let client = try RawHTTPClient(port: port, timeout: 120)
            let bad = try client.get("/route/v1/driving/\(Self.lonLat("a"));\(Self.lonLat("d"))?steps=perhaps")
            #expect(bad.status == 400 && bad.body.hasPrefix("{\"code\":\"InvalidQuery\""))
            let service = try client.get("/isochrone/v1/driving/1,2")
            #expect(service.status == 400 && service.body.hasPrefix("{\"code\":\"InvalidService\""))
            let post = try client.get("/route/v1/driving/1,2;3,4", method: "POST", body: "{}")
            #expect(post.status == 405)
            let far = try client.get("/route/v1/driving/0,0;1,1")
            #expect(far.status == 400 && far.body.hasPrefix("{\"code\":\"NoSegment\""))
        }
    }

    @Test func metricsCountRequestsByServiceAndCode() async throws {
        try await Self.withServer { _, port in
            let client = try RawHTTPClient(port: port, timeout: 120)
            _ = try client.get(Self.routeTarget)
            _ = try client.get(Self.routeTarget)
            _ = try client.get("/route/v1/driving/x")
            let metrics = try client.get("/metrics")
            #expect(metrics.status == 200)
            #expect(metrics.body.contains("waymark_requests_total{service=\"route\",code=\"Ok\"} 2"), "\(metrics.body)")
            #expect(metrics.body.contains("waymark_requests_total{service=\"route\",code=\"InvalidQuery\"} 1"))
            #expect(metrics.body.contains("waymark_request_errors_total{service=\"route\"} 1"))
            #expect(metrics.body.contains("waymark_request_duration_seconds_count{service=\"route\"} 3"))
        }
    }

    @Test func slowClientIsCutOffWhileOthersAreServed() async throws {
        try await Self.withServer({ $0.requestHeadTimeoutSeconds = 0.5 }) { _, port in
            let slow = try RawHTTPClient(port: port, timeout: 5)
            #expect(slow.send("GET /health HTTP/1.1\r\nHost: 127"))   // and never the rest
            let other = try RawHTTPClient(port: port, timeout: 120)
            #expect(try other.get("/health").status == 200)
            let started = Date()
            let (data, closed) = slow.readToEnd()
            #expect(closed && data.isEmpty, "the slow connection got \(data.count) bytes")
            #expect(Date().timeIntervalSince(started) < 4)
            #expect(try RawHTTPClient(port: port, timeout: 120).get("/health").status == 200)
        }
    }

    @Test func longURLIsTooBigAndHugeOneClosesTheConnection() async throws {
        try await Self.withServer { _, port in
            let long = "/route/v1/driving/" + Array(repeating: Self.lonLat("a"), count: 400).joined(separator: ";")
            let response = try RawHTTPClient(port: port, timeout: 120).get(long)
            #expect(response.status == 400 && response.body.hasPrefix("{\"code\":\"TooBig\""))
            let huge = RawHTTPClient.self
            let client = try huge.init(port: port, timeout: 5)
            client.send("GET /route/v1/driving/" + String(repeating: "1", count: 200_000) + " HTTP/1.1\r\nHost: x\r\n\r\n")
            let (data, closed) = client.readToEnd()
            let text = String(decoding: data, as: UTF8.self)
            #expect(closed, "the connection stayed open")
            #expect(data.isEmpty || text.hasPrefix("HTTP/1.1 4"), "\(text.prefix(200))")
            #expect(try RawHTTPClient(port: port, timeout: 120).get("/health").status == 200)
        }
    }

    @Test func reloadSwapsTheDatabase() async throws {
        try await Self.withServer { server, port in
            let client = try RawHTTPClient(port: port, timeout: 120)
            #expect(try client.get("/health").body.contains("\"generation\":1"))
            #expect(try server.reload() == 2)
            #expect(try client.get("/health").body.contains("\"generation\":2"))
            #expect(try client.get(Self.routeTarget).status == 200)
        }
    }

    /// A table that takes its time, so a request is surely in flight when shutdown starts.
    struct SlowTable: TravelTable {
        func cells(from sources: [SnappedLocation], to destinations: [SnappedLocation], router: Router,
                   workspace: RoutingWorkspace) -> [[TableCell?]] {
            Thread.sleep(forTimeInterval: 0.5)
            return RouterTable().cells(from: sources, to: destinations, router: router, workspace: workspace)
        }
    }

    @Test func shutdownLetsARequestInFlightFinish() async throws {
        try await Self.withServer(table: SlowTable()) { server, port in
            let client = try RawHTTPClient(port: port, timeout: 10)
            client.send("GET /table/v1/driving/\(Self.lonLat("a"));\(Self.lonLat("d")) HTTP/1.1\r\nHost: x\r\n\r\n")
            try await Task.sleep(for: .milliseconds(100))
            let started = Date()
            await server.shutdown()
            let response = try client.readResponse()
            #expect(response.status == 200 && response.body.hasPrefix("{\"code\":\"Ok\",\"durations\""))
            #expect(Date().timeIntervalSince(started) > 0.2, "the answer came before the table's delay ran out")
        }
    }
}

@Suite struct WorkerPoolTests {
    static let service = RoutingService(graph: ServerTests.graph)

    /// A job that blocks until released, so the tests depend on no timing.
    final class Gate: @unchecked Sendable {
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
    }

    @Test func slowJobAnswersTimeout() async {
        let pool = WorkerPool(threads: 1, queueLimit: 10)
        defer { pool.shutdown() }
        let gate = Gate()
        let response = await pool.run(service: Self.service, timeout: 0.05) { _, _ in
            // Released only after the answer arrived: "late" would mean the timeout never fired.
            _ = gate.release.wait(timeout: .now() + 30)
            return ServiceResponse(body: "late")
        }
        gate.release.signal()
        #expect(response.status == 503 && response.body.hasPrefix("{\"code\":\"Timeout\""), "\(response.body)")
    }

    @Test func fullQueueAnswersOverloaded() async {
        let pool = WorkerPool(threads: 1, queueLimit: 1)
        defer { pool.shutdown() }
        let gate = Gate()
        let blocked: @Sendable (RoutingService, RoutingWorkspace) -> ServiceResponse = { _, _ in
            gate.started.signal()
            _ = gate.release.wait(timeout: .now() + 30)
            return ServiceResponse(body: "done")
        }
        async let first = pool.run(service: Self.service, timeout: 60, blocked)      // runs, holding the one thread
        await Task.detached { _ = gate.started.wait(timeout: .now() + 30) }.value
        async let second = pool.run(service: Self.service, timeout: 60, blocked)     // waits in the queue
        while pool.queuedCount < 1 { await Task.yield() }
        let third = await pool.run(service: Self.service, timeout: 60) { _, _ in ServiceResponse(body: "ran") }
        gate.release.signal()
        gate.release.signal()
        #expect(third.status == 503 && third.body.hasPrefix("{\"code\":\"Overloaded\""), "\(third.body)")
        #expect(await first.body == "done")
        #expect(await second.body == "done")
    }

    /// One thread: every job, sequential or concurrent, gets that thread's one workspace.
    @Test func eachThreadReusesItsWorkspace() async {
        let pool = WorkerPool(threads: 1, queueLimit: 10)
        defer { pool.shutdown() }
        let bodies = await withTaskGroup(of: String.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    await pool.run(service: Self.service, timeout: 5) { _, workspace in
                        ServiceResponse(body: "\(ObjectIdentifier(workspace).hashValue)")
                    }.body
                }
            }
            return await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(bodies.count == 1)
    }
}
