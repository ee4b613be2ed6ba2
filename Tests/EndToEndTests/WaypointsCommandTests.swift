import Foundation
import Geodesy
import TestSupport
import Testing

/// End-to-end tests of `waymark waypoints`: the built executable on ASCII-map fixtures and a real
/// extract, its JSON Lines parsed with JSONSerialization.
@Suite struct WaypointsCommandTests {
    static let fourWay = MapFixture("""
                a
                |
                |
        d ----- b ----- c
                |
                |
                e
        """)

    /// The fixture written as an .osm file in `directory`; Main (e-b-a) is limited to 30 km/h, Cross to 50.
    static func writeFixture(in directory: URL) throws -> String {
        let xml = fourWay.osmXML(ways: [
            .init("eba", ["highway": "residential", "name": "Main", "maxspeed": "30"]),
            .init("dbc", ["highway": "residential", "name": "Cross", "maxspeed": "50"]),
        ])
        let path = directory.appendingPathComponent("fourway.osm").path
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func coordinate(_ letter: Character) -> String {
        let c = fourWay.coordinate(letter)
        return "\(c.latitude),\(c.longitude)"
    }

    /// Every line parsed; the last must be the summary.
    static func parse(_ stdout: String) throws -> (records: [[String: Any]], summary: [String: Any]) {
        var objects: [[String: Any]] = []
        for line in stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
            objects.append(object)
        }
        let summary = try #require(objects.last?["summary"] as? [String: Any], "no summary line")
        return (Array(objects.dropLast()), summary)
    }

    @Test func streamIsJSONLinesWithManeuversWarningsAndSummary() throws {
        let dir = try CLI.scratchDirectory()
        defer { CLI.remove(dir) }
        let osm = try Self.writeFixture(in: dir)
        let result = try CLI.run(["waypoints", "--osm", osm, "--from", Self.coordinate("e"), "--to", Self.coordinate("c"), "--speed", "40"])
        #expect(result.status == 0, "\(result)")
        let (records, summary) = try Self.parse(result.stdout)
        #expect(records.count >= 5)
        #expect(records.map { $0["seq"] as? Int } == Array(0..<records.count))
        let kinds = records.compactMap { $0["kind"] as? String }
        #expect(kinds.first == "maneuver" && kinds.last == "destination")
        let instructions = records.compactMap { $0["instruction"] as? [String: Any] }
        #expect(instructions.compactMap { $0["type"] as? String } == ["depart", "turn", "arrive"])
        #expect(instructions[1]["text"] as? String == "Turn right onto Cross")
        #expect(instructions[1]["direction"] as? String == "right")
        // 40 km/h: far over Main's 30 (133 %), normal on Cross's 50.
        for r in records {
            let limit = try #require(r["speed_limit"] as? [String: Any])
            let warning = r["warning"] as? String, colour = r["color"] as? String
            switch limit["value"] as? Int {
            case 30: #expect(warning == "far_over" && colour == "red")
            case 50: #expect(warning == "normal" && colour == "blue")
            default: Issue.record("unexpected limit \(limit)")
            }
            #expect(r["speed"] as? Double == 40)
        }
        // Distances grow and the next instruction is always ahead.
        let distances = records.compactMap { $0["distance"] as? Double }
        #expect(distances == distances.sorted())
        #expect(summary["waypoints"] as? Int == records.count)
        #expect(summary["maneuvers"] as? Int == 3)
        let warnings = try #require(summary["warnings"] as? [String: Int])
        #expect(warnings.values.reduce(0, +) == records.count)
        let directions = try #require(summary["directions"] as? [String: Int])
        #expect(directions["right"] == 1)
        #expect(abs((summary["distance"] as? Double ?? 0) - 110) < 1)
    }

