import Geodesy
import RoadNetwork
@testable import Routing

/// An independent, deliberately plain shortest-path search to check the router against: fully
/// edge-based states (edge, access phase), O(n²) Dijkstra, restrictions read straight from the graph.
enum ReferenceRouter {
    static func cost(in graph: RoadGraph, router: Router, from: SnappedLocation, to: SnappedLocation, metric: RoutingMetric) -> Double? {
        func positions(_ s: SnappedLocation) -> [(EdgeIndex, Double)] {
            var p = [(s.edge, s.fraction)]
            if let t = router.twin(of: s.edge) { p.append((t, 1 - s.fraction)) }
            return p
        }
        // A point on a node (an end of its edge) may leave over any edge of the node and be reached
        // over any edge into it.
        func node(_ s: SnappedLocation) -> NodeIndex? {
            s.fraction <= 0 ? graph.tail[Int(s.edge)] : s.fraction >= 1 ? graph.head[Int(s.edge)] : nil
        }
        var starts = positions(from)
        if let v = node(from) { for e in graph.outgoingEdges(of: v) { starts.append((e, 0)) } }
        var targetPositions = positions(to)
        if let w = node(to) { for e in 0..<graph.edgeCount where graph.head[e] == w { targetPositions.append((EdgeIndex(e), 1)) } }
        func cost(_ e: EdgeIndex) -> Double { Double(metric == .time ? graph.travelTimeSeconds[Int(e)] : graph.lengthMeters[Int(e)]) }
        func destinationOnly(_ e: EdgeIndex) -> Bool { graph.flags[Int(e)].contains(.destinationOnly) }
        func allowed(_ from: EdgeIndex, _ to: EdgeIndex) -> Bool {
            let rules = graph.restrictions(from: from)
            if rules.contains(where: { $0.kind == .prohibitive && $0.toEdge == to }) { return false }
            if rules.contains(where: { $0.kind == .mandatory }) { return rules.contains(where: { $0.kind == .mandatory && $0.toEdge == to }) }
            return true
        }
        func nextPhase(_ phase: Int, _ e: EdgeIndex) -> Int? {
            let d = destinationOnly(e)
            switch phase {
            case 0: return d ? 0 : 1
            case 1: return d ? 2 : 1
            default: return d ? 2 : nil
            }
        }
        let targets = targetPositions
        var best = Double.infinity
        let m = graph.edgeCount
        var distance = [Double](repeating: .infinity, count: m * 3)
        var done = [Bool](repeating: false, count: m * 3)
        for (s, fs) in starts {
            for (t, ft) in targets where t == s && ft >= fs { best = min(best, (ft - fs) * cost(s)) }
            let state = Int(s) * 3 + (destinationOnly(s) ? 0 : 1)
            distance[state] = min(distance[state], (1 - fs) * cost(s))
        }
        while true {
            var x = -1
            for i in 0..<(m * 3) where !done[i] && distance[i] < .infinity && (x < 0 || distance[i] < distance[x]) { x = i }
            if x < 0 || distance[x] >= best { break }
            done[x] = true
            let e = EdgeIndex(x / 3), phase = x % 3
            for o in graph.outgoingEdges(of: graph.head[Int(e)]) where allowed(e, o) {
                guard let p = nextPhase(phase, o) else { continue }
                for (t, ft) in targets where t == o { best = min(best, distance[x] + ft * cost(o)) }
                let y = Int(o) * 3 + p
                distance[y] = min(distance[y], distance[x] + cost(o))
            }
        }
        return best < .infinity ? best : nil
    }
}
