import CZlib
import Foundation
import Geodesy
import TestSupport
@testable import OSMImport

/// An OSM element list written as PBF (and, for comparison, as XML) by tests.
struct PBFTestData {
    struct Node { var id: Int64; var latitudeE7: Int64; var longitudeE7: Int64; var tags: [(String, String)] = []; var visible = true }
    struct Way { var id: Int64; var refs: [Int64]; var tags: [(String, String)] = []; var visible = true }
    struct Member { var type: Int; var ref: Int64; var role: String }
    struct Relation { var id: Int64; var members: [Member]; var tags: [(String, String)] = [] }

    var nodes: [Node] = []
    var ways: [Way] = []
    var relations: [Relation] = []

    /// The test map's nodes, ways and restrictions, exactly as `MapFixture.osmXML` writes them.
    init(map: MapFixture, ways: [MapFixture.Way], restrictions: [MapFixture.Restriction] = [],
         nodeTags: [Character: [String: String]] = [:]) {
        for letter in map.letters {
            let c = map.coordinate(letter)
            // The XML has the coordinate as Swift prints it; parse that text the way the XML reader does.
            let lat = "\(c.latitude)".withCString { parseFixedPoint($0, limit: 90)! }
            let lon = "\(c.longitude)".withCString { parseFixedPoint($0, limit: 180)! }
            nodes.append(Node(id: map.nodeID(letter), latitudeE7: Int64(lat), longitudeE7: Int64(lon),
                              tags: (nodeTags[letter] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        }
        for (i, way) in ways.enumerated() {
            self.ways.append(Way(id: map.wayID(i), refs: way.nodes.map { map.nodeID($0) },
                                 tags: way.tags.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        }
        for (i, r) in restrictions.enumerated() {
            var members = [Member(type: 1, ref: map.wayID(r.fromWay), role: "from")]
            if let via = r.via { members.append(Member(type: 0, ref: map.nodeID(via), role: "via")) }
            for way in r.viaWays { members.append(Member(type: 1, ref: map.wayID(way), role: "via")) }
            members.append(Member(type: 1, ref: map.wayID(r.toWay), role: "to"))
            relations.append(Relation(id: Int64(i + 1), members: members, tags: [("type", "restriction"), ("restriction", r.type)]))
        }
    }

    init(nodes: [Node] = [], ways: [Way] = [], relations: [Relation] = []) {
        self.nodes = nodes
        self.ways = ways
        self.relations = relations
    }
}

/// Writes `PBFTestData` as an OSM PBF file, with knobs for the encodings a reader must handle and the
/// damage it must report.
struct PBFTestEncoder {
    enum Compression { case zlib, raw, lz4, zstd }

    var requiredFeatures = ["OsmSchema-V0.6", "DenseNodes"]
    var compression = Compression.zlib
    /// Elements per block (each kind starts a new block, as osmium writes).
    var blockSize = 8000
    /// Nanodegrees per unit, and offsets in nanodegrees.
    var granularity: Int64 = 100
    var latitudeOffset: Int64 = 0
    var longitudeOffset: Int64 = 0
    /// Nodes as `Node` messages instead of DenseNodes.
    var plainNodes = false
    /// Leave the first node group's lon column one value short (a damaged DenseNodes).
    var dropLastLongitude = false
    /// Add this to every way's first tag key index (past the string table: a damaged index).
    var wayKeyIndexShift: UInt64 = 0

    /// The whole file.
    func encode(_ data: PBFTestData) -> [UInt8] {
        var out = fileBlock(type: "OSMHeader", payload: header())
        for payload in dataBlocks(data) { out += fileBlock(type: "OSMData", payload: payload) }
        return out
    }

    func header() -> [UInt8] {
        var h = ProtobufBytes()
        for feature in requiredFeatures { h.stringField(4, feature) }
        h.stringField(16, "waymark tests")
        return h.bytes
    }

    /// A file block: length prefix, BlobHeader, Blob.
    func fileBlock(type: String, payload: [UInt8]) -> [UInt8] {
        let blob = Self.blob(payload, compression: compression)
        var header = ProtobufBytes()
        header.stringField(1, type)
        header.varintField(3, UInt64(blob.count))
        let n = header.bytes.count
        return [UInt8(n >> 24 & 0xff), UInt8(n >> 16 & 0xff), UInt8(n >> 8 & 0xff), UInt8(n & 0xff)] + header.bytes + blob
    }

    static func blob(_ payload: [UInt8], compression: Compression) -> [UInt8] {
        var blob = ProtobufBytes()
        switch compression {
        case .raw:
            blob.bytesField(1, payload)
        case .zlib:
            blob.varintField(2, UInt64(payload.count))
            blob.bytesField(3, zlibCompress(payload))
        case .lz4:
            blob.varintField(2, UInt64(payload.count))
            blob.bytesField(6, [0x04, 0x22, 0x4d, 0x18])
        case .zstd:
            blob.varintField(2, UInt64(payload.count))
            blob.bytesField(7, [0x28, 0xb5, 0x2f, 0xfd])
        }
        return blob.bytes
    }

    static func zlibCompress(_ bytes: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { o in
            bytes.withUnsafeBufferPointer { i in compress2(o.baseAddress, &size, i.baseAddress, uLong(bytes.count), 6) }
        }
        precondition(status == Z_OK)
        return Array(out[..<Int(size)])
    }

    /// The PrimitiveBlocks: nodes, then ways, then relations, `blockSize` per block.
    func dataBlocks(_ data: PBFTestData) -> [[UInt8]] {
        var blocks: [[UInt8]] = []
        var first = true
        for chunk in data.nodes.chunked(blockSize) {
            var strings = StringTableBuilder()
            let group = plainNodes ? plainNodeGroup(chunk, &strings) : denseGroup(chunk, &strings, damaged: first && dropLastLongitude)
            blocks.append(primitiveBlock(strings, group))
            first = false
        }
        for chunk in data.ways.chunked(blockSize) {
            var strings = StringTableBuilder()
            var group = ProtobufBytes()
            for way in chunk { group.bytesField(3, wayMessage(way, &strings)) }
            blocks.append(primitiveBlock(strings, group.bytes))
        }
        for chunk in data.relations.chunked(blockSize) {
            var strings = StringTableBuilder()
            var group = ProtobufBytes()
            for relation in chunk { group.bytesField(4, relationMessage(relation, &strings)) }
            blocks.append(primitiveBlock(strings, group.bytes))
        }
        return blocks
    }

    func primitiveBlock(_ strings: StringTableBuilder, _ group: [UInt8]) -> [UInt8] {
        var block = ProtobufBytes()
        block.bytesField(1, strings.message())
        block.bytesField(2, group)
        if granularity != 100 { block.varintField(17, UInt64(granularity)) }
        if latitudeOffset != 0 { block.varintField(19, UInt64(bitPattern: latitudeOffset)) }
        if longitudeOffset != 0 { block.varintField(20, UInt64(bitPattern: longitudeOffset)) }
        return block.bytes
    }

    /// Block units of a coordinate in degrees × 10^7.
    func units(_ e7: Int64, offset: Int64) -> Int64 { (e7 * 100 - offset) / granularity }

    func denseGroup(_ nodes: ArraySlice<PBFTestData.Node>, _ strings: inout StringTableBuilder, damaged: Bool) -> [UInt8] {
        var dense = ProtobufBytes()
        dense.packedDelta(1, nodes.map(\.id))
        if nodes.contains(where: { !$0.visible }) {
            var info = ProtobufBytes()
            info.packed(6, nodes.map { $0.visible ? 1 : 0 })
            dense.bytesField(5, info.bytes)
        }
        dense.packedDelta(8, nodes.map { units($0.latitudeE7, offset: latitudeOffset) })
        var longitudes = nodes.map { units($0.longitudeE7, offset: longitudeOffset) }
        if damaged { longitudes.removeLast() }
        dense.packedDelta(9, longitudes)
        if nodes.contains(where: { !$0.tags.isEmpty }) {
            var keysValues: [UInt64] = []
            for node in nodes {
                for (k, v) in node.tags { keysValues += [strings.index(k), strings.index(v)] }
                keysValues.append(0)
            }
            dense.packed(10, keysValues)
        }
        var group = ProtobufBytes()
        group.bytesField(2, dense.bytes)
        return group.bytes
    }

    func plainNodeGroup(_ nodes: ArraySlice<PBFTestData.Node>, _ strings: inout StringTableBuilder) -> [UInt8] {
        var group = ProtobufBytes()
        for node in nodes {
            var message = ProtobufBytes()
            message.signedField(1, node.id)
            message.packed(2, node.tags.map { strings.index($0.0) })
            message.packed(3, node.tags.map { strings.index($0.1) })
            if !node.visible { var info = ProtobufBytes(); info.varintField(6, 0); message.bytesField(4, info.bytes) }
            message.signedField(8, units(node.latitudeE7, offset: latitudeOffset))
            message.signedField(9, units(node.longitudeE7, offset: longitudeOffset))
            group.bytesField(1, message.bytes)
        }
        return group.bytes
    }

    func wayMessage(_ way: PBFTestData.Way, _ strings: inout StringTableBuilder) -> [UInt8] {
        var message = ProtobufBytes()
        message.varintField(1, UInt64(bitPattern: way.id))
        var keys = way.tags.map { strings.index($0.0) }
        if !keys.isEmpty { keys[0] += wayKeyIndexShift }
        message.packed(2, keys)
        message.packed(3, way.tags.map { strings.index($0.1) })
        if !way.visible { var info = ProtobufBytes(); info.varintField(6, 0); message.bytesField(4, info.bytes) }
        message.packedDelta(8, way.refs)
        return message.bytes
    }

    func relationMessage(_ relation: PBFTestData.Relation, _ strings: inout StringTableBuilder) -> [UInt8] {
        var message = ProtobufBytes()
        message.varintField(1, UInt64(bitPattern: relation.id))
        message.packed(2, relation.tags.map { strings.index($0.0) })
        message.packed(3, relation.tags.map { strings.index($0.1) })
        message.packed(8, relation.members.map { strings.index($0.role) })
        message.packedDelta(9, relation.members.map(\.ref))
        message.packed(10, relation.members.map { UInt64($0.type) })
        return message.bytes
    }
}

/// A block's string table under construction (index 0 is the empty delimiter).
struct StringTableBuilder {
    private var indices: [String: UInt64] = [:]
    private var strings: [String] = [""]

    mutating func index(_ s: String) -> UInt64 {
        if let i = indices[s] { return i }
        let i = UInt64(strings.count)
        strings.append(s)
        indices[s] = i
        return i
    }

    func message() -> [UInt8] {
        var table = ProtobufBytes()
        for s in strings { table.stringField(1, s) }
        return table.bytes
    }
}

extension Array {
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
