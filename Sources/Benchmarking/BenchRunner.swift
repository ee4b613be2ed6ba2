import ARExport
import Foundation
import Geodesy
import Guidance
import OutputFiles
import OSMImport
import RoadNetwork
import RoadNetworkStore
import Routing

/// Runs the stages of `waymark bench` and gathers their figures.
///
/// The query stages run interleaved per pair (A*, then Dijkstra, guidance and markers on that route),
/// each timed on its own, so memory stays constant however many pairs are given and guidance sees
/// the route the way an app would, right after it was computed. All timing uses `ContinuousClock`
/// around the library call only; I/O (CSV writing, progress drawing) is outside the timed regions.
public struct BenchRunner {
    /// An OSM extract or a road database (told apart by the file's header).
    public var input: String
    /// Random pairs to draw (ignored with `pairsFile`).
    public var queries: Int
    public var seed: UInt64
    /// A CSV of pairs to route instead of drawing them (`BenchPairs`).
    public var pairsFile: String?
    /// Where to write the pairs used, for other engines.
    public var writePairs: String?
    public var metric: RoutingMetric
    /// nil means every stage that applies to the input.
    public var requestedStages: Set<BenchStage>?
    /// Also route every pair with Dijkstra and list the disagreements (adds the `dijkstra` stage to
    /// `requestedStages`).
    public var checkDijkstra: Bool
    /// The route stage's search: the contraction hierarchy (a database's stored one, or contracted
    /// here for an OSM file, the contraction then counting as the stage's set-up), A* or Dijkstra.
    public var algorithm: SearchAlgorithm
    /// Where to write each pair's figures as CSV.
    public var perQueryFile: String?
    public var maxSnap: Meters
    /// Draw progress bars on standard error (only sensible when it is a terminal).
    public var showsProgress: Bool
    /// The table stage's sizes: N sources by N destinations each, capped at the number of pairs.
    public var tableSizes: [Int]
    /// Timed runs of each table size (the stage reports their median and minimum).
    public var tableRepeats: Int
    /// ALT landmarks for the router (0: none, as `waymark route`; `waymark serve` uses 8): they tighten
    /// A*'s bound, which matters where there is no hierarchy. Built in the route stage's set-up.
    public var landmarks: Int = 0
    /// The landmark counts accepted (as `waymark serve`'s).
    public static let landmarkRange = 0...64

    /// The table sizes when none are given: a small table (a typical request) and a large one.
    public static let defaultTableSizes = [100, 1000]
    /// Runs per table size when not given: enough for a median that one disturbed run does not move.
    public static let defaultTableRepeats = 3

    public init(input: String, queries: Int = 1000, seed: UInt64 = 42, pairsFile: String? = nil, writePairs: String? = nil,
                metric: RoutingMetric = .time, requestedStages: Set<BenchStage>? = nil, checkDijkstra: Bool = false,
                perQueryFile: String? = nil, maxSnap: Meters = 1000, showsProgress: Bool = false,
                algorithm: SearchAlgorithm = .contractionHierarchy, tableSizes: [Int] = BenchRunner.defaultTableSizes,
                tableRepeats: Int = BenchRunner.defaultTableRepeats) {
        self.algorithm = algorithm
        self.tableSizes = tableSizes
        self.tableRepeats = tableRepeats
        self.input = input
        self.queries = queries
        self.seed = seed
        self.pairsFile = pairsFile
        self.writePairs = writePairs
        self.metric = metric
        self.requestedStages = requestedStages
        self.checkDijkstra = checkDijkstra
        self.perQueryFile = perQueryFile
        self.maxSnap = maxSnap
        self.showsProgress = showsProgress
    }

