import Foundation
import Geodesy
import RoadNetwork
import Testing
import TestSupport
@testable import OSMImport

/// The PBF reader: the same map as XML and as PBF (in every encoding a writer may choose) gives the
/// same graph, and every kind of damage gives a one-line error naming the block.
@Suite struct PBFImportTests {
    /// A small town: a two-way main street, a oneway, a named POI node, a via-node and a via-way
    /// restriction, a roundabout-free crossing.
    ///
    ///     a - b - c - d
    ///         |   |
    ///     e - f - g - h
    ///         |
    ///         i
    static let map = MapFixture("""
        a - b - c - d
            |   |
        e - f - g - h
            |
            i
        """, gridSize: 40)
    static let ways: [MapFixture.Way] = [
        .init("abcd", ["highway": "primary", "name": "Main Street", "maxspeed": "50"]),
        .init("bfi", ["highway": "residential", "name": "Cross Lane"]),
        .init("cg", ["highway": "residential", "oneway": "yes", "name": "Oneway Row", "destination:ref": "B 7",
                     "destination": "Zagreb;Split", "junction:ref": "3"]),
        .init("efgh", ["highway": "secondary", "name": "Low Road", "ref": "B 7"]),
        .init("ae", ["highway": "footway"]),
    ]
    static let restrictions: [MapFixture.Restriction] = [
        // A via node must end its ways (OSRM skips a restriction through the middle of one): Cross Lane ends at i.
        .init("no_u_turn", from: 1, via: "i", to: 1),
        .init("no_left_turn", from: 0, viaWays: [2], to: 3),
    ]
    static let nodeTags: [Character: [String: String]] = [
        "h": ["amenity": "cafe", "name": "Kavana", "ele": "120", "created_by": "test"],
        "a": ["highway": "traffic_signals"],
        "c": ["highway": "motorway_junction", "ref": "4", "name": "Main"],
    ]

    static var data: PBFTestData { PBFTestData(map: map, ways: ways, restrictions: restrictions, nodeTags: nodeTags) }
    static var xml: String { map.osmXML(ways: ways, restrictions: restrictions, nodeTags: nodeTags) }

    static func importPBF(_ bytes: [UInt8], threads: Int = 2) throws -> ImportResult {
        try OSMImporter.importData(bytes, sourceName: "town.osm.pbf", options: ImportOptions(threads: threads))
    }

    /// The first error an import throws, or nil when it succeeds.
    static func importError(_ bytes: [UInt8], threads: Int = 2) -> OSMImportError? {
        do {
            _ = try importPBF(bytes, threads: threads)
            return nil
        } catch let error as OSMImportError {
            return error
        } catch {
            Issue.record("unexpected error type \(error)")
            return nil
        }
    }

    // MARK: Same graph as XML

    @Test(arguments: [
        ("dense nodes, zlib, one block per kind", PBFTestEncoder()),
        ("plain Node messages", { var e = PBFTestEncoder(); e.plainNodes = true; return e }()),
        ("raw (uncompressed) blobs", { var e = PBFTestEncoder(); e.compression = .raw; return e }()),
        ("two elements per block", { var e = PBFTestEncoder(); e.blockSize = 2; return e }()),
    ])
    func pbfGivesTheSameGraphAsXML(encoding: String, encoder: PBFTestEncoder) throws {
        let fromXML = try OSMImporter.importXML(Self.xml)
        for threads in [1, 3] {
            let fromPBF = try Self.importPBF(encoder.encode(Self.data), threads: threads)
            expectSameImport(fromPBF, fromXML, "\(encoding), \(threads) threads")
        }
        // The map exercises what it should: both restrictions and the POI made it into the graph.
        #expect(fromXML.statistics.restrictionsKept == 2)
        #expect(fromXML.statistics.viaWayRestrictionsKept == 1)
        #expect(fromXML.pointsOfInterest.map(\.name) == ["Kavana"])
        #expect(fromXML.graph.signposts.count == 2 && fromXML.graph.junctionExits.count == 1)
    }

