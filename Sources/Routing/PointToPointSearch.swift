import RoadNetwork

/// The working state of one A* or Dijkstra query over the router's state graph, split into the steps
/// `Router.search` runs in order: `seed(starts:)`, `seed(startNode:)`, `settleUntilBestIsFinal()`,
/// `result(starts:)`.
///
/// Holds raw pointers to the router's read-only arrays and the workspace's memory (see `SearchFrontier`)
/// so the inner loop pays no class-property or exclusivity checks; lives for one query only.
struct PointToPointSearch {
    private let automaton: RestrictionAutomaton
    private let firstOut: UnsafeMutablePointer<UInt32>
    private let edges: UnsafeMutablePointer<Router.SearchEdge>
    private let nodeCount: Int
    private let baseCount: Int
    private let useTime: Bool
    private var frontier: SearchFrontier
    private let heuristic: SearchHeuristic
    private let targets: SearchTargets
    /// The best complete path found so far.
    private var best = BestPath()
    /// States settled so far.
    private(set) var settled = 0

    init(router: Router, frontier: SearchFrontier, heuristic: SearchHeuristic, metric: RoutingMetric,
         targets: [EdgePosition], targetNode: NodeIndex?) {
        automaton = router.automaton
        firstOut = router.firstOut
        edges = router.edgeRecords
        nodeCount = router.nodeCount
        baseCount = router.baseCount
        useTime = metric == .time
        self.frontier = frontier
        self.heuristic = heuristic
        self.targets = SearchTargets(targets, node: targetNode)
    }

    /// The cost of driving a whole edge in the searched metric.
    @inline(__always)
    private func cost(of record: Router.SearchEdge) -> Double {
        Double(useTime ? record.timeCost : record.distanceCost)
    }

    /// The state index of a base in a phase (phase-major: `phase × baseCount + base`).
    @inline(__always)
    private func state(_ phase: AccessPhase, _ base: UInt32) -> Int {
        Int(phase.rawValue) * baseCount + Int(base)
    }

    // MARK: Step 1: seeds

    /// Seeds the state reached by driving the rest of each start edge, and records a path that needs no
    /// search: along the start edge to a target on it ahead, or to its head when that is the target node.
    mutating func seed(starts: [EdgePosition]) {
        for (i, start) in starts.enumerated() {
            let record = edges[Int(start.edge)]
            let cost = cost(of: record)
            for t in targets.positions where t.edge == start.edge && t.fraction >= start.fraction {
                best.offerDirect((t.fraction - start.fraction) * cost, start: i, endFraction: t.fraction, edge: t.edge)
            }
            let g = (1 - start.fraction) * cost
            if record.head == targets.node { best.offerDirect(g, start: i, endFraction: 1, edge: start.edge) }
            let phase = AccessPhase.initial(onDestinationOnly: record.arrival & Router.destinationOnlyBit != 0)
            push(state(phase, record.arrival & ~Router.destinationOnlyBit), g: g, node: record.head,
                 parent: RoutingWorkspace.noParent, edge: start.edge)
        }
    }

    /// Seeds a start on a junction: the node itself in phase `leaving`, so any first edge may be taken
    /// (and sets the phase).
    mutating func seed(startNode: NodeIndex) {
        push(state(.leaving, startNode), g: 0, node: startNode, parent: RoutingWorkspace.noParent, edge: Router.noEdge)
    }

    /// Lowers a state's distance to `g` (through `parent` over `edge`) and queues it, unless it was
    /// settled, is already as close, or cannot reach the target (an infinite bound).
    @inline(__always)
    private mutating func push(_ next: Int, g: Double, node: NodeIndex, parent: UInt32, edge: UInt32) {
        let slot = frontier.touch(next)
        guard g < slot.pointee.distance && slot.pointee.heapPosition != RoutingWorkspace.settled else { return }
        let h = heuristic.bound(at: node)
        guard h < .infinity else { return }
        slot.pointee.distance = g
        slot.pointee.parent = parent
        slot.pointee.inEdge = edge
        frontier.pushOrDecrease(UInt32(next), key: g + h, slot: slot)
    }

    // MARK: Step 2: settle

    /// Settles states in key order until the queue is empty or its smallest key cannot improve the best
    /// complete path (the bound is consistent, so that path is then optimal).
    mutating func settleUntilBestIsFinal() {
        while !frontier.isEmpty && frontier.minimumKey < best.cost {
            let x = frontier.popMinimum()
            settled += 1
            relaxEdges(of: x)
        }
    }

