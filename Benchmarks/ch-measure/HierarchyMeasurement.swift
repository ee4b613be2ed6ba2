import Benchmarking
import RoadNetwork
@_spi(Experiments) import Routing

/// `ch-measure INPUT [node|turn] [time|distance] [repeats]`: contraction time and memory of the node graph
/// or the plain turn-expanded graph, query time on `waymark bench`'s 1,000 node pairs (seed 42) with every
/// cost checked against Dijkstra, and tables 100×100 and 1,000×1,000.
struct HierarchyMeasurement {
    let road: RoadGraph
    let command: CHMeasure

    func run() throws {
        let graph = try MeasuredGraph(road: road, kind: command.kind, metric: command.metric)
        print("input \(command.input): \(road.nodeCount) nodes, \(road.edgeCount) edges; \(command.kind.rawValue) graph (\(command.metric.rawValue), weights in tenths): "
              + "\(graph.digraph.vertexCount) vertices, \(graph.digraph.arcCount) arcs, \(format(Double(graph.digraph.memoryBytes) / 1_048_576, 1)) MiB")
        print("load average before: \(loadAverage())")
        let options = try contractionOptions()
        print("options: witness \(options.witnessSettledLimit), simulation \(options.simulationSettledLimit), lazy \(options.lazyUpdates), neighbour update limit \(options.neighbourUpdateLimit)")
        let hierarchy = try contract(graph, options: options)
        if command.queries.reuseOrder { try contractOtherMetric(in: hierarchy.rank) }
        // Pairs: exactly `waymark bench`'s (BenchPairs.draw(count: 1000, seed: 42)), as node indices.
        let pairs: [(UInt32, UInt32)] = BenchPairs.drawNodes(count: 1000, seed: 42, from: road).map { ($0.from, $0.to) }
        let (expected, dijkstraTimes) = referenceCosts(graph, pairs: pairs)
        for _ in 0..<command.repeats { timeQueries(hierarchy, on: graph, pairs: pairs, expected: expected) }
        print("Dijkstra median \(format(median(dijkstraTimes), 3)) ms")
        timeTables(hierarchy, on: graph, pairs: pairs)
        print("peak RSS \(format(residentField("VmHWM"), 0)) MiB; load average after: \(loadAverage())")
    }

    /// The defaults with the command's tuning, and on the turn graph the `--node-order` rank.
    private func contractionOptions() throws -> ContractionOptions {
        var options = ContractionOptions()
        command.tuning.applyWitnessBounds(to: &options)
        if command.tuning.noLazyUpdates { options.lazyUpdates = false }
        if let limit = command.tuning.neighbourLimit { options.neighbourUpdateLimit = limit }
        guard let order = command.tuning.nodeOrder, command.kind == .turn else { return options }
        let nodeGraph = try MeasuredGraph(road: road, kind: .node, metric: command.metric)
        let t0 = ContinuousClock.now
        let nodeRank = try ContractionHierarchy(graph: nodeGraph.digraph, options: ContractionOptions()).rank
        let key: (Int) -> UInt64 = { e in
            let h = UInt64(nodeRank[Int(road.head[e])]), t = UInt64(nodeRank[Int(road.tail[e])])
            switch order {
            case .head: return h << 32 | UInt64(e)
            case .tail: return t << 32 | UInt64(e)
            case .min: return UInt64(min(h, t)) << 32 | UInt64(max(h, t))
            case .max: return UInt64(max(h, t)) << 32 | UInt64(min(h, t))
            }
        }
        let sorted = (0..<road.edgeCount).sorted { key($0) < key($1) }
        var r = [UInt32](repeating: 0, count: road.edgeCount)
        for (i, e) in sorted.enumerated() { r[e] = UInt32(i) }
        options.rank = r
        print("node order (\(order.rawValue)) from a node CH in \(format(seconds(ContinuousClock.now - t0), 2)) s")
        return options
    }

    /// Contraction, `repeats` times (the last one is kept).
    private func contract(_ graph: MeasuredGraph, options: ContractionOptions) throws -> ContractionHierarchy {
        var hierarchy: ContractionHierarchy?
        var buildTimes: [Double] = []
        for _ in 0..<command.repeats {
            hierarchy = nil
            let rssBefore = residentField("VmRSS")
            resetPeakResident()
            let start = ContinuousClock.now
            let cpuStart = threadCPUSeconds()
            hierarchy = try ContractionHierarchy(graph: graph.digraph, options: options)
            buildTimes.append(seconds(ContinuousClock.now - start))
            print("contraction \(format(buildTimes.last!, 2)) s wall, \(format(threadCPUSeconds() - cpuStart, 2)) s CPU; RSS before \(format(rssBefore, 0)) MiB, peak during \(format(residentField("VmHWM"), 0)) MiB, after \(format(residentField("VmRSS"), 0)) MiB")
        }
        let kept = hierarchy!
        print("contraction median \(format(median(buildTimes), 2)) s over \(command.repeats); shortcuts \(kept.shortcutCount), "
              + "upward \(kept.upwardArcID.count) + downward \(kept.downwardArcID.count) arcs, hierarchy \(format(Double(kept.memoryBytes) / 1_048_576, 1)) MiB "
              + "(\(format(Double(kept.memoryBytes) / Double(max(1, graph.digraph.arcCount)), 1)) B per graph arc)")
        return kept
    }

    /// `--reuse-order`: the other metric contracted in its own order and in this metric's `rank`.
    private func contractOtherMetric(in rank: [UInt32]) throws {
        let metric = command.metric
        let other = try MeasuredGraph(road: road, kind: command.kind, metric: metric == .time ? .distance : .time)
        for (label, options) in [("own order", ContractionOptions()), ("\(metric.rawValue) order", ContractionOptions(rank: rank))] {
            let start = ContinuousClock.now
            let cpuStart = threadCPUSeconds()
            let h = try ContractionHierarchy(graph: other.digraph, options: options)
            let t = seconds(ContinuousClock.now - start), cpu = threadCPUSeconds() - cpuStart
            var times: [Double] = [], settled: [Double] = []
            let ws = h.makeWorkspace()
            for (a, b) in BenchPairs.drawNodes(count: 1000, seed: 42, from: road) {
                let s = other.sources(at: a), g = other.targets(at: b)
                let q = ContinuousClock.now
                _ = h.shortestPath(from: s, to: g, workspace: ws)
                times.append(seconds(ContinuousClock.now - q) * 1000)
                settled.append(Double(ws.lastSettledCount))
            }
            print("\(other.kind.rawValue)/\(metric == .time ? "distance" : "time") in \(label): contraction \(format(t, 2)) s wall, \(format(cpu, 2)) s CPU, shortcuts \(h.shortcutCount), "
                  + "query median \(format(median(times), 4)) ms, settled median \(format(median(settled), 0))")
        }
    }

    /// Dijkstra's cost for every pair and the time of each query, ms (both empty with `--skip-dijkstra`).
    private func referenceCosts(_ graph: MeasuredGraph, pairs: [(UInt32, UInt32)]) -> (costs: [UInt32?], milliseconds: [Double]) {
        guard !command.queries.skipDijkstra else { return ([], []) }
        var dijkstra = ReferenceDijkstra(graph: graph.digraph)
        var times: [Double] = [], expected: [UInt32?] = []
        for (a, b) in pairs {
            let start = ContinuousClock.now
            expected.append(dijkstra.cost(from: graph.sources(at: a), to: graph.targets(at: b)))
            times.append(seconds(ContinuousClock.now - start) * 1000)
        }
        return (expected, times)
    }
}
