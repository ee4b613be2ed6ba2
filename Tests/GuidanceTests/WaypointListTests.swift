import Geodesy
@testable import Guidance
import OSMImport
import RoadNetwork
import Routing
import TestSupport
import Testing

@Suite struct WaypointListTests {
    @Test func elevationIsInterpolatedAlongTheEdge() throws {
        let map = MapFixture("a -------------------- b")
        let xml = map.osmXML(ways: [.init("ab", road("Main"))], nodeTags: ["a": ["ele": "100"], "b": ["ele": "120"]])
        let graph = try OSMImporter.importXML(xml).graph
        let route = try Router(graph: graph).route(from: map.coordinate("a"), to: map.coordinate("b"))
        let waypoints = RouteGuidance.waypoints(for: route, in: graph)
        #expect(waypoints.count == 6)   // 230 m: the 50 m band, points at 50, 100, 150, 200 m
        for w in waypoints {
            let expected = 100 + 20 * w.distanceAlongRoute / route.distance
            #expect(abs((w.elevation ?? .nan) - expected) < 0.01)
        }
    }

    @Test func zeroLengthRouteIsOneDestinationWaypoint() throws {
        let map = MapFixture("a -------------------- b")
        let graph = try OSMImporter.importXML(map.osmXML(ways: [.init("ab", road("Main"))])).graph
        let route = try Router(graph: graph).route(from: map.coordinate("a"), to: map.coordinate("a"))
        let waypoints = RouteGuidance.waypoints(for: route, in: graph)
        #expect(waypoints.count == 1)
        #expect(waypoints.first?.kind == .destination)
        #expect(waypoints.first?.maneuver?.type == .arrive)
        let steps = RouteGuidance.steps(for: route.legs[0], in: graph)
        #expect(steps.map(\.maneuver.type) == [.depart, .arrive])
        #expect(steps.allSatisfy { $0.distance == 0 })
    }

    @Test func viaPointIsOneWaypointCarryingItsArrival() throws {
        let map = MapFixture("a ---------- b ---------- c")
        let graph = try OSMImporter.importXML(map.osmXML(ways: [.init("abc", road("Main"))])).graph
        let route = try Router(graph: graph).route(from: map.coordinate("a"), to: map.coordinate("c"), via: [map.coordinate("b")])
        let waypoints = RouteGuidance.waypoints(for: route, in: graph, options: GuidanceOptions(language: .hr))
        let maneuvers = waypoints.compactMap(\.maneuver)
        #expect(maneuvers.map(\.type) == [.depart, .arrive, .arrive])
        #expect(maneuvers[1].instruction == "Stigli ste na međuodredište 1")
        #expect(abs(maneuvers[1].distanceAlongRoute - route.legs[0].distance) < 0.5)
        #expect(waypoints.last?.kind == .destination)
        let legs = RouteGuidance.steps(for: route, in: graph, language: .en)
        #expect(legs.count == 2)
        #expect(legs[0].last?.maneuver.instruction == "You have arrived at waypoint 1")
        #expect(legs[1].last?.maneuver.instruction == "You have arrived at your destination")
    }
}
