import Geodesy
@testable import Guidance
import Testing

/// Which changes of name a driver is told about (OSRM's announcement rules).
@Suite struct NameChangeTests {
    @Test func containedNamesAreTheSameRoad() {
        #expect(!NameChange.requiresAnnouncement(fromName: "Hauptstraße", fromRef: "", toName: "Hauptstraßenbrücke", toRef: ""))
        #expect(!NameChange.requiresAnnouncement(fromName: "Hauptstraßentunnel", fromRef: "", toName: "Hauptstraße", toRef: ""))
    }

    @Test func compassWordsAroundANameAreTheSameRoad() {
        #expect(!NameChange.requiresAnnouncement(fromName: "42 N", fromRef: "", toName: "42 S", toRef: ""))
        #expect(!NameChange.requiresAnnouncement(fromName: "West 42", fromRef: "", toName: "East 42", toRef: ""))
        #expect(!NameChange.requiresAnnouncement(fromName: "North CapitolNortheast", fromRef: "", toName: "North CapitolNorthwest", toRef: ""))
        #expect(NameChange.requiresAnnouncement(fromName: "Main Street", fromRef: "", toName: "Market Street", toRef: ""))
    }

    @Test func compassWordsAroundAccentedNamesAreTheSameRoad() {
        #expect(!NameChange.requiresAnnouncement(fromName: "Rua de São João N", fromRef: "", toName: "Rua de São João S", toRef: ""))
        #expect(!NameChange.requiresAnnouncement(fromName: "NORTH Łąkowa", fromRef: "", toName: "Łąkowa", toRef: ""))
        #expect(NameChange.requiresAnnouncement(fromName: "Rua de São João", fromRef: "", toName: "Rua de São Jorge", toRef: ""))
    }

    /// Names whose characters are single code points below U+0300 are compared as code points; the answer
    /// must be the character comparison's for every such pair (accents, case, spaces, compass words).
    @Test func codePointComparisonAgreesWithCharacterComparison() {
        let cores = ["42", "Rua de São João", "Łąkowa", "Ørestad Boulevard", "Hauptstraße", "N", "Nort", "e"]
        let affixes = ["", "N", "n ", " South", "NE", "west", "Nor", "Ñ", "Nörth", "Avenida", "  "]
        var pairs = 0
        for core in cores {
            for (p1, s1) in zip(affixes, affixes.reversed()) {
                for (p2, s2) in zip(affixes.dropFirst(3) + affixes.prefix(3), affixes) {
                    let a = p1 + (p1.isEmpty ? "" : " ") + core + s1, b = p2 + core + (s2.isEmpty ? "" : " ") + s2
                    #expect(NameChange.separateCharacters(a) != nil && NameChange.separateCharacters(b) != nil)
                    #expect(NameChange.isCompassAffixChange(a, b) == NameChange.isCompassAffixChangeByCharacters(a, b), "\(a) / \(b)")
                    pairs += 1
                }
            }
        }
        #expect(pairs == cores.count * affixes.count * affixes.count)
    }

    /// A combining mark or a carriage return leaves the code-point comparison: characters compare by
    /// canonical equivalence (a decomposed "ã" is the precomposed one), code points would not.
    @Test func namesWithCombiningMarksAreComparedAsCharacters() {
        let precomposed = "Rua de S\u{E3}o Bento N", decomposed = "Rua de Sa\u{303}o Bento S"
        #expect(NameChange.separateCharacters(decomposed) == nil)
        #expect(NameChange.separateCharacters("A\r\nB") == nil)
        #expect(NameChange.isCompassAffixChange(precomposed, decomposed))
        #expect(!NameChange.requiresAnnouncement(fromName: precomposed, fromRef: "", toName: decomposed, toRef: ""))
    }

    @Test func aReferenceJoiningOrLeavingIsNoNewRoad() {
        #expect(!NameChange.requiresAnnouncement(fromName: "", fromRef: "US 75", toName: "", toRef: "US 75;US 69"))
        #expect(!NameChange.requiresAnnouncement(fromName: "Keystone", fromRef: "US 64; US 412  ;   OK 151", toName: "Keystone", toRef: "US 64  ;  US 412"))
        #expect(NameChange.requiresAnnouncement(fromName: "A", fromRef: "B1", toName: "C", toRef: "B1;B2"))
    }

