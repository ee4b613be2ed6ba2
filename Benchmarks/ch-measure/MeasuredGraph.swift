import RoadNetwork
@_spi(Experiments) import Routing

/// The two graphs the contraction hierarchy is measured on, built from a `RoadGraph` with integer
/// weights (deciseconds, OSRM's weight unit, or decimetres), and how `waymark bench`'s node pairs
/// become their seeds.
///
/// - node graph: vertices = road nodes, arcs = directed edges (arc index = edge index);
/// - turn-expanded graph: vertices = directed edges ("having driven edge e"), arcs = every turn
///   `e → f` with `f` leaving `head(e)` (u-turns included, no turn cost, no restrictions), weighing
///   the cost of `f`. A trip from node a to node b starts on any edge leaving a (seed cost = that
///   edge's cost) and ends on any edge entering b (seed cost 0).
struct MeasuredGraph {
    enum Kind: String { case node, turn }
    enum Metric: String { case time, distance }

    let kind: Kind
    let digraph: WeightedDigraph
    let edgeWeight: [UInt32]
    let road: RoadGraph

    init(road: RoadGraph, kind: Kind, metric: Metric) throws {
        self.road = road
        self.kind = kind
        let weights: [UInt32] = (0..<road.edgeCount).map { e in
            let value = metric == .time ? Double(road.travelTimeSeconds[e]) * 10 : Double(road.lengthMeters[e]) * 10
            return UInt32(value.rounded())
        }
        edgeWeight = weights
        switch kind {
        case .node:
            digraph = try WeightedDigraph(firstOut: road.firstOut, head: road.head, weight: weights)
        case .turn:
            var firstOut = [UInt32](repeating: 0, count: road.edgeCount + 1)
            var head: [UInt32] = [], weight: [UInt32] = []
            for e in 0..<road.edgeCount {
                for f in road.outgoingEdges(of: road.head[e]) {
                    head.append(f)
                    weight.append(weights[Int(f)])
                }
                firstOut[e + 1] = UInt32(head.count)
            }
            digraph = try WeightedDigraph(firstOut: firstOut, head: head, weight: weight)
        }
    }

    /// Seeds for a trip starting at road node `node`.
    func sources(at node: UInt32) -> [SearchSeed] {
        switch kind {
        case .node: [SearchSeed(vertex: node)]
        case .turn: road.outgoingEdges(of: node).map { SearchSeed(vertex: $0, cost: edgeWeight[Int($0)]) }
        }
    }

    /// Seeds for a trip ending at road node `node`.
    func targets(at node: UInt32) -> [SearchSeed] {
        switch kind {
        case .node: [SearchSeed(vertex: node)]
        case .turn: road.incomingEdges(of: node).map { SearchSeed(vertex: $0) }
        }
    }
}
