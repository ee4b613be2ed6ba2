import Benchmarking
import CitySynthesis
import Foundation
import Geodesy
import OSMImport
import RoadNetwork
import RoadNetworkStore
import Routing
import SeededRandom

// Measures Waymark's contraction hierarchy on a real extract (Benchmarks/notebook, "Contraction hierarchy"):
//   ch-measure INPUT turn time|distance 1 --potentials
// contracts a potential hierarchy (the junction graph, each edge at its cheapest transition; CH_WITNESS, CH_SIMULATION) and
// times A* on the router's states with it over 1,000 pairs (CH_PAIRS), checking CH_CHECK (20) of them
// against Dijkstra.
//
//   ch-measure INPUT(.osm[.bz2|.gz] | .sqlite | grid:NODES) [node|turn] [time|distance] [repeats] [--reuse-order]
// Contraction time and memory, query time on `waymark bench`'s 1,000 node pairs (seed 42, SplitMix64,
// the same draw as BenchPairs.draw), every cost checked against Dijkstra, tables 100×100 and 1,000×1,000.
// Build with `swift build -c release --product ch-measure`; single-threaded.
//
//   ch-measure INPUT turn time|distance 1 --router
// contracts the router's own turn-expanded graph (turn costs, restriction contexts, access phases; what
// `waymark import` contracts) and reports contraction time, shortcuts per state and a state-to-state
// query, then exits. Experiments on orders and graph shapes (Benchmarks/notebook, "Contraction on generated grid cities"):
//   CH_NODE_ORDER=head|tail|max  contract in an order derived from a node-graph hierarchy (states by the
//                                rank of their edge's head or tail junction) instead of by priority;
//   CH_PORTS=1                   contract a split graph (each transition becomes turn + edge arcs
//                                through an "about to drive the edge" vertex) instead of the state graph;
//   CH_WITNESS, CH_SIMULATION    witness-search bounds; CH_DENSE_LIMIT, CH_DENSE_SHARE the density check.
//
//   ch-measure INPUT turn time 1 --axis
// compares two exact A* bounds on the router's states over CH_PAIRS (100) node pairs, each computed by a
// full backward Dijkstra per query: the junction graph's distance (what potential hierarchies give) and
// the distance in a graph that splits each junction's arrivals in two by axis (arrival bearing modulo
// 180° in [45°, 135°) or not), which sees the turn needed to change axis. Prints the states each settles;
// AXIS_CONTRACT=1 also contracts both graphs (AXIS_NOLIMIT=1 without the density check) and prints their
// hierarchies' arcs per road edge (Benchmarks/notebook, "What a 5 M-city query settles, and five more experiments").

func residentField(_ name: String) -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return .nan }
    for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
        let fields = line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" })
        return (Double(fields.first ?? "") ?? .nan) / 1024
    }
    return .nan
}

/// Resets the kernel's peak-RSS mark, so VmHWM afterwards is the peak of what follows.
func resetPeakResident() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
}

/// `CH_WITNESS` and `CH_SIMULATION` from the environment, when set, as the witness-search bounds, and
/// `CH_LEVEL_WEIGHT` as the level's weight in the priority.
func applyWitnessBounds(from env: [String: String], to options: inout ContractionOptions) {
    if let value = env["CH_WITNESS"].flatMap(Int.init) { options.witnessSettledLimit = value }
    if let value = env["CH_SIMULATION"].flatMap(Int.init) { options.simulationSettledLimit = value }
    if let value = env["CH_LEVEL_WEIGHT"].flatMap(Double.init) { options.levelWeight = value }
}

func loadAverage() -> String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
}

/// CPU time of this thread (what the machine's other load does not inflate, unlike wall time).
func threadCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.isEmpty ? .nan : s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let s = values.sorted()
    return s.isEmpty ? .nan : s[min(s.count - 1, Int((Double(s.count) * p).rounded(.up)) - 1)]
}