    /// The four-way fixture with Cross untagged: its limit is estimated (a legal default, the neighbours'
    /// limit or the class default, as the import decides).
    static func writeEstimatedFixture(in directory: URL) throws -> String {
        let xml = fourWay.osmXML(ways: [
            .init("eba", ["highway": "residential", "name": "Main", "maxspeed": "30"]),
            .init("dbc", ["highway": "residential", "name": "Cross"]),
        ])
        let path = directory.appendingPathComponent("fourway-estimated.osm").path
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func warnOnChoosesWhichLimitsWarnAndEstimatedOnesAreFlagged() throws {
        let dir = try CLI.scratchDirectory()
        defer { CLI.remove(dir) }
        let osm = try Self.writeEstimatedFixture(in: dir)
        // 25 km/h is within every limit the fixture can have.
        let base = ["waypoints", "--osm", osm, "--from", Self.coordinate("e"), "--to", Self.coordinate("c"), "--speed", "25"]
        var outcomes: [String: [String: Set<String>]] = [:]   // policy -> posted|estimated -> "warning/color/flag"
        for policy in [nil, "both", "posted", "estimated"] {
            let result = try CLI.run(base + (policy.map { ["--warn-on", $0] } ?? []))
            #expect(result.status == 0, "\(result)")
            let (records, summary) = try Self.parse(result.stdout)
            #expect(summary["warn_on"] as? String == policy ?? "both")
            var byLimit: [String: Set<String>] = [:]
            for r in records {
                let estimated = (r["speed_limit"] as? [String: Any])?["estimated"] as? Bool
                let kind = estimated.map { $0 ? "estimated" : "posted" } ?? "?"
                let flag = (r["warning_estimated"] as? Bool).map { $0 ? "flagged" : "plain" } ?? "?"
                byLimit[kind, default: []].insert("\(r["warning"] as? String ?? "?")/\(r["color"] as? String ?? "?")/\(flag)")
            }
            outcomes[policy ?? "default"] = byLimit
        }
        #expect(outcomes["default"] == ["posted": ["normal/blue/plain"], "estimated": ["normal/blue/flagged"]])
        #expect(outcomes["both"] == outcomes["default"])
        #expect(outcomes["posted"] == ["posted": ["normal/blue/plain"], "estimated": ["unchecked/grey/plain"]])
        #expect(outcomes["estimated"] == ["posted": ["unchecked/grey/plain"], "estimated": ["normal/blue/flagged"]])
    }

    @Test func summaryFlagWritesOnlyTheSummary() throws {
        let dir = try CLI.scratchDirectory()
        defer { CLI.remove(dir) }
        let osm = try Self.writeFixture(in: dir)
        let result = try CLI.run(["waypoints", "--osm", osm, "--from", Self.coordinate("e"), "--to", Self.coordinate("d"), "--summary"])
        #expect(result.status == 0, "\(result)")
        let (records, summary) = try Self.parse(result.stdout)
        #expect(records.isEmpty)
        #expect((summary["waypoints"] as? Int ?? 0) > 0)
        #expect((summary["warnings"] as? [String: Int])?["unknown"] == summary["waypoints"] as? Int)
    }

    @Test func croatianTextAndFixedSpacing() throws {
        let dir = try CLI.scratchDirectory()
        defer { CLI.remove(dir) }
        let osm = try Self.writeFixture(in: dir)
        let result = try CLI.run(["waypoints", "--osm", osm, "--from", Self.coordinate("e"), "--to", Self.coordinate("d"),
                                  "--language", "hr", "--spacing", "7"])
        #expect(result.status == 0, "\(result)")
        let (records, _) = try Self.parse(result.stdout)
        let texts = records.compactMap { ($0["instruction"] as? [String: Any])?["text"] as? String }
        #expect(texts.contains("Skrenite lijevo na Cross"))
        #expect(texts.last == "Stigli ste na odredište")
        let distances = records.compactMap { $0["distance"] as? Double }
        for (a, b) in zip(distances, distances.dropFirst()) { #expect(b - a <= 7.05) }
    }

    @Test func gpxTraceIsReplayedWithVehicleState() throws {
        let dir = try CLI.scratchDirectory()
        defer { CLI.remove(dir) }
        let osm = try Self.writeFixture(in: dir)
        // e -> b -> c at 5 m per second (18 km/h), 2 m right of the road.
        let e = Self.fourWay.coordinate("e"), b = Self.fourWay.coordinate("b"), c = Self.fourWay.coordinate("c")
        var points: [Coordinate] = []
        for (from, to) in [(e, b), (b, c)] {
            let length = GreatCircle.distance(from: from, to: to)
            var d: Meters = 0
            while d < length { points.append(GreatCircle.intermediate(from: from, to: to, fraction: d / length)); d += 5 }
        }
        points.append(c)
        var gpx = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"t\"><trk><trkseg>\n"
        for (i, p) in points.enumerated() {
            gpx += "<trkpt lat=\"\(p.latitude)\" lon=\"\(p.longitude)\"><time>2024-05-01T10:00:\(i < 10 ? "0" : "")\(i)Z</time></trkpt>\n"
        }
        gpx += "</trkseg></trk></gpx>\n"
        let trace = dir.appendingPathComponent("drive.gpx").path
        try gpx.write(toFile: trace, atomically: true, encoding: .utf8)
        let result = try CLI.run(["waypoints", "--osm", osm, "--from", Self.coordinate("e"), "--to", Self.coordinate("c"), "--trace", trace])
        #expect(result.status == 0, "\(result)")
        let (records, summary) = try Self.parse(result.stdout)
        #expect(!records.isEmpty)
        for r in records {
            let vehicle = try #require(r["vehicle"] as? [String: Any])
            #expect(vehicle["time"] is Double)
            #expect(abs((r["speed"] as? Double ?? 0) - 18) < 3)
        }
        let trace_ = try #require(summary["trace"] as? [String: Any])
        #expect(trace_["points"] as? Int == points.count)
        #expect(trace_["discarded"] as? Int == 0)

        // Paced through a pipe: the first line arrives while the drive is still being replayed
        // (23 trace seconds at 10x take over two seconds), so a consumer can follow it live.
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["waypoints", "--osm", osm, "--from", Self.coordinate("e"), "--to", Self.coordinate("c"),
                             "--trace", trace, "--pace", "10"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        var firstLine = Data()
        while !firstLine.contains(UInt8(ascii: "\n")) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            firstLine.append(chunk)
        }
        let runningAfterFirstLine = process.isRunning
        let rest = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(runningAfterFirstLine)
        let paced = try Self.parse(String(decoding: firstLine + rest, as: UTF8.self))
        #expect(paced.records.count == records.count)
    }

    @Test func csvTraceWithSpeedColumn() throws {
        let dir = try CLI.scratchDirectory()
        defer { CLI.remove(dir) }
        let osm = try Self.writeFixture(in: dir)
        let e = Self.fourWay.coordinate("e"), a = Self.fourWay.coordinate("a")
        var csv = "lat,lon,speed\n"
        for k in 0...12 {
            let p = GreatCircle.intermediate(from: e, to: a, fraction: Double(k) / 12)
            csv += "\(p.latitude),\(p.longitude),33\n"
        }
        let trace = dir.appendingPathComponent("drive.csv").path
        try csv.write(toFile: trace, atomically: true, encoding: .utf8)
        let result = try CLI.run(["waypoints", "--osm", osm, "--from", Self.coordinate("e"), "--to", Self.coordinate("a"), "--trace", trace])
        #expect(result.status == 0, "\(result)")
        let (records, _) = try Self.parse(result.stdout)
        #expect(!records.isEmpty)
        // 33 km/h on a 30 km/h road is exactly 110 %: over, orange.
        #expect(records.allSatisfy { $0["warning"] as? String == "over" && $0["color"] as? String == "orange" })
    }

    @Test(arguments: [
        (["--speed", "fast"], "--speed 'fast' is invalid"),
        (["--speed=-5"], "--speed '-5' is invalid"),
        (["--spacing", "0"], "--spacing '0' is invalid"),
        (["--spacing", "wide"], "--spacing 'wide' is invalid"),
        (["--language", "de"], "--language 'de' is not supported"),
        (["--warn-on", "signs"], "--warn-on 'signs' is invalid (expected posted, estimated or both)"),
        (["--warn-on", ""], "--warn-on '' is invalid (expected posted, estimated or both)"),
        (["--trace", "/nonexistent/drive.gpx"], "--trace /nonexistent/drive.gpx: no such file"),
        (["--pace", "2"], "--pace needs --trace"),
    ])
    func badOptionsFailWithOneClearLine(extra: [String], message: String) throws {
        let dir = try CLI.scratchDirectory()
        defer { CLI.remove(dir) }
        let osm = try Self.writeFixture(in: dir)
        let result = try CLI.run(["waypoints", "--osm", osm, "--from", Self.coordinate("e"), "--to", Self.coordinate("c")] + extra)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
    }

    @Test func badTraceLineIsNamed() throws {
        let dir = try CLI.scratchDirectory()
        defer { CLI.remove(dir) }
        let osm = try Self.writeFixture(in: dir)
        let trace = dir.appendingPathComponent("bad.csv").path
        try "lat,lon\n45.8,15.97\n45.8,x\n".write(toFile: trace, atomically: true, encoding: .utf8)
        let result = try CLI.run(["waypoints", "--osm", osm, "--from", Self.coordinate("e"), "--to", Self.coordinate("c"), "--trace", trace])
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.csv:3: longitude 'x' is not a number"), "\(result)")
    }

    @Test func traceFarFromAnyRoadIsRejected() throws {
        let dir = try CLI.scratchDirectory()
        defer { CLI.remove(dir) }
        let osm = try Self.writeFixture(in: dir)
        let trace = dir.appendingPathComponent("elsewhere.csv").path
        try "45.9,16.1\n45.9001,16.1\n".write(toFile: trace, atomically: true, encoding: .utf8)
        let result = try CLI.run(["waypoints", "--osm", osm, "--from", Self.coordinate("e"), "--to", Self.coordinate("c"), "--trace", trace])
        #expect(result.status == 1)
        #expect(result.stderr.contains("elsewhere.csv: none of its 2 points lies within 15 m of a road"), "\(result)")
    }

    @Test func pointFarFromAnyRoadExitsWithNoRoadNearby() throws {
        let dir = try CLI.scratchDirectory()
        defer { CLI.remove(dir) }
        let osm = try Self.writeFixture(in: dir)
        let result = try CLI.run(["waypoints", "--osm", osm, "--from", "46.5,15.97", "--to", Self.coordinate("c")])
        #expect(result.status == 4, "\(result)")
        #expect(result.stderr.hasPrefix("waymark: error: no drivable road within"))
    }

    @Test func swappedCoordinateIsRejected() throws {
        let dir = try CLI.scratchDirectory()
        defer { CLI.remove(dir) }
        let osm = try Self.writeFixture(in: dir)
        let result = try CLI.run(["waypoints", "--osm", osm, "--from", "145.8,15.97", "--to", Self.coordinate("c")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("--from"), "\(result)")
        #expect(result.stderr.contains("swapped"), "\(result)")
    }

    @Test(.enabled(if: SharedExtracts.available("monaco.osm.bz2"))) func randomMonacoRoutesFromADatabaseStreamValidJSONLines() throws {
        let monaco = try SharedExtracts.require("monaco.osm.bz2")
        let dir = try CLI.scratchDirectory()
        defer { CLI.remove(dir) }
        let db = dir.appendingPathComponent("monaco.sqlite").path
        let imported = try CLI.run(["import", monaco, "--db", db, "--quiet"])
        try #require(imported.status == 0, "\(imported)")
        // Seeded points over Monaco's centre; pairs off the road network are allowed to fail cleanly.
        var state: UInt64 = 2024
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var routed = 0
        for _ in 0..<12 {
            let from = "\(43.725 + 0.02 * next()),\(7.41 + 0.025 * next())"
            let to = "\(43.725 + 0.02 * next()),\(7.41 + 0.025 * next())"
            let result = try CLI.run(["waypoints", "--db", db, "--from", from, "--to", to, "--speed", "45"])
            if result.status == 3 || result.status == 4 { continue }
            #expect(result.status == 0, "\(result)")
            let (records, summary) = try Self.parse(result.stdout)
            routed += 1
            #expect(summary["waypoints"] as? Int == records.count)
            #expect(summary["maneuvers"] as? Int == records.filter { $0["instruction"] != nil }.count)
            let distances = records.compactMap { $0["distance"] as? Double }
            #expect(distances.count == records.count)
            // No band spaces points more than 200 m apart (distances are printed to 0.1 m), and no position repeats.
            for (a, b) in zip(distances, distances.dropFirst()) { #expect(b > a && b - a <= 200.1) }
            #expect(records.first?["kind"] as? String == "maneuver")
            #expect(records.last?["kind"] as? String == "destination")
            for r in records {
                #expect(["blue", "orange", "red", "grey"].contains(r["color"] as? String ?? ""))
                #expect(r["speed_limit"] is [String: Any])
            }
        }
        #expect(routed >= 6, "only \(routed) of 12 random Monaco pairs routed")
    }

    @Test(.enabled(if: SharedExtracts.available("monaco.osm.bz2"))) func monacoStreamsParseAndAgreeWithTheirSummary() throws {
        let monaco = try SharedExtracts.require("monaco.osm.bz2")
        let result = try CLI.run(["waypoints", "--osm", monaco, "--from", "43.7384,7.4246", "--to", "43.7311,7.4197",
                                  "--via", "43.7325,7.4189", "--speed", "50", "--language", "hr"])
        #expect(result.status == 0, "\(result)")
        let (records, summary) = try Self.parse(result.stdout)
        #expect(records.count > 50)
        #expect(summary["waypoints"] as? Int == records.count)
        let maneuvers = records.filter { $0["instruction"] != nil }
        #expect(summary["maneuvers"] as? Int == maneuvers.count)
        #expect(maneuvers.contains { ($0["instruction"] as? [String: Any])?["text"] as? String == "Stigli ste na međuodredište 1" })
        let directions = try #require(summary["directions"] as? [String: Int])
        #expect(directions.values.reduce(0, +) == maneuvers.count)
    }
}
