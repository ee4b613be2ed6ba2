import Geodesy
@testable import Guidance
import RoadNetwork
import Routing
import Testing

/// A start or destination exactly on a junction is reached without a turn there: like OSRM, which
/// trims zero-length stretches at a leg's ends, no maneuver is announced at the point of departure or
/// arrival itself.
///
///             a
///             |
///     d ----- b ----- c
///             |
///             e
@Suite struct JunctionEndpointTests {
    static let fourWay = """
                a
                |
                |
        d ----- b ----- c
                |
                |
                e
        """

    func fixture() throws -> GuidanceFixture {
        try GuidanceFixture(Self.fourWay, ways: [.init("eba", road("Main")), .init("dbc", road("Cross"))])
    }

    /// The leg e -> b, extended by a zero-length piece of b -> c (a destination snapped onto the
    /// junction but attributed to the crossing road).
    func legEndingOnTheJunctionViaCross(_ f: GuidanceFixture) -> Route {
        let eb = f.edge("e", "b"), bc = f.edge("b", "c")
        let coordinates = f.graph.geometry(of: eb) + [f.map.coordinate("b")]
        let segmentEdge = Array(repeating: 0, count: coordinates.count - 2) + [1]
        let b = f.map.coordinate("b")
        let start = SnappedLocation(input: coordinates[0], location: coordinates[0], edge: eb, fraction: 0, distance: 0)
        let end = SnappedLocation(input: b, location: b, edge: bc, fraction: 0, distance: 0)
        let leg = RouteLeg(from: start, to: end, edges: [eb, bc], coordinates: coordinates, segmentEdge: segmentEdge,
                           distance: Double(f.graph.lengthMeters[Int(eb)]), duration: Double(f.graph.travelTimeSeconds[Int(eb)]))
        return Route(legs: [leg], metric: .time, settledNodes: 0)
    }

    @Test func destinationOnAJunctionIsReachedWithoutATurn() throws {
        let f = try fixture()
        let steps = f.steps(legEndingOnTheJunctionViaCross(f))
        #expect(steps.map(\.maneuver.type) == [.depart, .arrive])
        #expect(steps.last?.name == "Main")
    }

    @Test func startOnAJunctionDepartsOntoTheRoadTaken() throws {
        let f = try fixture()
        // A zero-length piece of e -> b, then b -> c: the start lies on the junction.
        let eb = f.edge("e", "b"), bc = f.edge("b", "c")
        let b = f.map.coordinate("b")
        let coordinates = [b] + f.graph.geometry(of: bc)
        let segmentEdge = [0] + Array(repeating: 1, count: coordinates.count - 2)
        let start = SnappedLocation(input: b, location: b, edge: eb, fraction: 1, distance: 0)
        let endPoint = coordinates[coordinates.count - 1]
        let end = SnappedLocation(input: endPoint, location: endPoint, edge: bc, fraction: 1, distance: 0)
        let leg = RouteLeg(from: start, to: end, edges: [eb, bc], coordinates: coordinates, segmentEdge: segmentEdge,
                           distance: Double(f.graph.lengthMeters[Int(bc)]), duration: Double(f.graph.travelTimeSeconds[Int(bc)]))
        let steps = f.steps(Route(legs: [leg], metric: .time, settledNodes: 0))
        #expect(steps.map(\.maneuver.type) == [.depart, .arrive])
        #expect(steps.first?.name == "Cross")
        #expect(steps.first?.maneuver.instruction == "Head east on Cross")
    }

    @Test func routedToTheJunctionNodeArrivesWithoutATurn() throws {
        let f = try fixture()
        for from in ["a", "c", "d", "e"] as [Character] {
            let route = try f.router.route(from: f.map.coordinate(from), to: f.map.coordinate("b"))
            let types = f.steps(route).map(\.maneuver.type)
            #expect(types == [.depart, .arrive], "from \(from): \(types)")
        }
    }
}