func format(_ x: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", x) }

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: ch-measure INPUT [node|turn] [time|distance] [repeats]\n".utf8))
    exit(2)
}
let input = arguments[1]
let kind = MeasuredGraph.Kind(rawValue: arguments.count > 2 ? arguments[2] : "turn") ?? .turn
let metric = MeasuredGraph.Metric(rawValue: arguments.count > 3 ? arguments[3] : "time") ?? .time
let repeats = arguments.count > 4 ? Int(arguments[4]) ?? 3 : 3

let road: RoadGraph
if input.hasPrefix("grid:"), let nodes = Int(input.dropFirst(5)) {
    // A generated city (as `waymark generate-grid --nodes N --seed 42`), written once to /tmp.
    let path = "/tmp/waymark-ch-grid-\(nodes).osm.gz"
    if !FileManager.default.fileExists(atPath: path) { _ = try CityGenerator.write(CityOptions(nodes: nodes, seed: 42), to: path) }
    road = try OSMImporter.importFile(path: path).graph
} else if input.hasSuffix(".sqlite") {
    road = try RoadNetworkStore.load(path: input).graph
} else {
    road = try OSMImporter.importFile(path: input).graph
}
if CommandLine.arguments.contains("--axis") {
    let env = ProcessInfo.processInfo.environment
    let experiment = try AxisBoundExperiment(road: road)
    print("junctions \(road.nodeCount), edges \(road.edgeCount), axis vertices \(experiment.axisGraph.vertexCount), "
          + "axis arcs \(experiment.axisGraph.head.count), load \(loadAverage())")
    print(try experiment.compareSettledStates(pairs: Int(env["CH_PAIRS"] ?? "") ?? 100))
    if env["AXIS_CONTRACT"] != nil {
        var options = ContractionOptions(levelWeight: ContractionOptions.potentialLevelWeight)
        applyWitnessBounds(from: env, to: &options)
        if env["AXIS_NOLIMIT"] != nil { options.denseRemainderLimits = [] }
        for line in experiment.contractBoth(options: options) { print(line) }
    }
    exit(0)
}

