import SeededRandom
import Foundation
import Geodesy
import OutputFiles
import RoadNetwork
import Routing
import Testing
@testable import Benchmarking

// Units of the benchmark machinery: statistics, pairs files, /proc parsing, the JSON lines.

@Test func latencyPercentilesUseNearestRank() {
    let samples = (1...20).map { Double($0) / 1000 }.shuffled()
    let summary = LatencySummary(samples)
    #expect(summary.count == 20)
    #expect(summary.median == 0.010)
    #expect(summary.p95 == 0.019)
    #expect(summary.p99 == 0.020)
    #expect(summary.max == 0.020)
    #expect(abs(summary.total - 0.210) < 1e-12)
    #expect(abs(summary.queriesPerSecond - 20 / 0.210) < 1e-9)
    #expect(LatencySummary([]).p95 == 0)
}

@Test func pairsCSVAcceptsHeaderAndCommentsAndRoundTrips() throws {
    let text = "# trips\nfrom_lat,from_lon,to_lat,to_lon\n 45.1, 15.2 ,45.3,15.4\n\n45.5,15.6,45.7,15.8\n"
    let pairs = try BenchPairs.parse(text, path: "t.csv")
    #expect(pairs.count == 2)
    #expect(pairs[0].from.latitude == 45.1 && pairs[0].to.longitude == 15.4)
    #expect(try BenchPairs.parse(BenchPairs.csv(pairs), path: "u.csv") == pairs)
    #expect(throws: BenchPairsError.self) { try BenchPairs.parse("45.1,15.2,45.3\n", path: "v.csv") }
    #expect(throws: BenchPairsError.self) { try BenchPairs.parse("95.1,15.2,45.3,15.4\n", path: "w.csv") }
    #expect(throws: BenchPairsError.self) { try BenchPairs.parse("from_lat,from_lon,to_lat,to_lon\n", path: "x.csv") }
}

@Test func peakMemoryIsParsedFromProcStatus() {
    let status = "Name:\twaymark\nVmPeak:\t  200000 kB\nVmHWM:\t    1936 kB\nVmRSS:\t    1800 kB\n"
    #expect(BenchMemory.parseStatusField("VmHWM", in: status) == Int64(1936 * 1024))
    #expect(BenchMemory.parseStatusField("VmRSS", in: status) == Int64(1800 * 1024))
    #expect(BenchMemory.parseStatusField("VmSwap", in: status) == nil)
}

@Test func jsonLinesEscapeStringsAndWriteSixSignificantDigits() throws {
    var report = StageReport(stage: .route, latencies: LatencySummary([0.001234567, 0.002]), attempted: 3,
                             failures: [BenchFailure(pair: 2, reason: "no route from \"a\"\nto b")])
    report.meanDistance = 1234.5678
    report.notes = ["largest_component_share": 0.9984]
    let context = BenchContext(input: "x.osm", graphNodes: 10, graphEdges: 20, metric: "time", algorithm: "ch", seed: 42, pairsFile: nil,
                               queries: 3, build: "debug")
    let line = BenchOutput.json(report, context: context)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(line.contains("\"mean_distance_m\":1234.57"))
    #expect(line.contains("\"median_ms\":1.23457"))
    #expect(line.contains("\"setup_s\":null"))
    #expect((object["failures"] as? [[String: Any]])?.first?["reason"] as? String == "no route from \"a\"\nto b")
    #expect((object["notes"] as? [String: Any])?["largest_component_share"] as? Double == 0.9984)
}

@Test func pairsCSVWithCRLFAndExtraColumnsReadsTheFirstFour() throws {
    // The shape of ../shared/reference: another engine's distance, duration and status after the pair.
    let text = "from_lat,from_lon,to_lat,to_lon,distance_m,duration_s,status\r\n43.73,7.36,43.76,7.47,13380.2,921.6,ok\r\n"
        + "43.74,7.43,43.72,7.36,9195.6,651.1,ok\r\n"
    let pairs = try BenchPairs.parse(text, path: "ref.csv")
    #expect(pairs.count == 2)
    #expect(pairs[1].from.latitude == 43.74 && pairs[1].to.longitude == 7.36)
}

