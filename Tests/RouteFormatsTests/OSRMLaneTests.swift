import Foundation
import Geodesy
import Guidance
import OSMImport
import RoadNetwork
import Routing
import TestSupport
import Testing
@testable import RouteFormats

/// OSRM intersection `lanes`: on the maneuver's intersection and on the intersections a step passes,
/// left to right, `indications` then `valid` (OSRM's lane object) and Mapbox's `active` and
/// `valid_indication`; no key where the road maps no lanes.
///
///             e
///             |
///     a ----- b ----- c ----- d
///             |       |
///             f       g
@Suite struct OSRMLaneTests {
    static let map = MapFixture("""
                    e
                    |
            a ----- b ----- c ----- d
                    |       |
                    f       g
        """)

    static func steps(to destination: Character) throws -> [[String: Any]] {
        let xml = map.osmXML(ways: [
            .init("ab", ["highway": "primary", "name": "Main", "turn:lanes:forward": "left|through|right"]),
            .init("bc", ["highway": "primary", "name": "Main", "turn:lanes:forward": "through|through;right"]),
            .init("cd", ["highway": "primary", "name": "Main"]),
            .init("ebf", ["highway": "secondary", "name": "First"]),
            .init("cg", ["highway": "secondary", "name": "Second"]),
        ])
        let graph = try OSMImporter.importXML(xml, sourceName: "lanes").graph
        let route = try Router(graph: graph).route(from: map.coordinate("a"), to: map.coordinate(destination))
        var options = OSRMRouteResponse.Options()
        options.steps = true
        let json = OSRMRouteResponse(route: route, steps: RouteGuidance.steps(for: route, in: graph), options: options).json(graph: graph)
        #expect(json.contains(#""lanes":[{"indications":["left"],"valid":false,"active":false},{"indications":["straight"],"valid":true,"active":true,"valid_indication":"straight"}"#))
        let response = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let routes = try #require(response["routes"] as? [[String: Any]])
        let legs = try #require(routes.first?["legs"] as? [[String: Any]])
        return try #require(legs.first?["steps"] as? [[String: Any]])
    }

    /// Each intersection's lanes as OSRM's test harness prints them (`left:false straight:true …`), "" without.
    static func lanes(_ step: [String: Any]) -> [String] {
        (step["intersections"] as? [[String: Any]] ?? []).map { intersection in
            (intersection["lanes"] as? [[String: Any]] ?? []).map { lane in
                ((lane["indications"] as? [String]) ?? []).joined(separator: ";") + ":" + String(lane["valid"] as? Bool ?? false)
            }.joined(separator: " ")
        }
    }

    @Test func aTurnAfterAPassedIntersectionShowsTheLanesOfBoth() throws {
        let steps = try Self.steps(to: "g")
        #expect(steps.count == 3)
        // Through b (the depart step's second intersection), then right at c, arriving on Second.
        #expect(Self.lanes(steps[0]) == ["", "left:false straight:true right:false"])
        #expect(Self.lanes(steps[1]) == ["straight:false straight;right:true"])
        #expect(Self.lanes(steps[2]) == [""])
        let lane = try #require(((steps[1]["intersections"] as? [[String: Any]])?.first?["lanes"] as? [[String: Any]])?.last)
        #expect(lane["valid_indication"] as? String == "right" && lane["active"] as? Bool == true)
    }
}