if CommandLine.arguments.contains("--potentials") {
    // A* on the router's states with a potential hierarchy (the junction graph, each edge at its cheapest transition).
    let router = Router(graph: road)
    let routingMetric: RoutingMetric = metric == .time ? .time : .distance
    let env = ProcessInfo.processInfo.environment
    var options = ContractionOptions(levelWeight: ContractionOptions.potentialLevelWeight, denseRemainderLimits: [])
    applyWitnessBounds(from: env, to: &options)
    print("junctions \(road.nodeCount), edges \(road.edgeCount), states \(router.searchStateCount), load \(loadAverage())")
    if env["CH_ORDER_FROM_TIME"] != nil {
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
    let ws = withPotentials.makeWorkspace()
    var generator = SplitMix64(seed: 42)
    let pairCount = Int(env["CH_PAIRS"] ?? "") ?? 1000, checkCount = Int(env["CH_CHECK"] ?? "") ?? 20
    var times: [Double] = [], settled: [Double] = [], mismatches = 0, checked = 0, unreachable = 0
    for i in 0..<pairCount {
        let a = road.nodeCoordinates[generator.next(below: road.nodeCount)], b = road.nodeCoordinates[generator.next(below: road.nodeCount)]
        guard let sa = try? withPotentials.snap(a), let sb = try? withPotentials.snap(b) else { continue }
        let q = ContinuousClock.now
        let cost = withPotentials.cost(from: sa, to: sb, metric: routingMetric, algorithm: .aStar, workspace: ws)
        times.append(seconds(ContinuousClock.now - q) * 1000)
        settled.append(Double(ws.lastSettledCount))
        if cost == nil { unreachable += 1 }
        if i < checkCount {
            let reference = withPotentials.cost(from: sa, to: sb, metric: routingMetric, algorithm: .dijkstra, workspace: ws)
            checked += 1
            if reference != cost { mismatches += 1; print("mismatch \(i): potentials \(cost ?? -1) Dijkstra \(reference ?? -1)") }
        }
    }
    print("queries \(times.count): median \(format(median(times))) ms, p95 \(format(percentile(times, 0.95))) ms, settled median \(format(median(settled), 0)), unreachable \(unreachable); Dijkstra check \(checked - mismatches)/\(checked) equal; peak RSS \(format(residentField("VmHWM"), 0)) MiB")
    exit(0)
}
if CommandLine.arguments.contains("--router") {
    // The router's own turn-expanded graph (turn costs, restriction contexts, access phases).
    let router = Router(graph: road)
    let transitions = TransitionArrays(router: router, metric: metric == .time ? .time : .distance)
    var digraph = try WeightedDigraph(firstOut: transitions.firstOut, head: transitions.target, weight: transitions.cost)
    let stateCount = digraph.vertexCount
    var stateEdge = [UInt32](repeating: UInt32.max, count: stateCount)
    for t in 0..<transitions.count { stateEdge[Int(transitions.target[t])] = transitions.edge[t] }
    let ports = ProcessInfo.processInfo.environment["CH_PORTS"] != nil
    if ports {
        // State s keeps index s; pre-state of s ("about to drive s's edge") is stateCount + s.
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
        digraph = try WeightedDigraph.fromArcs(vertexCount: 2 * stateCount, arcs: arcs).graph
    }
    print("router graph: \(digraph.vertexCount) states, \(digraph.arcCount) transitions")
    var options = ContractionOptions()
    let env = ProcessInfo.processInfo.environment
    applyWitnessBounds(from: env, to: &options)
    if let value = env["CH_DENSE_LIMIT"].flatMap(Double.init) {
        // One limit instead of the defaults (CH_DENSE_SHARE: its share left, default 0.2).
        options.denseRemainderLimits = [DenseRemainderLimit(arcsPerVertex: value,
                                                            minimumShareLeft: env["CH_DENSE_SHARE"].flatMap(Double.init) ?? 0.2)]
    }
    if let mode = env["CH_NODE_ORDER"] {
        let t0 = ContinuousClock.now
        let nodeGraph = try MeasuredGraph(road: road, kind: .node, metric: metric)
        let nodeRank = try ContractionHierarchy(graph: nodeGraph.digraph, options: ContractionOptions()).rank
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
            switch mode {
            case "head": return h << 32 | UInt64(s)
            case "tail": return t << 32 | UInt64(s)
            default: return UInt64(max(h, t)) << 32 | UInt64(min(h, t))
            }
        }
        let sorted = (0..<digraph.vertexCount).sorted { key($0) < key($1) }
        var r = [UInt32](repeating: 0, count: digraph.vertexCount)
        for (i, s) in sorted.enumerated() { r[s] = UInt32(i) }
        options.rank = r
        print("node order (\(mode)) in \(format(seconds(ContinuousClock.now - t0), 2)) s")
    }
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
    exit(0)
}
let graph = try MeasuredGraph(road: road, kind: kind, metric: metric)
print("input \(input): \(road.nodeCount) nodes, \(road.edgeCount) edges; \(kind.rawValue) graph (\(metric.rawValue), weights in tenths): "
      + "\(graph.digraph.vertexCount) vertices, \(graph.digraph.arcCount) arcs, \(format(Double(graph.digraph.memoryBytes) / 1_048_576, 1)) MiB")
let load = loadAverage()
print("load average before: \(load)")

