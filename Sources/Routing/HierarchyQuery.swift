import RoadNetwork

/// Point-to-point and table queries on a `RoutingHierarchy`, mapped onto the same states, seeds and
/// integer costs as `PointToPointSearch` (the mapping is described in `Router+TurnExpandedGraph.swift`),
/// so their best paths cost exactly what A* and Dijkstra find:
///
/// - a start at fraction `f` of edge `s` stands in state `startState(s)` at `remainingCost(s, f)`; that
///   state is expanded into its transitions before the hierarchy search, because the same state is a
///   target state when `s` is a target edge, and a car mid-way along `s` has not *arrived* over `s`;
/// - a start on a junction seeds `startState(o)` at the whole `o` for every edge `o` leaving it;
/// - a target at fraction `f` of edge `t` is every state arrived over `t`, at `offset − remainingCost(t, f)`:
///   the transition onto `t` paid all of `t`; `offset` (the largest such remaining cost of the target)
///   keeps the seed costs non-negative and is subtracted again from the result;
/// - a target on a junction is every state arrived over an edge ending there, at `offset`;
/// - along one edge (start and target on it, target ahead, or the start's edge ending at the target
///   junction) the path needs no search, as in `PointToPointSearch.seed(starts:)`; it wins ties.
///
/// Seeds carry the other metric's cost as their annotation, so a table reports the distance of each
/// fastest route (or the time of each shortest one).
enum HierarchyQuery {
    /// Where a source seed came from: the edges driven to reach its state, and the start's fraction.
    struct SourceOrigin {
        var startFraction: Double
        var firstEdge: EdgeIndex
        /// The edge of the transition an expanded start took, or `EdgeTwins.none`.
        var secondEdge: EdgeIndex
    }

    struct Sources {
        var seeds: [SearchSeed] = []
        var origins: [SourceOrigin] = []
    }

    struct Targets {
        var seeds: [SearchSeed] = []
        /// The fraction of its last edge each seed's path ends at.
        var endFractions: [Double] = []
        /// Added to every seed's cost, and to its annotation in the other metric.
        var offset: UInt32 = 0
        var otherOffset: UInt32 = 0
    }

    /// A path along one edge: its cost in both metrics, the start position and the end fraction.
    struct Direct {
        var cost: UInt32
        var otherCost: UInt32
        var start: Int
        var endFraction: Double
    }

    /// The source seeds of a start's positions and, on a junction, its node.
    static func sources(router: Router, metric: RoutingMetric, starts: [EdgePosition], startNode: NodeIndex?) -> Sources {
        var result = Sources()
        let other = metric.other
        for start in starts {
            let g = UInt64(router.remainingCost(of: start, metric: metric))
            let a = UInt64(router.remainingCost(of: start, metric: other))
            router.stateGraph.forEachSuccessor(of: router.stateGraph.startState(onEdge: start.edge)) { next, o, turn, record in
                let time = UInt64(turn) + UInt64(record.timeCost), distance = UInt64(record.distanceCost)
                result.append(vertex: next, cost: g + (metric == .time ? time : distance),
                              annotation: a + (metric == .time ? distance : time),
                              origin: SourceOrigin(startFraction: start.fraction, firstEdge: start.edge, secondEdge: o))
            }
        }
        if let startNode {
            for o in router.graph.outgoingEdges(of: startNode) {
                result.append(vertex: router.stateGraph.startState(onEdge: o), cost: UInt64(router.edgeCost(o, metric: metric)),
                              annotation: UInt64(router.edgeCost(o, metric: other)),
                              origin: SourceOrigin(startFraction: 0, firstEdge: o, secondEdge: EdgeTwins.none))
            }
        }
        return result
    }

    /// The target seeds of a target's positions and, on a junction, its node.
    static func targets(router: Router, metric: RoutingMetric, positions: [EdgePosition], node: NodeIndex?) -> Targets {
        var result = Targets()
        let other = metric.other
        result.offset = positions.map { router.remainingCost(of: $0, metric: metric) }.max() ?? 0
        result.otherOffset = positions.map { router.remainingCost(of: $0, metric: other) }.max() ?? 0
        for t in positions {
            let cost = result.offset - router.remainingCost(of: t, metric: metric)
            let annotation = result.otherOffset - router.remainingCost(of: t, metric: other)
            router.forEachState(arrivingOver: t.edge) { result.append(vertex: $0, cost: cost, annotation: annotation, endFraction: t.fraction) }
        }
        if let node {
            for e in router.graph.incomingEdges(of: node) {
                router.forEachState(arrivingOver: e) {
                    result.append(vertex: $0, cost: result.offset, annotation: result.otherOffset, endFraction: 1)
                }
            }
        }
        return result
    }

    /// The cheapest path that stays on one edge, if any.
    static func direct(router: Router, metric: RoutingMetric, starts: [EdgePosition], targets: [EdgePosition],
                       targetNode: NodeIndex?) -> Direct? {
        var best: Direct?
        func offer(_ candidate: Direct) {
            if best == nil || candidate.cost < best!.cost { best = candidate }
        }
        let other = metric.other
        for (i, start) in starts.enumerated() {
            let g = router.remainingCost(of: start, metric: metric), a = router.remainingCost(of: start, metric: other)
            for t in targets where t.edge == start.edge && t.fraction >= start.fraction {
                offer(Direct(cost: g - router.remainingCost(of: t, metric: metric),
                             otherCost: a - router.remainingCost(of: t, metric: other), start: i, endFraction: t.fraction))
            }
            if router.graph.head[Int(start.edge)] == targetNode { offer(Direct(cost: g, otherCost: a, start: i, endFraction: 1)) }
        }
        return best
    }