    @Test func statisticsCountTheFileAsXMLDoesAndNameTheBlocks() throws {
        var encoder = PBFTestEncoder()
        encoder.blockSize = 3
        let result = try Self.importPBF(encoder.encode(Self.data))
        let xml = try OSMImporter.importXML(Self.xml).statistics
        let s = result.statistics
        #expect(s.format == .pbf)
        #expect((s.nodesRead, s.waysRead, s.relationsRead) == (xml.nodesRead, xml.waysRead, xml.relationsRead))
        #expect((s.highwayWays, s.drivableWays, s.restrictionsKept) == (xml.highwayWays, xml.drivableWays, xml.restrictionsKept))
        // 9 nodes in blocks of 3, 5 ways in 2 blocks, 2 relations in 1, and the header.
        #expect(s.pbfBlocks == 1 + 3 + 2 + 1)
        #expect(s.decodingThreads == 2)
        #expect(s.inputBytesRead == Int64(encoder.encode(Self.data).count))
    }

    @Test func granularityAndOffsetsAreHonoured() throws {
        // 1 µ° units (granularity 1000) shifted by offsets: coordinates must come out where they were.
        let nodes = [PBFTestData.Node(id: 1, latitudeE7: 458_000_010, longitudeE7: 159_700_020),
                     PBFTestData.Node(id: 2, latitudeE7: 458_010_010, longitudeE7: 159_700_020),
                     PBFTestData.Node(id: 3, latitudeE7: -337_010_010, longitudeE7: -705_000_020)]
        let ways = [PBFTestData.Way(id: 1, refs: [1, 2], tags: [("highway", "residential")]),
                    PBFTestData.Way(id: 2, refs: [2, 3], tags: [("highway", "residential")])]
        var encoder = PBFTestEncoder()
        encoder.granularity = 1000
        encoder.latitudeOffset = 1_000
        encoder.longitudeOffset = 2_000
        let graph = try Self.importPBF(encoder.encode(PBFTestData(nodes: nodes, ways: ways))).graph
        let coordinates = Dictionary(uniqueKeysWithValues: zip(graph.nodeOSMIDs, graph.nodeCoordinates))
        #expect(coordinates[1] == Coordinate(latitude: 45.800001, longitude: 15.970002))
        #expect(coordinates[3] == Coordinate(latitude: -33.701001, longitude: -70.500002))
    }

    @Test func visibleFalseElementsAreSkippedAndCounted() throws {
        var data = Self.data
        data.ways[1].visible = false
        data.nodes[8].visible = false   // i, only on the hidden way
        for plain in [false, true] {
            var encoder = PBFTestEncoder()
            encoder.plainNodes = plain
            let result = try Self.importPBF(encoder.encode(data))
            #expect(result.statistics.deletedElementsSkipped == 2)
            #expect(result.graph.edges(ofWay: 2).isEmpty)
            #expect(!result.graph.edges(ofWay: 1).isEmpty)
        }
    }

    @Test func onlyTheTagsTheCollectorAsksForAreDecoded() throws {
        // A block whose only unwanted key is out of the filter still imports; the node tag the
        // collector reads (ele) arrives, the one it does not (created_by) costs nothing.
        let result = try Self.importPBF(PBFTestEncoder().encode(Self.data))
        let h = try #require(result.graph.node(osmID: Self.map.nodeID("h")))
        #expect(result.graph.nodeElevations[Int(h)] == 120)
    }

    // MARK: Detection

    @Test func pbfIsToldByItsContentNotItsName() throws {
        let bytes = PBFTestEncoder().encode(Self.data)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let misnamed = directory.path("town.osm")
        _ = FileManager.default.createFile(atPath: misnamed, contents: Data(bytes))
        let result = try OSMImporter.importFile(path: misnamed)
        #expect(result.statistics.format == .pbf)
        #expect(result.graph.edgeCount == (try OSMImporter.importXML(Self.xml)).graph.edgeCount)
    }

