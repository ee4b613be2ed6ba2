import Geodesy
@testable import Guidance
import RoadNetwork
import Routing
import Testing

@Suite struct TurnClassificationTests {
    static let fourWay = """
                a
                |
                |
        d ----- b ----- c
                |
                |
                e
        """

    func fourWayFixture() throws -> GuidanceFixture {
        try GuidanceFixture(Self.fourWay, ways: [.init("eba", road("Main")), .init("dbc", road("Cross"))])
    }

    @Test func rightTurnAtFourWayJunction() throws {
        let f = try fourWayFixture()
        let turns = f.turns(try f.route("ec"))
        #expect(turns.count == 1)
        #expect(turns.first?.type == .turn)
        #expect(turns.first?.modifier == .right)
        #expect(turns.first?.direction == .right)
        #expect(turns.first?.instruction == "Turn right onto Cross")
    }

    @Test func leftTurnAtFourWayJunction() throws {
        let f = try fourWayFixture()
        let turns = f.turns(try f.route("ed"))
        #expect(turns.map(\.type) == [.turn])
        #expect(turns.first?.modifier == .left)
        #expect(turns.first?.direction == .left)
        #expect(GreatCircle.distance(from: try #require(turns.first?.location), to: f.map.coordinate("b")) < 0.05)
    }

    @Test func straightOnSameRoadThroughFourWayJunctionIsSilent() throws {
        let f = try fourWayFixture()
        let steps = f.steps(try f.route("ea"))
        #expect(steps.map(\.maneuver.type) == [.depart, .arrive])
        #expect(steps[0].name == "Main")
        #expect(steps[0].maneuver.instruction == "Head north on Main")
    }

    @Test func straightOntoAnotherNameAtFourWayJunctionIsNewName() throws {
        // 40 m cells: Oak lasts 120 m, long enough to be worth announcing before the destination.
        // (Not "South" to "North": those differ only by compass words, which is no new road.)
        let f = try GuidanceFixture(Self.fourWay, ways: [.init("eb", road("Elm")), .init("ba", road("Oak")), .init("dbc", road("Cross"))],
                                    gridSize: 40)
        let turns = f.turns(try f.route("ea"))
        #expect(turns.map(\.type) == [.newName])
        #expect(turns.first?.modifier == .straight)
        #expect(turns.first?.instruction == "Continue onto Oak")
    }


    @Test func slightRightTurn() throws {
        // b -> d leaves 31° right of the road's direction.
        let f = try GuidanceFixture("""
            a --------- b --------- c





                                  d
            """, ways: [.init("abc", road("Main")), .init("bd", road("Side"))])
        let turns = f.turns(try f.route("ad"))
        #expect(turns.map(\.type) == [.turn])
        #expect(turns.first?.modifier == .slightRight)
        #expect(turns.first?.instruction == "Turn slight right onto Side")
    }

    @Test func sharpRightTurn() throws {
        // b -> d heads back 149° right of the direction of travel.
        let f = try GuidanceFixture("""
            a --------- b --------- c





            d
            """, ways: [.init("abc", road("Main")), .init("bd", road("Side"))])
        let turns = f.turns(try f.route("ad"))
        #expect(turns.map(\.type) == [.turn])
        #expect(turns.first?.modifier == .sharpRight)
        #expect(turns.first?.direction == .right)
    }

    @Test func uTurnOnTheSameRoad() throws {
        let f = try GuidanceFixture("a -------- b -------- c", ways: [.init("ab", road("Main")), .init("bc", road("Main"))])
        let turns = f.turns(f.handRoute("aba"))
        #expect(turns.count == 1)
        #expect(turns.first?.modifier == .uturn)
        #expect(turns.first?.instruction == "Make a U-turn on Main")
    }

    @Test func uTurnAtDeadEndIsAnnounced() throws {
        let f = try GuidanceFixture("a -------- b -------- c", ways: [.init("abc", road("Main")), .init("cb", road("Spur", "service"))])
        let turns = f.turns(f.handRoute("aba"))
        #expect(turns.first?.modifier == .uturn)
    }

