import Foundation
import Testing
import Geodesy
import Guidance
import OSMImport
import RoadNetwork
import Routing
import TestSupport
@testable import ARExport

/// Markers for real routes: an ASCII-map fixture through import, routing and guidance.
struct RoutedMarkerTests {
    @Test func rightTurnAtJunctionGetsARightArrowAndTheEndADestinationArrow() throws {
        let map = MapFixture("""
            a - - - - - - - - - b - - - - c
                                |
                                |
                                |
                                |
                                d
            """, gridSize: 10)
        let xml = map.osmXML(ways: [
            .init("abc", ["highway": "residential", "name": "Main Street"]),
            .init("bd", ["highway": "residential", "name": "Side Street", "maxspeed": "30"]),
        ])
        let imported = try OSMImporter.importXML(xml, sourceName: "right-turn")
        let router = Router(graph: imported.graph)
        let route = try router.route(from: map.coordinate("a"), to: map.coordinate("d"))
        let waypoints = RouteGuidance.waypoints(for: route, in: imported.graph, options: GuidanceOptions(plannedSpeed: 30))
        let list = try ARMarkerExporter.markers(for: waypoints)

        #expect(list.markers.count == waypoints.count)
        #expect(list.markers.first?.kind == .road)
        let arrows = list.markers.filter { $0.kind == .turnArrow }
        #expect(arrows.count == 1)
        #expect(arrows.first?.arrow == .right)
        let atB = try #require(arrows.first)
        #expect(GreatCircle.distance(from: atB.coordinate, to: map.coordinate("b")) < 1)
        // b is 20 columns (200 m) east of a, the origin: x ≈ 200 (the fixture's metres are spherical,
        // within 0.5 % of the ellipsoid's), z ≈ 0, and the arrow 4 m above the road.
        #expect(abs(atB.arkit.x - 200) < 1, "b at \(atB.arkit)")
        #expect(abs(atB.arkit.z) < 0.5, "b at \(atB.arkit)")
        #expect(abs(atB.arkit.y - 2.5) < 0.01)
        let destination = try #require(list.markers.last)
        #expect(destination.kind == .destination)
        // d is 5 rows (50 m) south of b: z ≈ +50.
        #expect(abs(destination.arkit.z - 50) < 0.5)
        #expect(abs(destination.arkit.y - 4.5) < 0.01)
        #expect(abs(destination.yaw - .pi) < 0.01 || abs(destination.yaw + .pi) < 0.01)   // driving south
    }
}
