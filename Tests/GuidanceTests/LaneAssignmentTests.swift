import Geodesy
@testable import Guidance
import RoadNetwork
import Testing

/// Which lanes lead onto the route at each junction (OSRM's `lanes` on an intersection), drawn as small
/// maps. Lanes are written as OSRM's test harness prints them: each lane's indications joined by `;`,
/// then `:true` or `:false` for `valid`, lanes left to right.
@Suite struct LaneAssignmentTests {
    /// The lanes as OSRM's harness prints them.
    static func render(_ lanes: [Lane]) -> String {
        lanes.map { $0.indications.map(\.rawValue).joined(separator: ";") + ":" + String($0.valid) }.joined(separator: " ")
    }

    /// A crossing whose approach from the west has a left-turn lane, a through lane and a through-and-right
    /// lane:
    ///
    ///             e
    ///             |
    ///     a ----- b ----- c
    ///             |
    ///             d
    static func crossing() throws -> GuidanceFixture {
        try GuidanceFixture("""
                    e
                    |
            a ----- b ----- c
                    |
                    d
            """, ways: [
                .init("ab", ["highway": "primary", "name": "Main", "turn:lanes:forward": "left|through|through;right"]),
                .init("bc", ["highway": "primary", "name": "Main"]),
                .init("ebd", ["highway": "secondary", "name": "Cross"]),
            ])
    }

    @Test func aLeftTurnLeadsFromTheLeftTurnLaneOnly() throws {
        let f = try Self.crossing()
        let steps = f.steps(try f.route("ae"))
        #expect(steps.map(\.maneuver.type) == [.depart, .turn, .arrive])
        #expect(Self.render(steps[1].lanes) == "left:true straight:false straight;right:false")
        #expect(steps[1].lanes[0].validIndication == .left && steps[1].lanes[0].active)
        #expect(steps[0].lanes.isEmpty && steps[2].lanes.isEmpty)
    }

    @Test func aRightTurnLeadsFromTheLaneThatAlsoGoesThrough() throws {
        let f = try Self.crossing()
        let steps = f.steps(try f.route("ad"))
        #expect(Self.render(steps[1].lanes) == "left:false straight:false straight;right:true")
        #expect(steps[1].lanes[2].validIndication == .right)
    }

    /// Straight on needs no instruction: the lanes stand on the crossing the depart step drives through,
    /// and no step of its own is made for them (OSRM's deprecated `use lane`; its scenarios expect none).
    @Test func throughLanesStandOnThePassedIntersectionWithoutAStepOfTheirOwn() throws {
        let f = try Self.crossing()
        let steps = f.steps(try f.route("ac"))
        #expect(steps.map(\.maneuver.type) == [.depart, .arrive])
        let passed = try #require(steps[0].passedLanes.first)
        #expect(Self.render(passed.lanes) == "left:false straight:true straight;right:true")
        #expect(passed.lanes[1].validIndication == .straight)
    }

    /// Lanes without arrows (`|right`) serve the turns no arrow claims: here straight on and left.
    @Test func unmarkedLanesServeTheTurnsNoArrowClaims() throws {
        let f = try GuidanceFixture("""
                    e
                    |
            a ----- b ----- c
                    |
                    d
            """, ways: [
                .init("ab", ["highway": "primary", "name": "Main", "turn:lanes:forward": "|right"]),
                .init("bc", ["highway": "primary", "name": "Main"]),
                .init("ebd", ["highway": "secondary", "name": "Cross"]),
            ])
        #expect(Self.render(f.steps(try f.route("ae"))[1].lanes) == "none:true right:false")
        #expect(Self.render(f.steps(try f.route("ad"))[1].lanes) == "none:false right:true")
        #expect(Self.render(try #require(f.steps(try f.route("ac"))[0].passedLanes.first).lanes) == "none:true right:false")
    }

    /// Two right turns in quick succession: after the first, the second needs the right lane of two
    /// (`left|right`), so of the first turn's two right lanes only the one leading there is valid; turning
    /// left second, only the other.
    ///
    ///     a ----- b ----- x
    ///             |
    ///     y ----- c ----- z
    static func twoTurns(gridSize: Meters) throws -> GuidanceFixture {
        try GuidanceFixture("""
            a ----- b ----- x
                    |
            y ----- c ----- z
            """, ways: [
                .init("ab", ["highway": "primary", "name": "First", "oneway": "yes", "turn:lanes": "through|right|right"]),
                .init("bx", ["highway": "primary", "name": "First", "oneway": "yes"]),
                .init("bc", ["highway": "primary", "name": "Second", "oneway": "yes", "turn:lanes": "left|right"]),
                .init("ycz", ["highway": "primary", "name": "Third"]),
            ], gridSize: gridSize)
    }

    @Test func closeTurnsNarrowTheLanesOfTheFirstTurn() throws {
        let f = try Self.twoTurns(gridSize: 20)
        let right = f.steps(try f.route("ay"))
        #expect(right.map { Self.render($0.lanes) } == ["", "straight:false right:false right:true", "left:false right:true", ""])
        let left = f.steps(try f.route("az"))
        #expect(left.map { Self.render($0.lanes) } == ["", "straight:false right:true right:false", "left:true right:false", ""])
    }

    @Test func turnsFarApartKeepEveryLaneOfTheFirstTurn() throws {
        let f = try Self.twoTurns(gridSize: 150)
        let steps = f.steps(try f.route("ay"))
        #expect(Self.render(steps[1].lanes) == "straight:false right:true right:true")
    }

    /// Lanes painted before a bend or a change of way still lead into the next junction (OSRM merges
    /// such pieces into one road and keeps their lanes).
    @Test func lanesMappedBeforeAWayEndServeTheJunctionAfterIt() throws {
        let f = try GuidanceFixture("""
            a ----- b ----- c ----- d
                            |
                            e
            """, ways: [
                .init("ab", ["highway": "primary", "name": "Main", "turn:lanes:forward": "through|right"]),
                .init("bcd", ["highway": "primary", "name": "Main"]),
                .init("ce", ["highway": "primary", "name": "Side"]),
            ])
        #expect(Self.render(f.steps(try f.route("ae"))[1].lanes) == "straight:false right:true")
        #expect(Self.render(try #require(f.steps(try f.route("ad"))[0].passedLanes.first).lanes) == "straight:true right:false")
    }

    /// OSRM gives no lanes where a route enters a roundabout.
    @Test func noLanesIntoARoundabout() throws {
        let f = try GuidanceFixture("""
                    b
                  /   \\
            a - e       c - x
                  \\   /
                    d
                    |
                    y
            """, ways: [
                .init("ae", ["highway": "primary", "oneway": "yes", "turn:lanes": "slight_right|slight_right"]),
                .init("edcbe", ["highway": "primary", "junction": "roundabout"]),
                .init("cx", ["highway": "primary"]),
                .init("dy", ["highway": "primary"]),
            ])
        let steps = f.steps(try f.route("ax"))
        #expect(steps.contains { $0.maneuver.type.entersRoundabout })
        #expect(steps.allSatisfy { $0.lanes.isEmpty && $0.passedLanes.isEmpty })
    }
}