@Test func benchmarkErrorsNameTheStagesAndOutputInputs() {
    let outputs: [BenchmarkError.OutputFile: String] = [.pairs: "--write-pairs", .perQuery: "--per-query"]
    #expect(BenchmarkError.noStages.description(namingStages: "--stages", tableSizes: "--table-sizes", tableRepeats: "--table-repeats", outputs: outputs) == "--stages: no stages listed; expected e.g. route,guidance")
    #expect(BenchmarkError.stageNeedsDatabase("town.osm").description(namingStages: "--stages", tableSizes: "--table-sizes", tableRepeats: "--table-repeats", outputs: outputs)
            == "--stages: \(BenchmarkError.stageNeedsDatabase("town.osm").description)")
    let full = OutputError(path: "p.csv", reason: "disk full")
    #expect(BenchmarkError.output(.perQuery, full).description(namingStages: "--stages", tableSizes: "--table-sizes", tableRepeats: "--table-repeats", outputs: outputs) == "--per-query \(full)")
    #expect(BenchmarkError.output(.pairs, full).description(namingStages: "--stages", tableSizes: "--table-sizes", tableRepeats: "--table-repeats", outputs: [:]) == full.description)
    #expect(BenchmarkError.inputMissing("x.osm").description(namingStages: "--stages", tableSizes: "--table-sizes", tableRepeats: "--table-repeats", outputs: outputs) == BenchmarkError.inputMissing("x.osm").description)
}

@Test func tableSizesParseAndAMalformedEntryIsNamed() throws {
    #expect(try BenchRunner.parseTableSizes("100, 1000") == [100, 1000])
    #expect(try BenchRunner.parseTableSizes("7") == [7])
    for (text, entry) in [("100,abc", "abc"), ("0", "0"), ("100,-5", "-5"), ("100,,1000", ""), ("1.5", "1.5")] {
        #expect(throws: BenchmarkError.self) { try BenchRunner.parseTableSizes(text) }
        do {
            _ = try BenchRunner.parseTableSizes(text)
        } catch {
            let message = error.description(namingStages: "--stages", tableSizes: "--table-sizes", tableRepeats: "--table-repeats", outputs: [:])
            #expect(message.hasPrefix("--table-sizes: table size '\(entry)' is not a positive whole number"), "\(message)")
        }
    }
}

@Test func checkedRowsSpreadOverTheTableFromTheFirst() {
    #expect(BenchRunner.evenlySpaced(10, below: 1000) == [0, 100, 200, 300, 400, 500, 600, 700, 800, 900])
    #expect(BenchRunner.evenlySpaced(10, below: 4) == [0, 1, 2, 3])
    #expect(BenchRunner.evenlySpaced(10, below: 15) == [0, 1, 3, 4, 6, 7, 9, 10, 12, 13])
    #expect(BenchRunner.evenlySpaced(10, below: 0).isEmpty)
}

@Test func tableCellsDisagreeingWithTheirRoutesAreMismatches() {
    func compare(_ table: BenchRunner.Trip?, _ route: BenchRunner.Trip?, _ metric: RoutingMetric = .time) -> String? {
        BenchRunner.compareCell(source: 1, destination: 2, table: table, route: route, metric: metric)?.note
    }
    #expect(compare((120.5, 900), (120.5, 900)) == nil)
    #expect(compare(nil, nil) == nil)
    #expect(compare((120.5, 900), (120.5004, 900.4)) == nil, "rounding of summed weights is not a mismatch")
    #expect(compare((120.5, 900), nil) == "only the table has a route")
    #expect(compare(nil, (120.5, 900)) == "only the pairwise search found a route")
    #expect(compare((120.5, 900), (118, 900))?.hasPrefix("cost differs: table 120.500 vs route 118.000 s") == true)
    #expect(compare((120.5, 900), (120.5, 950))?.hasPrefix("equal time, different path") == true)
    #expect(compare((120.5, 900), (100, 900), .distance) == nil, "the distance metric's cost is the distance")
    #expect(compare((120.5, 900), (120.5, 905), .distance)?.hasPrefix("cost differs") == true)
}

