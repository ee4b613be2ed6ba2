@_spi(Experiments) import Routing

extension HierarchyMeasurement {
    /// One pass of path queries (each path checked to be a real path of its cost), then one of cost-only
    /// queries, over `pairs`; every cost compared with `expected` when there is one.
    func timeQueries(_ hierarchy: ContractionHierarchy, on graph: MeasuredGraph, pairs: [(UInt32, UInt32)], expected: [UInt32?]) {
        let workspace = hierarchy.makeWorkspace()
        let tails = graph.digraph.tails()
        var pathTimes: [Double] = [], costTimes: [Double] = [], settled: [Double] = [], arcsPerPath: [Double] = []
        var mismatches = 0
        for (index, (a, b)) in pairs.enumerated() {
            let sources = graph.sources(at: a), targets = graph.targets(at: b)
            let start = ContinuousClock.now
            let path = hierarchy.shortestPath(from: sources, to: targets, workspace: workspace)
            pathTimes.append(seconds(ContinuousClock.now - start) * 1000)
            settled.append(Double(workspace.lastSettledCount))
            if pathTimes.last! > 1, command.queries.reportSlow {
                print("slow pair \(index) \(a)->\(b): \(format(pathTimes.last!, 3)) ms, settled \(workspace.lastSettledCount), arcs \(path?.arcs.count ?? -1), cost \(path?.cost ?? 0)")
            }
            if !expected.isEmpty && path?.cost != expected[index] { mismatches += 1 }
            if let path {
                arcsPerPath.append(Double(path.arcs.count))
                if !Self.isPath(path, of: graph, tails: tails, from: sources, to: targets) { mismatches += 1 }
            }
        }
        // Cost only, in a separate pass (right after the path query of the same pair, its search would
        // find everything in cache).
        for (index, (a, b)) in pairs.enumerated() {
            let sources = graph.sources(at: a), targets = graph.targets(at: b)
            let start = ContinuousClock.now
            let cost = hierarchy.shortestCost(from: sources, to: targets, workspace: workspace)
            costTimes.append(seconds(ContinuousClock.now - start) * 1000)
            if !expected.isEmpty && cost != expected[index] { mismatches += 1 }
        }
        let unreachable = expected.filter { $0 == nil }.count
        print("queries (1,000 pairs, \(unreachable) unreachable): path+unpack median \(format(median(pathTimes), 4)) ms, p90 \(format(percentile(pathTimes, 0.9), 4)) ms, "
              + "p99 \(format(percentile(pathTimes, 0.99), 4)) ms; cost only median \(format(median(costTimes), 4)) ms; settled median \(format(median(settled), 0)); "
              + "arcs per path median \(format(median(arcsPerPath), 0)); mismatches vs Dijkstra \(mismatches)")
    }

    /// Whether `path` runs from its source seed to its target seed over arcs of `graph`, at its cost.
    static func isPath(_ path: HierarchyPath, of graph: MeasuredGraph, tails: [UInt32], from sources: [SearchSeed], to targets: [SearchSeed]) -> Bool {
        var at = sources[path.sourceSeed].vertex, sum = UInt64(sources[path.sourceSeed].cost)
        for arc in path.arcs {
            if tails[Int(arc)] != at { return false }
            at = graph.digraph.head[Int(arc)]
            sum += UInt64(graph.digraph.weight[Int(arc)])
        }
        return at == targets[path.targetSeed].vertex && sum + UInt64(targets[path.targetSeed].cost) == UInt64(path.cost)
    }

    /// Tables with the pairs' origins as sources and their destinations as targets, 100×100 and
    /// 1,000×1,000, a sample of rows checked against pairwise queries.
    func timeTables(_ hierarchy: ContractionHierarchy, on graph: MeasuredGraph, pairs: [(UInt32, UInt32)]) {
        let workspace = hierarchy.makeWorkspace()
        for size in [100, 1000] {
            let sources = pairs.prefix(size).map { graph.sources(at: $0.0) }
            let targets = pairs.prefix(size).map { graph.targets(at: $0.1) }
            var times: [Double] = []
            var table: CostTable?
            for _ in 0..<command.repeats {
                let start = ContinuousClock.now
                table = hierarchy.table(from: sources, to: targets, workspace: workspace)
                times.append(seconds(ContinuousClock.now - start))
            }
            var wrong = 0
            for i in stride(from: 0, to: size, by: max(1, size / 10)) {
                for j in 0..<size where table![i, j] != hierarchy.shortestCost(from: sources[i], to: targets[j], workspace: workspace) { wrong += 1 }
            }
            print("table \(size)x\(size): median \(format(median(times) * 1000, 1)) ms (runs: \(times.map { format($0 * 1000, 1) }.joined(separator: ", "))); "
                  + "sampled rows vs pairwise: \(wrong) wrong")
        }
    }
}