    @Test func aProgressReportCountsBlocksAndFileBytes() throws {
        let bytes = PBFTestEncoder().encode(Self.data)
        let reports = Reports()
        _ = try OSMImporter.importData(bytes, options: ImportOptions(progress: { reports.add($0) }))
        let last = try #require(reports.all.last)
        #expect(last.blocks == 4)
        #expect(last.bytesRead == Int64(bytes.count))
        #expect(last.totalBytes == Int64(bytes.count))
        #expect(last.elements == 9 + 5 + 2)
    }

    // MARK: Damage: one line naming the file and block

    /// The file's block boundaries: offsets of each block's length prefix.
    static func blockOffsets(_ bytes: [UInt8]) -> [Int] {
        var offsets: [Int] = [], at = 0
        while at + 4 <= bytes.count {
            offsets.append(at)
            let headerLength = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            let header = Array(bytes[(at + 4)..<(at + 4 + headerLength)])
            let parsed = try! header.withBytes { b throws(ProtobufError) in try PBFBlockFramer.parseBlobHeader(b) }
            at += 4 + headerLength + parsed.dataSize
        }
        return offsets
    }

    func expectError(_ error: OSMImportError?, kind: OSMImportError.Kind, block: Int, mentioning text: String,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error else { Issue.record("the import succeeded", sourceLocation: sourceLocation); return }
        #expect(error.kind == kind, sourceLocation: sourceLocation)
        #expect(error.block == block, sourceLocation: sourceLocation)
        #expect(error.description.hasPrefix("town.osm.pbf: block \(block) (at byte "), "\(error)", sourceLocation: sourceLocation)
        #expect(error.description.contains(text), "\(error)", sourceLocation: sourceLocation)
        #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
    }

    @Test(arguments: [1, 4])
    func aTruncatedBlobNamesTheBlock(threads: Int) {
        let bytes = PBFTestEncoder().encode(Self.data)
        let error = Self.importError(Array(bytes.dropLast(7)), threads: threads)
        expectError(error, kind: .malformedPBF, block: 4, mentioning: "the file ends inside the OSMData blob")
        // Cut inside a length prefix and inside a BlobHeader, too.
        let last = Self.blockOffsets(bytes).last!
        expectError(Self.importError(Array(bytes[..<(last + 2)]), threads: threads), kind: .malformedPBF, block: 4,
                    mentioning: "4-byte length prefix")
        expectError(Self.importError(Array(bytes[..<(last + 6)]), threads: threads), kind: .malformedPBF, block: 4,
                    mentioning: "the file ends inside the BlobHeader")
    }

    @Test(arguments: [1, 4])
    func badZlibDataNamesTheBlock(threads: Int) throws {
        var bytes = PBFTestEncoder().encode(Self.data)
        // The zlib stream of block 3 (the ways) ends with an Adler-32 checksum; break it.
        let offsets = Self.blockOffsets(bytes)
        bytes[offsets[3] - 2] ^= 0xff
        expectError(Self.importError(bytes, threads: threads), kind: .malformedPBF, block: 3, mentioning: "broken zlib data")
    }

    @Test func aBlobOverThe32MiBLimitIsRefusedBeforeReadingIt() {
        let encoder = PBFTestEncoder()
        var header = ProtobufBytes()
        header.stringField(1, "OSMData")
        header.varintField(3, 40 * 1024 * 1024)
        let n = header.bytes.count
        let bytes = encoder.fileBlock(type: "OSMHeader", payload: encoder.header()) + [0, 0, 0, UInt8(n)] + header.bytes
        expectError(Self.importError(bytes), kind: .malformedPBF, block: 2, mentioning: "over the format's 32 MiB limit")
        // And an uncompressed size over the limit in a Blob that is itself small.
        var blob = ProtobufBytes()
        blob.varintField(2, 33 * 1024 * 1024)
        blob.bytesField(3, PBFTestEncoder.zlibCompress([1, 2, 3]))
        var blobHeader = ProtobufBytes()
        blobHeader.stringField(1, "OSMData")
        blobHeader.varintField(3, UInt64(blob.bytes.count))
        let m = blobHeader.bytes.count
        let second = encoder.fileBlock(type: "OSMHeader", payload: encoder.header()) + [0, 0, 0, UInt8(m)] + blobHeader.bytes + blob.bytes
        expectError(Self.importError(second), kind: .malformedPBF, block: 2, mentioning: "raw_size is 34603008 bytes, over the format's 32 MiB limit")
    }

