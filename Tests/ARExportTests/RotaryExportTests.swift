import Foundation
import Testing
import Geodesy
import Guidance
import OSMImport
import RoadNetwork
import Routing
import TestSupport
@testable import ARExport
import RouteFormats

/// A named rotary through the exporters: OSRM JSON carries `rotary`, `exit` and `rotary_name`, and the
/// AR arrow at the exit points the way the driver leaves.
struct RotaryExportTests {
    static let map = MapFixture("""
                n
                |
                f
              /   \\
        w - g       e - x
              \\   /
                h
                |
                s
        """, gridSize: 10)

    static func graph() throws -> RoadGraph {
        let xml = map.osmXML(ways: [
            .init("hefgh", ["highway": "primary", "junction": "roundabout", "name": "Trg"]),
            .init("sh", ["highway": "primary", "name": "South Road"]), .init("ex", ["highway": "primary", "name": "East Road"]),
            .init("fn", ["highway": "primary", "name": "North Road"]), .init("gw", ["highway": "primary", "name": "West Road"]),
        ])
        return try OSMImporter.importXML(xml, sourceName: "rotary").graph
    }

    @Test func osrmStepsCarryRotaryNameAndExit() throws {
        let graph = try Self.graph()
        let route = try Router(graph: graph).route(from: Self.map.coordinate("s"), to: Self.map.coordinate("w"))
        var options = OSRMRouteResponse.Options()
        options.steps = true
        let json = OSRMRouteResponse(route: route, steps: RouteGuidance.steps(for: route, in: graph), options: options).json(graph: graph)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let routes = try #require(object["routes"] as? [[String: Any]])
        let legs = try #require(routes.first?["legs"] as? [[String: Any]])
        let steps = try #require(legs.first?["steps"] as? [[String: Any]])
        let maneuvers = steps.compactMap { $0["maneuver"] as? [String: Any] }
        #expect(maneuvers.compactMap { $0["type"] as? String } == ["depart", "rotary", "exit rotary", "arrive"])
        #expect(maneuvers[1]["exit"] as? Int == 3)
        #expect(steps[1]["rotary_name"] as? String == "Trg")
        #expect(steps[1]["name"] as? String == "West Road")
        #expect(steps[2]["rotary_name"] == nil)
    }

    @Test func exitArrowPointsTheWayOut() throws {
        let graph = try Self.graph()
        let route = try Router(graph: graph).route(from: Self.map.coordinate("s"), to: Self.map.coordinate("x"))
        let waypoints = RouteGuidance.waypoints(for: route, in: graph, options: GuidanceOptions(plannedSpeed: 30))
        let arrows = try ARMarkerExporter.markers(for: waypoints).markers.filter { $0.kind == .turnArrow }
        #expect(arrows.count == 2)
        // Leaving at e onto East Road, the ring arriving from the south-west: a right turn.
        let exit = try #require(arrows.last)
        #expect(exit.arrow == .right)
        #expect(GreatCircle.distance(from: exit.coordinate, to: Self.map.coordinate("e")) < 1)
    }
}
