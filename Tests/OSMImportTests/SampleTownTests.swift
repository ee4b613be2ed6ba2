import Foundation
import Geodesy
import RoadNetwork
import Testing
import TestSupport
@testable import OSMImport

/// The project's own sample extract, osm/sample-town.osm (see osm/README.md): every feature it was
/// drawn to show must come through the import.
@Suite struct SampleTownTests {
    static let path = TestFiles.sampleTownPath

    static func load() throws -> ImportResult { try OSMImporter.importFile(path: path) }

    func edges(_ g: RoadGraph, named name: String) -> [Int] {
        (0..<g.edgeCount).filter { g.name(of: EdgeIndex($0)) == name }
    }

    @Test func importsWithExpectedCounts() throws {
        let r = try Self.load()
        #expect(r.statistics.nodesRead == 420)
        #expect(r.statistics.waysRead == 36)
        #expect(r.statistics.relationsRead == 3)
        #expect(r.statistics.drivableWays == 30)
        #expect(r.statistics.restrictionsKept == 3)
        #expect(r.graph.validate() == nil)
    }

    @Test func roundaboutIsOneWayAndFlagged() throws {
        let g = try Self.load().graph
        let ring = edges(g, named: "Trg slobode")
        #expect(ring.count == 4)  // four approaches split the ring into four one-way arcs
        #expect(ring.allSatisfy { g.flags[$0].contains([.roundabout, .oneway]) })
    }

    @Test func motorwayIsOneWayTolledWithRamps() throws {
        let g = try Self.load().graph
        let motorway = (0..<g.edgeCount).filter { g.highway[$0] == .motorway }
        #expect(!motorway.isEmpty)
        #expect(motorway.allSatisfy { g.flags[$0].contains([.oneway, .toll]) && g.ref(of: EdgeIndex($0)) == "A3" })
        // The limits as read, without the region and built-up area the estimate places them in.
        func limit(_ e: Int) -> SpeedLimit { g.speedLimit[e].placed(builtUp: .unknown, region: .none) }
        #expect(motorway.contains { limit($0) == .unlimited(source: .posted) })
        #expect(motorway.contains { limit($0) == .limited(130, source: .posted) })
        #expect(motorway.allSatisfy { g.speedLimit[$0].region == RegionCode("HR") })
        let ramps = (0..<g.edgeCount).filter { g.highway[$0] == .motorwayLink }
        #expect(ramps.count == 4)
        #expect(ramps.allSatisfy { g.flags[$0].contains([.link, .oneway]) })
        #expect(ramps.filter { g.flags[$0].contains(.bridge) }.count == 2)
    }

    @Test func everySpeedLimitFormComesThrough() throws {
        let g = try Self.load().graph
        // The limits as read, without the region and built-up area the estimate places them in.
        func limits(_ name: String) -> Set<SpeedLimit> {
            Set(edges(g, named: name).map { g.speedLimit[$0].placed(builtUp: .unknown, region: .none) })
        }
        #expect(limits("Old English Lane").allSatisfy { $0.unit == .milesPerHour && $0.valueInTaggedUnit == 20 })
        #expect(limits("Južna ulica") == [.limited(30, source: .zone)])
        #expect(limits("Obilaznica") == [.unknown(source: .posted)])
        // A living street: Croatia's rule is walking pace.
        #expect(limits("Cvjetna ulica") == [.limited(6, source: .legalDefault)])
        #expect(limits("Sjeverna ulica") == [.limited(50, source: .posted), .limited(40, source: .posted)])
        #expect(limits("Istočni spoj") == [.limited(70, source: .posted)])
        #expect(limits("Zagrebačka cesta").contains(.limited(50, source: .zone)))  // source:maxspeed=HR:urban
    }

    @Test func accessRestrictedStreetsAreDestinationOnly() throws {
        let g = try Self.load().graph
        #expect(edges(g, named: "Vinogradska ulica").allSatisfy { g.flags[$0].contains(.destinationOnly) })
        #expect(edges(g, named: "Tvornička cesta").allSatisfy { g.flags[$0].contains(.destinationOnly) })
        #expect(edges(g, named: "Glavna ulica").allSatisfy { !g.flags[$0].contains(.destinationOnly) })
    }

    @Test func nonCarWaysAreLeftOut() throws {
        let g = try Self.load().graph
        #expect(edges(g, named: "Stara cesta").isEmpty)      // oneway=reversible
        #expect(edges(g, named: "Parkovna staza").isEmpty)   // footway
        #expect(!edges(g, named: "Obilaznica").filter { g.flags[$0].contains(.tunnel) }.isEmpty)
    }

    @Test func turnRestrictionsAreResolved() throws {
        let g = try Self.load().graph
        let kinds = Dictionary(grouping: g.restrictions, by: \.relationID).mapValues { Set($0.map(\.kind)) }
        #expect(kinds[1] == [.prohibitive])
        #expect(kinds[2] == [.mandatory])
        #expect(kinds[3] == [.prohibitive])
        // no_left_turn from the one-way Školska ulica: one arriving edge, onto the northbound edge only.
        let noLeft = g.restrictions.filter { $0.relationID == 1 }
        #expect(noLeft.count == 1)
    }

    @Test func pointsOfInterestAndElevations() throws {
        let r = try Self.load()
        let byName = Dictionary(uniqueKeysWithValues: r.pointsOfInterest.map { ($0.name, $0) })
        #expect(r.pointsOfInterest.count == 13)
        #expect(byName["Restoran Kod Mosta"]?.category == "restaurant")
        #expect(byName["Kavana Korzo"]?.category == "cafe")
        #expect(byName["Gradski muzej"]?.key == "tourism")
        #expect(byName["Benzinska postaja Lipovac"]?.category == "fuel")
        #expect(byName["Gradski park"]?.osmType == .way)
        #expect(byName["Gradski park"]?.category == "park")
        #expect(byName["Vinarija Brijeg"]?.key == "craft")
        #expect(r.graph.nodeElevations.contains { !$0.isNaN })
        #expect(r.graph.nodeElevations.contains(132))  // y = 600 junctions: 120 + 600 × 0.02
    }
}
