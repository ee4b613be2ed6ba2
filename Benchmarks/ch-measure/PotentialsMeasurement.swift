import RoadNetwork
@_spi(Experiments) import Routing
import SeededRandom

/// `ch-measure … --potentials`: contracts a potential hierarchy (the junction graph, each edge at its
/// cheapest transition) and times A* on the router's states with it, checking the first pairs'
/// costs against Dijkstra.
struct PotentialsMeasurement {
    let road: RoadGraph
    let command: CHMeasure

    func run() throws {
        let router = Router(graph: road)
        let routingMetric: RoutingMetric = command.metric == .time ? .time : .distance
        var options = ContractionOptions(levelWeight: ContractionOptions.potentialLevelWeight, denseRemainderLimits: [])
        command.tuning.applyWitnessBounds(to: &options)
        print("junctions \(road.nodeCount), edges \(road.edgeCount), states \(router.searchStateCount), load \(loadAverage())")
        if command.tuning.orderFromTime {
            // Contract in the time metric's order (no priority simulations).
            let cpu = threadCPUSeconds()
            options.rank = try ContractionHierarchy(graph: PotentialHierarchy.junctionGraph(of: router, metric: .time), options: options).rank
            print("time-metric order in \(format(threadCPUSeconds() - cpu, 2)) s CPU")
        }
        resetPeakResident()
        let cpu0 = threadCPUSeconds()
        let potentials = try PotentialHierarchy(router: router, metric: routingMetric, options: options)
        print("potential contraction \(format(potentials.contractionSeconds ?? .nan, 2)) s wall, \(format(threadCPUSeconds() - cpu0, 2)) s CPU, hierarchy arcs \(potentials.arcCount) (\(format(Double(potentials.arcCount) / Double(road.edgeCount), 2)) per edge), \(format(Double(potentials.byteCount) / 1_048_576, 1)) MiB = \(format(Double(potentials.byteCount) / Double(road.edgeCount), 1)) B/edge, peak RSS \(format(residentField("VmHWM"), 0)) MiB")
        let stored = Dictionary(uniqueKeysWithValues: potentials.storedArrays.map { ($0.name, $0.values) })
        let withPotentials = try Router(graph: road, hierarchies: .storedPotentials([routingMetric: stored]))
        timeQueries(on: withPotentials, metric: routingMetric)
    }

    /// A* over `--pairs` random node pairs (seed 42), the first `--check` also by Dijkstra.
    private func timeQueries(on router: Router, metric: RoutingMetric) {
        let ws = router.makeWorkspace()
        var generator = SplitMix64(seed: 42)
        let pairCount = command.queries.pairs ?? 1000, checkCount = command.queries.check
        var times: [Double] = [], settled: [Double] = [], mismatches = 0, checked = 0, unreachable = 0
        for i in 0..<pairCount {
            let a = road.nodeCoordinates[generator.next(below: road.nodeCount)], b = road.nodeCoordinates[generator.next(below: road.nodeCount)]
            guard let sa = try? router.snap(a), let sb = try? router.snap(b) else { continue }
            let q = ContinuousClock.now
            let cost = router.cost(from: sa, to: sb, metric: metric, algorithm: .aStar, workspace: ws)
            times.append(seconds(ContinuousClock.now - q) * 1000)
            settled.append(Double(ws.lastSettledCount))
            if cost == nil { unreachable += 1 }
            if i < checkCount {
                let reference = router.cost(from: sa, to: sb, metric: metric, algorithm: .dijkstra, workspace: ws)
                checked += 1
                if reference != cost { mismatches += 1; print("mismatch \(i): potentials \(cost ?? -1) Dijkstra \(reference ?? -1)") }
            }
        }
        print("queries \(times.count): median \(format(median(times))) ms, p95 \(format(percentile(times, 0.95))) ms, settled median \(format(median(settled), 0)), unreachable \(unreachable); Dijkstra check \(checked - mismatches)/\(checked) equal; peak RSS \(format(residentField("VmHWM"), 0)) MiB")
    }
}
