import CPrefetch
import RoadNetwork

/// The working state of one A* or Dijkstra query over the router's turn-expanded state graph, split
/// into the steps `Router.search` runs in order: `seed(starts:)`, `seed(startNode:)`,
/// `settleUntilBestIsFinal()`, `result(starts:)`.
///
/// Costs are in the graph's integer units (milliseconds or millimetres, summed in `Double`); the result
/// converts them to seconds or metres. Holds raw pointers to the router's read-only arrays and the
/// workspace's memory (see `SearchFrontier`) so the inner loop pays no class-property or exclusivity
/// checks; lives for one query only.
struct PointToPointSearch {
    private let graph: TurnExpandedGraph
    private let useTime: Bool
    private var frontier: SearchFrontier
    private let heuristic: SearchHeuristic
    private let targets: SearchTargets
    /// The best complete path found so far.
    private var best = BestPath()
    /// States settled so far.
    private(set) var settled = 0
    /// Asked every `stopCheckInterval` settled states; true abandons the search (`result` is then nil).
    var shouldStop: (@Sendable () -> Bool)?
    /// Whether `shouldStop` ended the search before its best path was final.
    private(set) var wasStopped = false
    /// Settled states between two `shouldStop` checks: rare enough to cost nothing measurable, frequent
    /// enough that a stopped search on a continent-sized graph ends within milliseconds.
    static let stopCheckInterval = 4096

    init(router: Router, frontier: SearchFrontier, heuristic: SearchHeuristic, metric: RoutingMetric,
         targets: [EdgePosition], targetNode: NodeIndex?) {
        graph = router.stateGraph
        useTime = metric == .time
        self.frontier = frontier
        self.heuristic = heuristic
        self.targets = SearchTargets(targets, node: targetNode)
    }

    /// The cost of driving a whole edge in the searched metric, in integer units.
    @inline(__always)
    private func cost(of edge: EdgeIndex) -> Double {
        let record = graph.edges[Int(edge)]
        return Double(useTime ? record.timeCost : record.distanceCost)
    }

    // MARK: Step 1: seeds

    /// Seeds the state reached by driving the rest of each start edge, and records a path that needs no
    /// search: along the start edge to a target on it ahead, or to its head when that is the target node.
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

    /// The integer cost of driving from a position to the end of its edge (`Router.remainingCost`).
    @inline(__always)
    private func remainingCost(of position: EdgePosition) -> Double {
        let record = graph.edges[Int(position.edge)]
        return Double(Router.remainingCost(useTime ? record.timeCost : record.distanceCost, from: position.fraction))
    }

    /// Seeds a start on a junction: every edge leaving it, driven whole from the junction, with no turn
    /// before it (the car was not arriving over anything), but for those excluded (`exclude=`), which the
    /// settling loop never enters either.
    mutating func seed(startNode: NodeIndex) {
        let first = graph.firstOut[Int(startNode)], end = graph.firstOut[Int(startNode) + 1]
        for o in first..<end where graph.edges[Int(o)].timeCost != TurnExpandedGraph.excludedCost {
            let cost = cost(of: o)
            offerCompletions(from: RoutingWorkspace.noParent, g: 0, entering: o, head: graph.edges[Int(o)].head, cost: cost)
            push(graph.startState(onEdge: o), g: cost, node: graph.edges[Int(o)].head, parent: RoutingWorkspace.noParent)
        }
    }

    /// Lowers a state's distance to `g` (reached from `parent`) and queues it, unless it was settled, is
    /// already as close, or cannot reach the target (an infinite bound).
    @inline(__always)
    private mutating func push(_ next: UInt32, g: Double, node: NodeIndex, parent: UInt32) {
        let slot = frontier.touch(Int(next))
        guard g < slot.pointee.distance && !frontier.isSettled(slot) else { return }
        let h = heuristic.bound(at: node)
        guard h < .infinity else { return }
        slot.pointee.distance = g
        slot.pointee.parent = parent
        frontier.push(next, key: g + h)
        prefetchExits(of: node)
    }

