import Geodesy
import RoadNetwork
@_spi(Experiments) @testable import Routing

/// An independent, deliberately plain shortest-path search to check the router against: fully
/// edge-based states (edge, access phase, the restriction paths partway driven), found on the fly,
/// O(n²) Dijkstra, restrictions and the U-turn rule read straight from the graph. Only the prices are
/// the router's (integer edge costs, the turn table's times), so this checks the search, not the model.
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
        func cost(_ e: EdgeIndex) -> Double { Double(router.edgeCost(e, metric: metric)) / 1000 }
        // From fraction `f` to the end of `e`, rounded to whole units as the router's model prices it.
        func remaining(_ e: EdgeIndex, _ f: Double) -> Double {
            Double(Router.remainingCost(router.edgeCost(e, metric: metric), from: f)) / 1000
        }
        func turn(_ from: EdgeIndex, _ to: EdgeIndex) -> Double {
            metric == .time ? Double(router.turnMilliseconds(from: from, to: to)) / 1000 : 0
        }
        func destinationOnly(_ e: EdgeIndex) -> Bool { graph.flags[Int(e)].contains(.destinationOnly) }
        // Every restriction as a path of edges; "partway" = (path, edges driven so far).
        let paths: [(edges: [EdgeIndex], only: Bool)] = graph.restrictions.map { ([$0.fromEdge, $0.toEdge], $0.kind == .mandatory) }
            + graph.viaWayRestrictions.map { ($0.edges, $0.kind == .mandatory) }
        struct Partway: Hashable, Comparable {
            var path: Int, driven: Int
            static func < (a: Partway, b: Partway) -> Bool { (a.path, a.driven) < (b.path, b.driven) }
        }
        func started(by e: EdgeIndex) -> [Partway] {
            paths.indices.filter { paths[$0].edges[0] == e }.map { Partway(path: $0, driven: 1) }
        }
        func restrictionsAllow(_ active: [Partway], _ to: EdgeIndex) -> Bool {
            let due = active.filter { $0.driven == paths[$0.path].edges.count - 1 }
            if due.contains(where: { !paths[$0.path].only && paths[$0.path].edges[$0.driven] == to }) { return false }
            let only = due.filter { paths[$0.path].only }
            return only.isEmpty || only.contains { paths[$0.path].edges[$0.driven] == to }
        }
        // Turning back over the arrival edge's twin only where the restrictions leave nothing else.
        func allowed(_ arrival: EdgeIndex, _ active: [Partway], _ to: EdgeIndex) -> Bool {
            guard restrictionsAllow(active, to) else { return false }
            guard router.twin(of: arrival) == to else { return true }
            return !graph.outgoingEdges(of: graph.head[Int(arrival)]).contains { $0 != to && restrictionsAllow(active, $0) }
        }
        func after(_ active: [Partway], driving e: EdgeIndex) -> [Partway] {
            let going = active.filter { $0.driven < paths[$0.path].edges.count - 1 && paths[$0.path].edges[$0.driven] == e }
                .map { Partway(path: $0.path, driven: $0.driven + 1) }
            return (going + started(by: e)).sorted()
        }
        func nextPhase(_ phase: Int, _ e: EdgeIndex) -> Int? {
            let d = destinationOnly(e)
            switch phase {
            case 0: return d ? 0 : 1
            case 1: return d ? 2 : 1
            default: return d ? 2 : nil
            }
        }
        struct State: Hashable { var edge: EdgeIndex; var phase: Int; var active: [Partway] }
        let targets = targetPositions
        var best = Double.infinity
        // Tentative distances of states not yet settled; settled states are never reopened.
        var open: [State: Double] = [:]
        var done = Set<State>()
        for (s, fs) in starts {
            for (t, ft) in targets where t == s && ft >= fs { best = min(best, remaining(s, fs) - remaining(s, ft)) }
            let state = State(edge: s, phase: destinationOnly(s) ? 0 : 1, active: started(by: s))
            open[state] = min(open[state] ?? .infinity, remaining(s, fs))
        }
        while let (current, dx) = open.min(by: { $0.value < $1.value }), dx < best {
            open[current] = nil
            done.insert(current)
            for o in graph.outgoingEdges(of: graph.head[Int(current.edge)]) where allowed(current.edge, current.active, o) {
                guard let p = nextPhase(current.phase, o) else { continue }
                let dt = dx + turn(current.edge, o)
                for (t, ft) in targets where t == o { best = min(best, dt + cost(o) - remaining(o, ft)) }
                let y = State(edge: o, phase: p, active: after(current.active, driving: o))
                if !done.contains(y) { open[y] = min(open[y] ?? .infinity, dt + cost(o)) }
            }
        }
        return best < .infinity ? best : nil
    }
}