    /// Relaxes every edge the turn rules and the access phase allow out of settled state `x`.
    @inline(__always)
    private mutating func relaxEdges(of x: UInt32) {
        let g = frontier.slots[Int(x)].distance
        var base = Int(x)
        var phase = AccessPhase.leaving
        if base >= baseCount { base -= baseCount; phase = .through }
        if base >= baseCount { base -= baseCount; phase = .arriving }
        let context = base < nodeCount ? -1 : base - nodeCount
        let node = context < 0 ? base : Int(automaton.contextNode[context])
        var o = Int(firstOut[node])
        let end = Int(firstOut[node + 1])
        while o < end {
            defer { o += 1 }
            let record = edges[o]
            var arrivalBase = record.arrival & ~Router.destinationOnlyBit
            if context >= 0 {
                arrivalBase = automaton.next(fromContext: context, over: EdgeIndex(o))
                if arrivalBase == RestrictionAutomaton.forbidden { continue }
            }
            guard let nextPhase = phase.next(enteringDestinationOnly: record.arrival & Router.destinationOnlyBit != 0) else { continue }
            let cost = cost(of: record)
            offerCompletions(from: x, g: g, entering: EdgeIndex(o), record: record, cost: cost)
            push(state(nextPhase, arrivalBase), g: g + cost, node: record.head, parent: x, edge: UInt32(o))
        }
    }

    /// Records a complete path when edge `o` (driven from state `x` at distance `g`) is a target edge
    /// (driven up to the target fraction) or ends at the target node.
    @inline(__always)
    private mutating func offerCompletions(from x: UInt32, g: Double, entering o: EdgeIndex, record: Router.SearchEdge, cost: Double) {
        if let fraction = targets.fraction(of: o) {
            best.offer(g + fraction * cost, state: x, edge: o, endFraction: fraction)
        }
        if record.head == targets.node { best.offer(g + cost, state: x, edge: o, endFraction: 1) }
    }

    // MARK: Step 3: unpack

    /// The best path as edges with its start and end fractions; nil when no target was reached.
    func result(starts: [EdgePosition]) -> SearchResult? {
        guard best.cost < .infinity else { return nil }
        if best.directStart >= 0 {
            let start = starts[best.directStart]
            return SearchResult(cost: best.cost, edges: [start.edge], startFraction: start.fraction,
                                endFraction: best.endFraction, settled: settled)
        }
        var path: [EdgeIndex] = [best.edge]
        var x = best.state
        var rootEdge = Router.noEdge
        while x != RoutingWorkspace.noParent {
            rootEdge = frontier.slots[Int(x)].inEdge
            if rootEdge != Router.noEdge { path.append(rootEdge) }
            x = frontier.slots[Int(x)].parent
        }
        path.reverse()
        // A path from the start node drives its first edge whole; one from a start edge, the rest of it.
        let startFraction = rootEdge == Router.noEdge ? 0 : starts.first(where: { $0.edge == path[0] })?.fraction ?? 0
        return SearchResult(cost: best.cost, edges: path, startFraction: startFraction, endFraction: best.endFraction,
                            settled: settled)
    }
}

/// Where a query ends: up to two target positions (a snapped point's edge and its twin) and, for a point
/// snapped onto a junction, the node.
struct SearchTargets {
    let positions: [EdgePosition]
    private let edge1: EdgeIndex, fraction1: Double
    private let edge2: EdgeIndex, fraction2: Double
    /// The target node, or `NodeIndex.max` when the target lies inside an edge.
    let node: NodeIndex

    init(_ positions: [EdgePosition], node: NodeIndex?) {
        precondition((1...2).contains(positions.count))
        self.positions = positions
        edge1 = positions[0].edge
        fraction1 = positions[0].fraction
        edge2 = positions.count > 1 ? positions[1].edge : EdgeTwins.none
        fraction2 = positions.count > 1 ? positions[1].fraction : 0
        self.node = node ?? NodeIndex.max
    }

    /// The fraction up to which `edge` is driven when it is a target edge, else nil.
    @inline(__always)
    func fraction(of edge: EdgeIndex) -> Double? {
        if edge == edge1 { return fraction1 }
        if edge == edge2 { return fraction2 }
        return nil
    }
}

/// The cheapest complete path a query has found: its cost, the last settled state and the edge it
/// completes over, or a start position whose own edge reaches the target.
struct BestPath {
    var cost = Double.infinity
    var state = RoutingWorkspace.noParent
    var edge: EdgeIndex = 0
    var endFraction = 0.0
    /// Index of the start position whose edge alone reaches the target; -1 when the path is searched.
    var directStart = -1

    /// Keeps a searched path (from `state` over `edge`) when it is cheaper.
    @inline(__always)
    mutating func offer(_ candidate: Double, state x: UInt32, edge e: EdgeIndex, endFraction f: Double) {
        guard candidate < cost else { return }
        cost = candidate; state = x; edge = e; endFraction = f; directStart = -1
    }

    /// Keeps a path along start position `start`'s own edge when it is cheaper.
    mutating func offerDirect(_ candidate: Double, start: Int, endFraction f: Double, edge e: EdgeIndex) {
        guard candidate < cost else { return }
        cost = candidate; directStart = start; endFraction = f; edge = e
    }
}
