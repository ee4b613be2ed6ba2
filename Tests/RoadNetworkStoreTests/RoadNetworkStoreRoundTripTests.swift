import Foundation
import Geodesy
import RoadNetwork
import Testing
@testable import RoadNetworkStore

@Suite struct RoadNetworkStoreRoundTripTests {
    @Test func everyArrayOfARichGraphSurvivesWriteAndLoad() throws {
        let directory = try StoreFixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("london.sqlite").path
        let g = StoreFixtures.richGraph()
        #expect(g.restrictions.count == 2)
        #expect(g.nodeElevations.contains { $0.isNaN } && g.shapeElevations.contains { $0.isNaN })
        try RoadNetworkStore.write(graph: g, pointsOfInterest: StoreFixtures.pointsOfInterest,
                                   metadata: StoreFixtures.metadata(for: g), to: path)
        let loaded = try RoadNetworkStore.load(path: path)
        let h = loaded.graph
        #expect(h.firstOut == g.firstOut)
        #expect(h.nodeCoordinates == g.nodeCoordinates)
        #expect(h.nodeOSMIDs == g.nodeOSMIDs)
        #expect(h.nodeElevations.bits == g.nodeElevations.bits)
        #expect(g.nodeControls.filter { $0 != .none }.count == 3)
        #expect(h.nodeControls == g.nodeControls)
        #expect(loaded.metadata.trafficSignalNodeCount == 1 && loaded.metadata.stopNodeCount == 1
            && loaded.metadata.giveWayNodeCount == 1)
        #expect(h.tail == g.tail)
        #expect(h.head == g.head)
        #expect(h.lengthMeters == g.lengthMeters)
        #expect(h.travelTimeSeconds == g.travelTimeSeconds)
        #expect(h.highway == g.highway)
        #expect(h.speedLimit == g.speedLimit)
        #expect(h.flags == g.flags)
        #expect(h.nameIndex == g.nameIndex)
        #expect(h.refIndex == g.refIndex)
        #expect(g.signposts.count == 5 && g.junctionExits.count == 1 && g.turnLanePatterns.count == 3)
        #expect(h.signpostIndex == g.signpostIndex)
        #expect(h.signposts == g.signposts)
        #expect(h.junctionExits == g.junctionExits)
        #expect(h.turnLanePatterns == g.turnLanePatterns)
        #expect(h.wayID == g.wayID)
        #expect(h.firstShapePoint == g.firstShapePoint)
        #expect(h.shapePoints == g.shapePoints)
        #expect(h.shapeElevations.bits == g.shapeElevations.bits)
        #expect(h.strings == g.strings)
        #expect(h.restrictions == g.restrictions)
        #expect(g.viaWayRestrictions.count == 1 && g.viaWayRestrictions[0].edges.count == 3)
        #expect(h.viaWayRestrictions == g.viaWayRestrictions)
        #expect(h.drivingSide == .left)
        #expect(loaded.metadata.drivingSide == .left && loaded.metadata.drivingSideSource == .option)
        #expect(loaded.metadata.viaWayRestrictionCount == 1)
        #expect(h.validate() == nil)
        #expect(loaded.pointsOfInterest == StoreFixtures.pointsOfInterest)
        // Spot checks that the fixture really exercises what it claims.
        #expect(h.strings.contains("東京通り 🚗") && h.strings.contains("Straße des 17. Juni"))
        func edge(_ from: Int64, _ to: Int64) throws -> EdgeIndex {
            try #require((0..<h.edgeCount).first { h.nodeOSMIDs[Int(h.tail[$0])] == from && h.nodeOSMIDs[Int(h.head[$0])] == to }
                .map(EdgeIndex.init))
        }
        let link = try edge(102, 103), roundabout = try edge(9_876_543_210, -7)
        #expect(h.destinations(of: link) == "A1: Porto, Lisboa" && h.exits(of: link) == "")
        #expect(h.exits(of: roundabout) == "3; 3a" && h.destinations(of: roundabout) == "")
        // Lanes per direction, one pattern shared by two ways.
        #expect(Array(h.turnLanes(of: link)) == [.left, [.straight, .right], .none])
        #expect(Array(h.turnLanes(of: try edge(102, 101))) == [[.sharpLeft, .uturn], .mergeToRight])
        #expect(h.turnLanes(of: roundabout).isEmpty)
        let b = try #require(h.nodeOSMIDs.firstIndex(of: 102).map(NodeIndex.init))
        #expect(h.junctionExit(at: b) == "12")
        #expect(h.speedLimit.contains { $0.unit == .milesPerHour && $0.valueInTaggedUnit == 30 })
        #expect(h.speedLimit.contains { $0.unit == .knots && $0.valueInTaggedUnit == 10 })
        #expect(Set(h.restrictions.map(\.kind)) == [.prohibitive, .mandatory])
    }

    @Test func metadataSurvivesWriteAndLoadIncludingTheImportersFigureOrder() throws {
        let directory = try StoreFixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("m.sqlite").path
        let g = StoreFixtures.richGraph()
        let written = StoreFixtures.metadata(for: g)
        try RoadNetworkStore.write(graph: g, pointsOfInterest: StoreFixtures.pointsOfInterest, metadata: written, to: path)
        let read = try RoadNetworkStore.metadata(path: path)
        #expect(read == written)
        #expect(read.importStatistics.map(\.name) == ["ways.highway", "nodes.read", "a_first"])
        #expect(try RoadNetworkStore.load(path: path).metadata == written)
    }

    @Test func computedMetadataCountsTheGraph() {
        let g = StoreFixtures.richGraph()
        let m = StoreFixtures.metadata(for: g)
        #expect(m.nodeCount == 5 && m.edgeCount == 6 && m.shapePointCount == 5 && m.restrictionCount == 2)
        #expect(m.pointOfInterestCount == 4)
        #expect(m.stringCount == g.strings.count)
        // Tagged: the two mph edges and the unlimited one; zone and class defaults are not tagged.
        #expect(m.taggedSpeedLimitEdgeCount == 3)
        #expect(abs(m.taggedSpeedLimitShare - 0.5) < 1e-12)
        #expect(m.highwayBreakdown.map(\.highway) == [.motorwayLink, .primary, .livingStreet, .service])
        #expect(m.highwayBreakdown.map(\.edgeCount) == [1, 2, 2, 1])
        let total = g.lengthMeters.reduce(0.0) { $0 + Double($1) }
        #expect(abs(m.totalLengthMeters - total) < 1e-6)
        #expect(abs(m.highwayBreakdown.reduce(0) { $0 + $1.lengthMeters } - total) < 1e-6)
        #expect(m.boundingBox == g.boundingBox)
        #expect(m.formatVersion == RoadNetworkStore.formatVersion)
    }

    @Test func emptyGraphRoundTrips() throws {
        let directory = try StoreFixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("empty.sqlite").path
        try RoadNetworkStore.write(graph: .empty, pointsOfInterest: [], metadata: StoreFixtures.metadata(for: .empty, pointsOfInterest: []), to: path)
        let loaded = try RoadNetworkStore.load(path: path)
        #expect(loaded.graph.nodeCount == 0 && loaded.graph.edgeCount == 0)
        #expect(loaded.graph.strings == [""])
        #expect(loaded.metadata.boundingBox.isEmpty)
        #expect(loaded.pointsOfInterest.isEmpty)
    }

    @Test func arraysLargerThanOneChunkAreSplitAndReassembled() throws {
        // Shrinking the chunk size is not possible from outside, so check the chunk arithmetic on a
        // graph whose per-edge arrays are all written as exactly one chunk and rows are counted.
        let directory = try StoreFixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("c.sqlite").path
        let g = StoreFixtures.richGraph()
        try RoadNetworkStore.write(graph: g, pointsOfInterest: [], metadata: StoreFixtures.metadata(for: g, pointsOfInterest: []), to: path)
        let connection = try SQLiteConnection(path: path, readOnly: true)
        let statement = try connection.prepare("SELECT COUNT(*), COUNT(DISTINCT name) FROM array_chunks")
        #expect(try statement.step())
        #expect(statement.int64(0) == Int64(Schema.ArrayName.allCases.count))
        #expect(statement.int64(1) == Int64(Schema.ArrayName.allCases.count))
    }

    @Test func pointsOfInterestAreFoundByBoxAndCategory() throws {
        let directory = try StoreFixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("p.sqlite").path
        let g = StoreFixtures.richGraph()
        try RoadNetworkStore.write(graph: g, pointsOfInterest: StoreFixtures.pointsOfInterest, metadata: StoreFixtures.metadata(for: g), to: path)
        let london = BoundingBox(minLatitude: 51.50, minLongitude: -0.13, maxLatitude: 51.51, maxLongitude: -0.12)
        let names = try RoadNetworkStore.pointsOfInterest(path: path, within: london).map(\.name)
        #expect(names == ["Café Ümlaut", "National Gallery", "Trafalgar Square"])
        let cafes = try RoadNetworkStore.pointsOfInterest(path: path, within: london, categories: ["cafe"])
        #expect(cafes.map(\.name) == ["Café Ümlaut"])
        #expect(try RoadNetworkStore.pointsOfInterest(path: path, within: london, categories: []).isEmpty)
        // A box edge exactly on a point includes it (R*Tree float rounding must not drop it).
        let exact = BoundingBox(minLatitude: 51.5089, minLongitude: -0.1283, maxLatitude: 51.5089, maxLongitude: -0.1283)
        #expect(try RoadNetworkStore.pointsOfInterest(path: path, within: exact).map(\.name) == ["National Gallery"])
        // Just beside a point finds nothing, although the R*Tree's 32-bit box may round over it.
        let beside = BoundingBox(minLatitude: 51.50890001, minLongitude: -0.1283, maxLatitude: 51.5090, maxLongitude: -0.1283)
        #expect(try RoadNetworkStore.pointsOfInterest(path: path, within: beside).isEmpty)
        let database = try RoadNetworkDatabase(path: path)
        let paris = BoundingBox(minLatitude: 48, minLongitude: 2, maxLatitude: 49, maxLongitude: 3)
        #expect(try database.pointsOfInterest(within: paris, categories: ["cafe", "museum"]).map(\.osmID) == [4])
        #expect(try database.pointsOfInterest(within: BoundingBox()).isEmpty)
    }
}
