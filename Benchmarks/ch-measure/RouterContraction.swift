import RoadNetwork
@_spi(Experiments) import Routing
import SeededRandom

/// `ch-measure … --router`: contracts the router's own turn-expanded graph (turn costs, restriction
/// contexts, access phases; what `waymark import` contracts) and reports contraction time, shortcuts per
/// state and a state-to-state query. With `--ports` the graph is split (each transition becomes turn +
/// edge arcs through an "about to drive the edge" vertex); with `--node-order` it is contracted in an
/// order from a node-graph hierarchy (Benchmarks/notebook, "Contraction on generated grid cities").
struct RouterContraction {
    let road: RoadGraph
    let command: CHMeasure

    func run() throws {
        let router = Router(graph: road)
        let transitions = TransitionArrays(router: router, metric: command.metric == .time ? .time : .distance)
        // The edge each state arrives over (the plain state graph's vertex count: split graphs add pre-states).
        var stateEdge = [UInt32](repeating: UInt32.max, count: transitions.firstOut.count - 1)
        for t in 0..<transitions.count { stateEdge[Int(transitions.target[t])] = transitions.edge[t] }
        let digraph = try command.tuning.ports
            ? Self.splitGraph(transitions)
            : WeightedDigraph(firstOut: transitions.firstOut, head: transitions.target, weight: transitions.cost)
        print("router graph: \(digraph.vertexCount) states, \(digraph.arcCount) transitions")
        var options = ContractionOptions()
        command.tuning.applyWitnessBounds(to: &options)
        if let limit = command.tuning.denseLimit {
            options.denseRemainderLimits = [DenseRemainderLimit(arcsPerVertex: limit, minimumShareLeft: command.tuning.denseShare)]
        }
        if let order = command.tuning.nodeOrder {
            let t0 = ContinuousClock.now
            options.rank = try rank(of: digraph, by: order, stateEdge: stateEdge)
            print("node order (\(order.rawValue)) in \(format(seconds(ContinuousClock.now - t0), 2)) s")
        }
        try contractAndQuery(digraph, options: options)
    }

    /// The split graph: state `s` keeps index `s`; its pre-state ("about to drive `s`'s edge") is
    /// `stateCount + s`, entered at the cheapest transition into `s`.
    static func splitGraph(_ transitions: TransitionArrays) throws -> WeightedDigraph {
        let stateCount = transitions.firstOut.count - 1
        var entryCost = [UInt32](repeating: UInt32.max, count: stateCount)
        for t in 0..<transitions.count { entryCost[Int(transitions.target[t])] = min(entryCost[Int(transitions.target[t])], transitions.cost[t]) }
        var arcs: [(tail: UInt32, head: UInt32, weight: UInt32)] = []
        for s in 0..<stateCount {
            for t in Int(transitions.firstOut[s]) ..< Int(transitions.firstOut[s + 1]) {
                let b = Int(transitions.target[t])
                arcs.append((UInt32(s), UInt32(stateCount + b), transitions.cost[t] - entryCost[b]))
            }
        }
        for b in 0..<stateCount where entryCost[b] != UInt32.max { arcs.append((UInt32(stateCount + b), UInt32(b), entryCost[b])) }
        return try WeightedDigraph.fromArcs(vertexCount: 2 * stateCount, arcs: arcs).graph
    }

    /// Every vertex of `digraph` ranked by its edge's junctions' ranks in a node-graph hierarchy.
    private func rank(of digraph: WeightedDigraph, by order: NodeOrder, stateEdge: [UInt32]) throws -> [UInt32] {
        let stateCount = stateEdge.count
        let nodeGraph = try MeasuredGraph(road: road, kind: .node, metric: command.metric)
        let nodeRank = try ContractionHierarchy(graph: nodeGraph.digraph, options: ContractionOptions()).rank
        let ports = command.tuning.ports
        let key: (Int) -> UInt64 = { v in
            let s = v % stateCount
            let e = stateEdge[s]
            if e == UInt32.max { return UInt64(v) }
            if ports {
                // A state is at its edge's head, a pre-state at its edge's tail.
                let node = v < stateCount ? road.head[Int(e)] : road.tail[Int(e)]
                return (UInt64(nodeRank[Int(node)]) + 1) << 32 | UInt64(v)
            }
            let h = UInt64(nodeRank[Int(road.head[Int(e)])]) + 1, t = UInt64(nodeRank[Int(road.tail[Int(e)])]) + 1
            switch order {
            case .head: return h << 32 | UInt64(s)
            case .tail: return t << 32 | UInt64(s)
            case .min, .max: return UInt64(max(h, t)) << 32 | UInt64(min(h, t))
            }
        }
        let sorted = (0..<digraph.vertexCount).sorted { key($0) < key($1) }
        var r = [UInt32](repeating: 0, count: digraph.vertexCount)
        for (i, s) in sorted.enumerated() { r[s] = UInt32(i) }
        return r
    }

    /// Contracts `digraph` and times 1,000 state-to-state cost queries (seed 7).
    private func contractAndQuery(_ digraph: WeightedDigraph, options: ContractionOptions) throws {
        resetPeakResident()
        let start = ContinuousClock.now
        let h = try ContractionHierarchy(graph: digraph, options: options)
        print("router contraction \(format(seconds(ContinuousClock.now - start), 2)) s, shortcuts \(h.shortcutCount) (\(format(Double(h.shortcutCount) / Double(digraph.vertexCount), 2)) per state), \(format(Double(h.memoryBytes) / 1_048_576, 1)) MiB, peak RSS \(format(residentField("VmHWM"), 0)) MiB")
        let ws = h.makeWorkspace()
        var generator = SplitMix64(seed: 7)
        var times: [Double] = [], settled: [Double] = []
        for _ in 0..<1000 {
            let a = UInt32(generator.next(below: digraph.vertexCount)), b = UInt32(generator.next(below: digraph.vertexCount))
            let q = ContinuousClock.now
            _ = h.shortestCost(from: [SearchSeed(vertex: a)], to: [SearchSeed(vertex: b)], workspace: ws)
            times.append(seconds(ContinuousClock.now - q) * 1000)
            settled.append(Double(ws.lastSettledCount))
        }
        print("state-to-state cost query median \(format(median(times), 4)) ms, settled median \(format(median(settled), 0))")
    }
}
