import Geodesy
import RoadNetwork
import Testing
import TestSupport
@_spi(Experiments) @testable import Routing

/// What a car may pass and where it may start, as OSRM's car profile decides: barriers on nodes, gates,
/// shuttle trains, car-pool roads, ferries as start points, and the restriction forms OSRM reads.
@Suite struct CarAccessRuleTests {
    /// A street with a node `x` on it, and a longer way round by d and e.
    static let street = """
        a---b---x---c
            |       |
            d-------e
        """
    static let streetWays: [MapFixture.Way] = [
        .init("abxc", ["highway": "residential", "name": "Main"]),
        .init("bdec", ["highway": "residential", "name": "Loop"]),
    ]

    static func street(x tags: [String: String]) throws -> FixtureNetwork {
        try FixtureNetwork(street, ways: streetWays, nodeTags: ["x": tags])
    }

    @Test func bollardEndsTheStreetAndRoutesGoRound() throws {
        let net = try Self.street(x: ["barrier": "bollard"])
        let route = try net.route([net.map.coordinate("a"), net.map.coordinate("c")])
        #expect(net.letters(of: route) == "abdec")
        #expect(net.graph.nodeControls.filter { $0.kind == .barrier }.count == 2, "one dead end per side of the bollard")
    }

    @Test func carTurnsBackAtABollardItCannotPass() throws {
        // From just before the bollard to just after it: never through x.
        let net = try Self.street(x: ["barrier": "bollard"])
        let route = try net.route([net.point("b", "x", 0.8), net.point("x", "c", 0.2)])
        #expect(route.distance > net.distance("b", "x") + net.distance("d", "e"), "\(net.letters(of: route))")
    }

    @Test func barrierOpenToCarsOrOnThePassableListLetsThemThrough() throws {
        for tags in [["barrier": "bollard", "motor_vehicle": "yes"], ["barrier": "cattle_grid"], ["barrier": "bollard", "bollard": "rising"],
                     ["barrier": "kerb", "kerb": "lowered"], ["barrier": "bollard", "access": "private"],
                     ["barrier": "height_restrictor", "maxheight": "2.5"]] {
            let net = try Self.street(x: tags)
            let route = try net.route([net.map.coordinate("a"), net.map.coordinate("c")])
            #expect(net.letters(of: route) == "abxc", "\(tags)")
        }
    }

    @Test func accessNoOnANodeOrALowHeightRestrictorBlocks() throws {
        for tags in [["access": "no"], ["barrier": "height_restrictor", "maxheight": "1.9"], ["barrier": "block"],
                     ["barrier": "gate", "motor_vehicle": "no"]] {
            let net = try Self.street(x: tags)
            let route = try net.route([net.map.coordinate("a"), net.map.coordinate("c")])
            #expect(net.letters(of: route) == "abdec", "\(tags)")
        }
    }

    @Test func gateIsPassedAfterAWait() throws {
        let net = try Self.street(x: ["barrier": "gate"])
        let shortest = try net.route([net.map.coordinate("a"), net.map.coordinate("c")], metric: .distance)
        #expect(net.letters(of: shortest) == "abxc")
        // A minute at the gate is longer than the way round.
        let fastest = try net.route([net.map.coordinate("a"), net.map.coordinate("c")], metric: .time)
        #expect(net.letters(of: fastest) == "abdec")
        #expect(net.graph.nodeControls.contains(TrafficControl(kind: .gate)))
    }

    @Test func shuttleTrainCarriesCarsSlowly() throws {
        let net = try FixtureNetwork("""
            a---b---------c---d
            """, ways: [
                .init("ab", ["highway": "primary"]),
                .init("bc", ["route": "shuttle_train", "name": "Tunnel train"]),
                .init("cd", ["highway": "primary"]),
            ])
        let route = try net.route([net.map.coordinate("a"), net.map.coordinate("d")], metric: .time)
        #expect(net.letters(of: route) == "abcd")
        let g = net.graph, b = net.map.nodeID("b"), c = net.map.nodeID("c")
        let e = try #require((0..<g.edgeCount).first { g.nodeOSMIDs[Int(g.tail[$0])] == b && g.nodeOSMIDs[Int(g.head[$0])] == c })
        #expect(net.graph.flags[Int(e)].contains(.ferry))
        let kilometersPerHour = Double(net.graph.lengthMeters[Int(e)]) / Double(net.graph.travelTimeSeconds[Int(e)]) * 3.6
        #expect(abs(kilometersPerHour - 10) < 0.1)
    }

