import Foundation
import Geodesy
import RoadNetwork
import Testing
@testable import OSMImport

/// The shapes issue 39 found taking the import down, each kept linear or refused with a clean error.
@Suite struct HostileLimitsTests {
    static let extremeIDs: [Int64] = [Int64.min, -1, 0, 1, Int64.max]

    // MARK: 1. Node ids spanning 2^63

    @Test func nodeIDsSpanningTheWholeInt64RangeImportFromXML() throws {
        var body = ""
        for (i, id) in Self.extremeIDs.enumerated() { body += "<node id=\"\(id)\" lat=\"45.8\(i)\" lon=\"15.97\"/>\n" }
        body += "<way id=\"1\">" + Self.extremeIDs.map { "<nd ref=\"\($0)\"/>" }.joined() + "<tag k=\"highway\" v=\"residential\"/></way>"
        let result = try OSMImporter.importXML(osmDocument(body), sourceName: "ids.osm")
        #expect(result.graph.nodeCount == 2)   // the two ends; the rest are shape points
        #expect(result.graph.node(osmID: Int64.min) != nil)
        #expect(result.graph.node(osmID: Int64.max) != nil)
        #expect(result.graph.edgeCount == 2)
    }

    @Test func nodeIDsSpanningTheWholeInt64RangeImportFromPBF() throws {
        let nodes = Self.extremeIDs.enumerated().map { PBFTestData.Node(id: $1, latitudeE7: 458_000_000 + Int64($0) * 1_000_000, longitudeE7: 159_700_000) }
        let data = PBFTestData(nodes: nodes, ways: [.init(id: 1, refs: Self.extremeIDs, tags: [("highway", "residential")])])
        let result = try OSMImporter.importData(PBFTestEncoder().encode(data), sourceName: "ids.osm.pbf")
        #expect(result.graph.nodeCount == 2)
        #expect(result.graph.node(osmID: Int64.min) != nil && result.graph.node(osmID: Int64.max) != nil)
    }