    @Test func endOfRoadAtTJunction() throws {
        // Stem has been followed past Lane when it ends at Cross: the road ends.
        let f = try GuidanceFixture("""
            d -------- b -------- c
                       |
                       |
                       e ---- f
                       |
                       a
            """, ways: [.init("aeb", road("Stem")), .init("ef", road("Lane")), .init("dbc", road("Cross"))])
        let right = f.turns(try f.route("ac"))
        #expect(right.map(\.type) == [.endOfRoad])
        #expect(right.first?.modifier == .right)
        #expect(right.first?.instruction == "At the end of the road, turn right onto Cross")
        let left = f.turns(try f.route("ad"))
        #expect(left.map(\.type) == [.endOfRoad])
        #expect(left.first?.modifier == .left)
        #expect(f.turns(try f.route("ad"), language: .hr).first?.instruction == "Na kraju ceste skrenite lijevo na Cross")
    }

    @Test func tJunctionReachedWithoutPassingAnotherJunctionIsAPlainTurn() throws {
        // From the start (or just after turning onto Stem) no road has been followed to its end: OSRM and
        // drivers say "turn", not "at the end of the road".
        let f = try GuidanceFixture("""
            d -------- b -------- c
                       |
                       |
                       a
            """, ways: [.init("ab", road("Stem")), .init("dbc", road("Cross"))])
        #expect(f.turns(try f.route("ac")).map(\.type) == [.turn])
        #expect(f.turns(try f.route("ad")).first?.modifier == .left)
    }

    @Test func bendOnTheSameRoadHasNoInstruction() throws {
        let drawing = """
            a -------- b
                         \\
                           \\
                             c
            """
        let split = try GuidanceFixture(drawing, ways: [.init("ab", road("Main")), .init("bc", road("Main"))])
        #expect(split.turns(try split.route("ac")).isEmpty)
        let single = try GuidanceFixture(drawing, ways: [.init("abc", road("Main"))])
        #expect(single.turns(try single.route("ac")).isEmpty)
    }

    @Test func nameChangeWithoutJunctionIsNewName() throws {
        let f = try GuidanceFixture("a -------- b -------- c", ways: [.init("ab", road("First")), .init("bc", road("Second"))])
        let steps = f.steps(try f.route("ac"))
        #expect(steps.map(\.maneuver.type) == [.depart, .newName, .arrive])
        #expect(steps[1].name == "Second")
        #expect(abs(steps[0].distance - 110) < 0.5)
        #expect(abs(steps[1].distance - 110) < 0.5)
        #expect(steps[2].distance == 0)
    }

    static let roundabout = """
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

    func roundaboutFixture() throws -> GuidanceFixture {
        try GuidanceFixture(Self.roundabout, ways: [
            .init("hefgh", road("", "primary", ["junction": "roundabout"])),
            .init("sh", road("South Road", "primary")), .init("ex", road("East Road", "primary")),
            .init("fn", road("North Road", "primary")), .init("gw", road("West Road", "primary")),
        ])
    }

    @Test(arguments: [("x", 1, "East Road"), ("n", 2, "North Road"), ("w", 3, "West Road")])
    func roundaboutExitNumbers(destination: Character, exit: Int, road: String) throws {
        let f = try roundaboutFixture()
        let turns = f.turns(try f.route("s\(destination)"))
        #expect(turns.map(\.type) == [.roundabout, .exitRoundabout])
        #expect(turns.first?.exit == exit)
        #expect(GreatCircle.distance(from: try #require(turns.first?.location), to: f.map.coordinate("h")) < 0.05)
        #expect(turns.first?.instruction == "At the roundabout, take the \(InstructionText.englishOrdinal(exit)) exit onto \(road)")
        #expect(turns.last?.roadName == road)
    }

    @Test func roundaboutInstructionInCroatian() throws {
        let f = try roundaboutFixture()
        let turns = f.turns(try f.route("sn"), language: .hr)
        #expect(turns.first?.instruction == "Na kružnom toku izađite na 2. izlaz na North Road")
        #expect(turns.last?.instruction == "Izađite s kružnog toka na North Road")
    }

    @Test func motorwayExitIsOffRamp() throws {
        let f = try GuidanceFixture("""
            a ------------ b ------------ c

