import CZlibBench
import Foundation
import SwiftProtobuf

// Decodes every OSMData block of a PBF file, already inflated, with the hand-written reader and with
// swift-protobuf's generated messages, into the same PBFDecodedBlock; checks the two agree; then times
// each, single-threaded, over several rounds (interleaved, so a busy machine slows both alike).

/// The tag keys passed on, as ImportCollector asks for them (node: ele, name, POI keys; way: what the
/// car profile reads; relation: restriction keys). Only their count matters here: both decoders
/// filter through the same `PBFTagFilters`.
let poiKeys = ["amenity", "tourism", "shop", "leisure", "historic", "office", "craft"]
let filters = PBFTagFilters(
    nodeTagKeys: ["ele", "name", "highway"] + poiKeys,
    wayTagKeys: ["highway", "maxspeed", "name", "ref", "area", "service", "junction", "oneway", "toll", "toll:motorcar", "tunnel",
                 "bridge", "maxspeed:forward", "maxspeed:backward", "maxspeed:type", "source:maxspeed", "zone:maxspeed", "zone:traffic",
                 "route", "duration", "access", "motor_vehicle", "motorcar", "vehicle"] + poiKeys,
    relationTagKeys: ["type", "restriction", "restriction:motorcar", "restriction:motor_vehicle", "except"])

/// The inflated PrimitiveBlocks of a file (the OSMHeader and other block types skipped).
func dataBlocks(of path: String) throws -> [[UInt8]] {
    let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    var blocks: [[UInt8]] = []
    var at = 0
    while at + 4 <= file.count {
        let length = Int(file[at]) << 24 | Int(file[at + 1]) << 16 | Int(file[at + 2]) << 8 | Int(file[at + 3])
        let header = try OSMPBF_BlobHeader(serializedBytes: Array(file[(at + 4)..<(at + 4 + length)]))
        let start = at + 4 + length, end = start + Int(header.datasize)
        at = end
        guard header.type == "OSMData" else { continue }
        let blob = try OSMPBF_Blob(serializedBytes: Array(file[start..<end]))
        switch blob.data {
        case .raw(let raw):
            blocks.append([UInt8](raw))
        case .zlibData(let compressed):
            var size = uLong(blob.rawSize)
            var out = [UInt8](repeating: 0, count: Int(size))
            let input = [UInt8](compressed)
            let status = out.withUnsafeMutableBufferPointer { o in input.withUnsafeBufferPointer { i in uncompress(o.baseAddress, &size, i.baseAddress, uLong(input.count)) } }
            precondition(status == Z_OK && Int(size) == out.count, "block at byte \(start): zlib error \(status)")
            blocks.append(out)
        default:
            fatalError("block at byte \(start): only raw and zlib blobs here")
        }
    }
    return blocks
}

/// swift-protobuf's way: parse the whole message tree, then walk it into the same flat arrays.
struct SwiftProtobufBlockDecoder {
    let filters: PBFTagFilters

    func decode(_ bytes: [UInt8]) throws -> PBFDecodedBlock {
        let message = try OSMPBF_PrimitiveBlock(serializedBytes: bytes)
        var block = PBFDecodedBlock()
        let table = message.stringtable.s
        var strings = [String?](repeating: nil, count: table.count)
        var classes = [UInt8](repeating: 0, count: table.count)
        func string(_ i: Int) -> String {
            if let s = strings[i] { return s }
            let s = String(decoding: table[i], as: UTF8.self)
            strings[i] = s
            return s
        }
        func wanted(_ i: Int, _ bit: UInt8) -> Bool {
            if classes[i] == 0 {
                var bits: UInt8 = 0x80
                table[i].withUnsafeBytes { (key: UnsafeRawBufferPointer) in
                    if filters.node.contains(key) { bits |= PBFStringTable.wantedForNode }
                    if filters.way?.contains(key) ?? true { bits |= PBFStringTable.wantedForWay }
                    if filters.relation?.contains(key) ?? true { bits |= PBFStringTable.wantedForRelation }
                }
                classes[i] = bits
            }
            return classes[i] & bit != 0
        }
        func checked(_ i: some BinaryInteger) throws -> Int {
            guard i >= 0, Int(i) < table.count else { throw ProtobufError("string index \(i) out of range") }
            return Int(i)
        }
        func tags(_ keys: [UInt32], _ values: [UInt32], _ bit: UInt8) throws -> [OSMTag] {
            var tags: [OSMTag] = []
            for (k, v) in zip(keys, values) {
                let key = try checked(k), value = try checked(v)
                if wanted(key, bit) { tags.append(OSMTag(key: string(key), value: string(value))) }
            }
            return tags
        }
        let granularity = Int64(message.granularity)
        func e7(_ value: Int64, _ offset: Int64) -> Int32 { Int32((offset + granularity * value) / 100) }
        for group in message.primitivegroup {
            for node in group.nodes {
                block.nodeIDs.append(node.id)
                block.nodeLatitudesE7.append(e7(node.lat, message.latOffset))
                block.nodeLongitudesE7.append(e7(node.lon, message.lonOffset))
                block.nodeTags.append(try tags(node.keys, node.vals, PBFStringTable.wantedForNode))
                block.appendRun(.node, count: 1)
            }
            if group.hasDense {
                let dense = group.dense
                var id: Int64 = 0, lat: Int64 = 0, lon: Int64 = 0, kv = 0
                let keysVals = dense.keysVals
                for i in 0..<dense.id.count {
                    id &+= dense.id[i]; lat &+= dense.lat[i]; lon &+= dense.lon[i]
                    var nodeTags: [OSMTag] = []
                    while kv < keysVals.count {
                        let key = Int(keysVals[kv]); kv += 1
                        if key == 0 { break }
                        let value = try checked(keysVals[kv]); kv += 1
                        if wanted(try checked(key), PBFStringTable.wantedForNode) {
                            nodeTags.append(OSMTag(key: string(key), value: string(value)))
                        }
                    }
                    block.nodeIDs.append(id)
                    block.nodeLatitudesE7.append(e7(lat, message.latOffset))
                    block.nodeLongitudesE7.append(e7(lon, message.lonOffset))
                    block.nodeTags.append(nodeTags)
                }
                block.appendRun(.node, count: dense.id.count)
            }
            for way in group.ways {
                var refs: [Int64] = []
                refs.reserveCapacity(way.refs.count)
                var ref: Int64 = 0
                for delta in way.refs { ref &+= delta; refs.append(ref) }
                block.ways.append(PBFDecodedBlock.Way(id: way.id, refs: refs, tags: try tags(way.keys, way.vals, PBFStringTable.wantedForWay)))
                block.appendRun(.way, count: 1)
            }
            for relation in group.relations {
                var members: [OSMMember] = []
                var ref: Int64 = 0
                for i in 0..<relation.memids.count {
                    ref &+= relation.memids[i]
                    let type: OSMMemberType = switch relation.types[i] { case .node: .node; case .way: .way; case .relation: .relation }
                    members.append(OSMMember(type: type, ref: ref, role: string(try checked(relation.rolesSid[i]))))
                }
                block.relations.append(PBFDecodedBlock.Relation(id: relation.id, members: members,
                                                                tags: try tags(relation.keys, relation.vals, PBFStringTable.wantedForRelation)))
                block.appendRun(.relation, count: 1)
            }
        }
        block.uncompressedBytes = bytes.count
        return block
    }
}

