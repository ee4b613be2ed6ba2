import RoadNetwork

/// One A* query over the router's turn-expanded state graph in which entering some edges costs extra
/// (`EdgePenalties`): the search step of the penalty method (`GraphAlternatives`).
///
/// The same states, transitions, seeds and completions as `PointToPointSearch` (see there and
/// `Router.search`), with each transition's cost raised by its edge's penalty. Penalties only raise
/// costs, so the router's A* bound (geometric, landmarks or potentials, all computed without them) stays
/// a consistent lower bound and the path found is the cheapest under the penalties. A separate type
/// rather than a hook in `PointToPointSearch`: the plain query's inner loop stays as measured.
///
/// The result's `cost` is the penalised cost; `GraphAlternatives` prices the path itself.
struct PenalisedSearch {
    private let graph: TurnExpandedGraph
    private let useTime: Bool
    private var frontier: SearchFrontier
    private let heuristic: SearchHeuristic
    private let targets: SearchTargets
    private let penalties: EdgePenalties
    private var best = BestPath()
    /// States settled so far.
    private(set) var settled = 0
    /// Asked every `PointToPointSearch.stopCheckInterval` settled states; true abandons the search.
    var shouldStop: (@Sendable () -> Bool)?
    /// Whether `shouldStop` ended the search before its best path was final.
    private(set) var wasStopped = false

    init(router: Router, frontier: SearchFrontier, heuristic: SearchHeuristic, metric: RoutingMetric,
         targets: [EdgePosition], targetNode: NodeIndex?, penalties: EdgePenalties) {
        graph = router.stateGraph
        useTime = metric == .time
        self.frontier = frontier
        self.heuristic = heuristic
        self.targets = SearchTargets(targets, node: targetNode)
        self.penalties = penalties
    }

    /// The integer cost of driving from a position to the end of its edge.
    @inline(__always)
    private func remainingCost(of position: EdgePosition) -> Double {
        let record = graph.edges[Int(position.edge)]
        return Double(Router.remainingCost(useTime ? record.timeCost : record.distanceCost, from: position.fraction))
    }

    /// Seeds the rest of each start edge (no penalty: every path drives it) and the direct paths along it.
    mutating func seed(starts: [EdgePosition]) {
        for (i, start) in starts.enumerated() {
            let g = remainingCost(of: start)
            for t in targets.positions where t.edge == start.edge && t.fraction >= start.fraction {
                best.offerDirect(g - remainingCost(of: t), start: i, endFraction: t.fraction, edge: t.edge)
            }
            let head = graph.edges[Int(start.edge)].head
            if head == targets.node { best.offerDirect(g, start: i, endFraction: 1, edge: start.edge) }
            push(graph.startState(onEdge: start.edge), g: g, node: head, parent: RoutingWorkspace.noParent)
        }
    }

    /// Seeds a start on a junction: every edge leaving it, whole and with its penalty, no turn before.
    mutating func seed(startNode: NodeIndex) {
        let first = graph.firstOut[Int(startNode)], end = graph.firstOut[Int(startNode) + 1]
        for o in first..<end {
            let record = graph.edges[Int(o)]
            guard record.timeCost != TurnExpandedGraph.excludedCost else { continue }
            let cost = Double(useTime ? record.timeCost : record.distanceCost) + penalties.cost(of: o)
            offerCompletions(from: RoutingWorkspace.noParent, g: 0, entering: o, head: record.head, cost: cost)
            push(graph.startState(onEdge: o), g: cost, node: record.head, parent: RoutingWorkspace.noParent)
        }
    }

    @inline(__always)
    private mutating func push(_ next: UInt32, g: Double, node: NodeIndex, parent: UInt32) {
        let slot = frontier.touch(Int(next))
        guard g < slot.pointee.distance && !frontier.isSettled(slot) else { return }
        let h = heuristic.bound(at: node)
        guard h < .infinity else { return }
        slot.pointee.distance = g
        slot.pointee.parent = parent
        frontier.push(next, key: g + h)
    }

    /// Settles states in key order until the smallest key cannot improve the best complete path.
    mutating func settleUntilBestIsFinal() {
        while true {
            frontier.dropSettledTop()
            guard !frontier.isEmpty && frontier.minimumKey < best.cost else { return }
            let x = frontier.popMinimum()
            settled += 1
            if settled % PointToPointSearch.stopCheckInterval == 0, let shouldStop, shouldStop() {
                wasStopped = true
                return
            }
            relaxTransitions(of: x)
        }
    }

    @inline(__always)
    private mutating func relaxTransitions(of x: UInt32) {
        let g = frontier.slots[Int(x)].distance
        let useTime = self.useTime
        graph.forEachSuccessor(of: x) { next, o, turnMilliseconds, record in
            let g1 = useTime ? g + Double(turnMilliseconds) : g
            let cost = Double(useTime ? record.timeCost : record.distanceCost) + penalties.cost(of: o)
            offerCompletions(from: x, g: g1, entering: o, head: record.head, cost: cost)
            push(next, g: g1 + cost, node: record.head, parent: x)
        }
    }

    /// Records a complete path over edge `o` (see `PointToPointSearch.offerCompletions`); `cost` includes
    /// the edge's penalty, which a path into a target edge pays in full.
    @inline(__always)
    private mutating func offerCompletions(from x: UInt32, g: Double, entering o: EdgeIndex, head: NodeIndex, cost: Double) {
        if let target = targets.position(of: o) {
            best.offer(g + cost - remainingCost(of: target), state: x, edge: o, endFraction: target.fraction)
        }
        if head == targets.node { best.offer(g + cost, state: x, edge: o, endFraction: 1) }
    }

    /// The best path's edges and fractions (its `cost` penalised, in integer units); nil when no target
    /// was reached or the search was stopped.
    func result(starts: [EdgePosition]) -> SearchResult? {
        guard best.cost < .infinity, !wasStopped else { return nil }
        if best.directStart >= 0 {
            let start = starts[best.directStart]
            return SearchResult(cost: best.cost, edges: [start.edge], startFraction: start.fraction,
                                endFraction: best.endFraction, settled: settled)
        }
        var path: [EdgeIndex] = [best.edge]
        var x = best.state
        while x != RoutingWorkspace.noParent {
            path.append(graph.decode(x).edge)
            x = frontier.slots[Int(x)].parent
        }
        path.reverse()
        let startFraction = starts.first(where: { $0.edge == path[0] })?.fraction ?? 0
        return SearchResult(cost: best.cost, edges: path, startFraction: startFraction, endFraction: best.endFraction,
                            settled: settled)
    }
}