                                 d ------------ e
            """, ways: [
                .init("abc", road("", "motorway", ["ref": "A1"])),
                .init("bd", road("", "motorway_link")),
                .init("de", road("Exit Road", "primary")),
            ])
        let turns = f.turns(try f.route("ae"))
        #expect(turns.first?.type == .offRamp)
        #expect(turns.first?.direction == .right)
        #expect(turns.first?.modifier == .slightRight)
        #expect(turns.first?.instruction == "Take the exit on the right")
        #expect(turns.last?.roadName == "Exit Road")
    }

    @Test func onRampThenMergeLeftOntoTheMotorway() throws {
        let f = try GuidanceFixture("""
            m -------------------- n -------------------- o
                             /
                          /
                       /
            p ------ q ------ r
            """, ways: [
                .init("mno", road("", "motorway", ["ref": "A1"])),
                .init("qn", road("", "motorway_link")),
                .init("pqr", road("Local Road", "primary")),
            ])
        let turns = f.turns(try f.route("po"))
        #expect(turns.map(\.type) == [.onRamp, .merge])
        #expect(turns.last?.modifier == .slightLeft)
        #expect(turns.last?.instruction == "Merge left onto A1")
    }

    @Test func unnamedLinksSplittingAreAFork() throws {
        let f = try GuidanceFixture("""
                                  c
            a --------- b
                                  d
            """, ways: [.init("ab", road("", "motorway_link")), .init("bc", road("", "motorway_link")), .init("bd", road("", "motorway_link"))])
        let turns = f.turns(try f.route("ad"))
        #expect(turns.map(\.type) == [.fork])
        #expect(turns.first?.instruction == "Keep right at the fork")
    }

    @Test func carriagewayDividingUnderOneRefIsAForkForBothBranches() throws {
        // A motorway-class road splitting is a lane choice whatever the names: OSRM's highway fork.
        let f = try GuidanceFixture("""
                                    c
            a ---------- b ---------- d
            """, ways: [.init("ab", road("", "trunk", ["ref": "A1"])), .init("bc", road("", "trunk", ["ref": "A1"])),
                        .init("bd", road("", "trunk", ["ref": "A1"]))])
        let left = f.turns(try f.route("ac"))
        #expect(left.map(\.type) == [.fork])
        #expect(left.first?.instruction == "Keep left at the fork onto A1")
        let right = f.turns(try f.route("ad"))
        #expect(right.map(\.type) == [.fork])
        #expect(right.first?.modifier == .slightRight)
    }

    @Test func sameRoadStraightOnPastAStraighterSideRoadIsSilent() throws {
        // Main bends 9° at b while Side carries straight on: following Main needs no instruction.
        let f = try GuidanceFixture("""
            a ---------- b ---------- c
                                      d
                                      e
            """, ways: [.init("abe", road("Main")), .init("bc", road("Side"))])
        #expect(f.turns(try f.route("ae")).isEmpty)
        let side = f.turns(try f.route("ac"))
        #expect(side.map(\.type) == [.turn])
        #expect(side.first?.modifier == .straight)
        #expect(side.first?.instruction == "Go straight onto Side")
    }

    @Test func twoSimilarBranchesAreAFork() throws {
        let f = try GuidanceFixture("""
                                  c
            a --------- b
                                  d
            """, ways: [.init("ab", road("Main")), .init("bc", road("Upper")), .init("bd", road("Lower"))])
        let left = f.turns(try f.route("ac"))
        #expect(left.map(\.type) == [.fork])
        #expect(left.first?.modifier == .slightLeft)
        #expect(left.first?.instruction == "Keep left at the fork onto Upper")
        let right = f.turns(try f.route("ad"))
        #expect(right.first?.modifier == .slightRight)
    }

    @Test func angleBandsFollowOSRM() {
        #expect(TurnAngleBands.modifier(forDeviation: 0) == .straight)
        #expect(TurnAngleBands.modifier(forDeviation: 20) == .straight)
        #expect(TurnAngleBands.modifier(forDeviation: 20.5) == .slightRight)
        #expect(TurnAngleBands.modifier(forDeviation: -40) == .slightLeft)
        #expect(TurnAngleBands.modifier(forDeviation: 41) == .right)
        #expect(TurnAngleBands.modifier(forDeviation: -120) == .left)
        #expect(TurnAngleBands.modifier(forDeviation: 121) == .sharpRight)
        #expect(TurnAngleBands.modifier(forDeviation: -169) == .sharpLeft)
        #expect(TurnAngleBands.modifier(forDeviation: 170) == .uturn)
        #expect(TurnAngleBands.modifier(forDeviation: -180) == .uturn)
    }

    @Test func arrivalSideIsTheDestinationsSideOfTheRoad() throws {
        let f = try GuidanceFixture("a -------- b -------- c", ways: [.init("abc", road("Main"))])
        let c = f.map.coordinate("c")
        let south = GreatCircle.destination(from: c, bearing: Bearing(degrees: 180), distance: 8)
        let north = GreatCircle.destination(from: c, bearing: Bearing(degrees: 0), distance: 8)
        let right = f.steps(f.handRoute("ac", destinationInput: south))
        #expect(right.last?.maneuver.type == .arrive)
        #expect(right.last?.maneuver.modifier == .right)
        #expect(right.last?.maneuver.instruction == "You have arrived at your destination, on the right")
        let rightHr = f.steps(f.handRoute("ac", destinationInput: south), language: .hr)
        #expect(rightHr.last?.maneuver.instruction == "Stigli ste na odredište, s desne strane")
        let left = f.steps(f.handRoute("ac", destinationInput: north))
        #expect(left.last?.maneuver.modifier == .left)
        #expect(left.last?.maneuver.instruction == "You have arrived at your destination, on the left")
        let onRoad = f.steps(f.handRoute("ac"))
        #expect(onRoad.last?.maneuver.instruction == "You have arrived at your destination")
        #expect(onRoad.last?.maneuver.modifier == nil)
    }

    /// OSRM gives depart and arrive a side only for an input 5–300 m from the road.
    @Test func endpointModifiersFollowOSRMDistances() throws {
        let f = try GuidanceFixture("a -------- b -------- c", ways: [.init("abc", road("Main"))])
        let c = f.map.coordinate("c")
        for (distance, expected) in [(4.9, nil), (5.1, ManeuverModifier.right), (299.0, .right), (301.0, nil)] as [(Double, ManeuverModifier?)] {
            let input = GreatCircle.destination(from: c, bearing: Bearing(degrees: 180), distance: distance)
            #expect(f.steps(f.handRoute("ac", destinationInput: input)).last?.maneuver.modifier == expected, "\(distance) m")
        }
        #expect(StepBuilder.endpointModifier(offRoad: 20, deviation: 45) == .straight)
        #expect(StepBuilder.endpointModifier(offRoad: 20, deviation: 46) == .right)
        #expect(StepBuilder.endpointModifier(offRoad: 20, deviation: -46) == .left)
    }

    /// A start 20 m south of an eastbound road departs with a right turn onto it (OSRM's depart modifier).
    @Test func departFromBesideTheRoadNamesTheTurnOntoIt() throws {
        let f = try GuidanceFixture("a -------- b -------- c", ways: [.init("abc", road("Main"))])
        let south = GreatCircle.destination(from: f.map.coordinate("a"), bearing: Bearing(degrees: 180), distance: 20)
        let east = f.map.coordinate("c")
        let route = try f.router.route(from: GreatCircle.destination(from: south, bearing: Bearing(degrees: 90), distance: 50), to: east)
        let depart = try #require(f.steps(route).first?.maneuver)
        #expect(depart.type == .depart)
        #expect(depart.modifier == .right)
        let onRoad = try f.router.route(from: f.map.coordinate("b"), to: east)
        #expect(f.steps(onRoad).first?.maneuver.modifier == nil)
    }

    @Test func stepsCoverTheLegExactly() throws {
        let f = try roundaboutFixture()
        let route = try f.route("sw")
        let steps = f.steps(route)
        let total = steps.reduce(0) { $0 + $1.distance }
        #expect(abs(total - route.legs[0].distance) < 1)
        let duration = steps.reduce(0) { $0 + $1.duration }
        #expect(abs(duration - route.legs[0].duration) < 0.01)
        for (a, b) in zip(steps, steps.dropFirst()) { #expect(a.coordinates.last == b.coordinates.first) }
    }
}

/// Where the road being followed turns away and another road goes straight on (OSRM's
/// "Road turning left" scenario): staying on the road is `continue left`, going straight is a turn off it.
///
///             c
///             |
///     a ----- b ----- d
@Suite struct RoadTurningAwayTests {
    func fixture(sideClass: String = "residential") throws -> GuidanceFixture {
        try GuidanceFixture("""
                    c
                    |
                    |
            a ----- b ----- d
            """, ways: [.init("abc", road("Main", "primary")), .init("bd", road("Side", sideClass))])
    }

    @Test func stayingOnTheRoadThatTurnsLeftIsContinueLeft() throws {
        // Side as important as Main: neither way is obvious, so keeping to Main is announced.
        let f = try fixture(sideClass: "primary")
        let turns = f.turns(try f.route("ac"))
        #expect(turns.map(\.type) == [.continue])
        #expect(turns.first?.modifier == .left)
    }

    @Test func goingStraightOffTheRoadThatTurnsIsTurnStraight() throws {
        let f = try fixture()
        let turns = f.turns(try f.route("ad"))
        #expect(turns.map(\.type) == [.turn])
        #expect(turns.first?.modifier == .straight)
        #expect(turns.first?.roadName == "Side")
    }
}