    @Test(arguments: [1, 4])
    func aStringTableIndexOutOfRangeNamesTheElement(threads: Int) {
        var encoder = PBFTestEncoder()
        encoder.wayKeyIndexShift = 1000
        let error = Self.importError(encoder.encode(Self.data), threads: threads)
        expectError(error, kind: .malformedPBF, block: 3, mentioning: "way 1: a tag key index 100")
        #expect(error?.description.contains("is outside the block's string table") == true)
    }

    @Test func aWayReferringToAMissingNodeIsSplitThereAsInXML() throws {
        // Clipped extracts (Geofabrik's, the shared Milan and Copenhagen) have ways whose nodes lie
        // outside the file; like the XML import, the way is split at the gap and the gap counted.
        var data = Self.data
        data.ways[0].refs.insert(999, at: 2)   // a - b - (999) - c - d
        let result = try Self.importPBF(PBFTestEncoder().encode(data))
        #expect(result.statistics.missingNodeRefsDropped == 1)
        #expect(result.statistics.waysWithMissingNodes == 1)
        #expect(result.graph.edges(fromOSM: Self.map.nodeID("b"), toOSM: Self.map.nodeID("c")).isEmpty)
        #expect(!result.graph.edges(fromOSM: Self.map.nodeID("c"), toOSM: Self.map.nodeID("d")).isEmpty)
    }

    @Test func anUnknownRequiredFeatureIsRefusedByName() {
        var encoder = PBFTestEncoder()
        encoder.requiredFeatures.append("Sort.Hilbert-Curve")
        let error = Self.importError(encoder.encode(Self.data))
        expectError(error, kind: .unsupportedPBF, block: 1, mentioning: "requires feature 'Sort.Hilbert-Curve', which waymark does not support")
    }

    @Test func aHistoryFileIsRefused() {
        var encoder = PBFTestEncoder()
        encoder.requiredFeatures.append("HistoricalInformation")
        expectError(Self.importError(encoder.encode(Self.data)), kind: .unsupportedPBF, block: 1, mentioning: "this is a history file")
    }

    @Test(arguments: [PBFTestEncoder.Compression.lz4, .zstd])
    func lz4AndZstdBlobsAreAnUnsupportedCompression(compression: PBFTestEncoder.Compression) {
        var encoder = PBFTestEncoder()
        encoder.compression = compression
        expectError(Self.importError(encoder.encode(Self.data)), kind: .unsupportedPBF, block: 1,
                    mentioning: "unsupported compression: the blob is \(compression == .lz4 ? "LZ4" : "ZSTD")-compressed")
    }

    @Test func denseNodesWithFewerLongitudesThanIDsAreDamage() {
        var encoder = PBFTestEncoder()
        encoder.dropLastLongitude = true
        expectError(Self.importError(encoder.encode(Self.data)), kind: .malformedPBF, block: 2, mentioning: "DenseNodes has more ids than longitudes")
    }

    @Test func aCoordinateOffTheGlobeIsAnInvalidCoordinate() {
        var data = Self.data
        data.nodes[3].latitudeE7 = 950_000_000
        expectError(Self.importError(PBFTestEncoder().encode(data)), kind: .invalidCoordinate, block: 2,
                    mentioning: "node 4 has latitude 95.0, expected -90 ... 90")
    }