    @Test func tableIndexesAnyIDs() {
        var table = NodeCoordinateTable()
        for id in Self.extremeIDs.reversed() { table.append(id: id, latitudeE7: 0, longitudeE7: 0) }
        table.finish()
        for id in Self.extremeIDs { #expect(table.index(of: id).map(table.id(at:)) == id) }
        #expect(table.index(of: 2) == nil)
        #expect(table.index(of: Int64.max - 1) == nil)
        // One node: every other id lies past the only bucket (found by the fuzzer: an overflow there).
        var lone = NodeCoordinateTable()
        lone.append(id: Int64.min, latitudeE7: 0, longitudeE7: 0)
        lone.finish()
        #expect(lone.index(of: Int64.max) == nil)
        #expect(lone.index(of: Int64.min) == 0)
    }

    // MARK: 2. Ways back and forth, parallel ways

    static func backAndForth(_ n: Int) -> String {
        let refs = (0..<n).map { "<nd ref=\"\(1 + $0 % 2)\"/>" }.joined()
        return osmDocument("""
            <node id="1" lat="45.80" lon="15.97"/>
            <node id="2" lat="45.81" lon="15.97"/>
            <node id="3" lat="45.82" lon="15.97"/>
            <way id="1">\(refs)<tag k="highway" v="residential"/></way>
            <way id="2"><nd ref="2"/><nd ref="3"/><tag k="highway" v="residential"/></way>
            """)
    }

    @Test func aWayRunningBackAndForthMakesOneEdgeEachWay() throws {
        let result = try OSMImporter.importXML(Self.backAndForth(50_000), sourceName: "back.osm")
        #expect(result.graph.nodeCount == 3)
        #expect(result.graph.edgeCount == 4)   // 1-2 and 2-3, each way
        #expect(result.statistics.parallelSegmentsMerged == 2 * (50_000 - 2))
    }

    @Test func aWayRunningBackAndForthInPBFMakesOneEdgeEachWay() throws {
        let data = PBFTestData(
            nodes: [.init(id: 1, latitudeE7: 458_000_000, longitudeE7: 159_700_000), .init(id: 2, latitudeE7: 458_100_000, longitudeE7: 159_700_000)],
            ways: [.init(id: 1, refs: (0..<50_000).map { Int64(1 + $0 % 2) }, tags: [("highway", "residential")])])
        let result = try OSMImporter.importData(PBFTestEncoder().encode(data), sourceName: "back.osm.pbf")
        #expect(result.graph.edgeCount == 2)
    }

    @Test func parallelWaysKeepTheFastestInEachDirection() throws {
        let result = try OSMImporter.importXML(osmDocument("""
            <node id="1" lat="45.80" lon="15.97"/>
            <node id="2" lat="45.81" lon="15.97"/>
            <way id="10"><nd ref="1"/><nd ref="2"/><tag k="highway" v="service"/></way>
            <way id="11"><nd ref="1"/><nd ref="2"/><tag k="highway" v="primary"/></way>
            <way id="12"><nd ref="2"/><nd ref="1"/><tag k="highway" v="tertiary"/><tag k="oneway" v="yes"/></way>
            """), sourceName: "parallel.osm")
        let graph = result.graph
        #expect(graph.edgeCount == 2)
        #expect(result.statistics.parallelSegmentsMerged == 3)
        let one = try #require(graph.node(osmID: 1)), two = try #require(graph.node(osmID: 2))
        let forward = try #require(graph.outgoingEdges(of: one).first)
        let backward = try #require(graph.outgoingEdges(of: two).first)
        #expect(graph.head[Int(forward)] == two && graph.wayID[Int(forward)] == 11)
        #expect(graph.head[Int(backward)] == one && graph.wayID[Int(backward)] == 11)
    }

    @Test func hundredsOfShapedParallelWaysAreRefusedNamingTheNode() throws {
        var body = "<node id=\"1\" lat=\"45.80\" lon=\"15.97\"/>\n<node id=\"2\" lat=\"45.81\" lon=\"15.97\"/>\n"
        for i in 0..<200 {
            body += "<node id=\"\(100 + i)\" lat=\"45.805\" lon=\"\(15.97 + Double(i) * 1e-5)\"/>\n"
            body += "<way id=\"\(10 + i)\"><nd ref=\"1\"/><nd ref=\"\(100 + i)\"/><nd ref=\"2\"/><tag k=\"highway\" v=\"residential\"/></way>\n"
        }
        do {
            _ = try OSMImporter.importXML(osmDocument(body), sourceName: "shaped.osm")
            Issue.record("200 parallel ways imported")
        } catch let error as OSMImportError {
            #expect(error.kind == .limitExceeded)
            #expect(error.description.contains("shaped.osm: node 1 has 200 edges leaving"), "\(error)")
            #expect(error.description.contains("at most \(RoadGraph.maximumEdgesAtNode)"), "\(error)")
        }
    }

    // MARK: 5. XML token size

    @Test func anAttributeOverTheTokenLimitIsAnErrorNamingTheLimit() throws {
        let huge = String(repeating: "a", count: 3 << 20)
        var options = ImportOptions()
        options.maximumXMLTokenBytes = 1 << 20
        do {
            _ = try OSMImporter.importXML(osmDocument("<node id=\"1\" lat=\"45.8\" lon=\"15.97\" note=\"\(huge)\"/>"),
                                          sourceName: "huge.osm", options: options)
            Issue.record("a 3 MB attribute imported under a 1 MB limit")
        } catch let error as OSMImportError {
            #expect(error.kind == .limitExceeded)
            #expect(error.description.hasPrefix("huge.osm:"), "\(error)")
            #expect(error.description.contains("XML token limit of 1048576 bytes"), "\(error)")
        }
        // The default limit takes it.
        let result = try OSMImporter.importXML(osmDocument("<node id=\"1\" lat=\"45.8\" lon=\"15.97\" note=\"\(huge)\"/>"), sourceName: "huge.osm")
        #expect(result.statistics.nodesRead == 1)
    }

    // MARK: 7. PBF blocks of unknown types

    @Test func aPBFWhoseEveryDataBlockHasAnUnknownTypeFails() throws {
        let data = PBFTestData(nodes: [.init(id: 1, latitudeE7: 458_000_000, longitudeE7: 159_700_000)])
        let encoder = PBFTestEncoder()
        var bytes = encoder.fileBlock(type: "OSMHeader", payload: encoder.header())
        for payload in encoder.dataBlocks(data) { bytes += encoder.fileBlock(type: "OSMDa4a", payload: payload) }
        do {
            _ = try OSMImporter.importData(bytes, sourceName: "flipped.osm.pbf")
            Issue.record("a file of unknown blocks imported as an empty network")
        } catch let error as OSMImportError {
            #expect(error.kind == .noData)
            #expect(error.description.contains("'OSMDa4a'"), "\(error)")
        }
        // An unknown block beside data blocks is still skipped.
        var mixed = encoder.encode(data)
        mixed += encoder.fileBlock(type: "OSMDa4a", payload: [1, 2, 3])
        #expect(try OSMImporter.importData(mixed, sourceName: "mixed.osm.pbf").statistics.nodesRead == 1)
    }
}
