import Foundation
import Geodesy
import Guidance
import OSMImport
import RoadNetwork
import Routing
import Testing
import TestSupport
@testable import RouteFormats

/// The waypoint stream carries the lanes of each maneuver, so an AR app can draw lane arrows: a left
/// turn from a road with a left-turn lane and two through lanes.
///
///             n
///             |
///     a ----- j ----- e
///             |
///             s
@Suite struct ManeuverLaneOutputTests {
    static let map = MapFixture("""
                    n
                    |
                    |
        a-----------j-----------e
                    |
                    |
                    s
        """, gridSize: 10)

    static func stream(to letter: Character) throws -> [[String: Any]] {
        let xml = map.osmXML(ways: [
            .init("aje", ["highway": "primary", "name": "Main", "turn:lanes:forward": "left|through|through;right", "lanes": "4",
                          "lanes:forward": "3", "lanes:backward": "1"]),
            .init("njs", ["highway": "secondary", "name": "Cross"]),
        ])
        let graph = try OSMImporter.importXML(xml, sourceName: "lanes").graph
        let route = try Router(graph: graph).route(from: map.coordinate("a"), to: map.coordinate(letter))
        let waypoints = RouteGuidance.waypoints(for: route, in: graph, options: GuidanceOptions(spacing: .fixed(50)))
        var text: [String] = []
        var writer = WaypointStreamWriter(summary: GuidanceSummary(distance: route.distance, duration: route.duration)) { text.append($0) }
        for record in GuidanceReplay.records(for: waypoints) { writer.write(record) }
        writer.finish()
        return try text.dropLast().map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    static func turnLanes(in lines: [[String: Any]]) throws -> [[String: Any]] {
        let turn = try #require(lines.first { ($0["instruction"] as? [String: Any])?["type"] as? String == "turn" })
        return try #require((turn["instruction"] as? [String: Any])?["lanes"] as? [[String: Any]])
    }

    @Test func leftTurnMarksTheLeftLaneValid() throws {
        let lanes = try Self.turnLanes(in: try Self.stream(to: "n"))
        #expect(lanes.map { $0["indications"] as? [String] ?? [] } == [["left"], ["straight"], ["straight", "right"]])
        #expect(lanes.map { $0["valid"] as? Bool } == [true, false, false])
        #expect(lanes[0]["valid_indication"] as? String == "left")
    }

    @Test func rightTurnMarksTheRightmostLaneValid() throws {
        let lanes = try Self.turnLanes(in: try Self.stream(to: "s"))
        #expect(lanes.map { $0["valid"] as? Bool } == [false, false, true])
        #expect(lanes[2]["valid_indication"] as? String == "right")
    }

    @Test func theNextManeuverCarriesItsLanesAheadOfTheJunction() throws {
        let lines = try Self.stream(to: "n")
        let before = try #require(lines.first { ($0["next"] as? [String: Any])?["type"] as? String == "turn" })
        let next = try #require(before["next"] as? [String: Any])
        #expect((next["lanes"] as? [[String: Any]])?.count == 3)
    }

    @Test func everyInstructionCarriesALaneList() throws {
        // Depart and arrive stand at no junction: their lists are empty, but present, as on every instruction.
        let lines = try Self.stream(to: "e")
        for line in lines {
            guard let instruction = line["instruction"] as? [String: Any] else { continue }
            #expect(instruction["lanes"] is [Any], "lanes is always an array on an instruction")
        }
    }
}
