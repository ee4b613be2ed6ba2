import Foundation
import Geodesy
import Testing
import TestSupport

/// `waymark serve` as a user runs it: a process on an ephemeral loopback port, answering what
/// `waymark route --format osrm` prints, reloading on SIGHUP and stopping cleanly on SIGTERM.
@Suite(.serialized) struct ServeCommandTests {
    static let map = MapFixture("""
    a-----b-----c-----d
    ......|...........|
    ......e-----f-----g
    """, gridSize: 40)

    static let xml = map.osmXML(ways: [
        .init("abcd", ["highway": "secondary", "name": "Harbour Road", "ref": "B 12", "maxspeed": "50"]),
        .init("be", ["highway": "residential", "name": "Church Lane"]),
        .init("efg", ["highway": "residential", "name": "Field Way", "toll": "yes"]),
        .init("dg", ["highway": "residential", "name": "Quay Street", "oneway": "yes"]),
    ])

    /// A running `waymark serve`.
    final class Server {
        let process = Process()
        let port: Int
        let errors: URL

        init(arguments: [String], directory: URL) throws {
            process.executableURL = CLI.binary
            process.arguments = ["serve", "--port", "0"] + arguments
            process.currentDirectoryURL = directory
            let output = Pipe()
            let errors = directory.appendingPathComponent("serve-\(UUID().uuidString).log")
            self.errors = errors
            FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.standardOutput = output
            process.standardError = try FileHandle(forWritingTo: errors)
            process.standardInput = FileHandle.nullDevice
            try process.run()
            // The first line is "listening on http://127.0.0.1:PORT"; give up after 60 s.
            let line = DispatchSemaphore(value: 0)
            let text = LockedText()
            DispatchQueue.global().async {
                var data = Data()
                while !data.contains(UInt8(ascii: "\n")) {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    data.append(chunk)
                }
                text.value = String(decoding: data, as: UTF8.self)
                line.signal()
            }
            guard line.wait(timeout: .now() + 60) == .success,
                  let port = text.value.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
                process.terminate()
                throw CLI.LaunchError(description: "waymark serve did not report its port: '\(text.value)' \((try? String(contentsOf: errors, encoding: .utf8)) ?? "")")
            }
            self.port = port
        }