    /// The cost of the best path from a start to a target (integer units, without the target offset), if
    /// it is below `limit`: the hierarchy's or the direct one, never unpacked, the search ending once
    /// nothing cheaper than the limit can be found.
    /// - Returns: nil when no path costs less than `limit`; the workspace's `lastSearchOverflowed` tells
    ///   whether that may be the 32-bit labels' fault.
    /// - Complexity: that of `ContractionHierarchy.search`, at most.
    static func shortestCost(on hierarchy: RoutingHierarchy, router: Router, starts: [EdgePosition], targets positions: [EdgePosition],
                             below limit: UInt64, workspace: ContractionHierarchyWorkspace) -> UInt32? {
        let metric = hierarchy.metric
        let sources = sources(router: router, metric: metric, starts: starts, startNode: nil)
        let targets = targets(router: router, metric: metric, positions: positions, node: nil)
        let direct = direct(router: router, metric: metric, starts: starts, targets: positions, targetNode: nil)
        let bound = min(limit, UInt64(direct?.cost ?? UInt32.max)) + UInt64(targets.offset)
        if let meeting = hierarchy.hierarchy.search(from: sources.seeds, to: targets.seeds, workspace: workspace, below: bound) {
            return meeting.cost - targets.offset
        }
        guard let direct, UInt64(direct.cost) < limit else { return nil }
        return direct.cost
    }

    /// The best path between a start and a target: the hierarchy's, or the direct one when no dearer.
    /// - Complexity: that of `ContractionHierarchy.shortestPath` plus the unpacked path's length.
    static func shortestPath(on hierarchy: RoutingHierarchy, router: Router, starts: [EdgePosition], startNode: NodeIndex?,
                             targets positions: [EdgePosition], targetNode: NodeIndex?,
                             workspace: ContractionHierarchyWorkspace) -> SearchResult? {
        let metric = hierarchy.metric
        let sources = sources(router: router, metric: metric, starts: starts, startNode: startNode)
        let targets = targets(router: router, metric: metric, positions: positions, node: targetNode)
        let direct = direct(router: router, metric: metric, starts: starts, targets: positions, targetNode: targetNode)
        let found = hierarchy.hierarchy.search(from: sources.seeds, to: targets.seeds, workspace: workspace)
        let settled = workspace.lastSettledCount
        let unitsPerOne = metric.unitsPerOne
        if let direct, found.map({ direct.cost <= $0.cost - targets.offset }) ?? true {
            let start = starts[direct.start]
            return SearchResult(cost: Double(direct.cost) / unitsPerOne, edges: [start.edge], startFraction: start.fraction,
                                endFraction: direct.endFraction, settled: settled)
        }
        guard let meeting = found else { return nil }
        // Unpacked only now, when the searched path wins.
        return unpackedPath(through: meeting, on: hierarchy, sources: sources, targets: targets, settled: settled, workspace: workspace)
    }

    /// The road path through `meeting` (its start's edges, then each unpacked arc's), with its cost in
    /// seconds or metres: unpacked into the workspace's reused buffer, since growing a fresh one per path
    /// showed in the alternatives' profile.
    /// - Complexity: O(the unpacked path's length).
    static func unpackedPath(through meeting: ContractionHierarchy.Meeting, on hierarchy: RoutingHierarchy, sources: Sources,
                             targets: Targets, settled: Int, workspace: ContractionHierarchyWorkspace) -> SearchResult {
        var arcs = workspace.unpackedArcs
        workspace.unpackedArcs = []
        defer { workspace.unpackedArcs = arcs }
        arcs.removeAll(keepingCapacity: true)
        let seeds = hierarchy.hierarchy.unpackPath(through: meeting, appendingTo: &arcs, workspace: workspace)
        let origin = sources.origins[seeds.source]
        var edges: [EdgeIndex] = []
        edges.reserveCapacity(arcs.count + 2)
        edges.append(origin.firstEdge)
        if origin.secondEdge != EdgeTwins.none { edges.append(origin.secondEdge) }
        for arc in arcs { edges.append(hierarchy.arcEdge[Int(arc)]) }
        return SearchResult(cost: Double(meeting.cost - targets.offset) / hierarchy.metric.unitsPerOne, edges: edges,
                            startFraction: origin.startFraction, endFraction: targets.endFractions[seeds.target],
                            settled: settled)
    }
}

extension HierarchyQuery.Sources {
    mutating func append(vertex: UInt32, cost: UInt64, annotation: UInt64, origin: HierarchyQuery.SourceOrigin) {
        guard cost < UInt64(ContractionHierarchy.unreachable) else { return }
        seeds.append(SearchSeed(vertex: vertex, cost: UInt32(cost), annotation: UInt32(min(annotation, UInt64(UInt32.max)))))
        origins.append(origin)
    }
}

extension HierarchyQuery.Targets {
    mutating func append(vertex: UInt32, cost: UInt32, annotation: UInt32, endFraction: Double) {
        seeds.append(SearchSeed(vertex: vertex, cost: cost, annotation: annotation))
        endFractions.append(endFraction)
    }
}

extension RoutingMetric {
    /// The metric a table reports beside this one.
    var other: RoutingMetric { self == .time ? .distance : .time }
    /// Integer cost units per second or metre.
    var unitsPerOne: Double { self == .time ? Router.unitsPerSecond : Router.unitsPerMeter }
}

extension Router {
    /// The integer cost of driving from a position to the end of its edge in `metric`.
    @inline(__always)
    func remainingCost(of position: EdgePosition, metric: RoutingMetric) -> UInt32 {
        Router.remainingCost(edgeCost(position.edge, metric: metric), from: position.fraction)
    }
}
