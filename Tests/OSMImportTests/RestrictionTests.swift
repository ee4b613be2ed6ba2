import Geodesy
import RoadNetwork
import Testing
import TestSupport
@testable import OSMImport

/// Turn restriction relations resolved onto graph edges.
@Suite struct RestrictionTests {
    // West-east main road ending at b from both sides; north and south side roads ending at b.
    static let map = MapFixture("""
            n
            |
        w - b - e
            |
            s
        """)
    static let ways: [MapFixture.Way] = [
        .init("wb", ["highway": "primary", "name": "West"]),
        .init("be", ["highway": "primary", "name": "East"]),
        .init("nb", ["highway": "residential", "name": "Cross"]),
        .init("bs", ["highway": "residential", "name": "Cross"]),
    ]

    func importMap(_ restrictions: [MapFixture.Restriction], relationTags: [String: String] = [:]) throws -> ImportResult {
        var xml = Self.map.osmXML(ways: Self.ways, restrictions: restrictions)
        for (k, v) in relationTags {
            xml = xml.replacingOccurrences(of: "<tag k=\"type\" v=\"restriction\"/>",
                                           with: "<tag k=\"type\" v=\"restriction\"/><tag k=\"\(k)\" v=\"\(v)\"/>")
        }
        return try OSMImporter.importXML(xml)
    }

    @Test func noLeftTurnBecomesProhibitiveAtViaNode() throws {
        let result = try importMap([.init("no_left_turn", from: 0, via: "b", to: 2)])
        let g = result.graph
        let b = try #require(g.node(osmID: Self.map.nodeID("b")))
        #expect(g.restrictions.count == 1)
        for r in g.restrictions {
            #expect(r.kind == .prohibitive)
            #expect(r.viaNode == b)
            #expect(g.wayID[Int(r.fromEdge)] == Self.map.wayID(0))
            #expect(g.wayID[Int(r.toEdge)] == Self.map.wayID(2))
            #expect(r.relationID == 1)
        }
        #expect(result.statistics.restrictionsKept == 1)
        #expect(result.statistics.restrictionsSkipped == 0)
    }

    @Test func onlyStraightOnBecomesMandatory() throws {
        let result = try importMap([.init("only_straight_on", from: 0, via: "b", to: 1)])
        #expect(result.graph.restrictions.count == 1)
        #expect(result.graph.restrictions.first?.kind == .mandatory)
    }

    @Test func wayRunningThroughTheViaNodeMakesTheRestrictionAmbiguous() throws {
        // OSRM resolves a via-node restriction only where its ways end at the via node: "no left turn onto
        // the cross street" through b cannot say which half is meant, and is skipped rather than guessed.
        let map = MapFixture("""
            w - x - b - e
                    |
                    s
            """)
        let ways: [MapFixture.Way] = [.init("bs", ["highway": "residential"]), .init("wxbe", ["highway": "primary"])]
        let result = try OSMImporter.importXML(map.osmXML(ways: ways, restrictions: [.init("no_left_turn", from: 0, via: "b", to: 1)]))
        #expect(result.graph.restrictions.isEmpty)
        #expect(result.statistics.restrictionsAmbiguous == 1)
        #expect(result.statistics.restrictionsKept == 0)
    }

    @Test func uTurnBackOntoTheFromWayForbidsOnlyTurningBack() throws {
        let map = MapFixture("""
            w - b - e
                |
                s
            """)
        let ways: [MapFixture.Way] = [.init("wb", ["highway": "primary"]), .init("be", ["highway": "primary"]),
                                      .init("bs", ["highway": "residential"])]
        let g = try OSMImporter.importXML(map.osmXML(ways: ways, restrictions: [.init("no_u_turn", from: 0, via: "b", to: 0)])).graph
        #expect(g.restrictions.count == 1)
        for r in g.restrictions {
            #expect(g.head[Int(r.toEdge)] == g.tail[Int(r.fromEdge)], "only the turn back is forbidden")
        }
    }

    @Test func motorcarSpecificRestrictionTagIsRead() throws {
        var xml = Self.map.osmXML(ways: Self.ways, restrictions: [.init("no_right_turn", from: 0, via: "b", to: 2)])
        xml = xml.replacingOccurrences(of: "<tag k=\"restriction\" v=\"no_right_turn\"/>", with: "<tag k=\"restriction:motorcar\" v=\"no_right_turn\"/>")
        let result = try OSMImporter.importXML(xml)
        #expect(result.statistics.restrictionsKept == 1)
        xml = xml.replacingOccurrences(of: "restriction:motorcar", with: "restriction:hgv")
        let hgv = try OSMImporter.importXML(xml)
        #expect(hgv.graph.restrictions.isEmpty)
        #expect(hgv.statistics.restrictionsNotForCars == 1)
    }

    @Test func exceptMotorcarSkipsTheRestriction() throws {
        let result = try importMap([.init("no_left_turn", from: 0, via: "b", to: 2)], relationTags: ["except": "bicycle;motorcar"])
        #expect(result.graph.restrictions.isEmpty)
        #expect(result.statistics.restrictionsNotForCars == 1)
        #expect(result.statistics.restrictionsSkipped == 1)
        let bicycleOnly = try importMap([.init("no_left_turn", from: 0, via: "b", to: 2)], relationTags: ["except": "bicycle"])
        #expect(bicycleOnly.graph.restrictions.count == 1)
    }

    @Test func viaWayRestrictionsAreCountedAndSkipped() throws {
        var xml = Self.map.osmXML(ways: Self.ways, restrictions: [.init("no_u_turn", from: 0, via: "b", to: 0)])
        xml = xml.replacingOccurrences(of: "<member type=\"node\" ref=\"\(Self.map.nodeID("b"))\" role=\"via\"/>",
                                       with: "<member type=\"way\" ref=\"2\" role=\"via\"/>")
        let result = try OSMImporter.importXML(xml)
        #expect(result.graph.restrictions.isEmpty)
        #expect(result.statistics.restrictionsWithViaWay == 1)
        #expect(result.statistics.restrictionsSkipped == 1)
    }

    @Test func restrictionsOnMissingOrUndrivableWaysAreSkipped() throws {
        var ways = Self.ways
        ways[2] = .init("nb", ["highway": "footway"])
        let result = try OSMImporter.importXML(Self.map.osmXML(ways: ways, restrictions: [.init("no_left_turn", from: 0, via: "b", to: 2)]))
        #expect(result.graph.restrictions.isEmpty)
        #expect(result.statistics.restrictionRelations == 1)
        #expect(result.statistics.restrictionsSkipped == 1)
    }
}
