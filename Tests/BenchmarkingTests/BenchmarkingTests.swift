import Foundation
import Geodesy
import OutputFiles
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
    #expect(BenchmarkError.noStages.description(namingStages: "--stages", outputs: outputs) == "--stages: no stages listed; expected e.g. route,guidance")
    #expect(BenchmarkError.stageNeedsDatabase("town.osm").description(namingStages: "--stages", outputs: outputs)
            == "--stages: \(BenchmarkError.stageNeedsDatabase("town.osm").description)")
    let full = OutputError(path: "p.csv", reason: "disk full")
    #expect(BenchmarkError.output(.perQuery, full).description(namingStages: "--stages", outputs: outputs) == "--per-query \(full)")
    #expect(BenchmarkError.output(.pairs, full).description(namingStages: "--stages", outputs: [:]) == full.description)
    #expect(BenchmarkError.inputMissing("x.osm").description(namingStages: "--stages", outputs: outputs) == BenchmarkError.inputMissing("x.osm").description)
}
