import ARExport
import Foundation
import Geodesy
import Guidance
import Routing

/// The query stages: routes, the Dijkstra check, guidance, steps and markers, pair by pair.
extension BenchRunner {
    /// Accumulates one query stage's samples.
    struct Accumulator {
        var times: [Seconds] = []
        var failures: [BenchFailure] = []
        var settled = 0
        var distance: Meters = 0
        var duration: Seconds = 0
        var items = 0

        /// Counts one found route that took `elapsed`.
        mutating func record(_ route: Route, in elapsed: Seconds) {
            times.append(elapsed)
            settled += route.settledNodes
            distance += route.distance
            duration += route.duration
        }

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

    /// What the route pass gathers: the route stage's samples, each pair's row, and the routes when a
    /// later pass needs them.
    struct RoutePass {
        var route = Accumulator()
        var rows: [PerQueryRow] = []
        var routes: [Route?] = []
    }

    /// What the check pass gathers: the Dijkstra check's, guidance's and markers' samples.
    struct CheckPass {
        var dijkstra = Accumulator()
        var guidance = Accumulator()
        var markers = Accumulator()
        var mismatches: [BenchMismatch] = []
    }

    func runQueries(pairs: [BenchPair], router: Router, setup: Seconds, stages: Set<BenchStage>,
                    residentAfterSetup: Int64?) throws(BenchmarkError) -> [StageReport] {
        let graph = router.graph
        let workspace = router.makeWorkspace()
        var perQuery: PerQueryWriter?
        if let perQueryFile { perQuery = try PerQueryWriter(path: perQueryFile) }
        let needGuidance = stages.contains(.guidance) || stages.contains(.markers)
        let checksRoutes = needGuidance || stages.contains(.dijkstra)
        var routes = routePass(pairs: pairs, router: router, workspace: workspace, keepingRoutes: checksRoutes)

        // The guidance stages read an index of the graph's junctions, built once, as a server builds one at start.
        let guidanceStart = ContinuousClock.now
        let guidanceIndex = needGuidance || stages.contains(.steps) ? GuidanceIndex(graph: graph) : nil
        let guidanceIndexSetup = (ContinuousClock.now - guidanceStart).seconds
        var stepsPass: (steps: Accumulator, routeAndSteps: [Seconds])?
        if let guidanceIndex, stages.contains(.steps) {
            stepsPass = runStepsPass(pairs: pairs, router: router, guidance: guidanceIndex, workspace: workspace, rows: &routes.rows)
        }
        let checks = try checkPass(pairs: pairs, routes: routes, router: router, workspace: workspace, guidance: guidanceIndex,
                                   stages: stages, perQuery: &perQuery, showsProgress: showsProgress && checksRoutes)
        try perQuery?.close()

        var reports: [StageReport] = []
        if stages.contains(.route) {
            reports.append(routeReport(routes.route, attempted: pairs.count, router: router, setup: setup,
                                       workspaceBytes: workspace.byteCount, residentAfterSetup: residentAfterSetup))
        }
        if stages.contains(.dijkstra) {
            var report = checks.dijkstra.report(.dijkstra, attempted: pairs.count, withRoutes: true, withItems: false)
            report.mismatches = checks.mismatches
            reports.append(report)
        }
        let routed = pairs.count - routes.route.failures.count
        let guidanceIndexNotes = guidanceIndex.map {
            Self.guidanceIndexNotes($0, setup: guidanceIndexSetup, edgeCount: graph.edgeCount)
        } ?? [:]
        if stages.contains(.guidance) {
            var report = checks.guidance.report(.guidance, attempted: routed, withRoutes: false, withItems: true)
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
        if stages.contains(.markers) {
            reports.append(checks.markers.report(.markers, attempted: routed, withRoutes: false, withItems: true))
        }
        if stages.contains(.alternatives) { reports.append(alternativesPass(pairs: pairs, router: router, workspace: workspace)) }
        return reports
    }

    /// The route stage's searches, one after another, as a server answers them. A Dijkstra check or
    /// guidance between two searches would sweep the caches and time every search cold (Porto's median
    /// 0.12 ms interleaved, 0.05 ms not), so they run in a later pass, on the routes kept here when
    /// `keepingRoutes`. Every pair is searched (guidance, markers and the Dijkstra check need its route).
    private func routePass(pairs: [BenchPair], router: Router, workspace: RoutingWorkspace, keepingRoutes: Bool) -> RoutePass {
        var pass = RoutePass()
        pass.rows.reserveCapacity(pairs.count)
        pass.routes.reserveCapacity(pairs.count)
        var progress = BenchProgress(label: "routes", total: pairs.count, enabled: showsProgress)
        for (index, pair) in pairs.enumerated() {
            var row = PerQueryRow(pair: index, from: pair.from, to: pair.to)
            var found: Route?
            let start = ContinuousClock.now
            do {
                found = try router.route(from: pair.from, to: pair.to, metric: metric, maxSnapDistance: maxSnap,
                                         algorithm: algorithm, workspace: workspace)
                let elapsed = (ContinuousClock.now - start).seconds
                let r = found!
                pass.route.record(r, in: elapsed)
                row.routeTime = elapsed
                row.distance = r.distance
                row.duration = r.duration
                row.settled = r.settledNodes
            } catch {
                pass.route.failures.append(BenchFailure(pair: index, reason: error.description))
                row.reason = error.description
            }
            pass.rows.append(row)
            pass.routes.append(keepingRoutes ? found : nil)
            progress.update(index + 1)
        }
        progress.finish()
        return pass
    }

    /// Per pair, the Dijkstra check, guidance and markers on the route the route pass found; every
    /// pair's row is then written to `perQuery`.
    private func checkPass(pairs: [BenchPair], routes: RoutePass, router: Router, workspace: RoutingWorkspace,
                           guidance guidanceIndex: GuidanceIndex?, stages: Set<BenchStage>, perQuery: inout PerQueryWriter?,
                           showsProgress: Bool) throws(BenchmarkError) -> CheckPass {
        var pass = CheckPass()
        var progress = BenchProgress(label: "checks", total: pairs.count, enabled: showsProgress)
        for (index, pair) in pairs.enumerated() {
            var row = routes.rows[index]
            let aStarRoute = routes.routes[index]
            if stages.contains(.dijkstra) {
                checkWithDijkstra(pair, index: index, against: aStarRoute, router: router, workspace: workspace,
                                  into: &pass, row: &row)
            }
            if let guidanceIndex, let r = aStarRoute {
                guideAndMark(r, index: index, guidance: guidanceIndex, stages: stages, into: &pass, row: &row)
            }
            try perQuery?.append(row)
            progress.update(index + 1)
        }
        progress.finish()
        return pass
    }

    /// Routes `pair` with Dijkstra, timed, and notes where it disagrees with the route stage's route.
    private func checkWithDijkstra(_ pair: BenchPair, index: Int, against aStarRoute: Route?, router: Router,
                                   workspace: RoutingWorkspace, into pass: inout CheckPass, row: inout PerQueryRow) {
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
            pass.dijkstra.record(r, in: elapsed)
            row.dijkstraTime = elapsed
            row.dijkstraDistance = r.distance
        } else if let failure {
            pass.dijkstra.failures.append(BenchFailure(pair: index, reason: failure))
        }
        if let mismatch = Self.compare(pair: index, aStar: aStarRoute, dijkstra: dijkstraRoute, metric: metric) {
            pass.mismatches.append(mismatch)
        }
    }