    @Test func losingTheNameIsSilentGainingOneIsAnnounced() {
        #expect(!NameChange.requiresAnnouncement(fromName: "Elm", fromRef: "", toName: "", toRef: ""))
        #expect(NameChange.requiresAnnouncement(fromName: "", fromRef: "", toName: "Elm", toRef: ""))
        // A numbered road becoming a named one is said, even when the number is only dropped.
        #expect(NameChange.requiresAnnouncement(fromName: "", fromRef: "B1", toName: "Elm", toRef: ""))
    }
}

/// Maneuvers a few metres apart are one movement for the driver.
@Suite struct ManeuverCollapsingTests {
    /// A divided road (two one-way carriageways 20 m apart) crossed by a two-way street.
    ///
    ///            n
    ///            |
    ///     a <--- b <--- c      First (westbound carriageway)
    ///            |
    ///     d ---> e ---> f      First (eastbound carriageway)
    ///            |
    ///            s
    static let dividedRoad = """
                n


        a ----- b ----- c
                |
        d ----- e ----- f


                s
        """

    func dividedRoadFixture() throws -> GuidanceFixture {
        try GuidanceFixture(Self.dividedRoad, ways: [
            .init("cba", road("First", "primary", ["oneway": "yes"])),
            .init("def", road("First", "primary", ["oneway": "yes"])),
            .init("nbes", road("Second", "primary")),
        ])
    }

    @Test func uTurnThroughTheGapOfADividedRoadIsOneContinueUTurn() throws {
        let f = try dividedRoadFixture()
        let turns = f.turns(try f.route("cf"))
        #expect(turns.map(\.type) == [.continue])
        #expect(turns.first?.modifier == .uturn)
    }

    @Test func turningLeftOntoTheFarCarriagewayIsOneTurn() throws {
        // From the south, left onto First westbound: across the eastbound carriageway, then left.
        let f = try dividedRoadFixture()
        let turns = f.turns(try f.route("sa"))
        #expect(turns.map(\.type) == [.turn])
        #expect(turns.first?.modifier == .left)
        #expect(turns.first?.roadName == "First")
    }

    @Test func crossingTheDividedRoadIsSilent() throws {
        let f = try dividedRoadFixture()
        #expect(f.turns(try f.route("sn")).isEmpty)
    }

    @Test func staggeredJunctionWithALongLinkKeepsBothTurns() throws {
        // Oak is offset by 20 m along Cedar: right onto Cedar, then left back onto Oak, two junctions.
        let f = try GuidanceFixture("""
                    j
                    |
            a ----- b
                    |
                    c ----- d
                    |
                    i
            """, ways: [.init("ab", road("Oak")), .init("jbci", road("Cedar")), .init("cd", road("Oak"))])
        let turns = f.turns(try f.route("ad"))
        #expect(turns.map(\.modifier) == [.right, .left])
        #expect(turns.map(\.roadName) == ["Cedar", "Oak"])
    }

    @Test func shortBridgeUnderAnotherNameBeforeATurnIsOneTurn() throws {
        // Hauptstraße -> a 20 m bridge named "Nordbrücke" -> left onto Ufer: one instruction.
        let f = try GuidanceFixture("""
                               d
                               |
            a -------- b ----- c
                               |
                               e
            """, ways: [.init("ab", road("Hauptstraße", "primary")), .init("bc", road("Nordbrücke", "primary", ["bridge": "yes"])),
                        .init("dce", road("Ufer", "primary"))], gridSize: 5)
        let turns = f.turns(try f.route("ad"))
        #expect(turns.map(\.type) == [.turn])
        #expect(turns.first?.modifier == .left)
        #expect(turns.first?.roadName == "Ufer")
    }

    @Test func sliproadCuttingTheCornerIsOneTurnAtItsStart() throws {
        // The link b-d cuts the corner of the junction c: the driver turns right at b onto Cross. (Its
        // tagged limit makes the link the faster way; at the class speed of a link, 20 km/h, the corner
        // would be.)
        let f = try GuidanceFixture("""
            a ------- b --------- c
                         \\         |
                            \\      |
                                \\  |
                                    d
                                    |
                                    |
                                    e
            """, ways: [.init("abc", road("Main")), .init("bd", road("", "tertiary_link", ["oneway": "yes", "maxspeed": "50"])),
                        .init("cde", road("Cross"))], gridSize: 10)
        let turns = f.turns(try f.route("ae"))
        #expect(turns.map(\.type) == [.turn])
        #expect(turns.first?.modifier == .right)
        #expect(turns.first?.roadName == "Cross")
        #expect(GreatCircle.distance(from: try #require(turns.first?.location), to: f.map.coordinate("b")) < 0.5)
    }