    /// Starts loading what settling a state queued at `node` reads first, the slots and records of the
    /// edges leaving `node`, so that those cache misses overlap with the work before it is settled. A*
    /// settles most states it queues, many of them soon (it follows its corridor), and without the hint
    /// each of these lines is a miss when the state is settled. 5 M city: 4–9 % off the median of each
    /// pair's fastest route (Benchmarks/notebook, *Fewer cache lines per settled state, fewer arcs per potential*); the prefetch at
    /// queueing that *One pass over each upward cone, cheaper heaps, shortcut halves together* tried
    /// fetched the turns and `firstOut` entry only.
    @inline(__always)
    private func prefetchExits(of node: NodeIndex) {
        let first = Int(graph.firstOut[Int(node)])
        // Four exits: 64 bytes of slots and 96 of records, two lines each unless aligned.
        waymark_prefetch(frontier.slots + first)
        waymark_prefetch(frontier.slots + first + 3)
        waymark_prefetch(graph.edges + first)
        waymark_prefetch(graph.edges + first + 3)
    }

    // MARK: Step 2: settle

    /// Settles states in key order until the queue is empty or its smallest key cannot improve the best
    /// complete path (the bound is consistent, so that path is then optimal).
    mutating func settleUntilBestIsFinal() {
        while true {
            frontier.dropSettledTop()
            guard !frontier.isEmpty && frontier.minimumKey < best.cost else { return }
            let x = frontier.popMinimum()
            settled += 1
            if settled % Self.stopCheckInterval == 0, let shouldStop, shouldStop() {
                wasStopped = true
                return
            }
            relaxTransitions(of: x)
        }
    }

    /// Relaxes every transition of settled state `x`: the turn onto each allowed edge plus that edge.
    @inline(__always)
    private mutating func relaxTransitions(of x: UInt32) {
        let g = frontier.slots[Int(x)].distance
        let useTime = self.useTime
        graph.forEachSuccessor(of: x) { next, o, turnMilliseconds, record in
            let g1 = useTime ? g + Double(turnMilliseconds) : g
            let cost = Double(useTime ? record.timeCost : record.distanceCost)
            offerCompletions(from: x, g: g1, entering: o, head: record.head, cost: cost)
            push(next, g: g1 + cost, node: record.head, parent: x)
        }
    }

    /// Records a complete path when edge `o`, entered from state `x` (or from the start node) at cost `g`
    /// after the turn, is a target edge (driven up to the target fraction) or ends at the target node.
    @inline(__always)
    private mutating func offerCompletions(from x: UInt32, g: Double, entering o: EdgeIndex, head: NodeIndex, cost: Double) {
        if let target = targets.position(of: o) {
            best.offer(g + cost - remainingCost(of: target), state: x, edge: o, endFraction: target.fraction)
        }
        if head == targets.node { best.offer(g + cost, state: x, edge: o, endFraction: 1) }
    }

    // MARK: Step 3: unpack

    /// The best path as edges with its start and end fractions and its cost in seconds or metres; nil
    /// when no target was reached or the search was stopped (its best so far is not known to be best).
    func result(starts: [EdgePosition]) -> SearchResult? {
        guard best.cost < .infinity, !wasStopped else { return nil }
        let cost = best.cost / (useTime ? Router.unitsPerSecond : Router.unitsPerMeter)
        if best.directStart >= 0 {
            let start = starts[best.directStart]
            return SearchResult(cost: cost, edges: [start.edge], startFraction: start.fraction,
                                endFraction: best.endFraction, settled: settled)
        }
        var path: [EdgeIndex] = [best.edge]
        var x = best.state
        while x != RoutingWorkspace.noParent {
            path.append(graph.decode(x).edge)
            x = frontier.slots[Int(x)].parent
        }
        path.reverse()
        // The first edge is a start position's (driven from its fraction) or leaves the start node
        // (driven whole); a position on an edge leaving the start node has fraction 0 there anyway.
        let startFraction = starts.first(where: { $0.edge == path[0] })?.fraction ?? 0
        return SearchResult(cost: cost, edges: path, startFraction: startFraction, endFraction: best.endFraction,
                            settled: settled)
    }
}