    @Test func routesNeitherStartNorEndOnAFerry() throws {
        // The start lies nearer the ferry line than the road, but snaps to the road.
        let net = try FixtureNetwork("""
            a-------b
            c-------d
            """, gridSize: 20, ways: [
                .init("ab", ["highway": "residential", "name": "Shore"]),
                .init("cd", ["route": "ferry", "name": "Ferry"]),
            ])
        let route = try net.route([net.point("c", "d", 0.3), net.point("c", "d", 0.7)])
        for leg in route.legs {
            for e in leg.edges { #expect(!net.graph.flags[Int(e)].contains(.ferry)) }
        }
    }

    @Test func carPoolRoadIsNotAShortCut() throws {
        let drawing = """
            a---b---c
            |       |
            d-------e
            """
        for hov in [["hov": "designated"], ["hov:lanes": "designated|designated"]] {
            let net = try FixtureNetwork(drawing, ways: [
                .init("abc", ["highway": "primary", "name": "Pool"].merging(hov) { $1 }),
                .init("adec", ["highway": "primary", "name": "Round"]),
            ])
            // From just below a to just below c, both on the ordinary road.
            #expect(net.letters(of: try net.route([net.point("a", "d", 0.1), net.point("e", "c", 0.9)])) == "de", "\(hov)")
            // A trip on the car-pool road itself still uses it.
            #expect(net.letters(of: try net.route([net.point("a", "b", 0.2), net.point("b", "c", 0.8)])) == "b", "\(hov)")
        }
    }

    // MARK: Restriction forms

    @Test func noEntryWithSeveralFromWaysForbidsEach() throws {
        // Ways 0 (south arm) and 2 (east arm) may not enter way 3 (west arm); the north arm may.
        let relation = Self.restrictionXML(type: "no_entry", from: [0, 2], via: "j", to: [3], in: TurnRestrictionTests.grid)
        let net = try FixtureNetwork(TurnRestrictionTests.grid, ways: TurnRestrictionTests.ways, extraXML: relation)
        #expect(try net.route([net.point("s", "j", 0.75), net.point("j", "w", 0.5)]).distance > 60)
        #expect(try net.route([net.point("e", "j", 0.75), net.point("j", "w", 0.5)]).distance > 60)
        #expect(abs(try net.route([net.point("n", "j", 0.75), net.point("j", "w", 0.5)]).distance - 30) < 0.5)
    }

    @Test func noExitWithSeveralToWaysForbidsEach() throws {
        let relation = Self.restrictionXML(type: "no_exit", from: [0], via: "j", to: [2, 3], in: TurnRestrictionTests.grid)
        let net = try FixtureNetwork(TurnRestrictionTests.grid, ways: TurnRestrictionTests.ways, extraXML: relation)
        #expect(try net.route([net.point("s", "j", 0.75), net.point("j", "w", 0.5)]).distance > 60)
        #expect(try net.route([net.point("s", "j", 0.75), net.point("j", "e", 0.5)]).distance > 60)
        #expect(abs(try net.route([net.point("s", "j", 0.75), net.point("j", "n", 0.5)]).distance - 30) < 0.5)
    }

    @Test func severalMembersOnAnyOtherRestrictionMakeItInvalid() throws {
        let relation = Self.restrictionXML(type: "no_left_turn", from: [0, 2], via: "j", to: [3], in: TurnRestrictionTests.grid)
        let net = try FixtureNetwork(TurnRestrictionTests.grid, ways: TurnRestrictionTests.ways, extraXML: relation)
        #expect(abs(try net.route([net.point("s", "j", 0.75), net.point("j", "w", 0.5)]).distance - 30) < 0.5)
    }

    @Test func anyOnlyValueIsMandatory() throws {
        // OSRM reads every `only_*` value as "only this turn", even one it does not know.
        let net = try FixtureNetwork(TurnRestrictionTests.grid, ways: TurnRestrictionTests.ways,
                                     restrictions: [.init("only_weird_zigzags", from: 0, via: "j", to: 3)])
        #expect(try net.route([net.point("s", "j", 0.75), net.point("j", "e", 0.5)]).distance > 60)
        #expect(abs(try net.route([net.point("s", "j", 0.75), net.point("j", "w", 0.5)]).distance - 30) < 0.5)
    }

    @Test func turnOnRedIsNotATurnRestriction() throws {
        for value in ["no_turn_on_red", "no_right_turn_on_red", "yes_left_turn"] {
            let net = try FixtureNetwork(TurnRestrictionTests.grid, ways: TurnRestrictionTests.ways,
                                         restrictions: [.init(value, from: 0, via: "j", to: 3)])
            #expect(abs(try net.route([net.point("s", "j", 0.75), net.point("j", "w", 0.5)]).distance - 30) < 0.5, "\(value)")
        }
    }

    @Test func restrictionOntoAWayRunningThroughItsViaNodeIsIgnored() throws {
        // abc passes through b: "no left turn onto abc" cannot say which side, so OSRM drops it.
        let net = try FixtureNetwork("""
            x---a---b---c---z
                    |
                    |
                    d
            """, ways: [
                .init("abc", ["highway": "primary"]), .init("bd", ["highway": "primary"]),
                .init("xa", ["highway": "primary"]), .init("cz", ["highway": "primary"]),
            ], restrictions: [.init("no_left_turn", from: 1, via: "b", to: 0)])
        #expect(net.letters(of: try net.route([net.map.coordinate("d"), net.map.coordinate("x")])) == "dbax")
        #expect(net.letters(of: try net.route([net.map.coordinate("d"), net.map.coordinate("z")])) == "dbcz")
    }

    /// A via-node restriction relation with any number of `from` and `to` ways (indices into the way list).
    static func restrictionXML(type: String, from: [Int], via: Character, to: [Int], in drawing: String) -> String {
        let map = MapFixture(drawing)
        var xml = "  <relation id=\"900\">\n"
        for w in from { xml += "    <member type=\"way\" ref=\"\(map.wayID(w))\" role=\"from\"/>\n" }
        xml += "    <member type=\"node\" ref=\"\(map.nodeID(via))\" role=\"via\"/>\n"
        for w in to { xml += "    <member type=\"way\" ref=\"\(map.wayID(w))\" role=\"to\"/>\n" }
        xml += "    <tag k=\"type\" v=\"restriction\"/>\n    <tag k=\"restriction\" v=\"\(type)\"/>\n  </relation>"
        return xml
    }
}
