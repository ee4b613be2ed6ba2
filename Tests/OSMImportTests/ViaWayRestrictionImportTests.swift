import Geodesy
import RoadNetwork
import Testing
import TestSupport
@testable import OSMImport

/// Restriction relations whose via members are ways, resolved onto edge paths (or dropped, counted by reason).
@Suite struct ViaWayRestrictionImportTests {
    // A west-east road w-b-c-e-f with a north-south street through b and c.
    static let map = MapFixture("""
            n   m
            |   |
        w - b - c - e - f
            |   |
            s   t
        """)
    // Way indexes: 0 wb, 1 bc, 2 ce, 3 nbs, 4 mct, 5 a footway n-m, 6 ef.
    static let ways: [MapFixture.Way] = [
        .init("wb", ["highway": "primary", "name": "West"]),
        .init("bc", ["highway": "primary", "name": "Middle"]),
        .init("ce", ["highway": "primary", "name": "East"]),
        .init("nbs", ["highway": "residential", "name": "First Cross"]),
        .init("mct", ["highway": "residential", "name": "Second Cross"]),
        .init("nm", ["highway": "footway", "name": "Path"]),
        .init("ef", ["highway": "primary", "name": "Far East"]),
    ]

    func importMap(_ restrictions: [MapFixture.Restriction]) throws -> ImportResult {
        try OSMImporter.importXML(Self.map.osmXML(ways: Self.ways, restrictions: restrictions))
    }

    @Test func oneViaWayBecomesAnEdgePathFromTheFromWayOntoTheToWay() throws {
        let result = try importMap([.init("no_left_turn", from: 0, viaWays: [1], to: 4)])
        let g = result.graph
        #expect(g.restrictions.isEmpty)
        #expect(g.viaWayRestrictions.count == 2)  // onto both halves of the second cross street (split at c)
        for r in g.viaWayRestrictions {
            #expect(r.kind == .prohibitive)
            #expect(r.edges.count == 3)
            #expect(g.wayID[Int(r.edges[0])] == Self.map.wayID(0))
            #expect(g.nodeOSMIDs[Int(g.head[Int(r.edges[0])])] == Self.map.nodeID("b"))
            #expect(g.wayID[Int(r.edges[1])] == Self.map.wayID(1))
            #expect(g.nodeOSMIDs[Int(g.tail[Int(r.toEdge)])] == Self.map.nodeID("c"))
            #expect(g.wayID[Int(r.toEdge)] == Self.map.wayID(4))
        }
        #expect(result.statistics.restrictionsWithViaWay == 1)
        #expect(result.statistics.viaWayRestrictionsKept == 1)
        #expect(result.statistics.restrictionsKept == 1 && result.statistics.restrictionsSkipped == 0)
    }

    @Test func twoViaWaysFollowEachOtherInOrder() throws {
        let result = try importMap([.init("only_straight_on", from: 0, viaWays: [1, 2], to: 6)])
        let g = result.graph
        let r = try #require(g.viaWayRestrictions.first)
        #expect(g.viaWayRestrictions.count == 1)
        #expect(r.kind == .mandatory)
        #expect(r.edges.map { g.wayID[Int($0)] } == [0, 1, 2, 6].map(Self.map.wayID))
        #expect(r.edges.map { g.nodeOSMIDs[Int(g.head[Int($0)])] } == ["b", "c", "e", "f"].map(Self.map.nodeID))
        // Listed in another order, the via ways do not lead from the from way to the to way.
        let swapped = try importMap([.init("only_straight_on", from: 0, viaWays: [2, 1], to: 6)])
        #expect(swapped.graph.viaWayRestrictions.isEmpty)
        #expect(swapped.statistics.viaWayRestrictionsUnconnected == 1)
    }

    @Test func membersThatAreNotDrivableOrMissingDropTheRestriction() throws {
        let footway = try importMap([.init("no_right_turn", from: 0, viaWays: [5], to: 2)])
        #expect(footway.graph.viaWayRestrictions.isEmpty)
        #expect(footway.statistics.viaWayRestrictionsMissingWays == 1)
        #expect(footway.statistics.restrictionsSkipped == 1)

        var xml = Self.map.osmXML(ways: Self.ways, restrictions: [.init("no_right_turn", from: 0, viaWays: [1], to: 2)])
        xml = xml.replacingOccurrences(of: "<member type=\"way\" ref=\"\(Self.map.wayID(1))\" role=\"via\"/>",
                                       with: "<member type=\"way\" ref=\"999\" role=\"via\"/>")
        let missing = try OSMImporter.importXML(xml)
        #expect(missing.statistics.viaWayRestrictionsMissingWays == 1)
    }

    @Test func waysThatDoNotMeetDropTheRestriction() throws {
        // West and East share no node with each other: West -> East "via" Second Cross does not connect.
        let result = try importMap([.init("no_straight_on", from: 0, viaWays: [4], to: 2)])
        #expect(result.graph.viaWayRestrictions.isEmpty)
        #expect(result.statistics.viaWayRestrictionsUnconnected == 1)
    }

    @Test func relationWithTwoFromWaysIsMalformed() throws {
        var xml = Self.map.osmXML(ways: Self.ways, restrictions: [.init("no_left_turn", from: 0, viaWays: [1], to: 4)])
        xml = xml.replacingOccurrences(of: "role=\"from\"/>", with: "role=\"from\"/>\n    <member type=\"way\" ref=\"\(Self.map.wayID(3))\" role=\"from\"/>")
        let result = try OSMImporter.importXML(xml)
        #expect(result.graph.viaWayRestrictions.isEmpty)
        #expect(result.statistics.viaWayRestrictionsMalformed == 1)
    }

    @Test func exceptMotorcarSkipsAViaWayRestrictionToo() throws {
        var xml = Self.map.osmXML(ways: Self.ways, restrictions: [.init("no_left_turn", from: 0, viaWays: [1], to: 4)])
        xml = xml.replacingOccurrences(of: "<tag k=\"type\" v=\"restriction\"/>",
                                       with: "<tag k=\"type\" v=\"restriction\"/><tag k=\"except\" v=\"motorcar\"/>")
        let result = try OSMImporter.importXML(xml)
        #expect(result.graph.viaWayRestrictions.isEmpty)
        #expect(result.statistics.restrictionsNotForCars == 1)
    }
}
