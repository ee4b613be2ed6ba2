import Foundation
import Testing
import TestSupport

/// `waymark import --driving-side`, what `info` says about the driving side and via-way restrictions,
/// and the OSRM output's `driving_side` and ferry `mode`, on small drawn maps.
@Suite struct RoutingDataEndToEndTests {
    // A road to the quay q, a car ferry q-p, a road on from p; a side street from b via c.
    static let map = MapFixture("""
        a---b---q----------p---d
            |
            c---e
            |
            f
        """, gridSize: 50)
    // Way indexes: 0 abq, 1 qp (ferry), 2 pd, 3 bc, 4 ce, 5 cf.
    static let ways: [MapFixture.Way] = [
        .init("abq", ["highway": "primary", "name": "Quay Road"]),
        .init("qp", ["route": "ferry", "name": "Island Ferry", "duration": "PT20M"]),
        .init("pd", ["highway": "primary", "name": "Pier Road"]),
        .init("bc", ["highway": "residential", "name": "Side Street"]),
        .init("ce", ["highway": "residential", "name": "East Lane"]),
        .init("cf", ["highway": "residential", "name": "South Lane"]),
    ]

    /// Writes the map (with a via-way restriction and one that cannot resolve) and imports it.
    static func importMap(_ extra: [String], in directory: URL) throws -> (db: String, result: CLI.Result) {
        let osm = directory.appendingPathComponent("map.osm")
        let xml = map.osmXML(ways: ways, restrictions: [
            .init("no_left_turn", from: 0, viaWays: [3], to: 4),
            .init("no_right_turn", from: 2, viaWays: [3], to: 5),
        ])
        try xml.write(to: osm, atomically: true, encoding: .utf8)
        let db = directory.appendingPathComponent("map.sqlite").path
        return (db, try CLI.run(["import", osm.path, "--db", db] + extra))
    }

    @Test func wrongDrivingSideIsAnErrorNamingTheOption() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let (db, result) = try Self.importMap(["--driving-side", "middle"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr == "waymark: error: --driving-side 'middle': expected one of left, right\n")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func withoutRoundaboutsInfoSaysRightWasAssumed() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let (db, result) = try Self.importMap([], in: directory)
        #expect(result.status == 0, "\(result)")
        let text = try CLI.run(["info", db])
        #expect(text.stdout.contains("Driving side         right (default: no roundabouts to infer it from; give --driving-side at import)"), "\(text.stdout)")
        let json = try CLI.jsonObject(try CLI.run(["info", db, "--json"]).stdout)
        #expect(json["driving_side"] as? String == "right")
        #expect(json["driving_side_source"] as? String == "default")
    }

    @Test func givenDrivingSideIsStoredAndWrittenIntoOSRMSteps() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let (db, result) = try Self.importMap(["--driving-side", "left"], in: directory)
        #expect(result.status == 0, "\(result)")
        let json = try CLI.jsonObject(try CLI.run(["info", db, "--json"]).stdout)
        #expect(json["driving_side"] as? String == "left")
        #expect(json["driving_side_source"] as? String == "option")

        let from = Self.map.coordinate("a"), to = Self.map.coordinate("d")
        let route = try CLI.run(["route", "--db", db, "--from", "\(from.latitude),\(from.longitude)",
                                 "--to", "\(to.latitude),\(to.longitude)", "--format", "osrm", "--steps", "true"])
        #expect(route.status == 0, "\(route)")
        let body = try CLI.jsonObject(route.stdout)
        let legs = try #require((body["routes"] as? [[String: Any]])?.first?["legs"] as? [[String: Any]])
        let steps = try #require(legs.first?["steps"] as? [[String: Any]])
        #expect(steps.allSatisfy { $0["driving_side"] as? String == "left" })
        // Boarding and leaving the ferry are notifications; the crossing is in ferry mode.
        let kinds = steps.map { (($0["maneuver"] as? [String: Any])?["type"] as? String ?? "?", $0["mode"] as? String ?? "?") }
        #expect(kinds.map(\.0) == ["depart", "notification", "notification", "arrive"], "\(kinds)")
        #expect(kinds.map(\.1) == ["driving", "ferry", "driving", "driving"], "\(kinds)")
        // The crossing takes its tagged 20 minutes.
        let ferryDuration = try #require(steps[1]["duration"] as? Double)
        #expect(abs(ferryDuration - 1200) < 1)
    }

    @Test func infoReportsRestrictionsKeptWithViaWaysAndWhyOthersWereDropped() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let (db, result) = try Self.importMap([], in: directory)
        #expect(result.status == 0, "\(result)")
        let text = try CLI.run(["info", db]).stdout
        // Pier Road never meets Side Street: that relation is dropped.
        // The kept one is two edge paths: Quay Road passes through b, so it arrives there from both sides.
        #expect(text.contains("Turn restrictions    0 via a node, 2 via ways (1 of 2 relations with via ways kept; 1 dropped: 1 ways not connected in order)"), "\(text)")
        let json = try CLI.jsonObject(try CLI.run(["info", db, "--json"]).stdout)
        #expect(json["via_way_restrictions"] as? Int == 2)
        let statistics = try #require(json["import_statistics"] as? [String: Int])
        #expect(statistics["via_way_restrictions_kept"] == 1)
        #expect(statistics["via_way_restrictions_unconnected"] == 1)
        #expect(statistics["car_ferry_ways"] == 1)
    }
}
