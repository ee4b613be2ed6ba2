import Foundation
import TestSupport
import Testing
@testable import waymark

// End-to-end tests of `waymark bench` and `waymark generate-grid`: they run the built executable the
// way a user does and read its output. Figures are never compared with times (machines differ).

/// The `waymark` executable beside the test bundle (SwiftPM builds it for this test target).
private let benchWaymarkPath: String = {
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    while url.path != "/" {
        url.deleteLastPathComponent()
        let candidate = url.appendingPathComponent("waymark").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return "waymark"
}()

private struct BenchRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

private func runWaymark(_ arguments: [String]) throws -> BenchRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: benchWaymarkPath)
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Standard error is drained on another thread while standard output is read, so neither pipe can
    // fill up and block the child.
    nonisolated(unsafe) var stderrData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        stderrData = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return BenchRun(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                    stderr: String(decoding: stderrData, as: UTF8.self))
}

private func benchTemporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-bench-tests-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Parses JSON Lines output into one dictionary per stage.
private func stageObjects(_ text: String) throws -> [String: [String: Any]] {
    var result: [String: [String: Any]] = [:]
    for line in text.split(separator: "\n") where !line.isEmpty {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        let stage = try #require(object["stage"] as? String)
        result[stage] = object
    }
    return result
}

@Test func benchOnSmallExtractPrintsOneJSONObjectPerStage() throws {
    guard let extract = SharedExtracts.path("hoyerswerda.osm.bz2") else { return }
    let run = try runWaymark(["bench", extract, "--queries", "20", "--json"])
    #expect(run.status == 0, "stderr: \(run.stderr)")
    let stages = try stageObjects(run.stdout)
    #expect(Set(stages.keys) == ["import", "route", "guidance", "markers"])
    let route = try #require(stages["route"])
    #expect(route["attempted"] as? Int == 20)
    let count = try #require(route["count"] as? Int), failed = try #require(route["failed"] as? Int)
    #expect(count + failed == 20)
    #expect(count > 10, "most random pairs in a town should route")
    #expect((route["failures"] as? [Any])?.count == failed)
    #expect((route["mean_distance_m"] as? Double ?? 0) > 100)
    #expect((route["settled_nodes_mean"] as? Double ?? 0) > 1)
    #expect((route["peak_rss_bytes"] as? Int ?? 0) > 1_000_000)
    for key in ["median_ms", "p95_ms", "p99_ms", "max_ms", "queries_per_second", "total_s"] {
        #expect(route[key] is NSNumber, "route.\(key) missing")
    }
    let p95 = try #require(route["p95_ms"] as? Double), median = try #require(route["median_ms"] as? Double)
    #expect(p95 >= median)
    #expect((stages["import"]?["notes"] as? [String: Any])?["routing_nodes"] as? Int ?? 0 > 100)
    let share = try #require((route["notes"] as? [String: Any])?["largest_component_share"] as? Double)
    #expect(share > 0 && share <= 1)
    #expect(stages["guidance"]?["count"] as? Int == count)
    #expect((stages["guidance"]?["items_mean"] as? Double ?? 0) >= 2, "a route has at least depart and destination")
}

@Test func dijkstraCheckFindsTheSameDistancesAsAStar() throws {
    guard let extract = SharedExtracts.path("hoyerswerda.osm.bz2") else { return }
    let run = try runWaymark(["bench", extract, "--queries", "20", "--json", "--stages", "route", "--check-dijkstra"])
    #expect(run.status == 0, "stderr: \(run.stderr)")
    let stages = try stageObjects(run.stdout)
    let dijkstra = try #require(stages["dijkstra"])
    let mismatches = try #require(dijkstra["mismatches"] as? [Any])
    #expect(mismatches.isEmpty, "A* and Dijkstra disagree: \(mismatches)")
    #expect(dijkstra["count"] as? Int == stages["route"]?["count"] as? Int)
    // Dijkstra explores at least as much as A* with an admissible heuristic.
    #expect((dijkstra["settled_nodes_mean"] as? Double ?? 0) >= (stages["route"]?["settled_nodes_mean"] as? Double ?? .infinity))
}

@Test func writtenPairsReadBackGiveTheSameRoutes() throws {
    guard let extract = SharedExtracts.path("kirchberg-an-der-iller-tiny.osm") else { return }
    let directory = benchTemporaryDirectory()
    let pairs = directory.appendingPathComponent("pairs.csv").path
    let first = directory.appendingPathComponent("first.csv").path, second = directory.appendingPathComponent("second.csv").path
    let drawn = try runWaymark(["bench", extract, "--queries", "15", "--seed", "7", "--write-pairs", pairs, "--per-query", first])
    #expect(drawn.status == 0, "stderr: \(drawn.stderr)")
    let again = try runWaymark(["bench", extract, "--pairs", pairs, "--per-query", second, "--stages", "route"])
    #expect(again.status == 0, "stderr: \(again.stderr)")
    func distances(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst().map {
            let fields = $0.split(separator: ",", omittingEmptySubsequences: false)
            return fields[1...6].joined(separator: ",")  // coordinates, status, distance
        }
    }
    let a = try distances(first), b = try distances(second)
    #expect(a.count == 15)
    #expect(a == b)
    #expect(try String(contentsOfFile: pairs, encoding: .utf8).hasPrefix("from_lat,from_lon,to_lat,to_lon\n"))
}

