import CBzip2
import CitySynthesis
import CZlib
import Foundation
import Geodesy
import Testing

/// A parsed generated file: just enough structure to check the generator's invariants.
private struct ParsedCity {
    var nodeIDs: [Int64] = []
    var nodeCoordinates: [Int64: Coordinate] = [:]
    var ways: [Int64: (nodes: [Int64], tags: [String: String])] = [:]
    var restrictions: [(from: Int64, via: Int64, to: Int64, kind: String)] = []

    init(_ text: String) {
        var wayID: Int64?
        var wayNodes: [Int64] = []
        var wayTags: [String: String] = [:]
        var member: [String: Int64] = [:]
        for line in text.split(separator: "\n") {
            let l = line.drop(while: { $0 == " " })
            if l.hasPrefix("<node ") {
                let id = Int64(Self.attribute("id", in: l))!
                nodeIDs.append(id)
                nodeCoordinates[id] = Coordinate(latitude: Double(Self.attribute("lat", in: l))!, longitude: Double(Self.attribute("lon", in: l))!)
            } else if l.hasPrefix("<way ") {
                wayID = Int64(Self.attribute("id", in: l))!
                wayNodes = []
                wayTags = [:]
            } else if l.hasPrefix("<nd ") {
                wayNodes.append(Int64(Self.attribute("ref", in: l))!)
            } else if l.hasPrefix("<tag "), let id = wayID {
                _ = id
                wayTags[Self.attribute("k", in: l)] = Self.attribute("v", in: l)
            } else if l.hasPrefix("</way>"), let id = wayID {
                ways[id] = (wayNodes, wayTags)
                wayID = nil
            } else if l.hasPrefix("<member ") {
                member[Self.attribute("role", in: l)] = Int64(Self.attribute("ref", in: l))!
            } else if l.hasPrefix("<tag k=\"restriction\"") {
                restrictions.append((member["from"]!, member["via"]!, member["to"]!, Self.attribute("v", in: l)))
                member = [:]
            }
        }
    }

    static func attribute(_ name: String, in line: Substring) -> String {
        guard let start = line.range(of: " \(name)=\"") else { return "" }
        let rest = line[start.upperBound...]
        return String(rest[..<rest.firstIndex(of: "\"")!])
    }
}

private func temporaryPath(_ name: String) -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-city-tests-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent(name).path
}

private func generate(nodes: Int, seed: UInt64, name: String) throws -> (CityStatistics, String) {
    let path = temporaryPath(name)
    let statistics = try CityGenerator.write(CityOptions(nodes: nodes, seed: seed), to: path)
    return (statistics, try String(contentsOfFile: path, encoding: .utf8))
}

@Test func sameSeedWritesIdenticalFiles() throws {
    let (_, first) = try generate(nodes: 3000, seed: 7, name: "a.osm")
    let (_, second) = try generate(nodes: 3000, seed: 7, name: "b.osm")
    let (_, other) = try generate(nodes: 3000, seed: 8, name: "c.osm")
    #expect(first == second)
    #expect(first != other)
}

@Test func nodeCountIsCloseToTheRequestedCount() throws {
    for requested in [2_000, 20_000] {
        let (statistics, text) = try generate(nodes: requested, seed: 42, name: "count-\(requested).osm")
        let city = ParsedCity(text)
        #expect(city.nodeIDs.count == statistics.nodes)
        #expect(city.ways.count == statistics.ways)
        let ratio = Double(statistics.nodes) / Double(requested)
        #expect(ratio > 0.85 && ratio < 1.15, "asked for \(requested) nodes, got \(statistics.nodes)")
    }
}

@Test func nodeIDsAscendAndEveryReferencedNodeIsWrittenAndUsed() throws {
    let (_, text) = try generate(nodes: 10_000, seed: 3, name: "refs.osm")
    let city = ParsedCity(text)
    #expect(zip(city.nodeIDs, city.nodeIDs.dropFirst()).allSatisfy { $0 < $1 }, "node ids must ascend")
    let written = Set(city.nodeIDs)
    var referenced = Set<Int64>()
    for (_, way) in city.ways {
        #expect(way.nodes.count >= 2)
        referenced.formUnion(way.nodes)
    }
    #expect(referenced.isSubset(of: written), "ways reference \(referenced.subtracting(written).count) missing nodes")
    #expect(written.isSubset(of: referenced), "\(written.subtracting(referenced).count) nodes are in no way")
}

@Test func cityHasTheVarietyOfRealExtracts() throws {
    let (_, text) = try generate(nodes: 40_000, seed: 42, name: "variety.osm")
    let city = ParsedCity(text)
    let classes = Set(city.ways.values.compactMap { $0.tags["highway"] })
    for expected in ["motorway", "motorway_link", "primary", "secondary", "tertiary", "residential", "service"] {
        #expect(classes.contains(expected), "no highway=\(expected)")
    }
    let speeds = Set(city.ways.values.compactMap { $0.tags["maxspeed"] })
    #expect(speeds.contains("50"))
    #expect(speeds.contains { $0.hasSuffix(" mph") }, "no mph limit")
    #expect(speeds.contains { $0.contains(":") }, "no zone limit")
    #expect(speeds.contains("none"))
    #expect(city.ways.values.contains { $0.tags["highway"] == "residential" && $0.tags["maxspeed"] == nil })
    let oneways = Set(city.ways.values.compactMap { $0.tags["oneway"] })
    #expect(oneways.isSuperset(of: ["yes", "-1"]))
    #expect(city.ways.values.contains { $0.tags["name"] != nil && $0.tags["highway"] == "residential" })
    // Shape points make streets curve: some way has more nodes than junctions it crosses.
    #expect(city.ways.values.contains { $0.tags["highway"] == "residential" && $0.nodes.count > 9 })
    #expect(!city.restrictions.isEmpty)
    #expect(Set(city.restrictions.map(\.kind)).count >= 2)
}

