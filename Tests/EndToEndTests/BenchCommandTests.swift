import Foundation
import TestSupport
import Testing

// End-to-end tests of `waymark bench` and `waymark generate-grid`: they run the built executable the
// way a user does and read its output. Figures are never compared with times (machines differ).

private struct BenchRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the built `waymark` (see `CLI.run`).
private func runWaymark(_ arguments: [String]) throws -> BenchRun {
    let result = try CLI.run(arguments)
    return BenchRun(status: result.status, stdout: result.stdout, stderr: result.stderr)
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

@Test(.enabled(if: SharedExtracts.available("hoyerswerda.osm.bz2"))) func benchOnSmallExtractPrintsOneJSONObjectPerStage() throws {
    let extract = try SharedExtracts.require("hoyerswerda.osm.bz2")
    let run = try runWaymark(["bench", extract, "--queries", "20", "--json"])
    #expect(run.status == 0, "stderr: \(run.stderr)")
    let stages = try stageObjects(run.stdout)
    #expect(Set(stages.keys) == ["import", "route", "guidance", "steps", "markers"])
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
    let steps = try #require(stages["steps"])
    #expect(steps["count"] as? Int == count)
    #expect((steps["items_mean"] as? Double ?? 0) >= 2, "a route's steps are at least depart and arrive")
    // A route with its steps takes longer than its steps alone, pair by pair (one pass times both), so
    // their medians too.
    let withSteps = try #require((steps["notes"] as? [String: Any])?["route_and_steps_median_ms"] as? Double)
    #expect(withSteps > (steps["median_ms"] as? Double ?? .infinity))
}

@Test(.enabled(if: SharedExtracts.available("hoyerswerda.osm.bz2"))) func dijkstraCheckFindsTheSameDistancesAsAStar() throws {
    let extract = try SharedExtracts.require("hoyerswerda.osm.bz2")
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

@Test(.enabled(if: SharedExtracts.available("kirchberg-an-der-iller-tiny.osm"))) func writtenPairsReadBackGiveTheSameRoutes() throws {
    let extract = try SharedExtracts.require("kirchberg-an-der-iller-tiny.osm")
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

@Test(.enabled(if: SharedExtracts.available("kirchberg-an-der-iller-tiny.osm"))) func sameSeedDrawsSamePairsAndAnotherSeedDoesNot() throws {
    let extract = try SharedExtracts.require("kirchberg-an-der-iller-tiny.osm")
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

@Test(.enabled(if: SharedExtracts.available("kirchberg-an-der-iller-tiny.osm"))) func badPairsFileIsRejectedNamingTheLine() throws {
    let extract = try SharedExtracts.require("kirchberg-an-der-iller-tiny.osm")
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

/// The route stage runs on a database's stored hierarchies, and on A* for a database imported with
/// `--no-ch` (it does not contract one itself), with both searches checked against Dijkstra.
@Test func benchUsesTheStoredHierarchiesAndAStarWithoutThem() throws {
    let directory = try CLI.scratchDirectory()
    defer { CLI.remove(directory) }
    let town = TestFiles.sampleTownPath
    for (options, algorithm) in [([String](), "ch"), (["--no-ch"], "astar")] {
        let db = directory.appendingPathComponent("town-\(algorithm).sqlite").path
        #expect(try runWaymark(["import", town, "--db", db, "--quiet"] + options).status == 0)
        let run = try runWaymark(["bench", db, "--queries", "20", "--stages", "route", "--check-dijkstra"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("algorithm \(algorithm),"), "\(run.stdout)")
        #expect(run.stdout.contains("every route distance agrees with \(algorithm)'s"), "\(run.stdout)")
    }
}

/// Landmarks tighten A*'s bound: on the sample town the search settles fewer states than without them
/// and still agrees with Dijkstra on every pair; an out-of-range count is refused naming the option.
@Test func landmarksNarrowAStarWithoutChangingItsRoutes() throws {
    let town = TestFiles.sampleTownPath
    func settled(_ options: [String]) throws -> Double {
        let run = try runWaymark(["bench", town, "--queries", "40", "--json", "--stages", "route,dijkstra", "--algorithm", "astar"] + options)
        #expect(run.status == 0, "\(run)")
        let stages = try stageObjects(run.stdout)
        #expect((stages["dijkstra"]?["mismatches"] as? [Any])?.isEmpty == true, "\(run.stdout)")
        #expect((stages["route"]?["notes"] as? [String: Any])?["landmarks"] as? Double == Double(options.last.flatMap(Int.init) ?? 0))
        return try #require(stages["route"]?["settled_nodes_mean"] as? Double)
    }
    let plain = try settled([]), withLandmarks = try settled(["--landmarks", "4"])
    #expect(withLandmarks < plain, "settled with landmarks \(withLandmarks), without \(plain)")
    let bad = try runWaymark(["bench", town, "--landmarks", "65"])
    #expect(bad.status != 0)
    #expect(bad.stderr.contains("--landmarks"), "\(bad.stderr)")
}

/// Parses JSON Lines output into the objects of one stage, in output order (the table stage writes
/// one object per size).
private func objects(of stage: String, in text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").compactMap { line in
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        return object["stage"] as? String == stage ? object : nil
    }
}

/// The table stage runs on the route stage's router (stored hierarchies, A* after `--no-ch`), once per
/// size capped at the pairs, and its sampled cells agree with pairwise routes.
@Test func tableStageMeasuresEachSizeCappedAtThePairsOnTheRouteStagesRouter() throws {
    let directory = try CLI.scratchDirectory()
    defer { CLI.remove(directory) }
    let town = TestFiles.sampleTownPath
    for (options, algorithm, check) in [([String](), "ch", "astar"), (["--no-ch"], "astar", "dijkstra")] {
        let db = directory.appendingPathComponent("town-\(algorithm).sqlite").path
        #expect(try runWaymark(["import", town, "--db", db, "--quiet"] + options).status == 0)
        let run = try runWaymark(["bench", db, "--queries", "12", "--stages", "table", "--table-sizes", "5,100,1000",
                                  "--table-repeats", "2", "--json"])
        #expect(run.status == 0, "\(run)")
        let tables = try objects(of: "table", in: run.stdout)
        #expect(run.stdout.split(separator: "\n").count == tables.count, "only the table stage runs: \(run.stdout)")
        // 100 and 1000 are both capped at the 12 pairs: one 12 x 12 table.
        #expect(tables.count == 2)
        for (object, size) in zip(tables, [5, 12]) {
            let notes = try #require(object["notes"] as? [String: Any])
            #expect(notes["sources"] as? Int == size && notes["destinations"] as? Int == size)
            #expect(notes["cells"] as? Int == size * size)
            let unreachable = try #require(notes["unreachable_cells"] as? Int)
            #expect(unreachable >= 0 && unreachable < size * size)
            #expect(notes["checked_cells"] as? Int == min(size, 10) * min(size, 10))
            #expect(object["algorithm"] as? String == algorithm)
            #expect(object["attempted"] as? Int == 2 && object["count"] as? Int == 2)
            for key in ["median_ms", "min_ms", "max_ms", "total_s", "setup_s", "peak_rss_bytes"] {
                #expect(object[key] is NSNumber, "table.\(key) missing")
            }
            #expect(try #require(object["min_ms"] as? Double) <= (try #require(object["median_ms"] as? Double)))
            #expect((object["mismatches"] as? [Any])?.isEmpty == true, "\(object["mismatches"] ?? "")")
            #expect((object["failures"] as? [Any])?.isEmpty == true)
        }
        let text = try runWaymark(["bench", db, "--queries", "12", "--stages", "table", "--table-sizes", "12", "--table-repeats", "1"])
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout.contains("12 x 12"), "\(text.stdout)")
        #expect(text.stdout.contains("table 12 x 12: every sampled cell agrees with its \(check) route"), "\(text.stdout)")
    }
}

@Test func tableStageIsNotRunByDefault() throws {
    let town = TestFiles.sampleTownPath
    let run = try runWaymark(["bench", town, "--queries", "5", "--json"])
    #expect(run.status == 0, "\(run)")
    #expect(try objects(of: "route", in: run.stdout).count == 1)
    #expect(try objects(of: "table", in: run.stdout).isEmpty)
}

@Test func malformedTableOptionsAreRejectedNamingTheOption() throws {
    let town = TestFiles.sampleTownPath
    for (sizes, entry) in [("100,abc", "abc"), ("0", "0"), ("100,-3", "-3"), ("10,,20", "")] {
        let run = try runWaymark(["bench", town, "--stages", "table", "--table-sizes", sizes])
        #expect(run.status != 0)
        #expect(run.stderr.contains("--table-sizes: table size '\(entry)' is not a positive whole number"), "\(run)")
        #expect(!run.stderr.contains("Fatal error"))
    }
    let repeats = try runWaymark(["bench", town, "--stages", "table", "--table-repeats", "0"])
    #expect(repeats.status != 0)
    #expect(repeats.stderr.contains("--table-repeats '0' is out of range"), "\(repeats)")
}