/// Whether two decoded blocks hold the same elements.
func same(_ a: PBFDecodedBlock, _ b: PBFDecodedBlock) -> Bool {
    a.nodeIDs == b.nodeIDs && a.nodeLatitudesE7 == b.nodeLatitudesE7 && a.nodeLongitudesE7 == b.nodeLongitudesE7
        && a.nodeTags == b.nodeTags && a.ways.map(\.id) == b.ways.map(\.id) && a.ways.map(\.refs) == b.ways.map(\.refs)
        && a.ways.map(\.tags) == b.ways.map(\.tags) && a.relations.map(\.id) == b.relations.map(\.id)
        && a.relations.map(\.members) == b.relations.map(\.members) && a.relations.map(\.tags) == b.relations.map(\.tags)
        && a.runs.map(\.count) == b.runs.map(\.count)
}

func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
    print("usage: pbf-decoders FILE.osm.pbf [ROUNDS]")
    exit(2)
}
let rounds = max(0, arguments.dropFirst().first.flatMap { Int($0) } ?? 15)
let blocks = try dataBlocks(of: path)
let handWritten = PBFPrimitiveBlockDecoder(filters: filters)
let generated = SwiftProtobufBlockDecoder(filters: filters)
var elements = 0
for (i, bytes) in blocks.enumerated() {
    let a = try bytes.withBytes { raw throws(PBFBlockProblem) in try handWritten.decode(raw) }
    let b = try generated.decode(bytes)
    guard same(a, b) else { print("block \(i + 1): the decoders disagree"); exit(1) }
    elements += a.elementCount
}
let megabytes = Double(blocks.reduce(0) { $0 + $1.count }) / 1e6
print("\(path): \(blocks.count) data blocks, \(String(format: "%.1f", megabytes)) MB inflated, \(elements) elements; both decoders agree on every block")

let clock = ContinuousClock()
var times: [String: [Double]] = [:]
let variants: [(String, () throws -> Void)] = [
    ("hand-written wire reader (OSMImport)", {
        for bytes in blocks { _ = try bytes.withBytes { raw throws(PBFBlockProblem) in try handWritten.decode(raw) } }
    }),
    ("swift-protobuf 1.39.0, parse + walk", { for bytes in blocks { _ = try generated.decode(bytes) } }),
    ("swift-protobuf 1.39.0, parse only", { for bytes in blocks { _ = try OSMPBF_PrimitiveBlock(serializedBytes: bytes) } }),
]
// ONLY=N times just variant N (0, 1, 2): for instruction counts under valgrind --tool=callgrind, which
// do not depend on what else the machine is doing (compare ROUNDS=3 against ROUNDS=0).
let only = ProcessInfo.processInfo.environment["ONLY"].flatMap { Int($0) }
for _ in 0..<rounds {
    for (index, (name, run)) in variants.enumerated() where only == nil || only == index {
        let start = clock.now
        try run()
        times[name, default: []].append(seconds(clock.now - start))
    }
}
print("decoder | fastest ms | median ms | MB/s (fastest) | rounds")
for (name, _) in variants {
    guard let sorted = times[name]?.sorted(), !sorted.isEmpty else { continue }
    print(name + String(format: " | %.1f | %.1f | %.0f | %d", sorted[0] * 1000, sorted[sorted.count / 2] * 1000, megabytes / sorted[0], rounds))
}