@Test func sameSeedDrawsSamePairsAndAnotherSeedDoesNot() throws {
    guard let extract = SharedExtracts.path("kirchberg-an-der-iller-tiny.osm") else { return }
    let directory = benchTemporaryDirectory()
    var texts: [String] = []
    for (name, seed) in [("s1.csv", "3"), ("s2.csv", "3"), ("s3.csv", "4")] {
        let path = directory.appendingPathComponent(name).path
        let run = try runWaymark(["bench", extract, "--queries", "10", "--seed", seed, "--write-pairs", path, "--stages", "route"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        texts.append(try String(contentsOfFile: path, encoding: .utf8))
    }
    #expect(texts[0] == texts[1])
    #expect(texts[0] != texts[2])
}

@Test func badPairsFileIsRejectedNamingTheLine() throws {
    guard let extract = SharedExtracts.path("kirchberg-an-der-iller-tiny.osm") else { return }
    let path = benchTemporaryDirectory().appendingPathComponent("bad-pairs.csv").path
    try "from_lat,from_lon,to_lat,to_lon\n48.136,10.069,48.137,10.070\n48.136,10.069,abc,10.070\n".write(toFile: path, atomically: true, encoding: .utf8)
    let run = try runWaymark(["bench", extract, "--pairs", path])
    #expect(run.status != 0)
    #expect(run.stderr.contains("bad-pairs.csv:3"), "stderr: \(run.stderr)")
    #expect(run.stderr.contains("to_lat 'abc' is not a number"))
    #expect(!run.stderr.contains("Fatal error"))
}

@Test func badOptionsAreRejectedWithAClearMessage() throws {
    let unknownStage = try runWaymark(["bench", "/nonexistent.osm", "--stages", "route,teleport"])
    #expect(unknownStage.status != 0)
    #expect(unknownStage.stderr.contains("unknown stage 'teleport'"))
    let missing = try runWaymark(["bench", "/nonexistent/city.osm"])
    #expect(missing.status != 0)
    #expect(missing.stderr.contains("/nonexistent/city.osm"))
    let metric = try runWaymark(["bench", "/nonexistent.osm", "--metric", "fuel"])
    #expect(metric.status != 0)
    #expect(metric.stderr.contains("--metric 'fuel'"))
}

@Test func generatedCityIsFullyRoutable() throws {
    let directory = benchTemporaryDirectory()
    let city = directory.appendingPathComponent("city.osm.gz").path
    let generated = try runWaymark(["generate-grid", "--nodes", "3000", "--seed", "11", "--output", city])
    #expect(generated.status == 0, "stderr: \(generated.stderr)")
    let run = try runWaymark(["bench", city, "--queries", "30", "--json", "--check-dijkstra"])
    #expect(run.status == 0, "stderr: \(run.stderr)")
    let stages = try stageObjects(run.stdout)
    // The grid, its one-way streets, ring and ramps form one strongly connected network.
    #expect(stages["route"]?["failed"] as? Int == 0, "\(stages["route"]?["failures"] ?? "")")
    #expect((stages["route"]?["notes"] as? [String: Any])?["largest_component_share"] as? Double == 1.0)
    #expect((stages["dijkstra"]?["mismatches"] as? [Any])?.isEmpty == true)
    #expect((stages["import"]?["notes"] as? [String: Any])?["restrictions"] as? Int ?? 0 > 0)
}

@Test func generateGridRejectsBadOptions() throws {
    let tooFew = try runWaymark(["generate-grid", "--nodes", "5", "--output", "/tmp/never.osm"])
    #expect(tooFew.status != 0)
    #expect(tooFew.stderr.contains("--nodes 5"))
    let badDirectory = try runWaymark(["generate-grid", "--nodes", "1000", "--output", "/nonexistent-dir/x.osm"])
    #expect(badDirectory.status != 0)
    #expect(badDirectory.stderr.contains("/nonexistent-dir/x.osm"))
}

// MARK: Units of the bench command

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

@Test func pairsCSVWithCRLFAndExtraColumnsReadsTheFirstFour() throws {
    // The shape of ../shared/reference: another engine's distance, duration and status after the pair.
    let text = "from_lat,from_lon,to_lat,to_lon,distance_m,duration_s,status\r\n43.73,7.36,43.76,7.47,13380.2,921.6,ok\r\n"
        + "43.74,7.43,43.72,7.36,9195.6,651.1,ok\r\n"
    let pairs = try BenchPairs.parse(text, path: "ref.csv")
    #expect(pairs.count == 2)
    #expect(pairs[1].from.latitude == 43.74 && pairs[1].to.longitude == 7.36)
}

@Test func peakMemoryIsParsedFromProcStatus() {
    let status = "Name:\twaymark\nVmPeak:\t  200000 kB\nVmHWM:\t    1936 kB\nVmRSS:\t    1800 kB\n"
    #expect(BenchMemory.parseStatusField("VmHWM", in: status) == Int64(1936 * 1024))
    #expect(BenchMemory.parseStatusField("VmRSS", in: status) == Int64(1800 * 1024))
    #expect(BenchMemory.parseStatusField("VmSwap", in: status) == nil)
}

@Test func jsonStringsAreEscaped() {
    #expect(BenchOutput.string("a\"b\\c\nd") == "\"a\\\"b\\\\c\\nd\"")
    #expect(BenchOutput.number(.nan) == "null")
    #expect(BenchOutput.number(3) == "3")
}