// Witness-search bounds from the environment (for tuning), else the defaults.
var contractionOptions = ContractionOptions()
let environment = ProcessInfo.processInfo.environment
applyWitnessBounds(from: environment, to: &contractionOptions)
if environment["CH_NO_LAZY"] != nil { contractionOptions.lazyUpdates = false }
if let value = environment["CH_NEIGHBOURS"].flatMap(Int.init) { contractionOptions.neighbourUpdateLimit = value }
if let mode = environment["CH_NODE_ORDER"], kind == .turn {
    let nodeGraph = try MeasuredGraph(road: road, kind: .node, metric: metric)
    let t0 = ContinuousClock.now
    let nodeHierarchy = try ContractionHierarchy(graph: nodeGraph.digraph, options: ContractionOptions())
    let nodeRank = nodeHierarchy.rank
    let key: (Int) -> UInt64 = { e in
        let h = UInt64(nodeRank[Int(road.head[e])]), t = UInt64(nodeRank[Int(road.tail[e])])
        switch mode {
        case "head": return h << 32 | UInt64(e)
        case "tail": return t << 32 | UInt64(e)
        case "min": return UInt64(min(h, t)) << 32 | UInt64(max(h, t))
        default: return UInt64(max(h, t)) << 32 | UInt64(min(h, t))
        }
    }
    let sorted = (0..<road.edgeCount).sorted { key($0) < key($1) }
    var r = [UInt32](repeating: 0, count: road.edgeCount)
    for (i, e) in sorted.enumerated() { r[e] = UInt32(i) }
    contractionOptions.rank = r
    print("node order (\(mode)) from a node CH in \(format(seconds(ContinuousClock.now - t0), 2)) s")
}
print("options: witness \(contractionOptions.witnessSettledLimit), simulation \(contractionOptions.simulationSettledLimit), lazy \(contractionOptions.lazyUpdates), neighbour update limit \(contractionOptions.neighbourUpdateLimit)")

// Contraction, `repeats` times (the last one is kept).
var hierarchy: ContractionHierarchy!
var buildTimes: [Double] = []
for _ in 0..<repeats {
    hierarchy = nil
    let rssBefore = residentField("VmRSS")
    resetPeakResident()
    let start = ContinuousClock.now
    let cpuStart = threadCPUSeconds()
    hierarchy = try ContractionHierarchy(graph: graph.digraph, options: contractionOptions)
    buildTimes.append(seconds(ContinuousClock.now - start))
    print("contraction \(format(buildTimes.last!, 2)) s wall, \(format(threadCPUSeconds() - cpuStart, 2)) s CPU; RSS before \(format(rssBefore, 0)) MiB, peak during \(format(residentField("VmHWM"), 0)) MiB, after \(format(residentField("VmRSS"), 0)) MiB")
}
print("contraction median \(format(median(buildTimes), 2)) s over \(repeats); shortcuts \(hierarchy.shortcutCount), "
      + "upward \(hierarchy.upwardArcID.count) + downward \(hierarchy.downwardArcID.count) arcs, hierarchy \(format(Double(hierarchy.memoryBytes) / 1_048_576, 1)) MiB "
      + "(\(format(Double(hierarchy.memoryBytes) / Double(max(1, graph.digraph.arcCount)), 1)) B per graph arc)")

