import Foundation
import Geodesy
import RoadNetwork
import Testing
import TestSupport
@testable import OSMImport

/// Imports the real extracts in /work/shared/osm and checks the counts against the independently
/// derived numbers in its manifest.json.
@Suite struct RealExtractTests {
    /// The manifest's counts for one extract.
    struct ManifestCounts {
        var nodes: Int, ways: Int, relations: Int, highwayWays: Int, maxspeedWays: Int, highwayWaysWithMaxspeed: Int
        var restrictionRelations: Int, waysWithMissingNodes: Int, missingNodeIDs: Int
    }

    static func manifestCounts(_ name: String) -> ManifestCounts? {
        guard let path = try? SharedExtracts.require("manifest.json"),
              let data = FileManager.default.contents(atPath: path),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let extracts = json["extracts"] as? [[String: Any]],
              let entry = extracts.first(where: { $0["name"] as? String == name }),
              let c = entry["counts"] as? [String: Int] else { return nil }
        return ManifestCounts(nodes: c["nodes"] ?? -1, ways: c["ways"] ?? -1, relations: c["relations"] ?? -1,
                              highwayWays: c["highway_ways"] ?? -1, maxspeedWays: c["maxspeed_ways"] ?? -1,
                              highwayWaysWithMaxspeed: c["highway_ways_with_maxspeed"] ?? -1,
                              restrictionRelations: c["restriction_relations"] ?? -1,
                              waysWithMissingNodes: c["ways_with_missing_nodes"] ?? -1,
                              missingNodeIDs: c["missing_node_ids"] ?? -1)
    }

    static func checkAgainstManifest(_ name: String) throws {
        let path = try SharedExtracts.require("\(name).osm.bz2")
        let expected = try #require(manifestCounts(name), "manifest.json has no counts for \(name)")
        let result = try OSMImporter.importFile(path: path)
        let s = result.statistics
        #expect(s.nodesRead == expected.nodes, "\(name) nodes")
        #expect(s.waysRead == expected.ways, "\(name) ways")
        #expect(s.relationsRead == expected.relations, "\(name) relations")
        #expect(s.highwayWays == expected.highwayWays, "\(name) highway ways")
        #expect(s.waysWithMaxspeedTag == expected.maxspeedWays, "\(name) maxspeed ways")
        #expect(s.highwayWaysWithMaxspeedTag == expected.highwayWaysWithMaxspeed, "\(name) highway ways with maxspeed")
        #expect(s.restrictionRelations == expected.restrictionRelations, "\(name) restriction relations")
        #expect(result.graph.validate() == nil)
        #expect(result.graph.edgeCount > 0)
        print("\(name): \(s.routingNodes) routing nodes, \(s.edges) edges, \(s.restrictionsKept)/\(s.restrictionRelations) restrictions, \(s.pointsOfInterest) POIs, \(s.missingNodeRefsDropped) refs dropped, \(String(format: "%.2f", s.elapsedSeconds)) s")
    }

    /// Extracts under 15 MB of XML: imported together, a few seconds in a debug build.
    static let smallExtracts = ["kirchberg-an-der-iller-tiny", "washington-dc-ledroit-park", "west-oakland", "bautzen-west",
                                "aguascalientes", "hoyerswerda", "krems", "north-bayreuth", "enschede-roads-overpass",
                                "andorra-2013"]
    /// The 30–60 MB extracts: each on its own (about 3–8 s each in a debug build).
    static let largerExtracts = ["monaco", "andorra-2021", "copenhagen-kbh", "heidelberg", "milan", "malta", "porto-roads"]

    @Test(.enabled(if: SharedExtracts.available(["manifest.json"] + RealExtractTests.smallExtracts.map { "\($0).osm.bz2" }))) func smallExtractsImportAndMatchManifest() throws {
        for name in Self.smallExtracts { try Self.checkAgainstManifest(name) }
    }

    @Test(.enabled(if: SharedExtracts.available(["manifest.json"] + RealExtractTests.largerExtracts.map { "\($0).osm.bz2" })), arguments: largerExtracts)
    func largerExtractImportsAndMatchesManifest(name: String) throws {
        try Self.checkAgainstManifest(name)
    }

    @Test(.enabled(if: SharedExtracts.available("manifest.json"))) func everySharedExtractIsCovered() throws {
        let directory = SharedExtracts.directory.path
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".osm.bz2") }
        let covered = Set((Self.smallExtracts + Self.largerExtracts).map { "\($0).osm.bz2" })
        #expect(Set(files).subtracting(covered).isEmpty, "extracts without an import test: \(Set(files).subtracting(covered).sorted())")
    }

    @Test(.enabled(if: SharedExtracts.available("copenhagen-kbh.osm.bz2"))) func clippedExtractDropsMissingRefsAndStillValidates() throws {
        let path = try SharedExtracts.require("copenhagen-kbh.osm.bz2")
        let result = try OSMImporter.importFile(path: path)
        #expect(result.statistics.missingNodeRefsDropped > 0)
        #expect(result.statistics.waysWithMissingNodes > 0)
        #expect(result.graph.validate() == nil)
    }

    @Test(.enabled(if: SharedExtracts.available("enschede-roads-overpass.osm.bz2"))) func overpassOrderImportsLikeAnyOther() throws {
        // Enschede comes from Overpass: ways before nodes, <note> and <meta>.
        let path = try SharedExtracts.require("enschede-roads-overpass.osm.bz2")
        let result = try OSMImporter.importFile(path: path)
        #expect(result.statistics.missingNodeRefsDropped == 0)
        #expect(result.graph.edgeCount > 10_000)
        #expect(result.statistics.restrictionsKept > 0)
    }
}
