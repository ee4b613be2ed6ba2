import Geodesy
@testable import Guidance
import RoadNetwork
import Testing

/// Which exit number a step carries: the road's own `junction:ref` (OSRM's rule), else the number of
/// the motorway junction where the step takes a slip road; staying on the motorway takes none.
///
///     a ------ b ------ c ------ d
///               \        \
///                e        f
///
/// Junction b is exit 12, c exit 13; the slip road c → f is tagged `junction:ref=13b` itself.
@Suite struct SignpostStepTests {
    static func fixture() throws -> GuidanceFixture {
        try GuidanceFixture("""
            a ------ b ------ c ------ d
                      \\        \\
                       e        f
            """, ways: [
                .init("abcd", ["highway": "motorway", "destination": "Lisboa"]),
                .init("be", ["highway": "motorway_link", "destination": "Maia"]),
                .init("cf", ["highway": "motorway_link", "junction:ref": "13b"]),
            ], gridSize: 40, nodeTags: [
                "b": ["highway": "motorway_junction", "ref": "12"],
                "c": ["highway": "motorway_junction", "ref": "13"],
            ])
    }

    @Test func aSlipRoadOffANumberedJunctionTakesItsNumber() throws {
        let f = try Self.fixture()
        #expect(StepBuilder.exits(in: f.graph, taking: f.edge("b", "e"), at: f.node("b")) == "12")
    }

    @Test func theRoadsOwnJunctionRefComesFirst() throws {
        let f = try Self.fixture()
        #expect(StepBuilder.exits(in: f.graph, taking: f.edge("c", "f"), at: f.node("c")) == "13b")
    }

    @Test func stayingOnTheMotorwayOrDepartingTakesNoExit() throws {
        let f = try Self.fixture()
        #expect(StepBuilder.exits(in: f.graph, taking: f.edge("b", "c"), at: f.node("b")) == "")
        #expect(StepBuilder.exits(in: f.graph, taking: f.edge("c", "d"), at: f.node("c")) == "")
        #expect(StepBuilder.exits(in: f.graph, taking: f.edge("b", "e"), at: nil) == "")
    }

    @Test func theStepTakingTheExitCarriesItsNumberAndTheSlipRoadsDestinations() throws {
        let f = try Self.fixture()
        let steps = try #require(RouteGuidance.steps(for: try f.route("ae"), in: f.graph).first)
        #expect(steps.first?.destinations == "Lisboa" && steps.first?.exits == "")
        let exit = try #require(steps.first { $0.maneuver.location == f.graph.nodeCoordinates[Int(f.node("b"))] })
        #expect(exit.exits == "12" && exit.destinations == "Maia")
        #expect(steps.last?.maneuver.type == .arrive && steps.last?.destinations == "Maia" && steps.last?.exits == "")
    }
}
