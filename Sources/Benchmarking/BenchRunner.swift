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

    /// The stages run when none are requested: every one but the Dijkstra check (unless asked for)
    /// and the table (a large table on A* alone takes hours; `--stages table` selects it).
    static func defaultStages(checkDijkstra: Bool) -> Set<BenchStage> {
        Set(BenchStage.allCases).subtracting(checkDijkstra ? [.table] : [.dijkstra, .table])
    }

    /// Runs the stages and returns their reports.
    /// - Throws: `BenchmarkError` naming the input, the pairs file, the table settings or the output at fault.
    public func run() throws(BenchmarkError) -> (reports: [StageReport], context: BenchContext) {
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

        var reports: [StageReport] = []
        let baselineBytes = BenchMemory.currentResidentBytes()
        let graph: RoadGraph
        var storedHierarchies: [String: [String: [UInt32]]] = [:]
        if isDatabase {
            printStatus("loading \(input) …")
            let start = ContinuousClock.now
            let stored: StoredRoadNetwork
            do throws(RoadNetworkStoreError) { stored = try RoadNetworkStore.load(path: input) } catch { throw .database(error) }
            let elapsed = (ContinuousClock.now - start).seconds
            printStatus("")
            graph = stored.graph
            storedHierarchies = stored.hierarchies
            if stages.contains(.load) {
                var notes = Self.graphMemoryNotes(graph: graph, stage: .load, baselineBytes: baselineBytes,
                                                  residentBytes: BenchMemory.currentResidentBytes())
                notes.merge(["nodes": Double(graph.nodeCount), "edges": Double(graph.edgeCount),
                             "database_bytes": Double(Self.fileSize(input))]) { $1 }
                reports.append(StageReport(stage: .load, latencies: LatencySummary([elapsed]), attempted: 1,
                                           peakResidentBytes: BenchMemory.peakResidentBytes(), notes: notes))
            }
        } else {
            var options = ImportOptions()
            if showsProgress {
                options.progress = { BenchProgress.drawImport(bytesRead: $0.bytesRead, totalBytes: $0.totalBytes) }
            }
            let start = ContinuousClock.now
            let result: ImportResult
            do { result = try OSMImporter.importFile(path: input, options: options) } catch { throw .osm("\(error)") }
            let elapsed = (ContinuousClock.now - start).seconds
            printStatus("")
            graph = result.graph
            if stages.contains(.import) {
                let s = result.statistics
                var notes = Self.graphMemoryNotes(graph: graph, stage: .import, baselineBytes: baselineBytes,
                                                  residentBytes: BenchMemory.currentResidentBytes())
                notes.merge(["osm_nodes": Double(s.nodesRead), "osm_ways": Double(s.waysRead),
                             "osm_relations": Double(s.relationsRead),
                             "routing_nodes": Double(graph.nodeCount), "edges": Double(graph.edgeCount),
                             "restrictions": Double(graph.restrictions.count),
                             "xml_mb_per_s": s.xmlMegabytesPerSecond]) { $1 }
                reports.append(StageReport(stage: .import, latencies: LatencySummary([elapsed]), attempted: 1,
                                           peakResidentBytes: BenchMemory.peakResidentBytes(), notes: notes))
            }
        }
        guard graph.nodeCount >= 2 else {
            throw .graphTooSmall(input, nodes: graph.nodeCount)
        }

        let pairs: [BenchPair]
        if let pairsFile {
            do throws(BenchPairsError) { pairs = try BenchPairs.read(path: pairsFile) } catch { throw .pairs(error) }
        } else {
            pairs = BenchPairs.draw(count: queries, seed: seed, from: graph)
        }
        if let writePairs {
            do throws(OutputError) { try OutputDestination.write(BenchPairs.csv(pairs), to: writePairs) } catch { throw .output(.pairs, error) }
        }

        #if DEBUG
        let build = "debug"
        #else
        let build = "release"
        #endif
        let queryStages = stages.intersection([.route, .dijkstra, .guidance, .steps, .markers])
        var router: Router?, setup: Seconds = 0, residentAfterSetup: Int64?
        if !queryStages.isEmpty || stages.contains(.table) {
            let setupStart = ContinuousClock.now
            router = try makeRouter(graph: graph, stored: isDatabase ? storedHierarchies : nil)
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

    /// Accumulates one query stage's samples.
    private struct Accumulator {
        var times: [Seconds] = []
        var failures: [BenchFailure] = []
        var settled = 0
        var distance: Meters = 0
        var duration: Seconds = 0
        var items = 0

        func report(_ stage: BenchStage, attempted: Int, withRoutes: Bool, withItems: Bool) -> StageReport {
            let ok = times.count
            return StageReport(
                stage: stage, latencies: LatencySummary(times), attempted: attempted, failures: failures,
                settledNodesMean: withRoutes && ok > 0 ? Double(settled) / Double(ok) : nil,
                meanDistance: withRoutes && ok > 0 ? distance / Double(ok) : nil,
                meanDuration: withRoutes && ok > 0 ? duration / Double(ok) : nil,
                itemsMean: withItems && ok > 0 ? Double(items) / Double(ok) : nil,
                peakResidentBytes: BenchMemory.peakResidentBytes())
        }
    }

    private func runQueries(pairs: [BenchPair], router: Router, setup: Seconds, stages: Set<BenchStage>,
                            residentAfterSetup: Int64?) throws(BenchmarkError) -> [StageReport] {
        let graph = router.graph
        let workspace = router.makeWorkspace()

        var perQuery: PerQueryWriter?
        if let perQueryFile { perQuery = try PerQueryWriter(path: perQueryFile) }

        var route = Accumulator(), dijkstra = Accumulator(), guidance = Accumulator(), markers = Accumulator()
        var mismatches: [BenchMismatch] = []
        var progress = BenchProgress(label: "routes", total: pairs.count, enabled: showsProgress)
        let needGuidance = stages.contains(.guidance) || stages.contains(.markers)

        // First pass: the route stage's searches, one after another, as a server answers them. A Dijkstra
        // check or guidance between two searches would sweep the caches and time every search cold
        // (Porto's median 0.12 ms interleaved, 0.05 ms not). The routes are kept for the second pass only
        // when it needs them.
        let checksRoutes = needGuidance || stages.contains(.dijkstra)
        var rows: [PerQueryRow] = [], routes: [Route?] = []
        rows.reserveCapacity(pairs.count)
        routes.reserveCapacity(pairs.count)
        for (index, pair) in pairs.enumerated() {
            var row = PerQueryRow(pair: index, from: pair.from, to: pair.to)

            // The route stage's search (always run: guidance, markers and the Dijkstra check need its route).
            var aStarRoute: Route?
            let start = ContinuousClock.now
            do {
                aStarRoute = try router.route(from: pair.from, to: pair.to, metric: metric, maxSnapDistance: maxSnap,
                                              algorithm: algorithm, workspace: workspace)
                let elapsed = (ContinuousClock.now - start).seconds
                let r = aStarRoute!
                route.times.append(elapsed)
                route.settled += r.settledNodes
                route.distance += r.distance
                route.duration += r.duration
                row.routeTime = elapsed
                row.distance = r.distance
                row.duration = r.duration
                row.settled = r.settledNodes
            } catch {
                route.failures.append(BenchFailure(pair: index, reason: error.description))
                row.reason = error.description
            }
            rows.append(row)
            routes.append(checksRoutes ? aStarRoute : nil)
            progress.update(index + 1)
        }
        progress.finish()

        // The guidance stages read an index of the graph's junctions, built once, as a server builds one at start.
        let guidanceStart = ContinuousClock.now
        let guidanceIndex = needGuidance || stages.contains(.steps) ? GuidanceIndex(graph: graph) : nil
        let guidanceIndexSetup = (ContinuousClock.now - guidanceStart).seconds
        var stepsPass: (steps: Accumulator, routeAndSteps: [Seconds])?
        if let guidanceIndex, stages.contains(.steps) {
            stepsPass = runStepsPass(pairs: pairs, router: router, guidance: guidanceIndex, workspace: workspace, rows: &rows)
        }

        // Second pass: per pair, the Dijkstra check, guidance and markers on the route found.
        progress = BenchProgress(label: "checks", total: pairs.count, enabled: showsProgress && checksRoutes)
        for (index, pair) in pairs.enumerated() {
            var row = rows[index]
            let aStarRoute = routes[index]
            if stages.contains(.dijkstra) {
                let start = ContinuousClock.now
                var dijkstraRoute: Route?
                var failure: String?
                do {
                    dijkstraRoute = try router.route(from: pair.from, to: pair.to, metric: metric, maxSnapDistance: maxSnap,
                                                     algorithm: .dijkstra, workspace: workspace)
                } catch {
                    failure = error.description
                }
                let elapsed = (ContinuousClock.now - start).seconds
                if let r = dijkstraRoute {
                    dijkstra.times.append(elapsed)
                    dijkstra.settled += r.settledNodes
                    dijkstra.distance += r.distance
                    dijkstra.duration += r.duration
                    row.dijkstraTime = elapsed
                    row.dijkstraDistance = r.distance
                } else if let failure {
                    dijkstra.failures.append(BenchFailure(pair: index, reason: failure))
                }
                if let mismatch = Self.compare(pair: index, aStar: aStarRoute, dijkstra: dijkstraRoute, metric: metric) {
                    mismatches.append(mismatch)
                }
            }

            if let guidanceIndex, let r = aStarRoute {
                let start = ContinuousClock.now
                let waypoints = RouteGuidance.waypoints(for: r, using: guidanceIndex)
                let elapsed = (ContinuousClock.now - start).seconds
                if stages.contains(.guidance) {
                    guidance.times.append(elapsed)
                    guidance.items += waypoints.count
                    row.guidanceTime = elapsed
                    row.waypoints = waypoints.count
                }
                if stages.contains(.markers) {
                    let start = ContinuousClock.now
                    do {
                        let list = try ARMarkerExporter.markers(for: waypoints)
                        let elapsed = (ContinuousClock.now - start).seconds
                        markers.times.append(elapsed)
                        markers.items += list.markers.count
                        row.markersTime = elapsed
                        row.markers = list.markers.count
                    } catch {
                        markers.failures.append(BenchFailure(pair: index, reason: "\(error)"))
                    }
                }
            }
            try perQuery?.append(row)
            progress.update(index + 1)
        }
        progress.finish()
        try perQuery?.close()

        var reports: [StageReport] = []
        if stages.contains(.route) {
            var report = route.report(.route, attempted: pairs.count, withRoutes: true, withItems: false)
            report.setup = setup
            // Context for the failures: random pairs can only route inside one component.
            let largest = router.largestComponentSize
            report.notes["largest_component_share"] = (Double(largest) / Double(max(graph.nodeCount, 1)) * 1000).rounded() / 1000
            // The edge-based search's size: states, turns, shared search arrays and one workspace.
            report.notes["search_states"] = Double(router.searchStateCount)
            report.notes["landmarks"] = Double(landmarks)
            report.notes["turns"] = Double(router.turnCount)
            report.notes.merge(Self.routerMemoryNotes(router: router, workspaceBytes: workspace.byteCount,
                                                      residentBytes: residentAfterSetup)) { $1 }
            if algorithm == .contractionHierarchy, let hierarchy = router.hierarchy(for: metric) {
                report.notes.merge(Self.hierarchyMemoryNotes("hierarchy", bytes: hierarchy.byteCount, edgeCount: graph.edgeCount)) { $1 }
            }
            if algorithm != .dijkstra, let potentials = router.potentialHierarchy(for: metric) {
                report.notes.merge(Self.hierarchyMemoryNotes("potential_hierarchy", bytes: potentials.byteCount,
                                                             edgeCount: graph.edgeCount)) { $1 }
            }
            reports.append(report)
        }
        if stages.contains(.dijkstra) {
            var report = dijkstra.report(.dijkstra, attempted: pairs.count, withRoutes: true, withItems: false)
            report.mismatches = mismatches
            reports.append(report)
        }
        let routed = pairs.count - route.failures.count
        let guidanceIndexNotes = guidanceIndex.map {
            Self.guidanceIndexNotes($0, setup: guidanceIndexSetup, edgeCount: graph.edgeCount)
        } ?? [:]
        if stages.contains(.guidance) {
            var report = guidance.report(.guidance, attempted: routed, withRoutes: false, withItems: true)
            report.notes.merge(guidanceIndexNotes) { $1 }
            reports.append(report)
        }
        if let stepsPass {
            var report = stepsPass.steps.report(.steps, attempted: routed, withRoutes: false, withItems: true)
            report.notes.merge(guidanceIndexNotes) { $1 }
            if !stepsPass.routeAndSteps.isEmpty {
                report.notes["route_and_steps_median_ms"] = (LatencySummary(stepsPass.routeAndSteps).median * 1e7).rounded() / 1e4
            }
            reports.append(report)
        }
        if stages.contains(.markers) { reports.append(markers.report(.markers, attempted: routed, withRoutes: false, withItems: true)) }
        return reports
    }

    /// The steps stage: each pair's route again and then its steps (`RouteGuidance.steps`), back to back,
    /// as a server answers a request with steps. A pass of its own, because the second pass's Dijkstra
    /// check between a route and its steps would leave the steps a cold cache. Returns the steps' times
    /// and each pair's route-and-steps time (the full route with geometry and steps); pairs that found
    /// no route in the route stage are skipped.
    private func runStepsPass(pairs: [BenchPair], router: Router, guidance: GuidanceIndex, workspace: RoutingWorkspace,
                              rows: inout [PerQueryRow]) -> (steps: Accumulator, routeAndSteps: [Seconds]) {
        var steps = Accumulator(), routeAndSteps: [Seconds] = []
        var progress = BenchProgress(label: "steps", total: pairs.count, enabled: showsProgress)
        for (index, pair) in pairs.enumerated() where rows[index].routeTime != nil {
            let start = ContinuousClock.now
            guard let route = try? router.route(from: pair.from, to: pair.to, metric: metric, maxSnapDistance: maxSnap,
                                                algorithm: algorithm, workspace: workspace) else { continue }
            let routed = ContinuousClock.now
            let legs = RouteGuidance.steps(for: route, using: guidance)
            let end = ContinuousClock.now
            let count = legs.reduce(0) { $0 + $1.count }
            steps.times.append((end - routed).seconds)
            steps.items += count
            routeAndSteps.append((end - start).seconds)
            rows[index].stepsTime = (end - routed).seconds
            rows[index].steps = count
            progress.update(index + 1)
        }
        progress.finish()
        return (steps, routeAndSteps)
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
