import Foundation
import Geodesy
import RoadNetwork

/// Every turn of a graph with its time cost and its U-turn rule, priced once by a `TurnCostModel`.
///
/// Layout (CSR by arrival edge): the turns from edge `e` onto the edges leaving its head `v` are
/// `entries[start[e] ..< start[e] + outDegree(v)]`, in `graph.outgoingEdges(of: v)` order, so the turn
/// onto `o` is entry `start[e] + (o − firstOut[v])`. An entry is the turn's time in milliseconds (the low
/// 30 bits) with `uTurnBesideOtherExits` set on the U-turn back over `e`'s twin when the node has other
/// exits: OSRM offers a U-turn only where nothing else is left (a dead end, or every other exit closed by
/// turn restrictions), and a free U-turn at every junction would make distance routes turn back instead
/// of driving round a block.
///
/// Memory: 4 bytes per turn (Σ over nodes of in-degree × out-degree) plus 4 per edge.
struct TurnTable {
    /// Marks a U-turn at a node that has other exits.
    static let uTurnBesideOtherExits: UInt32 = 1 << 31
    /// The time bits of an entry, milliseconds.
    static let costMask: UInt32 = (1 << 30) - 1

    /// `start[e]` is the first turn from edge `e`; `start[edgeCount]` the number of turns.
    let start: [UInt32]
    let entries: [UInt32]

    /// Prices every turn of `graph` with `model`.
    /// - Complexity: O(Σ in-degree × out-degree + shape points).
    init(graph: RoadGraph, twin: [EdgeIndex], model: TurnCostModel) {
        let m = graph.edgeCount
        let reach = model.bearingReach
        // The tails once, in one walk over the node ranges, rather than a search per edge and bearing.
        let tails = graph.tail.materialized()
        let departure = (0..<m).map { TurnTable.departureBearing(of: EdgeIndex($0), leaving: tails[$0], in: graph, reach: reach) }
        let arrival = (0..<m).map { TurnTable.arrivalBearing(of: EdgeIndex($0), leaving: tails[$0], in: graph, reach: reach) }
        let roads = TurnTable.roadCounts(graph: graph, twin: twin)
        var start = [UInt32](repeating: 0, count: m + 1)
        for e in 0..<m {
            let v = Int(graph.head[e])
            start[e + 1] = start[e] + graph.firstOut[v + 1] - graph.firstOut[v]
        }
        var entries = [UInt32](repeating: 0, count: Int(start[m]))
        for e in 0..<m {
            let edge = EdgeIndex(e), v = graph.head[e]
            let exits = graph.outgoingEdges(of: v)
            let control = graph.nodeControls[Int(v)]
            for o in exits {
                let isUTurn = o == twin[e]
                let applies = TurnTable.controlApplies(control, arrivingOver: edge, leavingOver: o, roadCount: roads[Int(v)],
                                                       graph: graph, twin: twin, model: model)
                let turn = TurnDescription(
                    angleDegrees: arrival[e].turnAngle(to: departure[Int(o)]), roadCount: roads[Int(v)], isUTurn: isUTurn,
                    changesMode: graph.flags[e].contains(.ferry) != graph.flags[Int(o)].contains(.ferry),
                    control: control.kind, controlApplies: applies)
                let milliseconds = (model.cost(of: turn, drivingSide: graph.drivingSide) * 1000).rounded()
                var entry = UInt32(min(max(0, milliseconds), Double(TurnTable.costMask)))
                if isUTurn && exits.count > 1 { entry |= TurnTable.uTurnBesideOtherExits }
                entries[Int(start[e]) + Int(o - exits.lowerBound)] = entry
            }
        }
        self.start = start
        self.entries = entries
    }

    /// The entry of the turn from `from` onto `to` (which must leave `from`'s head).
    func entry(from: EdgeIndex, to: EdgeIndex, in graph: RoadGraph) -> UInt32 {
        entries[Int(start[Int(from)]) + Int(to - graph.firstOut[Int(graph.head[Int(from)])])]
    }

    /// Roads meeting at each node: every edge leaving it, plus every edge entering it without a twin
    /// leaving (a oneway arriving); a two-way road's pair of edges counts once.
    private static func roadCounts(graph: RoadGraph, twin: [EdgeIndex]) -> [Int] {
        var roads = [Int](repeating: 0, count: graph.nodeCount)
        for v in 0..<graph.nodeCount {
            for e in graph.outgoingEdges(of: NodeIndex(v)) {
                roads[v] += 1
                if twin[Int(e)] == EdgeTwins.none { roads[Int(graph.head[Int(e)])] += 1 }
            }
        }
        return roads
    }

