import Guidance
import RoadNetwork
import Routing
import Synchronization
import Testing

/// Building a route's steps asks its stop signal before each leg: a server's request whose time ran out
/// stops its guidance within one leg instead of building every leg's steps for an answer already sent.
@Suite struct StoppedGuidanceTests {
    /// A street through three points, each leg 200 m:
    ///
    ///     A----------B----------C----------D
    static let street = """
        A----------B----------C----------D
        """

    static func fixture() throws -> GuidanceFixture {
        try GuidanceFixture(street, ways: [.init("ABCD", ["highway": "residential", "name": "Main"])], gridSize: 20)
    }

    @Test func everyLegHasStepsWhenNothingAsksToStop() throws {
        let f = try Self.fixture()
        let route = try f.route("ABCD")
        #expect(route.legs.count == 3)
        let steps = RouteGuidance.steps(for: route, in: f.graph)
        #expect(steps.count == 3)
        #expect(steps.allSatisfy { !$0.isEmpty })
    }

    @Test func aStopSignalEndsTheStepsBeforeTheNextLeg() throws {
        let f = try Self.fixture()
        let route = try f.route("ABCD")
        let asked = Atomic<Int>(0)
        // The signal turns true on its second question: the first leg is built, the others are not.
        let steps = RouteGuidance.steps(for: route, using: .measuringOnDemand(f.graph)) {
            asked.add(1, ordering: .relaxed).newValue > 1
        }
        #expect(steps.count == 1)
        #expect(asked.load(ordering: .relaxed) == 2)
    }
}
