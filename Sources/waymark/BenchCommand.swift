import ArgumentParser
import Benchmarking
import Foundation
import OutputFiles

/// `waymark bench`: repeatable import, routing and guidance figures on one extract or database.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure import/load, routing (CH, A* or Dijkstra), guidance and AR marker export on random or given pairs.",
        discussion: """
            Pairs are drawn reproducibly (SplitMix64, --seed) from the graph's road nodes (never a node at the
            very position of another, such as a bridge above a road: its coordinate would not say which one
            another engine should route from), or read from --pairs FILE.csv (from_lat,from_lon,to_lat,to_lon,
            header optional) so other engines can be given the same queries; --write-pairs saves the drawn
            pairs. Per stage: count, total, median, p95, p99 and max time per query, queries per second, nodes
            settled, peak resident memory (VmHWM), failures with their reasons, mean route distance and
            duration. The route stage searches with --algorithm (default ch: a database's contraction hierarchy,
            contracted first for an OSM file, A* for a database imported with --no-ch), every pair back to back;
            the Dijkstra check, guidance and markers follow in a second pass, so they never sit between two timed
            searches. --check-dijkstra routes every pair with Dijkstra too and lists every pair whose cost
            differs or whose distance differs by a metre or more. The table stage (--stages table, not run by default) times Router.table alone from
            the first N pairs' origins to their destinations for each --table-sizes entry (capped at the pairs),
            on the route stage's router, and checks 10 x 10 sampled cells against pairwise routes. The alternatives
            stage (--stages alternatives, not run by default) times Router.alternativeRoutes asking 3 alternatives
            per pair and notes the share of pairs with one and the largest stretch and sharing.
            Build with -c release for meaningful figures.
            """
    )

    @Argument(help: "An OSM extract (.osm, .osm.gz, .osm.bz2, .osm.pbf) or a database written by 'waymark import' (.sqlite).")
    var input: String
    @Option(name: .long, help: "Random pairs to draw (ignored with --pairs).", transform: NumericOption.whole)
    var queries: Int = 1000
    @Option(name: .long, help: "Seed of the pair drawing.")
    var seed: UInt64 = 42
    @Option(name: .long, help: "Read pairs from a CSV file: from_lat,from_lon,to_lat,to_lon (header optional).")
    var pairs: String?
    @Option(name: .customLong("write-pairs"), help: "Write the pairs used to a CSV file (for other engines).")
    var writePairs: String?
    @OptionGroup var routing: RoutingArguments
    @Option(name: .long, help: "Comma-separated stages: import,load,route,guidance,steps,markers,dijkstra,table,alternatives (default: all that apply but dijkstra, table and alternatives).")
    var stages: String?
    @Flag(name: .long, help: "Print one JSON object per stage (JSON Lines) instead of the table.")
    var json = false
    @Option(name: .customLong("json-file"), help: "Also write the JSON Lines to a file (the table still goes to standard output).")
    var jsonFile: String?
    @Option(name: .customLong("per-query"), help: "Write each pair's distance, duration and times to a CSV file.")
    var perQuery: String?
    @Flag(name: .customLong("check-dijkstra"), help: "Also route every pair with Dijkstra and list distance mismatches.")
    var checkDijkstra = false
    @Option(name: .customLong("table-sizes"), help: ArgumentHelp("The table stage's sizes, N sources x N destinations each (default 100,1000; capped at the pairs).", valueName: "N,N,..."))
    var tableSizes: String?
    @Option(name: .customLong("table-repeats"), help: "Timed runs of each table size.", transform: NumericOption.whole)
    var tableRepeats: Int = BenchRunner.defaultTableRepeats
    @Option(name: .long, help: ArgumentHelp("ALT landmarks for A* (0 turns them off, as in 'waymark route'; 'waymark serve' uses 8): built in the route stage's set-up.", valueName: "n"), transform: NumericOption.whole)
    var landmarks: Int = 0

    func validate() throws {
        try NumericOption.check(queries, option: "--queries", range: 1...10_000_000, unit: "a number of pairs")
        _ = try checkingOptions { try parsedStages() }
        _ = try checkingOptions { try parsedTableSizes() }
        try NumericOption.check(tableRepeats, option: "--table-repeats", range: 1...1000, unit: "a number of runs")
        try NumericOption.check(landmarks, option: "--landmarks", range: BenchRunner.landmarkRange, unit: "a number of landmarks")
        for (path, option) in [(writePairs, "--write-pairs"), (jsonFile, "--json-file"), (perQuery, "--per-query")] {
            try checkingOptions { try OutputDestination.check(path, naming: option) }
        }
    }

    /// The requested stages, validated.
    func parsedStages() throws(BenchmarkError) -> Set<BenchStage>? {
        try stages.map { text throws(BenchmarkError) in try BenchStage.parseList(text) }
    }

    /// The table sizes, validated (the default when not given).
    func parsedTableSizes() throws(BenchmarkError) -> [Int] {
        try tableSizes.map { text throws(BenchmarkError) in try BenchRunner.parseTableSizes(text) } ?? BenchRunner.defaultTableSizes
    }

    func run() throws {
        try reportingFailures {
            var runner = BenchRunner(
                input: input, queries: queries, seed: seed, pairsFile: pairs, writePairs: writePairs,
                metric: try routing.parsedMetric(), requestedStages: try parsedStages(), checkDijkstra: checkDijkstra,
                perQueryFile: perQuery, maxSnap: try routing.snapLimit(), showsProgress: isatty(2) != 0,
                algorithm: try routing.parsedAlgorithm(), tableSizes: try parsedTableSizes(), tableRepeats: tableRepeats)
            runner.landmarks = landmarks
            let (reports, context) = try runner.run()
            let lines = BenchOutput.jsonLines(reports, context: context)
            if let jsonFile { try OutputDestination.write(lines, to: jsonFile, naming: "--json-file") }
            try writeOutput(json ? lines : BenchOutput.table(reports, context: context))
        }
    }
}
