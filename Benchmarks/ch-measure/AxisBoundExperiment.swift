import Foundation
import Geodesy
import RoadNetwork
@_spi(Experiments) import Routing
import SeededRandom

/// `ch-measure … --axis`: how many states A* on the router's states settles with two exact bounds, each
/// computed by a full backward Dijkstra per query (an oracle: the cost of computing them is not measured).
///
/// - The junction graph's distance to the target: what potential hierarchies give A*.
/// - The distance in the *axis graph*: vertex `2v + a` is node `v` arrived at along axis `a` (the
///   arrival's bearing modulo 180° within [45°, 135°) or not), and an arc from one vertex to another
///   weighs the cheapest transition between their states. Changing axis then costs at least a turn,
///   which the junction graph's bound cannot see. Both bounds are consistent: every transition costs at
///   least its arc.
struct AxisBoundExperiment {
    let road: RoadGraph
    let router: Router
    let edgeAxis: [UInt32]
    let junctionGraph: WeightedDigraph
    let axisGraph: WeightedDigraph

    init(road: RoadGraph) throws {
        self.road = road
        router = Router(graph: road)
        edgeAxis = (0..<road.edgeCount).map { Self.axis(of: $0, in: road) }
        junctionGraph = try PotentialHierarchy.junctionGraph(of: router, metric: .time)
        axisGraph = try Self.axisGraph(router: router, road: road, edgeAxis: edgeAxis)
    }

    /// 1 when edge `e` runs within 45° of east or west, else 0.
    static func axis(of e: Int, in road: RoadGraph) -> UInt32 {
        let bearing = GreatCircle.initialBearing(from: road.nodeCoordinates[Int(road.tail[e])],
                                                 to: road.nodeCoordinates[Int(road.head[e])]).degrees
        let modulo = bearing.truncatingRemainder(dividingBy: 180)
        return modulo >= 45 && modulo < 135 ? 1 : 0
    }

    /// The axis graph: an arc per pair of vertices that some transition joins, at the cheapest such one.
    static func axisGraph(router: Router, road: RoadGraph, edgeAxis: [UInt32]) throws -> WeightedDigraph {
        var cheapest: [UInt64: UInt32] = [:]
        for s in 0..<router.searchStateCount {
            let state = SearchState(index: UInt32(s))
            let e = Int(router.arrivalEdge(of: state))
            let from = UInt64(2 * road.head[e] + edgeAxis[e])
            router.forEachTransition(from: state) { t in
                let key = from << 32 | UInt64(2 * road.head[Int(t.edge)] + edgeAxis[Int(t.edge)])
                cheapest[key] = min(cheapest[key] ?? .max, t.timeMilliseconds)
            }
        }
        let arcs = cheapest.map { (tail: UInt32($0.key >> 32), head: UInt32(truncatingIfNeeded: $0.key), weight: $0.value) }
        return try WeightedDigraph.fromArcs(vertexCount: 2 * road.nodeCount, arcs: arcs).graph
    }

    /// `graph` with every arc turned round, so that distances from a set in it are distances to that set.
    static func reversed(_ graph: WeightedDigraph) throws -> WeightedDigraph {
        var arcs: [(tail: UInt32, head: UInt32, weight: UInt32)] = []
        arcs.reserveCapacity(graph.head.count)
        for v in 0..<graph.vertexCount {
            for a in graph.arcs(from: UInt32(v)) { arcs.append((graph.head[a], UInt32(v), graph.weight[a])) }
        }
        return try WeightedDigraph.fromArcs(vertexCount: graph.vertexCount, arcs: arcs).graph
    }

    /// Settled states with each bound over `pairs` random node pairs (seed 42), as a line to print.
    func compareSettledStates(pairs: Int) throws -> String {
        var junctionsBackward = ReferenceDijkstra(graph: try Self.reversed(junctionGraph))
        var axisBackward = ReferenceDijkstra(graph: try Self.reversed(axisGraph))
        var generator = SplitMix64(seed: 42)
        var byJunctions: [Double] = [], byAxis: [Double] = [], mismatches = 0
        for _ in 0..<pairs {
            let a = generator.next(below: road.nodeCount), b = generator.next(below: road.nodeCount)
            let toJunction = junctionsBackward.distances(from: [b]), toAxis = axisBackward.distances(from: [2 * b, 2 * b + 1])
            let plain = aStar(from: a, to: b) { e in UInt32(clamping: toJunction[Int(road.head[e])]) }
            let split = aStar(from: a, to: b) { e in UInt32(clamping: toAxis[Int(2 * road.head[e] + edgeAxis[e])]) }
            if plain.cost != split.cost { mismatches += 1 }
            guard plain.cost != .max else { continue }
            byJunctions.append(Double(plain.settled))
            byAxis.append(Double(split.settled))
        }
        func summary(_ values: [Double]) -> String {
            "\(format(median(values), 0)) (mean \(format(values.reduce(0, +) / Double(max(1, values.count)), 0)))"
        }
        return "pairs \(byJunctions.count): settled median junction-graph bound \(summary(byJunctions)), "
            + "axis bound \(summary(byAxis)); cost mismatches \(mismatches)"
    }

    /// A* on the router's states from every edge leaving node `source` to the first state at node
    /// `target`; `bound(e)` is the bound at the state arrived over edge `e` (`.max`: cannot reach).
    func aStar(from source: Int, to target: Int, bound: (Int) -> UInt32) -> (cost: UInt32, settled: Int) {
        var distance: [Int: UInt32] = [:], settledStates = Set<Int>(), queue = KeyedMinHeap<UInt32>()
        func offer(_ s: Int, at g: UInt32) {
            let h = bound(Int(router.arrivalEdge(of: SearchState(index: UInt32(s)))))
            guard h != .max, !settledStates.contains(s), g < distance[s] ?? .max else { return }
            distance[s] = g
            queue.push(g + h, s)
        }
        for o in Int(road.firstOut[source]) ..< Int(road.firstOut[source + 1]) {
            offer(Int(router.startState(onEdge: EdgeIndex(o)).index), at: router.edgeCost(EdgeIndex(o), metric: .time))
        }
        while let (_, s) = queue.pop() {
            guard settledStates.insert(s).inserted else { continue }
            let state = SearchState(index: UInt32(s)), g = distance[s]!
            if Int(router.node(of: state)) == target { return (g, settledStates.count) }
            router.forEachTransition(from: state) { t in offer(Int(t.target.index), at: g + t.timeMilliseconds) }
        }
        return (.max, settledStates.count)
    }

    /// Contracts both graphs and reports their hierarchies' arcs per road edge, a line each.
    func contractBoth(options: ContractionOptions) -> [String] {
        [("junction", junctionGraph), ("axis", axisGraph)].map { name, graph in
            let cpu = threadCPUSeconds()
            do {
                let hierarchy = try ContractionHierarchy(graph: graph, options: options)
                let perEdge = Double(graph.head.count + hierarchy.shortcutCount) / Double(road.edgeCount)
                return "\(name): \(graph.head.count) arcs, \(hierarchy.shortcutCount) shortcuts (\(format(perEdge, 2)) "
                    + "hierarchy arcs per road edge), \(format(threadCPUSeconds() - cpu, 1)) s CPU"
            } catch {
                return "\(name): \(error) after \(format(threadCPUSeconds() - cpu, 1)) s CPU"
            }
        }
    }
}