@Test func tableReportJSONNamesItsSearchAndItsSampledMismatches() throws {
    let figures = BenchTableFigures(sources: 3, destinations: 3, unreachableCells: 1, algorithm: .contractionHierarchy,
                                    checkAlgorithm: .aStar, checkedCells: 9,
                                    mismatches: [BenchTableMismatch(source: 0, destination: 2, tableDuration: 61.5, tableDistance: 800,
                                                                    routeDuration: nil, routeDistance: nil, note: "only the table has a route")])
    let report = StageReport(stage: .table, latencies: LatencySummary([0.004, 0.002, 0.003]), attempted: 3,
                             notes: ["sources": 3, "destinations": 3, "cells": 9], table: figures)
    let context = BenchContext(input: "x.sqlite", graphNodes: 10, graphEdges: 20, metric: "time", algorithm: "astar", seed: 42,
                               pairsFile: nil, queries: 3, build: "debug")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(BenchOutput.json(report, context: context).utf8)) as? [String: Any])
    #expect(object["stage"] as? String == "table")
    #expect(object["algorithm"] as? String == "ch", "the table's own search, not the route stage's")
    #expect(object["median_ms"] as? Double == 3)
    #expect(object["min_ms"] as? Double == 2)
    #expect(object["max_ms"] as? Double == 4)
    #expect((object["notes"] as? [String: Any])?["cells"] as? Int == 9)
    let mismatch = try #require((object["mismatches"] as? [[String: Any]])?.first)
    #expect(mismatch["source"] as? Int == 0 && mismatch["destination"] as? Int == 2)
    #expect(mismatch["table_duration_s"] as? Double == 61.5)
    #expect(mismatch["route_duration_s"] is NSNull)
    let text = BenchOutput.table([report], context: context)
    #expect(text.contains("3 x 3"), "\(text)")
    #expect(text.contains("table 3 x 3: 1 sampled cell differs from its astar route:"), "\(text)")
    #expect(text.contains("source 0 -> destination 2: table 61.5 s 800.0 m, astar none; only the table has a route"), "\(text)")
}

/// A straight two-way street of `nodes` junctions, `a - b - c - …`, without shape points, every array
/// allocated for its count (as a database load does).
private func straightStreet(nodes n: Int) -> RoadGraph {
    var firstOut: [UInt32] = [0], head: [NodeIndex] = []
    firstOut.reserveCapacity(n + 1); head.reserveCapacity(2 * n - 2)
    for v in 0..<n {
        for w in [v - 1, v + 1] where (0..<n).contains(w) {
            head.append(NodeIndex(w))
        }
        firstOut.append(UInt32(head.count))
    }
    let m = head.count
    return RoadGraph(RoadGraphArrays(
        firstOut: firstOut, nodeCoordinates: (0..<n).map { Coordinate(latitude: 45, longitude: Double(150_000_000 + 10_000 * $0) / 1e7) },
        nodeOSMIDs: (0..<n).map(Int64.init), nodeElevations: [Float](repeating: .nan, count: n), head: head,
        lengthMeters: [Float](repeating: 78, count: m), travelTimeSeconds: [Float](repeating: 5.6, count: m),
        highway: [HighwayClass](repeating: .residential, count: m),
        speedLimit: [SpeedLimit](repeating: .limited(50, source: .posted), count: m), flags: [EdgeFlags](repeating: [], count: m),
        nameIndex: [UInt32](repeating: 1, count: m), refIndex: [UInt32](repeating: 0, count: m),
        wayID: [Int64](repeating: 7, count: m), firstShapePoint: [UInt32](repeating: 0, count: m + 1), shapePoints: [],
        shapeElevations: [], strings: ["", "A street name longer than fifteen bytes"], restrictions: []))
}

@Test func graphMemoryCountsEachPerEdgeArrayAtItsWidth() {
    let graph = straightStreet(nodes: 200)
    let m = graph.edgeCount, n = graph.nodeCount
    #expect(m == 398)
    let breakdown = GraphMemoryBreakdown(graph: graph)
    // Head, length and time take 4 bytes an edge, and the way ids and attributes one 4-byte code (all
    // edges are one way with one set of attributes here: one way id of 8 bytes, one value index of 4, one
    // attribute entry of 23 bytes, class 1, speed limit 8, flags 2, name, ref and signpost 4 each, padded to
    // each column's stride). Tails are derived: 4 bytes for each block of 64 edges and one more, 8 samples.
    // The allocator may round up a little.
    let slack = 12 * 64
    let expected = 16 * m + 8 + 4 + 23 + 8 * 4
    #expect(breakdown.edgeArrays >= expected && breakdown.edgeArrays < expected + slack)
    // firstOut 4, coordinate 8 (OSM's 10⁻⁷ degrees in fixed point), OSM id 5 (40 bits) and traffic control 1
    // per node; the elevations are unknown everywhere, so one NaN is held for all.
    #expect(graph.nodeCoordinates.isCompact)
    #expect(breakdown.nodeArrays >= 18 * n + 4 + 4 && breakdown.nodeArrays < 18 * n + 4 + 4 + 6 * 64)
    #expect(breakdown.reverseAdjacency >= 4 * (n + 1) + 4 * m && breakdown.reverseAdjacency < 4 * (n + 1) + 4 * m + 2 * 64)
    // Two strings (one on the heap), one signpost, nothing else.
    #expect(breakdown.tables >= 2 * 16 + 39 + GraphMemoryBreakdown.stringHeaderBytes)
    #expect(breakdown.total == breakdown.nodeArrays + breakdown.edgeArrays + breakdown.geometry
            + breakdown.reverseAdjacency + breakdown.tables)
}