        var log: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }

        func get(_ target: String) throws -> RawHTTPClient.Response { try RawHTTPClient(port: port, timeout: 120).get(target) }

        /// Sends a signal and waits (up to 30 s) for the exit status.
        func stop(_ signal: Int32 = SIGTERM) -> Int32? {
            kill(process.processIdentifier, signal)
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning { process.terminate(); return nil }
            return process.terminationStatus
        }
    }

    final class LockedText: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        var value: String {
            get { lock.withLock { text } }
            set { lock.withLock { text = newValue } }
        }
    }

    static func lonLat(_ letter: Character) -> String {
        let c = map.coordinate(letter)
        return "\(c.longitude),\(c.latitude)"
    }

    static func latLon(_ letter: Character) -> String {
        let c = map.coordinate(letter)
        return "\(c.latitude),\(c.longitude)"
    }

    static func withServer(_ body: (Server, URL) throws -> Void) throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let osm = directory.appendingPathComponent("town.osm")
        try xml.write(to: osm, atomically: true, encoding: .utf8)
        let imported = try CLI.run(["import", osm.path, "--db", directory.appendingPathComponent("town.sqlite").path, "--quiet"])
        try #require(imported.status == 0, "\(imported)")
        let server = try Server(arguments: ["--db", "town.sqlite", "--threads", "2", "--landmarks", "2"], directory: directory)
        defer { if server.process.isRunning { _ = server.stop(SIGKILL) } }
        try body(server, directory)
    }

    /// The same request through the server and the CLI gives the same body, options and errors alike (the
    /// CLI asks for steps unless `--steps false`; the server, as OSRM, only when `steps=true`).
    @Test(arguments: [
        ("", ["--steps", "false"]),
        ("?steps=true", [String]()),
        ("?steps=true&annotations=true&geometries=polyline6&overview=full", ["--steps", "true", "--annotations", "true", "--geometries", "polyline6", "--overview", "full"]),
        ("?steps=true&geometries=geojson&exclude=toll&continue_straight=false", ["--steps", "true", "--geometries", "geojson", "--exclude", "toll", "--continue-straight", "false"]),
        ("?radiuses=1;1&bearings=90,45;", ["--radiuses", "1;1", "--bearings", "90,45;"]),
        ("?steps=perhaps", ["--steps", "perhaps"]),
        ("?exclude=boats", ["--exclude", "boats"]),
        ("?radiuses=1", ["--radiuses", "1"]),
    ])
    func serverBodyEqualsRouteFormatOSRM(query: String, options: [String]) throws {
        try Self.withServer { server, directory in
            let target = "/route/v1/driving/\(Self.lonLat("a"));\(Self.lonLat("e"));\(Self.lonLat("g"))" + query
            let answer = try server.get(target)
            let cli = try CLI.run(["route", "--db", "town.sqlite", "--from", Self.latLon("a"), "--via", Self.latLon("e"), "--to", Self.latLon("g"),
                                   "--format", "osrm"] + options, in: directory)
            #expect(cli.stdout == answer.body + "\n", "server: \(answer.body.prefix(300))\ncli: \(cli)")
            #expect((answer.status == 200) == (cli.status == 0), "\(answer.status) vs \(cli.status)")
        }
    }

    @Test func everyEndpointAnswers() throws {
        try Self.withServer { server, _ in
            let health = try server.get("/health")
            #expect(health.status == 200 && health.body.contains("\"generation\":1"))
            let nearest = try server.get("/nearest/v1/driving/\(Self.lonLat("b"))?number=2")
            #expect(nearest.status == 200 && nearest.body.hasPrefix("{\"code\":\"Ok\",\"waypoints\":[{\"nodes\""))
            let table = try server.get("/table/v1/driving/\(Self.lonLat("a"));\(Self.lonLat("g"))?annotations=duration,distance")
            #expect(table.status == 200 && table.body.contains("\"durations\":[[0,") && table.body.contains("\"distances\""))
            let metrics = try server.get("/metrics")
            #expect(metrics.status == 200 && metrics.body.contains("waymark_requests_total"))
            let version = try server.get("/route/v9/driving/1,1;2,2")
            #expect(version.status == 400 && version.body.hasPrefix("{\"code\":\"InvalidVersion\""))
            // The access log is written in batches, at most 0.1 s after each answer: wait for the line.
            let logged = Date(timeIntervalSinceNow: 30)
            while !server.log.contains("GET /health 200 Ok") && Date() < logged { Thread.sleep(forTimeInterval: 0.02) }
            #expect(server.log.contains("GET /health 200 Ok"), "no access log line: \(server.log.prefix(500))")
        }
    }

    /// `--no-guidance-index` skips the index at start (its log line) and answers the same steps.
    @Test func withoutAGuidanceIndexTheServerAnswersTheSameSteps() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let osm = directory.appendingPathComponent("town.osm")
        try Self.xml.write(to: osm, atomically: true, encoding: .utf8)
        let imported = try CLI.run(["import", osm.path, "--db", directory.appendingPathComponent("town.sqlite").path, "--quiet"])
        try #require(imported.status == 0, "\(imported)")
        let common = ["--db", "town.sqlite", "--threads", "1", "--landmarks", "0", "--no-page"]
        let indexed = try Server(arguments: common, directory: directory)
        defer { if indexed.process.isRunning { _ = indexed.stop(SIGKILL) } }
        let plain = try Server(arguments: common + ["--no-guidance-index"], directory: directory)
        defer { if plain.process.isRunning { _ = plain.stop(SIGKILL) } }
        let target = "/route/v1/driving/\(Self.lonLat("a"));\(Self.lonLat("g"))?steps=true"
        let fromIndexed = try indexed.get(target), fromPlain = try plain.get(target)
        #expect(fromIndexed.status == 200 && fromIndexed.body.contains("\"steps\":[{") && fromIndexed.body == fromPlain.body,
                "\(fromIndexed.body) against \(fromPlain.body)")
        #expect(indexed.log.contains("indexed the graph for guidance in"), "\(indexed.log.prefix(500))")
        #expect(!plain.log.contains("indexed the graph for guidance"), "\(plain.log.prefix(500))")
    }

    @Test func hangupReloadsTheDatabaseAndTermStopsCleanly() throws {
        try Self.withServer { server, directory in
            let before = try server.get("/health").body
            // A smaller town replaces the database atomically; SIGHUP swaps it in.
            let small = directory.appendingPathComponent("small.osm")
            try Self.map.osmXML(ways: [.init("abcd", ["highway": "secondary", "name": "Harbour Road"])]).write(to: small, atomically: true, encoding: .utf8)
            let imported = try CLI.run(["import", small.path, "--db", directory.appendingPathComponent("town.sqlite").path, "--quiet"])
            try #require(imported.status == 0, "\(imported)")
            kill(server.process.processIdentifier, SIGHUP)
            var after = before
            for _ in 0..<100 where !after.contains("\"generation\":2") {
                usleep(50_000)
                after = try server.get("/health").body
            }
            #expect(after.contains("\"generation\":2") && after != before.replacingOccurrences(of: "\"generation\":1", with: "\"generation\":2"),
                    "\(before) -> \(after)")
            #expect(server.stop(SIGTERM) == 0, "\(server.log.suffix(500))")
            #expect(server.log.contains("stopped"))
        }
    }

    @Test func badOptionsFailBeforeLoading() throws {
        let result = try CLI.run(["serve", "--db", "missing.sqlite", "--port", "70000"])
        #expect(result.status == 1 && result.stderr.contains("--port"), "\(result)")
        let timeout = try CLI.run(["serve", "--db", "missing.sqlite", "--timeout", "0"])
        #expect(timeout.status == 1 && timeout.stderr.contains("--timeout"), "\(timeout)")
    }
}
