import Geodesy
import RoadNetwork

/// A place on a directed edge where a search starts or ends.
struct EdgePosition {
    var edge: EdgeIndex
    /// Fraction of the edge's length from its tail (0...1).
    var fraction: Double
}

/// The best path one search found.
struct SearchResult {
    /// The cost in the metric searched (seconds or metres).
    var cost: Double
    /// The edges driven, from the start edge (driven from `startFraction`) to the target edge (driven up
    /// to `endFraction`); a single edge when start and target lie on it in order.
    var edges: [EdgeIndex]
    var startFraction: Double
    var endFraction: Double
    var settled: Int

    /// The fraction the edge at `i` in `edges` is driven from: `startFraction` for the first, 0 after.
    @inline(__always)
    func startFraction(ofEdgeAt i: Int) -> Double { i == 0 ? startFraction : 0 }

    /// The fraction the edge at `i` in `edges` is driven to: `endFraction` for the last, 1 before.
    @inline(__always)
    func endFraction(ofEdgeAt i: Int) -> Double { i == edges.count - 1 ? endFraction : 1 }
}

extension Router {
    /// The positions a snapped location offers: its edge, and the twin driven the other way.
    func positions(of snapped: SnappedLocation) -> [EdgePosition] {
        var result = [EdgePosition(edge: snapped.edge, fraction: snapped.fraction)]
        if let t = twin(of: snapped.edge) { result.append(EdgePosition(edge: t, fraction: 1 - snapped.fraction)) }
        return result
    }

    /// The graph node a snapped location lies on, when it is an end of its edge (a point snapped onto a
    /// junction): from there every edge of the node may be taken, and it is reached over any of them.
    func node(at snapped: SnappedLocation) -> NodeIndex? {
        if snapped.fraction <= 0 { return graph.tail[Int(snapped.edge)] }
        if snapped.fraction >= 1 { return graph.head[Int(snapped.edge)] }
        return nil
    }

    /// One point-to-point search over the state model described on `Router` (A* or Dijkstra; with
    /// `.contractionHierarchy` and a hierarchy for `metric`, a `HierarchyQuery` on the same states).
    ///
    /// The steps, each a method of `PointToPointSearch`: seed the states reached by driving the rest of
    /// each start edge, and, for a start on a node, by driving each edge leaving it (no turn before); settle
    /// states in key order, relaxing their transitions (turn plus edge), until the smallest key is no
    /// better than the best complete path; unpack that path. A path completes when an allowed transition
    /// enters a target edge (its turn plus the edge up to the target fraction) or arrives at the target
    /// node (no turn after), or directly along a shared edge.
    /// - Returns: nil when no target is reachable.
    /// - Complexity: O((S + R) log S) for S settled states and R relaxations; no allocation of O(graph).
    func search(from starts: [EdgePosition], startNode: NodeIndex? = nil, to targets: [EdgePosition],
                targetNode: NodeIndex? = nil, targetPoint: Coordinate, metric: RoutingMetric,
                algorithm: SearchAlgorithm, workspace ws: RoutingWorkspace) -> SearchResult? {
        precondition(ws.capacity >= stateCount, "the workspace was made for a smaller graph; use router.makeWorkspace()")
        precondition(!starts.isEmpty && !targets.isEmpty && targets.count <= 2)
        var algorithm = algorithm
        if algorithm == .contractionHierarchy {
            if let hierarchy = hierarchy(for: metric) {
                let result = HierarchyQuery.shortestPath(on: hierarchy, router: self, starts: starts, startNode: startNode,
                                                         targets: targets, targetNode: targetNode,
                                                         workspace: ws.hierarchyWorkspace)
                ws.lastSettledCount = ws.hierarchyWorkspace.lastSettledCount
                // The hierarchy's labels are 32 bits: a route costing 2³² − 1 units or more (4,295 km in
                // millimetres) is one it cannot hold, and A* (summing in `Double`) finds it.
                if result != nil || !ws.hierarchyWorkspace.lastSearchOverflowed { return result }
            }
            algorithm = .aStar  // on potential hierarchies, when the router has them
        }
        let goalNodes = targets.map { graph.tail[Int($0.edge)] } + (targetNode.map { [$0] } ?? [])
        let heuristic = SearchHeuristic(router: self, metric: metric, algorithm: algorithm, targetPoint: targetPoint,
                                        goalNodes: goalNodes, workspace: ws)
        defer { heuristic.release() }
        var query = PointToPointSearch(router: self, frontier: ws.beginQuery(), heuristic: heuristic, metric: metric,
                                       targets: targets, targetNode: targetNode)
        query.shouldStop = ws.shouldStop
        query.seed(starts: starts)
        if let startNode { query.seed(startNode: startNode) }
        query.settleUntilBestIsFinal()
        ws.lastSettledCount = query.settled
        return query.result(starts: starts)
    }
}