    @Test func aFileNotStartingWithTheHeaderIsRefused() {
        let encoder = PBFTestEncoder()
        let bytes = Array(encoder.encode(Self.data).dropFirst(Self.blockOffsets(encoder.encode(Self.data))[1]))
        expectError(Self.importError(bytes), kind: .malformedPBF, block: 1, mentioning: "the first block is 'OSMData', expected the OSMHeader block")
    }

    @Test func theFirstDamagedBlockIsReportedWhateverTheThreadCount() {
        // Blocks 3 and 5 both damaged: every thread count must name block 3, the first in the file.
        var encoder = PBFTestEncoder()
        encoder.blockSize = 2
        var bytes = encoder.encode(Self.data)
        let offsets = Self.blockOffsets(bytes)
        bytes[offsets[3] - 2] ^= 0xff
        bytes[offsets[5] - 2] ^= 0xff
        for threads in [1, 2, 8] {
            #expect(Self.importError(bytes, threads: threads)?.block == 3, "\(threads) threads")
        }
    }

    @Test func unknownBlockTypesAreSkipped() throws {
        let encoder = PBFTestEncoder()
        var bytes = encoder.encode(Self.data)
        let offsets = Self.blockOffsets(bytes)
        bytes.insert(contentsOf: encoder.fileBlock(type: "X-Index", payload: [1, 2, 3]), at: offsets[2])
        let result = try Self.importPBF(bytes)
        #expect(result.statistics.pbfBlocks == 5)
        expectSameImport(result, try OSMImporter.importXML(Self.xml), "with an unknown block")
    }
}

/// Collects progress reports from the importing thread.
final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [ImportProgress] = []
    func add(_ report: ImportProgress) { lock.lock(); reports.append(report); lock.unlock() }
    var all: [ImportProgress] { lock.lock(); defer { lock.unlock() }; return reports }
}

/// Expects two imports to have produced the same graph (every array) and points of interest.
func expectSameImport(_ a: ImportResult, _ b: ImportResult, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let g = a.graph, h = b.graph
    #expect(g.nodeOSMIDs == h.nodeOSMIDs, "\(label): node ids", sourceLocation: sourceLocation)
    #expect(g.nodeCoordinates == h.nodeCoordinates, "\(label): coordinates", sourceLocation: sourceLocation)
    #expect(g.nodeElevations.map(\.bitPattern) == h.nodeElevations.map(\.bitPattern), "\(label): elevations", sourceLocation: sourceLocation)
    #expect(g.firstOut == h.firstOut && g.tail == h.tail && g.head == h.head, "\(label): topology", sourceLocation: sourceLocation)
    #expect(g.lengthMeters == h.lengthMeters && g.travelTimeSeconds == h.travelTimeSeconds, "\(label): lengths", sourceLocation: sourceLocation)
    #expect(g.highway == h.highway && g.flags == h.flags && g.wayID == h.wayID, "\(label): edge attributes", sourceLocation: sourceLocation)
    #expect("\(g.speedLimit)" == "\(h.speedLimit)", "\(label): speed limits", sourceLocation: sourceLocation)
    #expect(g.strings == h.strings && g.nameIndex == h.nameIndex && g.refIndex == h.refIndex, "\(label): names", sourceLocation: sourceLocation)
    #expect(g.signpostIndex == h.signpostIndex && g.signposts == h.signposts && g.junctionExits == h.junctionExits,
            "\(label): signposts", sourceLocation: sourceLocation)
    #expect(g.firstShapePoint == h.firstShapePoint && g.shapePoints == h.shapePoints, "\(label): shapes", sourceLocation: sourceLocation)
    #expect("\(g.restrictions)" == "\(h.restrictions)" && "\(g.viaWayRestrictions)" == "\(h.viaWayRestrictions)",
            "\(label): restrictions", sourceLocation: sourceLocation)
    #expect(g.drivingSide == h.drivingSide, "\(label): driving side", sourceLocation: sourceLocation)
    #expect("\(a.pointsOfInterest)" == "\(b.pointsOfInterest)", "\(label): points of interest", sourceLocation: sourceLocation)
}