@Test func restrictionsMeetAtTheirViaNode() throws {
    let (_, text) = try generate(nodes: 40_000, seed: 5, name: "restrictions.osm")
    let city = ParsedCity(text)
    for r in city.restrictions {
        let from = try #require(city.ways[r.from], "restriction from-way \(r.from) missing")
        let to = try #require(city.ways[r.to], "restriction to-way \(r.to) missing")
        #expect(from.nodes.last == r.via || from.nodes.first == r.via)
        #expect(to.nodes.first == r.via || to.nodes.last == r.via)
        #expect(from.tags["oneway"] == nil && to.tags["oneway"] == nil, "restrictions sit on two-way arteries")
    }
}

@Test func cityIsCentredOnTheRequestedCoordinateAndBlocksAreCitySized() throws {
    let center = Coordinate(latitude: 48.2082, longitude: 16.3738)
    let path = temporaryPath("centre.osm")
    _ = try CityGenerator.write(CityOptions(nodes: 5_000, seed: 1, center: center), to: path)
    let city = ParsedCity(try String(contentsOfFile: path, encoding: .utf8))
    let lats = city.nodeCoordinates.values.map(\.latitude), lons = city.nodeCoordinates.values.map(\.longitude)
    let middle = Coordinate(latitude: (lats.min()! + lats.max()!) / 2, longitude: (lons.min()! + lons.max()!) / 2)
    #expect(GreatCircle.distance(from: middle, to: center) < 200)
    // Junctions 1 and 2 are neighbours on the northern row: one block (about 120 m) apart.
    let block = GreatCircle.distance(from: city.nodeCoordinates[1]!, to: city.nodeCoordinates[2]!)
    #expect(block > 100 && block < 140)
}

/// Decompresses a .gz or .bz2 file with the C libraries (no command-line tools needed).
private func decompress(_ path: String) -> String? {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    if path.hasSuffix(".gz") {
        guard let gz = gzopen(path, "rb") else { return nil }
        defer { gzclose(gz) }
        while true {
            let n = gzread(gz, &chunk, UInt32(chunk.count))
            if n < 0 { return nil }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<Int(n)])
        }
    } else {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var error: Int32 = 0
        guard let bz = BZ2_bzReadOpen(&error, file, 0, 0, nil, 0), error == BZ_OK else { return nil }
        defer { BZ2_bzReadClose(&error, bz) }
        while true {
            let n = BZ2_bzRead(&error, bz, &chunk, Int32(chunk.count))
            if error != BZ_OK && error != BZ_STREAM_END { return nil }
            bytes.append(contentsOf: chunk[0..<Int(n)])
            if error == BZ_STREAM_END { break }
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}

@Test func compressedOutputsHoldTheSameXML() throws {
    let (_, plain) = try generate(nodes: 2_000, seed: 9, name: "plain.osm")
    for name in ["city.osm.gz", "city.osm.bz2"] {
        let path = temporaryPath(name)
        _ = try CityGenerator.write(CityOptions(nodes: 2_000, seed: 9), to: path)
        let text = try #require(decompress(path), "\(name) is not a valid compressed file")
        #expect(text == plain, "\(name) does not decompress to the plain XML")
    }
}

@Test func badOptionsGiveErrorsNamingTheProblem() {
    #expect(throws: CityGenerationError.self) { try CityGenerator.write(CityOptions(nodes: 5), to: temporaryPath("tiny.osm")) }
    do {
        _ = try CityGenerator.write(CityOptions(nodes: 1_000), to: "/nonexistent-dir/city.osm")
        Issue.record("writing into a missing directory must fail")
    } catch {
        #expect(error.description.contains("/nonexistent-dir/city.osm"))
    }
}

@Test func pbfOutputIsTheSameCityByteForByteForASeed() throws {
    let xml = try CityGenerator.write(CityOptions(nodes: 4_000, seed: 21), to: temporaryPath("same.osm"))
    let first = try CityGenerator.write(CityOptions(nodes: 4_000, seed: 21), to: temporaryPath("a.osm.pbf"))
    let second = try CityGenerator.write(CityOptions(nodes: 4_000, seed: 21), to: temporaryPath("b.osm.pbf"))
    _ = try CityGenerator.write(CityOptions(nodes: 4_000, seed: 22), to: temporaryPath("c.osm.pbf"))
    let a = try Data(contentsOf: URL(fileURLWithPath: temporaryPath("a.osm.pbf")))
    #expect(a == (try Data(contentsOf: URL(fileURLWithPath: temporaryPath("b.osm.pbf")))))
    #expect(a != (try Data(contentsOf: URL(fileURLWithPath: temporaryPath("c.osm.pbf")))))
    // The same elements as the XML (the end-to-end tests import both and compare the databases).
    #expect((first.nodes, first.ways, first.relations) == (xml.nodes, xml.ways, xml.relations))
    #expect(first == second)
    #expect(first.bytes == Int64(a.count))
    #expect(CityGenerator.format(ofPath: "x.osm.pbf") == .pbf && CityGenerator.format(ofPath: "-") == .xml)
    // An OSM PBF file: a 4-byte BlobHeader length, then the header block's type.
    #expect(Array(a.prefix(4)) == [0, 0, 0, 0x0d] && String(decoding: a[6..<15], as: UTF8.self) == "OSMHeader")
}
