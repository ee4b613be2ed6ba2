import Geodesy
@testable import Guidance
import RoadNetwork
import Testing

/// Roundabout kinds as drivers expect them announced (OSRM's rotary / roundabout / roundabout turn),
/// exit counting, and routes that start or end on the ring.
///
/// One drawing at two scales: with 10 m cells the ring has a radius of about 28 m (a large ring), with
/// 2 m cells about 6 m (a small one). `hefgh` runs anticlockwise (right-hand traffic); `hgfeh` is the
/// same ring clockwise (left-hand traffic).
@Suite struct RoundaboutKindTests {
    static let drawing = """
                n
                |
                f
              /   \\
        w - g       e - x
              \\   /
                h
                |
                s
        """

    static func ring(_ nodes: String = "hefgh", gridSize: Meters = 10, ringTags: [String: String] = ["junction": "roundabout"],
                     ringName: String = "", north: [String: String] = road("North Road", "primary")) throws -> GuidanceFixture {
        try GuidanceFixture(drawing, ways: [
            .init(nodes, road(ringName, "primary", ringTags)),
            .init("sh", road("South Road", "primary")), .init("ex", road("East Road", "primary")),
            .init("fn", north), .init("gw", road("West Road", "primary")),
        ], gridSize: gridSize)
    }

    @Test func namedLargeRingIsARotaryWithItsName() throws {
        let f = try Self.ring(ringName: "Trg")
        let turns = f.turns(try f.route("sn"))
        #expect(turns.map(\.type) == [.rotary, .exitRotary])
        #expect(turns[0].exit == 2)
        #expect(turns[0].rotaryName == "Trg")
        #expect(turns[0].roadName == "North Road")
        #expect(turns[0].instruction == "Enter Trg and take the 2nd exit onto North Road")
        #expect(turns[1].instruction == "Exit the traffic circle onto North Road")
        #expect(GreatCircle.distance(from: turns[1].location, to: f.map.coordinate("f")) < 0.05)
    }

    @Test func croatianRotaryText() throws {
        let f = try Self.ring(ringName: "Trg")
        let turns = f.turns(try f.route("sn"), language: .hr)
        #expect(turns[0].instruction == "Uđite u kružni tok Trg i izađite na 2. izlaz na North Road")
    }

    @Test func largeUnnamedRingIsARoundabout() throws {
        let f = try Self.ring()
        let turns = f.turns(try f.route("sw"))
        #expect(turns.map(\.type) == [.roundabout, .exitRoundabout])
        #expect(turns[0].exit == 3)
        #expect(turns[0].rotaryName == nil)
    }

    @Test func unnamedTrafficCircleIsARotaryWithoutName() throws {
        let f = try Self.ring(ringTags: ["junction": "circular"])
        let turns = f.turns(try f.route("sn"))
        #expect(turns.map(\.type) == [.rotary, .exitRotary])
        #expect(turns[0].rotaryName == nil)
        #expect(turns[0].instruction == "Enter the traffic circle and take the 2nd exit onto North Road")
    }

    @Test func ringNamedLikeAJoiningRoadIsNotARotary() throws {
        // A street that runs round the ring, not a named square.
        let f = try Self.ring(ringName: "North Road")
        #expect(f.turns(try f.route("sw")).map(\.type) == [.roundabout, .exitRoundabout])
    }

    @Test(arguments: [("x", ManeuverModifier.right, 1), ("n", .straight, 2), ("w", .left, 3)])
    func smallRingWithFourDistinctRoadsIsARoundaboutTurn(destination: Character, modifier: ManeuverModifier, exit: Int) throws {
        let f = try Self.ring(gridSize: 2)
        let turns = f.turns(try f.route("s\(destination)"))
        #expect(turns.map(\.type) == [.roundaboutTurn])
        #expect(turns[0].modifier == modifier)
        #expect(turns[0].exit == exit)
        #expect(turns[0].direction == TurnAngleBands.direction(for: modifier))
    }

    @Test func roundaboutTurnText() throws {
        let f = try Self.ring(gridSize: 2)
        #expect(f.turns(try f.route("sw"))[0].instruction == "At the roundabout, turn left (3rd exit) onto West Road")
        #expect(f.turns(try f.route("sw"), language: .hr)[0].instruction == "Na kružnom toku skrenite lijevo (3. izlaz) na West Road")
    }

    @Test func smallRingWithRoadsCloseTogetherIsARoundabout() throws {
        // The road to n leaves close to the road to x: the driver needs the exit count, not a direction.
        let f = try GuidanceFixture("""
                          n
                    f   /
                  /   \\
            w - g       e - x
                  \\   /
                    h
                    |
                    s
            """, ways: [
                .init("hefgh", road("", "primary", ["junction": "roundabout"])),
                .init("sh", road("South Road", "primary")), .init("ex", road("East Road", "primary")),
                .init("en", road("North Road", "primary")), .init("gw", road("West Road", "primary")),
            ], gridSize: 2)
        #expect(f.turns(try f.route("sw")).map(\.type) == [.roundabout, .exitRoundabout])
    }

