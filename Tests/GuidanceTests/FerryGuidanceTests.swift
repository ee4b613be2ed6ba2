import Geodesy
@testable import Guidance
import RoadNetwork
import Routing
import Testing

/// Boarding and leaving car ferries: OSRM's `notification` steps, ferry `mode`, no steps at sea.
@Suite struct FerryGuidanceTests {
    // Quay Road runs east to the slip q; the ferry crosses to p (one line drawn in two pieces meeting
    // at x, where a second line to y branches off); Pier Road bends south-east from p.
    static let harbour = """
        a-------q-------x-------p
                        |        \\
                        |         \\
                        y          b
        """

    static func fixture(secondLineName: String = "Island Ferry") throws -> GuidanceFixture {
        try GuidanceFixture(Self.harbour, ways: [
            .init("aq", ["highway": "primary", "name": "Quay Road"]),
            .init("qx", ["route": "ferry", "name": "Island Ferry"]),
            .init("xp", ["route": "ferry", "name": "Island Ferry"]),
            .init("xy", ["route": "ferry", "name": secondLineName]),
            .init("pb", ["highway": "primary", "name": "Pier Road"]),
        ], gridSize: 20)
    }

    @Test func boardingAndLeavingAFerryAreNotificationsEvenWhereTheRoadJustGoesOn() throws {
        let f = try Self.fixture()
        let steps = f.steps(f.handRoute("aqxpb"))
        #expect(steps.map(\.maneuver.type) == [.depart, .notification, .notification, .arrive])
        #expect(steps[1].maneuver.modifier == .straight)
        #expect(steps[2].maneuver.modifier == .right, "\(String(describing: steps[2].maneuver.modifier))")
        #expect(steps.map(\.mode) == [.driving, .ferry, .driving, .driving])
        #expect(steps.map(\.name) == ["Quay Road", "Island Ferry", "Pier Road", "Pier Road"])
    }

    @Test func noStepWhereOneFerryLineContinuesPastABranch() throws {
        let f = try Self.fixture(secondLineName: "Harbour Shuttle")
        // At x the line goes on as "Island Ferry": the boat's business, nothing to say.
        let steps = f.steps(f.handRoute("aqxpb"))
        #expect(steps.map(\.maneuver.type) == [.depart, .notification, .notification, .arrive])
    }

    @Test func changingToAnotherFerryLineIsATurnNotAFork() throws {
        let f = try Self.fixture(secondLineName: "Harbour Shuttle")
        let turns = f.turns(f.handRoute("aqxy"))
        #expect(turns.map(\.type) == [.notification, .turn], "\(turns.map(\.type))")
        #expect(turns.last?.modifier == .right)
        #expect(turns.last?.roadName == "Harbour Shuttle")
    }

    /// A ferry line ending at a T of two other lines: no "end of road" at sea, a plain turn.
    @Test func ferryLineEndingBetweenTwoOthersIsATurnNotAnEndOfRoad() throws {
        let f = try GuidanceFixture("""
                            p
                            |
                            |
            a-------q-------x
                            |
                            |
                            y
            """, ways: [
                .init("aq", ["highway": "primary", "name": "Quay Road"]),
                .init("qx", ["route": "ferry", "name": "Island Ferry"]),
                .init("xp", ["route": "ferry", "name": "North Line"]),
                .init("xy", ["route": "ferry", "name": "South Line"]),
            ], gridSize: 20)
        let turns = f.turns(f.handRoute("aqxy"))
        #expect(turns.map(\.type) == [.notification, .turn], "\(turns.map(\.type))")
        #expect(turns.last?.modifier == .right)
    }

    @Test func roadsOnlyRouteHasDrivingModeThroughout() throws {
        let f = try Self.fixture()
        let steps = f.steps(f.handRoute("aq"))
        #expect(steps.allSatisfy { $0.mode == .driving })
    }

    @Test func uTurnArrowSwingsAcrossTheOncomingLanes() {
        #expect(TurnAngleBands.direction(for: .uturn, drivingSide: .right) == .left)
        #expect(TurnAngleBands.direction(for: .uturn, drivingSide: .left) == .right)
        #expect(TurnAngleBands.direction(for: .slightRight, drivingSide: .left) == .right)
    }
}