@Test func memoryNotesGiveBytesPerDirectedEdgeUnderSnakeCaseKeys() {
    let graph = straightStreet(nodes: 50)
    let notes = BenchRunner.graphMemoryNotes(graph: graph, stage: .load, baselineBytes: 1_960_000, residentBytes: 3_920_000)
    let breakdown = GraphMemoryBreakdown(graph: graph)
    #expect(notes["graph_bytes_per_edge"] == (Double(breakdown.total) / Double(graph.edgeCount) * 10).rounded() / 10)
    #expect(notes["graph_edge_arrays_bytes_per_edge"] == (Double(breakdown.edgeArrays) / Double(graph.edgeCount) * 10).rounded() / 10)
    #expect(graph.edgeCount == 98)
    #expect(notes["process_baseline_bytes_per_edge"] == 20_000)
    #expect(notes["process_baseline_mb"] == 2.0)
    #expect(notes["resident_after_load_bytes_per_edge"] == 40_000)
    for key in notes.keys {
        #expect(key.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" }, "\(key) is not snake_case")
    }
    let withoutProc = BenchRunner.graphMemoryNotes(graph: graph, stage: .load, baselineBytes: nil, residentBytes: nil)
    #expect(withoutProc["process_baseline_mb"] == nil && withoutProc["graph_mb"] != nil)
    let imported = BenchRunner.graphMemoryNotes(graph: graph, stage: .import, baselineBytes: nil, residentBytes: 3_920_000)
    #expect(imported["resident_after_import_bytes_per_edge"] == 40_000 && imported["resident_after_load_bytes_per_edge"] == nil)
}

/// A straight street of 50 nodes whose nodes 10 and 11 stand at one position (a bridge over a road):
///
///     0 - 1 - … - 9 - 10=11 - 12 - … - 49
///
/// Drawn pairs never start or end there, since a written pair could not say which of the two nodes
/// another engine should route from; on the street without the shared position, the draw is the plain
/// uniform one over all nodes.
@Test func drawnPairsAvoidNodesSharingAPosition() {
    let plain = straightStreet(nodes: 50)
    let coordinates = (0..<50).map { v in plain.nodeCoordinates[v == 11 ? 10 : v] }
    var bridgedArrays = RoadGraphArrays(plain)
    bridgedArrays.nodeCoordinates = coordinates
    let bridged = RoadGraph(bridgedArrays)
    let nodes = BenchPairs.drawNodes(count: 2000, seed: 42, from: bridged)
    #expect(nodes.allSatisfy { $0.from != 10 && $0.from != 11 && $0.to != 10 && $0.to != 11 && $0.from != $0.to })
    #expect(Set(nodes.map(\.from)).count == 48, "every other node is drawn")
    let shared = coordinates[10]
    #expect(!BenchPairs.draw(count: 2000, seed: 42, from: bridged).contains { $0.from == shared || $0.to == shared })
    // Without a shared position: the uniform draw over every node, as before.
    var generator = SplitMix64(seed: 42)
    let uniform = (0..<100).map { _ -> (NodeIndex, NodeIndex) in
        let a = generator.next(below: 50)
        var b = generator.next(below: 49)
        if b >= a { b += 1 }
        return (NodeIndex(a), NodeIndex(b))
    }
    #expect(BenchPairs.drawNodes(count: 100, seed: 42, from: plain).map { [$0.from, $0.to] } == uniform.map { [$0.0, $0.1] })
}