    /// The size of a file in bytes (0 when it cannot be read).
    static func fileSize(_ path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// Whether `path` is a SQLite database (by its 16-byte header), as opposed to OSM XML.
    ///
    /// Only a regular file is peeked at: a pipe or FIFO (`<(...)`) can be read once, and that read
    /// belongs to the import (SQLite cannot read a database from a pipe anyway).
    static func isDatabase(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = handle.readData(ofLength: 16)
        return header == Data("SQLite format 3\u{0}".utf8)
    }

    /// The stages run when none are requested: every one but the Dijkstra check (unless asked for),
    /// the table (a large table on A* alone takes hours; `--stages table` selects it) and the
    /// alternatives (`--stages route,alternatives`: figures of their own, not of every run).
    static func defaultStages(checkDijkstra: Bool) -> Set<BenchStage> {
        Set(BenchStage.allCases).subtracting(checkDijkstra ? [.table, .alternatives] : [.dijkstra, .table, .alternatives])
    }

    /// Runs the stages and returns their reports.
    /// - Throws: `BenchmarkError` naming the input, the pairs file, the table settings or the output at fault.
    public func run() throws(BenchmarkError) -> (reports: [StageReport], context: BenchContext) {
        let (stages, isDatabase) = try validatedStages()
        var reports: [StageReport] = []
        let baselineBytes = BenchMemory.currentResidentBytes()
        let loaded = isDatabase ? try loadDatabase(stages: stages, baselineBytes: baselineBytes)
            : try importExtract(stages: stages, baselineBytes: baselineBytes)
        if let report = loaded.report { reports.append(report) }
        let graph = loaded.graph
        guard graph.nodeCount >= 2 else {
            throw .graphTooSmall(input, nodes: graph.nodeCount)
        }
        let pairs = try benchPairs(on: graph)

        #if DEBUG
        let build = "debug"
        #else
        let build = "release"
        #endif
        let queryStages = stages.intersection([.route, .dijkstra, .guidance, .steps, .markers, .alternatives])
        var router: Router?, setup: Seconds = 0, residentAfterSetup: Int64?
        if !queryStages.isEmpty || stages.contains(.table) {
            let setupStart = ContinuousClock.now
            router = try makeRouter(graph: graph, stored: loaded.storedHierarchies)
            setup = (ContinuousClock.now - setupStart).seconds
            residentAfterSetup = BenchMemory.currentResidentBytes()
        }
        let effective = algorithm == .contractionHierarchy && router?.hierarchy(for: metric) == nil ? .aStar : algorithm
        let context = BenchContext(input: input, graphNodes: graph.nodeCount, graphEdges: graph.edgeCount,
                                   metric: metric.rawValue, algorithm: effective.rawValue,
                                   seed: pairsFile == nil ? seed : nil, pairsFile: pairsFile, queries: pairs.count, build: build)
        if let router, !queryStages.isEmpty {
            reports += try runQueries(pairs: pairs, router: router, setup: setup, stages: queryStages,
                                      residentAfterSetup: residentAfterSetup)
        }
        if let router, stages.contains(.table) {
            reports += runTables(pairs: pairs, router: router, setup: setup)
        }
        return (reports, context)
    }

    /// The stages to run on the input, after the settings and the input are checked: whether it is a
    /// database decides between the load and the import stage.
    private func validatedStages() throws(BenchmarkError) -> (stages: Set<BenchStage>, isDatabase: Bool) {
        if let bad = tableSizes.first(where: { $0 < 1 }) { throw .tableSize(String(bad)) }
        if tableRepeats < 1 { throw .tableRepeats(tableRepeats) }
        precondition(Self.landmarkRange.contains(landmarks), "landmarks \(landmarks) outside \(Self.landmarkRange); front ends check it")
        guard FileManager.default.fileExists(atPath: input) else { throw .inputMissing(input) }
        let isDatabase = Self.isDatabase(input)
        var stages = requestedStages.map { checkDijkstra ? $0.union([.dijkstra]) : $0 }
            ?? Self.defaultStages(checkDijkstra: checkDijkstra)
        if requestedStages == nil { stages.remove(isDatabase ? .import : .load) }
        if isDatabase && stages.contains(.import) {
            throw .stageNeedsOSMInput(input)
        }
        if !isDatabase && stages.contains(.load) {
            throw .stageNeedsDatabase(input)
        }
        return (stages, isDatabase)
    }

    /// The graph the stages run on, its stored hierarchies (a database's; nil for an OSM file) and the
    /// load or import stage's report when that stage runs.
    private struct LoadedInput {
        var graph: RoadGraph
        var storedHierarchies: [String: [String: [UInt32]]]?
        var report: StageReport?
    }

    /// Loads the input database, timed as the load stage.
    private func loadDatabase(stages: Set<BenchStage>, baselineBytes: Int64?) throws(BenchmarkError) -> LoadedInput {
        printStatus("loading \(input) …")
        let start = ContinuousClock.now
        let stored: StoredRoadNetwork
        do throws(RoadNetworkStoreError) { stored = try RoadNetworkStore.load(path: input) } catch { throw .database(error) }
        let elapsed = (ContinuousClock.now - start).seconds
        printStatus("")
        var loaded = LoadedInput(graph: stored.graph, storedHierarchies: stored.hierarchies)
        guard stages.contains(.load) else { return loaded }
        let graph = stored.graph
        var notes = Self.graphMemoryNotes(graph: graph, stage: .load, baselineBytes: baselineBytes,
                                          residentBytes: BenchMemory.currentResidentBytes())
        notes.merge(["nodes": Double(graph.nodeCount), "edges": Double(graph.edgeCount),
                     "database_bytes": Double(Self.fileSize(input))]) { $1 }
        loaded.report = StageReport(stage: .load, latencies: LatencySummary([elapsed]), attempted: 1,
                                    peakResidentBytes: BenchMemory.peakResidentBytes(), notes: notes)
        return loaded
    }

    /// Imports the input OSM file, timed as the import stage.
    private func importExtract(stages: Set<BenchStage>, baselineBytes: Int64?) throws(BenchmarkError) -> LoadedInput {
        var options = ImportOptions()
        if showsProgress {
            options.progress = { BenchProgress.drawImport(bytesRead: $0.bytesRead, totalBytes: $0.totalBytes) }
        }
        let start = ContinuousClock.now
        let result: ImportResult
        do { result = try OSMImporter.importFile(path: input, options: options) } catch { throw .osm("\(error)") }
        let elapsed = (ContinuousClock.now - start).seconds
        printStatus("")
        var loaded = LoadedInput(graph: result.graph)
        guard stages.contains(.import) else { return loaded }
        let graph = result.graph, s = result.statistics
        var notes = Self.graphMemoryNotes(graph: graph, stage: .import, baselineBytes: baselineBytes,
                                          residentBytes: BenchMemory.currentResidentBytes())
        notes.merge(["osm_nodes": Double(s.nodesRead), "osm_ways": Double(s.waysRead),
                     "osm_relations": Double(s.relationsRead),
                     "routing_nodes": Double(graph.nodeCount), "edges": Double(graph.edgeCount),
                     "restrictions": Double(graph.restrictions.count),
                     "xml_mb_per_s": s.xmlMegabytesPerSecond]) { $1 }
        loaded.report = StageReport(stage: .import, latencies: LatencySummary([elapsed]), attempted: 1,
                                    peakResidentBytes: BenchMemory.peakResidentBytes(), notes: notes)
        return loaded
    }

    /// The pairs to route: read from the pairs file, or drawn; written out when asked.
    private func benchPairs(on graph: RoadGraph) throws(BenchmarkError) -> [BenchPair] {
        let pairs: [BenchPair]
        if let pairsFile {
            do throws(BenchPairsError) { pairs = try BenchPairs.read(path: pairsFile) } catch { throw .pairs(error) }
        } else {
            pairs = BenchPairs.draw(count: queries, seed: seed, from: graph)
        }
        if let writePairs {
            do throws(OutputError) { try OutputDestination.write(BenchPairs.csv(pairs), to: writePairs) } catch { throw .output(.pairs, error) }
        }
        return pairs
    }

    /// The router of the query stages: a database's stored hierarchies (none after `import --no-ch`:
    /// the route stage then runs A*), or for an OSM file (`stored` nil) contracted now when the route
    /// stage uses them (potential hierarchies for A* where the turn states fill in, as `waymark import`
    /// does).
    private func makeRouter(graph: RoadGraph, stored: [String: [String: [UInt32]]]?) throws(BenchmarkError) -> Router {
        guard algorithm == .contractionHierarchy else { return Router(graph: graph, landmarks: landmarks) }
        do throws(ContractionHierarchyError) {
            if let stored { return try Router(graph: graph, landmarks: landmarks, hierarchies: .stored(byMetricName: stored)) }
            let router = try Router(graph: graph, landmarks: landmarks, hierarchies: .contract(ContractionOptions()))
            if let reason = router.hierarchiesLeftOut {
                // The import summary's rule: filling in leaves every hierarchy out for potentials, an
                // overflow only its metric's.
                let what = if case .tooDense = reason { "contraction hierarchies left out, routing with A* on potential hierarchies" }
                    else { "a metric's contraction hierarchy left out, its routes use A*" }
                FileHandle.standardError.write(Data("waymark bench: \(what): \(reason)\n".utf8))
            }
            return router
        } catch {
            throw .hierarchy(input, error)
        }
    }

    func printStatus(_ text: String) {
        if showsProgress { FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8)) }
    }

    /// The guidance index's one-time set-up and size, noted on the stages that use it.
    static func guidanceIndexNotes(_ index: GuidanceIndex, setup: Seconds, edgeCount: Int) -> [String: Double] {
        let bytes = Double(index.byteCount)
        let turns = index.decidedTurns
        let decidedShare = turns.all > 0 ? Double(turns.decided) / Double(turns.all) : 0
        return ["guidance_index_setup_s": (setup * 1000).rounded() / 1000,
                "guidance_index_decided_turn_share": (decidedShare * 1000).rounded() / 1000,
                "guidance_index_label_changes": Double(index.decidedLabelChanges),
                "guidance_index_mb": (bytes / 1e5).rounded() / 10,
                "guidance_index_bytes_per_edge": edgeCount > 0 ? (bytes / Double(edgeCount) * 10).rounded() / 10 : 0]
    }

    /// Whether two searches' costs for the same pair agree: they are sums of edge weights in different
    /// orders, so rounding is allowed, nothing more.
    static func costsAgree(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-6 * max(1, abs(b)) + 1e-3
    }

    /// Whether two routes' distances agree to the metre.
    static func distancesAgree(_ a: Meters, _ b: Meters) -> Bool { abs(a - b) < 1 }

    /// A mismatch when A* and Dijkstra disagree: one found a route and the other not, the distances
    /// differ by a metre or more, or the optimised cost differs (A* must be exactly optimal).
    static func compare(pair: Int, aStar: Route?, dijkstra: Route?, metric: RoutingMetric) -> BenchMismatch? {
        func cost(_ r: Route) -> Double { metric == .time ? r.duration : r.distance }
        switch (aStar, dijkstra) {
        case (nil, nil):
            return nil
        case (let a?, nil):
            return BenchMismatch(pair: pair, aStarDistance: a.distance, dijkstraDistance: nil, aStarCost: cost(a),
                                 dijkstraCost: nil, note: "only A* found a route")
        case (nil, let d?):
            return BenchMismatch(pair: pair, aStarDistance: nil, dijkstraDistance: d.distance, aStarCost: nil,
                                 dijkstraCost: cost(d), note: "only Dijkstra found a route")
        case (let a?, let d?):
            let costA = cost(a), costD = cost(d)
            guard let note = disagreement(costs: (costA, costD), distances: (a.distance, d.distance),
                                          names: ("A*", "Dijkstra"), metric: metric) else { return nil }
            return BenchMismatch(pair: pair, aStarDistance: a.distance, dijkstraDistance: d.distance,
                                 aStarCost: costA, dijkstraCost: costD, note: note)
        }
    }

    /// How two answers for the same trip disagree, or nil when their costs agree within rounding
    /// (`costsAgree`) and their distances to the metre: a cost difference, or an equal-cost tie between
    /// different paths. `names` are the two answers' sources as the note calls them.
    static func disagreement(costs: (Double, Double), distances: (Meters, Meters), names: (String, String),
                             metric: RoutingMetric) -> String? {
        let costsAgree = costsAgree(costs.0, costs.1)
        if costsAgree && distancesAgree(distances.0, distances.1) { return nil }
        return costsAgree
            ? "equal \(metric == .time ? "time" : "cost"), different path (a tie between equally good routes)"
            : String(format: "cost differs: %@ %.3f vs %@ %.3f %@", names.0, costs.0, names.1, costs.1, metric == .time ? "s" : "m")
    }
}

