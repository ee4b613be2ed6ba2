import Foundation
import TestSupport
import Testing

/// Every machine-readable output follows one naming convention: object keys are snake_case (OSRM's),
/// and colours are spelled `color`. Walks the whole JSON of each output the CLI writes on the sample town.
@Suite struct OutputKeyConventionTests {
    static let town = TestFiles.sampleTownPath
    static let from = "45.8075,15.9838", to = "45.8160,15.9916", via = "45.8120,15.9880"
    /// Keys other conventions fix: simplestyle's marker properties in the GeoJSON map views, and Mapbox's
    /// Directions keys of the voice and banner instructions (the protocol its clients decode).
    static let foreignKeys: Set<String> = ["marker-color", "marker-symbol", "voiceInstructions", "bannerInstructions",
                                           "distanceAlongGeometry", "ssmlAnnouncement", "voiceLocale"]

    /// Whether a key is lower-case words joined by single underscores (`distance_along_route`, `p95_ms`).
    static func isSnakeCase(_ key: String) -> Bool {
        let words = key.split(separator: "_", omittingEmptySubsequences: false)
        return !words.isEmpty && words.allSatisfy { word in
            !word.isEmpty && word.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        } && key.first.map { ("a"..."z").contains($0) } == true
    }

    /// The keys of every object in a parsed JSON value, with their paths, that break the convention.
    static func badKeys(in value: Any, path: String = "$") -> [String] {
        if let object = value as? [String: Any] {
            return object.flatMap { key, child -> [String] in
                let here = "\(path).\(key)"
                let ok = (isSnakeCase(key) || foreignKeys.contains(key)) && !key.contains("colour")
                return (ok ? [] : [here]) + badKeys(in: child, path: here)
            }
        }
        if let array = value as? [Any] {
            return array.enumerated().flatMap { badKeys(in: $1, path: "\(path)[\($0)]") }
        }
        return []
    }

    /// Parses a whole output, or each line of a JSON Lines output, and returns the offending keys.
    static func check(_ text: String, lines: Bool = false) throws -> [String] {
        let documents = lines ? text.split(separator: "\n").map(String.init) : [text]
        #expect(!documents.isEmpty && !documents.contains { $0.isEmpty })
        return try documents.flatMap { document in
            Self.badKeys(in: try JSONSerialization.jsonObject(with: Data(document.utf8)))
        }
    }

    @Test func conventionAcceptsSnakeCaseOnly() {
        #expect(Self.isSnakeCase("distance_along_route") && Self.isSnakeCase("p95_ms") && Self.isSnakeCase("x"))
        #expect(!Self.isSnakeCase("distanceAlongRoute") && !Self.isSnakeCase("_x") && !Self.isSnakeCase("x__y")
                && !Self.isSnakeCase("marker-color") && !Self.isSnakeCase("9lives") && !Self.isSnakeCase(""))
        #expect(Self.badKeys(in: ["a": ["speedLimit": 1], "colour": 2, "b": [["ok_key": 1]]]).sorted() == ["$.a.speedLimit", "$.colour"])
    }

    @Test(arguments: [
        ["route", "--format", "osrm"], ["route", "--format", "osrm", "--geometries", "polyline6"],
        ["route", "--format", "osrm", "--voice-instructions", "true", "--banner-instructions", "true", "--language", "hr"],
        ["route", "--format", "geojson"], ["markers", "--format", "json", "--pois", "all", "--speed", "55"],
        ["markers", "--format", "geojson", "--pois", "all"],
    ])
    func routeOutputsUseSnakeCaseKeys(_ arguments: [String]) throws {
        let result = try CLI.run(arguments + ["--osm", Self.town, "--from", Self.from, "--to", Self.to, "--via", Self.via])
        #expect(result.status == 0, "\(result)")
        #expect(try Self.check(result.stdout) == [], "\(arguments)")
    }

    @Test func osrmErrorBodyUsesSnakeCaseKeys() throws {
        let result = try CLI.run(["route", "--format", "osrm", "--osm", Self.town, "--from", "46.5,16.5", "--to", Self.to])
        #expect(result.status == 4, "\(result)")
        #expect(try Self.check(result.stdout) == [])
    }

    @Test func waypointStreamAndReplayUseSnakeCaseKeys() throws {
        let dir = try CLI.scratchDirectory()
        defer { CLI.remove(dir) }
        let plain = try CLI.run(["waypoints", "--osm", Self.town, "--from", Self.from, "--to", Self.to, "--speed", "55"])
        #expect(plain.status == 0, "\(plain)")
        #expect(try Self.check(plain.stdout, lines: true) == [])
        #expect(plain.stdout.contains("\"color\":") && plain.stdout.contains("\"colors\":"))
        // A replay adds `vehicle` to each line and `trace` to the summary: drive the route's own points.
        let points = try plain.stdout.split(separator: "\n").dropLast().compactMap { line -> String? in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let lat = object["lat"] as? Double, let lon = object["lon"] as? Double else { return nil }
            return "\(lat),\(lon)"
        }
        let trace = dir.appendingPathComponent("drive.csv").path
        try (points.enumerated().map { "\($1),\($0 * 2),40" }.joined(separator: "\n") + "\n").write(toFile: trace, atomically: true, encoding: .utf8)
        let replay = try CLI.run(["waypoints", "--osm", Self.town, "--from", Self.from, "--to", Self.to, "--trace", trace])
        #expect(replay.status == 0, "\(replay)")
        #expect(replay.stdout.contains("\"vehicle\":") && replay.stdout.contains("\"trace\":"))
        #expect(try Self.check(replay.stdout, lines: true) == [])
    }

    @Test(arguments: ["json", "geojson"])
    func placeListingsUseSnakeCaseKeys(_ format: String) throws {
        let result = try CLI.run(["pois", "--osm", Self.town, "--near", Self.from, "--radius", "5000", "--format", format])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("osm_id"))
        #expect(try Self.check(result.stdout) == [])
    }

    @Test func roadTableUsesSnakeCaseKeys() throws {
        let result = try CLI.run(["roads", "--osm", Self.town, "--format", "geojson"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("\"speed_limit_kmh\""))
        #expect(try Self.check(result.stdout) == [])
    }

    @Test func infoAndBenchUseSnakeCaseKeys() throws {
        let dir = try CLI.scratchDirectory()
        defer { CLI.remove(dir) }
        let db = dir.appendingPathComponent("town.sqlite").path
        #expect(try CLI.run(["import", Self.town, "--db", db, "--quiet"]).status == 0)
        let info = try CLI.run(["info", db, "--json", "--verify"])
        #expect(info.status == 0, "\(info)")
        #expect(try Self.check(info.stdout) == [])
        let bench = try CLI.run(["bench", db, "--queries", "5", "--json", "--check-dijkstra"])
        #expect(bench.status == 0, "\(bench)")
        #expect(try Self.check(bench.stdout, lines: true) == [])
        let table = try CLI.run(["bench", db, "--queries", "5", "--json", "--stages", "table"])
        #expect(table.status == 0, "\(table)")
        #expect(table.stdout.contains("\"stage\":\"table\""))
        #expect(try Self.check(table.stdout, lines: true) == [])
    }
}
