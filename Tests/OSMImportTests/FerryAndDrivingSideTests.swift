import Geodesy
import RoadNetwork
import Testing
import TestSupport
@testable import OSMImport

/// Car ferries (`route=ferry`) and the driving side inferred from roundabouts.
@Suite struct FerryAndDrivingSideTests {
    // A road to the quay at q, a ferry q-p across the water, a road on from the pier p.
    static let map = MapFixture("""
        a---q----------p---b
        """, gridSize: 100)

    static func importFerry(_ ferryTags: [String: String]) throws -> ImportResult {
        let ways: [MapFixture.Way] = [
            .init("aq", ["highway": "primary", "name": "Quay Road"]),
            .init("qp", ["route": "ferry", "name": "Ferry"].merging(ferryTags) { $1 }),
            .init("pb", ["highway": "primary", "name": "Pier Road"]),
        ]
        return try OSMImporter.importXML(map.osmXML(ways: ways))
    }

    @Test func ferryIsRoutableInBothDirectionsAtFerrySpeed() throws {
        let result = try Self.importFerry([:])
        let g = result.graph
        let ferry = g.edges(ofWay: Self.map.wayID(1))
        #expect(ferry.count == 2)
        for e in ferry {
            #expect(g.flags[Int(e)].contains(.ferry))
            let speed = Double(g.lengthMeters[Int(e)]) / Double(g.travelTimeSeconds[Int(e)]) * 3.6
            #expect(abs(speed - CarProfile().ferrySpeed) < 0.01)
        }
        #expect(!g.flags[Int(g.edges(ofWay: Self.map.wayID(0))[0])].contains(.ferry))
        #expect(result.statistics.ferryWays == 1 && result.statistics.carFerryWays == 1)
    }

    @Test(arguments: [("PT1H30M", 5400.0), ("1:30", 5400), ("90", 5400), ("01:30:15", 5415), ("P1DT1H", 90_000), ("PT45S", 45)])
    func taggedDurationTimesTheCrossing(duration: String, seconds: Double) throws {
        let g = try Self.importFerry(["duration": duration]).graph
        for e in g.edges(ofWay: Self.map.wayID(1)) {
            #expect(abs(Double(g.travelTimeSeconds[Int(e)]) - seconds) < 0.01, "\(duration)")
        }
    }

    @Test(arguments: ["", "soon", "PT", "1:2:3:4", "P1H", "-5"])
    func unreadableDurationFallsBackToFerrySpeed(duration: String) throws {
        #expect(CarProfile.readDuration(duration) == nil, "\(duration)")
        let g = try Self.importFerry(["duration": duration]).graph
        let e = Int(g.edges(ofWay: Self.map.wayID(1))[0])
        #expect(abs(Double(g.lengthMeters[e]) / Double(g.travelTimeSeconds[e]) * 3.6 - CarProfile().ferrySpeed) < 0.01)
    }

    @Test(arguments: [["motor_vehicle": "no"], ["motorcar": "no"], ["access": "no"], ["oneway": "reversible"]])
    func ferryClosedToCarsIsLeftOut(tags: [String: String]) throws {
        let result = try Self.importFerry(tags)
        #expect(result.graph.edges(ofWay: Self.map.wayID(1)).isEmpty)
        #expect(result.statistics.ferryWays == 1 && result.statistics.carFerryWays == 0)
    }

    @Test func onewayFerryRunsOneWay() throws {
        let g = try Self.importFerry(["oneway": "yes"]).graph
        #expect(g.edges(fromOSM: Self.map.nodeID("q"), toOSM: Self.map.nodeID("p")).count == 1)
        #expect(g.edges(fromOSM: Self.map.nodeID("p"), toOSM: Self.map.nodeID("q")).isEmpty)
    }

    // MARK: Driving side

    /// A ring a-b-c-d drawn as a roundabout; `clockwise` orders its nodes so traffic goes clockwise.
    static func roundaboutXML(clockwise: Bool, count: Int = 1) -> String {
        let map = MapFixture("""
            a---b   e---f
            |   |   |   |
            d---c   h---g
            """)
        var ways: [MapFixture.Way] = []
        for ring in [["a", "b", "c", "d"], ["e", "f", "g", "h"]].prefix(count) {
            let order = clockwise ? ring : Array(ring.reversed())
            ways.append(.init((order + [order[0]]).joined(), ["highway": "primary", "junction": "roundabout"]))
        }
        return map.osmXML(ways: ways)
    }

    @Test func clockwiseRoundaboutsMeanLeftHandTraffic() throws {
        let result = try OSMImporter.importXML(Self.roundaboutXML(clockwise: true, count: 2))
        #expect(result.graph.drivingSide == .left)
        #expect(result.drivingSideSource == .roundabouts)
        #expect(result.statistics.clockwiseRoundabouts == 2 && result.statistics.counterclockwiseRoundabouts == 0)
    }

    @Test func counterclockwiseRoundaboutsMeanRightHandTraffic() throws {
        let result = try OSMImporter.importXML(Self.roundaboutXML(clockwise: false))
        #expect(result.graph.drivingSide == .right)
        #expect(result.drivingSideSource == .roundabouts)
        #expect(result.statistics.counterclockwiseRoundabouts == 1)
    }

    @Test func noRoundaboutsAssumeRightHandTraffic() throws {
        let result = try Self.importFerry([:])
        #expect(result.graph.drivingSide == .right)
        #expect(result.drivingSideSource == .assumed)
    }

    @Test func optionOverridesTheRoundabouts() throws {
        let result = try OSMImporter.importXML(Self.roundaboutXML(clockwise: true), options: ImportOptions(drivingSide: .right))
        #expect(result.graph.drivingSide == .right)
        #expect(result.drivingSideSource == .option)
    }
}