    /// The guidance waypoints of `route` and, when the markers stage runs, its AR markers, each timed.
    private func guideAndMark(_ route: Route, index: Int, guidance guidanceIndex: GuidanceIndex, stages: Set<BenchStage>,
                              into pass: inout CheckPass, row: inout PerQueryRow) {
        let start = ContinuousClock.now
        let waypoints = RouteGuidance.waypoints(for: route, using: guidanceIndex)
        let elapsed = (ContinuousClock.now - start).seconds
        if stages.contains(.guidance) {
            pass.guidance.times.append(elapsed)
            pass.guidance.items += waypoints.count
            row.guidanceTime = elapsed
            row.waypoints = waypoints.count
        }
        guard stages.contains(.markers) else { return }
        let markersStart = ContinuousClock.now
        do {
            let list = try ARMarkerExporter.markers(for: waypoints)
            let elapsed = (ContinuousClock.now - markersStart).seconds
            pass.markers.times.append(elapsed)
            pass.markers.items += list.markers.count
            row.markersTime = elapsed
            row.markers = list.markers.count
        } catch {
            pass.markers.failures.append(BenchFailure(pair: index, reason: "\(error)"))
        }
    }

    /// The route stage's report, with the router's figures: the largest component (context for the
    /// failures: random pairs can only route inside one component), the edge-based search's size
    /// (states, turns, shared search arrays and one workspace) and the hierarchies' memory.
    private func routeReport(_ route: Accumulator, attempted: Int, router: Router, setup: Seconds, workspaceBytes: Int,
                             residentAfterSetup: Int64?) -> StageReport {
        let graph = router.graph
        var report = route.report(.route, attempted: attempted, withRoutes: true, withItems: false)
        report.setup = setup
        let largest = router.largestComponentSize
        report.notes["largest_component_share"] = (Double(largest) / Double(max(graph.nodeCount, 1)) * 1000).rounded() / 1000
        report.notes["search_states"] = Double(router.searchStateCount)
        report.notes["landmarks"] = Double(landmarks)
        report.notes["turns"] = Double(router.turnCount)
        report.notes.merge(Self.routerMemoryNotes(router: router, workspaceBytes: workspaceBytes,
                                                  residentBytes: residentAfterSetup)) { $1 }
        if algorithm == .contractionHierarchy, let hierarchy = router.hierarchy(for: metric) {
            report.notes.merge(Self.hierarchyMemoryNotes("hierarchy", bytes: hierarchy.byteCount, edgeCount: graph.edgeCount)) { $1 }
        }
        if algorithm != .dijkstra, let potentials = router.potentialHierarchy(for: metric) {
            report.notes.merge(Self.hierarchyMemoryNotes("potential_hierarchy", bytes: potentials.byteCount,
                                                         edgeCount: graph.edgeCount)) { $1 }
        }
        return report
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
}