    @Test(arguments: [("x", 3), ("n", 2), ("w", 1)])
    func clockwiseRingCountsExitsInItsOwnDirection(destination: Character, exit: Int) throws {
        let f = try Self.ring("hgfeh")
        let turns = f.turns(try f.route("s\(destination)"))
        #expect(turns.map(\.type) == [.roundabout, .exitRoundabout])
        #expect(turns[0].exit == exit)
    }

    @Test func serviceRoadOffTheRingIsNotCountedAsAnExit() throws {
        let f = try Self.ring(north: road("Car Park", "service"))
        #expect(f.turns(try f.route("sw"))[0].exit == 2)
        #expect(f.turns(try f.route("sn"))[0].exit == 2)
    }

    @Test(arguments: [(RoundaboutKindTests.RingCase.large, ManeuverType.exitRoundabout), (.named, .exitRotary), (.small, .exitRoundabout)])
    func routeStartingOnTheRingOnlyExits(ring: RingCase, type: ManeuverType) throws {
        let f = try ring.fixture()
        let turns = f.turns(f.handRoute("fgw"))
        #expect(turns.map(\.type) == [type])
        #expect(turns[0].roadName == "West Road")
        #expect(turns[0].direction == .right)
    }

    @Test(arguments: [(RoundaboutKindTests.RingCase.large, ManeuverType.roundabout), (.named, .rotary), (.small, .roundabout)])
    func routeEndingOnTheRingEntersWithoutExit(ring: RingCase, type: ManeuverType) throws {
        let f = try ring.fixture()
        let turns = f.turns(f.handRoute("shef"))
        #expect(turns.map(\.type) == [type])
        #expect(turns[0].exit == nil)
        // OSRM's clients need a modifier where there is no exit: the direction of entering the ring.
        #expect(turns[0].modifier.map { TurnAngleBands.direction(for: $0) } == .right)
        #expect(turns[0].roadName == (ring == .named ? "Trg" : ""))
    }

    enum RingCase: Sendable, CaseIterable {
        case large, named, small
        func fixture() throws -> GuidanceFixture {
            switch self {
            case .large: try RoundaboutKindTests.ring()
            case .named: try RoundaboutKindTests.ring(ringName: "Trg")
            case .small: try RoundaboutKindTests.ring(gridSize: 2)
            }
        }
    }
}

/// Roads that enter and leave at the same ring node (OSRM's "mixed entry and exit").
@Suite struct RoundaboutEntryNodeTests {
    /// `a` comes in one-way at `h`; `hr` leaves `h` to the right of the ring entry (the near side in
    /// right-hand traffic), `hq` to the left.
    func fixture(leaving: String) throws -> GuidanceFixture {
        try GuidanceFixture("""
                        n
                        |
                        f
                      /   \\
                w - g       e - x
                      \\   /
                  q     h     r
                        |
                        a
            """, ways: [
                .init("hefgh", road("", "primary", ["junction": "roundabout"])),
                .init("ah", road("South Road", "primary", ["oneway": "yes"])),
                .init(leaving, road("Out Road", "primary", ["oneway": "yes"])),
                .init("ex", road("East Road", "primary")), .init("fn", road("North Road", "primary")),
                .init("gw", road("West Road", "primary")),
            ])
    }

    @Test func roadLeavingTheEntryNodeOnTheNearSideIsTheFirstExit() throws {
        let f = try fixture(leaving: "hr")
        #expect(f.turns(try f.route("ax"))[0].exit == 2)
        #expect(f.turns(try f.route("aw"))[0].exit == 4)
    }

    @Test func roadLeavingTheEntryNodeOnTheFarSideIsNotCounted() throws {
        let f = try fixture(leaving: "hq")
        #expect(f.turns(try f.route("ax"))[0].exit == 1)
    }

    @Test func passingTheRingNodeOffTheRingIsAnExit() throws {
        let f = try fixture(leaving: "hr")
        let turns = f.turns(try f.route("ar"))
        #expect(turns.map(\.type) == [.exitRoundabout])
        #expect(turns[0].direction == .right)
    }

    @Test func throughLaneAcrossARingNodeIsSilent() throws {
        let f = try GuidanceFixture("""
                        f
                      /   \\
                w - g       e - x
                      \\   /
                        h
                        |
                        s
            """, ways: [
                .init("hefgh", road("Trg", "primary", ["junction": "roundabout"])),
                .init("shf", road("Main", "primary")),
                .init("ex", road("East Road", "primary")), .init("gw", road("West Road", "primary")),
            ])
        #expect(f.turns(try f.route("sf")).isEmpty)
    }
}