/// One line of `--per-query`.
struct PerQueryRow {
    var pair: Int
    var from: Coordinate
    var to: Coordinate
    var distance: Meters?
    var duration: Seconds?
    var routeTime: Seconds?
    var settled: Int?
    var dijkstraDistance: Meters?
    var dijkstraTime: Seconds?
    var guidanceTime: Seconds?
    var waypoints: Int?
    var stepsTime: Seconds?
    var steps: Int?
    var markersTime: Seconds?
    var markers: Int?
    var reason: String?
}

/// Streams `--per-query` rows to a CSV file.
struct PerQueryWriter {
    static let header = "pair,from_lat,from_lon,to_lat,to_lon,status,distance_m,duration_s,route_ms,settled_nodes,"
        + "dijkstra_distance_m,dijkstra_ms,guidance_ms,waypoints,steps_ms,steps,markers_ms,markers,reason"
    let path: String
    private let destination: OutputDestination
    private var pending = ""

    init(path: String) throws(BenchmarkError) {
        do throws(OutputError) {
            destination = try OutputDestination(path: path)
        } catch {
            throw .output(.perQuery, error)
        }
        self.path = path
        pending = Self.header + "\n"
    }

    mutating func append(_ row: PerQueryRow) throws(BenchmarkError) {
        func value(_ v: Double?, _ format: String) -> String { v.map { String(format: format, $0) } ?? "" }
        func count(_ v: Int?) -> String { v.map(String.init) ?? "" }
        let status = row.distance != nil ? "ok" : "failed"
        let reason = row.reason.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" } ?? ""
        pending += "\(row.pair),\(row.from.latitude),\(row.from.longitude),\(row.to.latitude),\(row.to.longitude),\(status),"
            + "\(value(row.distance, "%.1f")),\(value(row.duration, "%.1f")),\(value(row.routeTime.map { $0 * 1000 }, "%.4f")),"
            + "\(count(row.settled)),\(value(row.dijkstraDistance, "%.1f")),\(value(row.dijkstraTime.map { $0 * 1000 }, "%.4f")),"
            + "\(value(row.guidanceTime.map { $0 * 1000 }, "%.4f")),\(count(row.waypoints)),"
            + "\(value(row.stepsTime.map { $0 * 1000 }, "%.4f")),\(count(row.steps)),"
            + "\(value(row.markersTime.map { $0 * 1000 }, "%.4f")),\(count(row.markers)),\(reason)\n"
        if pending.utf8.count > 1 << 16 { try flush() }
    }

    mutating func flush() throws(BenchmarkError) {
        do throws(OutputError) { try destination.write(pending) } catch {
            throw .output(.perQuery, error)
        }
        pending = ""
    }

    /// Writes the rest and puts the file in place (atomically; until then an older file stays).
    mutating func close() throws(BenchmarkError) {
        try flush()
        do throws(OutputError) { try destination.finish() } catch {
            throw .output(.perQuery, error)
        }
    }
}