// The other metric contracted in this metric's order (one order for both metrics, as a CCH would).
if CommandLine.arguments.contains("--reuse-order") {
    let other = try MeasuredGraph(road: road, kind: kind, metric: metric == .time ? .distance : .time)
    for (label, options) in [("own order", ContractionOptions()), ("\(metric.rawValue) order", ContractionOptions(rank: hierarchy.rank))] {
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

// Pairs: exactly `waymark bench`'s (BenchPairs.draw(count: 1000, seed: 42)), as node indices.
let pairs: [(UInt32, UInt32)] = BenchPairs.drawNodes(count: 1000, seed: 42, from: road).map { ($0.from, $0.to) }

let workspace = hierarchy.makeWorkspace()
var dijkstra = ReferenceDijkstra(graph: graph.digraph)
var mismatches = 0, unreachable = 0
var dijkstraTimes: [Double] = []
var expected: [UInt32?] = []
for (a, b) in pairs where environment["CH_SKIP_DIJKSTRA"] == nil {
    let start = ContinuousClock.now
    let cost = dijkstra.cost(from: graph.sources(at: a), to: graph.targets(at: b))
    dijkstraTimes.append(seconds(ContinuousClock.now - start) * 1000)
    expected.append(cost)
    if cost == nil { unreachable += 1 }
}
let tails = graph.digraph.tails()
for _ in 0..<repeats {
    var pathTimes: [Double] = [], costTimes: [Double] = [], settled: [Double] = [], arcsPerPath: [Double] = []
    for (index, (a, b)) in pairs.enumerated() {
        let sources = graph.sources(at: a), targets = graph.targets(at: b)
        let start = ContinuousClock.now
        let path = hierarchy.shortestPath(from: sources, to: targets, workspace: workspace)
        pathTimes.append(seconds(ContinuousClock.now - start) * 1000)
        settled.append(Double(workspace.lastSettledCount))
        if pathTimes.last! > 1, ProcessInfo.processInfo.environment["CH_MEASURE_SLOW"] != nil {
            print("slow pair \(index) \(a)->\(b): \(format(pathTimes.last!, 3)) ms, settled \(workspace.lastSettledCount), arcs \(path?.arcs.count ?? -1), cost \(path?.cost ?? 0)")
        }
        if !expected.isEmpty && path?.cost != expected[index] { mismatches += 1 }
        if let path {
            arcsPerPath.append(Double(path.arcs.count))
            // The path must be a real path from a source seed to a target seed of its cost.
            var at = sources[path.sourceSeed].vertex, sum = UInt64(sources[path.sourceSeed].cost)
            for arc in path.arcs {
                if tails[Int(arc)] != at { mismatches += 1; break }
                at = graph.digraph.head[Int(arc)]
                sum += UInt64(graph.digraph.weight[Int(arc)])
            }
            if at != targets[path.targetSeed].vertex || sum + UInt64(targets[path.targetSeed].cost) != UInt64(path.cost) { mismatches += 1 }
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
    print("queries (1,000 pairs, \(unreachable) unreachable): path+unpack median \(format(median(pathTimes), 4)) ms, p90 \(format(percentile(pathTimes, 0.9), 4)) ms, "
          + "p99 \(format(percentile(pathTimes, 0.99), 4)) ms; cost only median \(format(median(costTimes), 4)) ms; settled median \(format(median(settled), 0)); "
          + "arcs per path median \(format(median(arcsPerPath), 0)); mismatches vs Dijkstra \(mismatches)")
}
print("Dijkstra median \(format(median(dijkstraTimes), 3)) ms")

// Tables: sources = the pairs' origins, targets = their destinations.
for size in [100, 1000] {
    let sources = pairs.prefix(size).map { graph.sources(at: $0.0) }
    let targets = pairs.prefix(size).map { graph.targets(at: $0.1) }
    var times: [Double] = []
    var table: CostTable!
    for _ in 0..<repeats {
        let start = ContinuousClock.now
        table = hierarchy.table(from: sources, to: targets, workspace: workspace)
        times.append(seconds(ContinuousClock.now - start))
    }
    // Check a sample against pairwise queries.
    var wrong = 0
    for i in stride(from: 0, to: size, by: max(1, size / 10)) {
        for j in 0..<size where table[i, j] != hierarchy.shortestCost(from: sources[i], to: targets[j], workspace: workspace) { wrong += 1 }
    }
    print("table \(size)x\(size): median \(format(median(times) * 1000, 1)) ms (runs: \(times.map { format($0 * 1000, 1) }.joined(separator: ", "))); "
          + "sampled rows vs pairwise: \(wrong) wrong")
}
print("peak RSS \(format(residentField("VmHWM"), 0)) MiB; load average after: \(loadAverage())")