    @Test func longTurningLinkIntoTheOppositeCarriagewayIsOneUTurn() throws {
        // The link b-d-e-g leaves the eastbound carriageway and, 200 m on, must join the westbound one:
        // the only way on at g, with no junction on the link, completing a U-turn.
        let f = try GuidanceFixture("""
            h ------------------- g ---- f
                                /
                 d ----------- e
                /
            a - b ------------------------ c
            """, ways: [.init("abc", road("Mich", "primary", ["oneway": "yes"])), .init("fgh", road("Mich", "primary", ["oneway": "yes"])),
                        .init("bdeg", road("Mich", "primary_link", ["oneway": "yes"]))])
        let turns = f.turns(try f.route("ah"))
        #expect(turns.map(\.type) == [.continue])
        #expect(turns.first?.modifier == .uturn)
    }

    @Test func shortNameStretchBeforeTheDestinationIsNotAnnounced() throws {
        let f = try GuidanceFixture("""
            a -------------- b --- c
            """, ways: [.init("ab", road("Elm")), .init("bc", road("Oak"))])
        let steps = f.steps(try f.route("ac"))
        #expect(steps.map(\.maneuver.type) == [.depart, .arrive])
        #expect(steps.last?.name == "Oak")
    }
}

/// Motorway junctions: forks, ramps and merges.
@Suite struct MotorwayJunctionTests {
    @Test func linkJoiningACarriagewayIsAMerge() throws {
        //   a ------ b ------ c    motorway
        //          /
        //        r             link from the right (south)
        let f = try GuidanceFixture("""
            a -------- b -------- c
                     /
                   r
            """, ways: [.init("abc", road("", "motorway", ["ref": "A1", "oneway": "yes"])),
                        .init("rb", road("", "motorway_link", ["oneway": "yes"]))])
        let turns = f.turns(try f.route("rc"))
        #expect(turns.map(\.type) == [.merge])
        #expect(turns.first?.modifier == .slightLeft)
    }

    @Test func twoLinksJoiningIntoAMotorwayStartAreNoMerge() throws {
        // No carriageway passes the junction: the links simply become the motorway.
        let f = try GuidanceFixture("""
            a
              \\
                c -------- d
              /
            b
            """, ways: [.init("ac", road("", "motorway_link", ["oneway": "yes"])), .init("bc", road("", "motorway_link", ["oneway": "yes"])),
                        .init("cd", road("", "motorway", ["ref": "A2", "oneway": "yes"]))], gridSize: 40)
        #expect(!f.turns(try f.route("ad")).contains { $0.type == .merge })
    }

    @Test func linkBesideAnOrdinaryRoadIsAnOnRampNotAFork() throws {
        let f = try GuidanceFixture("""
                      c
            a ---- b
                      d
            """, ways: [.init("ab", road("Elm", "tertiary")), .init("bc", road("Oak", "tertiary")),
                        .init("bd", road("", "motorway_link", ["oneway": "yes"]))])
        #expect(f.turns(try f.route("ad")).map(\.type) == [.onRamp])
        #expect(!f.turns(try f.route("ac")).contains { $0.type == .fork })
    }
}

/// A link is a connection between roads: never the silent way on.
@Suite struct LinkRoadTests {
    @Test func straighterLinkThanTheRoadIsStillAnnounced() throws {
        // Main bends right at b; the secondary link carries straight on to Cross: taking it is a turn.
        let f = try GuidanceFixture("""
            a -------- b ---------- l ---- x
                         \\
                           \\
                             c
            """, ways: [.init("abc", road("Main", "secondary")), .init("bl", road("Cross", "secondary_link", ["oneway": "yes"])),
                        .init("lx", road("Cross", "secondary"))], gridSize: 20)
        let turns = f.turns(try f.route("ax"))
        #expect(turns.map(\.type) == [.turn])
        #expect(turns.first?.modifier == .straight)
    }
}

/// Several turns to one side are told apart as OSRM assigns them.
@Suite struct TurnAssignmentTests {
    //        f
    //    a - b - c
    //        d   e
    @Test func twoRightTurnsAreRightAndSlightRight() throws {
        let f = try GuidanceFixture("""
                    f
            a ----- b ----- c
                    | \\
                    d  e
            """, ways: [.init("abc", road("Main", "primary")), .init("bd", road("Down", "primary")),
                        .init("be", road("Diagonal", "primary")), .init("bf", road("Up", "primary"))], gridSize: 20)
        #expect(f.turns(try f.route("ad")).first?.modifier == .right)
        #expect(f.turns(try f.route("ae")).first?.modifier == .slightRight)
    }
}