    /// Whether the control at the junction makes a car turning from `e` onto `o` wait (see
    /// `TurnCostModel` for the direction, minor-road and stop-sign-reach rules).
    private static func controlApplies(_ control: TrafficControl, arrivingOver e: EdgeIndex, leavingOver o: EdgeIndex,
                                       roadCount: Int, graph: RoadGraph, twin: [EdgeIndex], model: TurnCostModel) -> Bool {
        guard control.applies(arrivingAgainstWayDirection: graph.flags[Int(e)].contains(.againstWayDirection)) else { return false }
        switch control.kind {
        case .stopMinor:
            return isMinorArrival(over: e, graph: graph, twin: twin)
        case .stop where control.direction == .both && roadCount == 2:
            return !(Double(graph.lengthMeters[Int(e)]) < model.stopSignReach && Double(graph.lengthMeters[Int(o)]) > model.stopSignReach)
        default:
            return true
        }
    }

    /// Whether `e` is slower than another road at its head (OSRM compares the roads' speeds).
    private static func isMinorArrival(over e: EdgeIndex, graph: RoadGraph, twin: [EdgeIndex]) -> Bool {
        func speed(_ edge: EdgeIndex) -> Double {
            let t = Double(graph.travelTimeSeconds[Int(edge)])
            return t > 0 ? Double(graph.lengthMeters[Int(edge)]) / t : 0
        }
        let own = speed(e), v = graph.head[Int(e)]
        for other in graph.outgoingEdges(of: v) where other != twin[Int(e)] && speed(other) > own { return true }
        for other in graph.incomingEdges(of: v) where other != e && speed(other) > own { return true }
        return false
    }

    /// The direction an edge leaves its tail, over up to `reach` metres of its geometry.
    static func departureBearing(of edge: EdgeIndex, leaving tail: NodeIndex, in graph: RoadGraph, reach: Meters) -> Bearing {
        let from = graph.nodeCoordinates[Int(tail)]
        let end = graph.nodeCoordinates[Int(graph.head[Int(edge)])]
        let shape = graph.shapePointRange(of: edge), points = graph.shapePoints
        return Bearing(degrees: direction(from: from, along: shape.lazy.map { points[$0] }, then: end, reach: reach))
    }

    /// The direction an edge arrives at its head, over up to `reach` metres of its geometry.
    static func arrivalBearing(of edge: EdgeIndex, leaving tail: NodeIndex, in graph: RoadGraph, reach: Meters) -> Bearing {
        let to = graph.nodeCoordinates[Int(graph.head[Int(edge)])]
        let start = graph.nodeCoordinates[Int(tail)]
        let shape = graph.shapePointRange(of: edge), points = graph.shapePoints
        return Bearing(degrees: direction(from: to, along: shape.reversed().lazy.map { points[$0] }, then: start, reach: reach) + 180)
    }

    /// The compass direction, degrees, from `node` to the point `reach` metres along `points` and then
    /// `last` (or to `last` when they are shorter).
    ///
    /// Measured in a flat projection around the node (x east, y north, metres): over the few metres of a
    /// junction it is exact far below a tenth of a degree, and it costs one cosine per edge instead of
    /// a great-circle step per point (router set-up prices every edge end this way).
    private static func direction<Points: Sequence<Coordinate>>(from node: Coordinate, along points: Points, then last: Coordinate,
                                                                reach: Meters) -> Degrees {
        let metersPerDegree = GreatCircle.earthRadius * .pi / 180
        let east = cos(node.latitude * .pi / 180) * metersPerDegree
        func planar(_ c: Coordinate) -> (x: Double, y: Double) {
            var dLon = c.longitude - node.longitude
            if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
            return (dLon * east, (c.latitude - node.latitude) * metersPerDegree)
        }
        var x = 0.0, y = 0.0, remaining = reach
        func step(to next: Coordinate) -> Bool {
            let p = planar(next)
            let d = ((p.x - x) * (p.x - x) + (p.y - y) * (p.y - y)).squareRoot()
            if d >= remaining && d > 0 {
                x += (p.x - x) * remaining / d
                y += (p.y - y) * remaining / d
                return true
            }
            remaining -= d
            (x, y) = p
            return false
        }
        var reached = false
        for next in points {
            reached = step(to: next)
            if reached { break }
        }
        if !reached { _ = step(to: last) }
        return atan2(x, y) * 180 / .pi
    }
}
