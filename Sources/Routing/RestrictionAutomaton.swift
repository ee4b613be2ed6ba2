import RoadNetwork

/// Turn restrictions compiled into the extra search states that remember just enough history.
///
/// Every restriction is a path of edges (a via-node restriction is `[from, to]`, a via-way one
/// `[from, via…, to]`) whose last step is forbidden (`no_*`) or the only one allowed (`only_*`). A car
/// standing at a node is in a *context*: the set of paths it is partway along, as (path, edges driven)
/// pairs. Arriving over an edge that starts no path leaves it in the plain state of that edge; otherwise
/// the context is a state of its own, whose turn rules say, per leaving edge, "forbidden" or "go on to state
/// s". Contexts are built once, by following every path from its first edge (OSRM's restriction graph,
/// as a product automaton): their number is about the number of restriction edges, so the search keeps
/// one state per edge plus one per context (and per access phase), and stays an exact Dijkstra/A* over
/// that state graph (the node-based heuristic still bounds every state at a node).
///
/// Rules: a `no_*` path forbids its last edge only for a car that drove all the others; an `only_*`
/// path allows nothing but its last edge at its last junction. Leaving the via ways part-way ends a
/// path (as in OSRM), so an `only_*` via-way rule does not force the car onto its via ways.
///
/// Invariant: bases `< edgeCount` are edges (arrived over that edge, no path in progress); base
/// `edgeCount + c` is context `c`, arrived over `contextEdge[c]` and standing at its head `contextNode[c]`;
/// `arrival(over: e)` and `ruleNext[i]` (unless `forbidden`) are bases arrived over `e` and `ruleEdge[i]`;
/// `startingEdges` ascend.
struct RestrictionAutomaton {
    /// Marks a forbidden turn in `ruleNext`.
    static let forbidden = UInt32.max

    /// The edges that start a restriction path, ascending, and the context each one arrives in
    /// (`arrival(over:)`). Every other edge arrives in its own plain state, so no per-edge array is kept.
    let startingEdges: [EdgeIndex]
    let startingContexts: [UInt32]
    /// The node each context stands at.
    let contextNode: [NodeIndex]
    /// The edge each context was arrived over (every path in it has just driven this edge).
    let contextEdge: [EdgeIndex]
    /// Context `c`'s rules are `ruleStart[c] ..< ruleStart[c + 1]` in `ruleEdge`/`ruleNext`.
    let ruleStart: [UInt32]
    let ruleEdge: [EdgeIndex]
    let ruleNext: [UInt32]
    /// Whether a context allows only the edges its rules list (an `only_*` path ends there).
    let onlyListed: [Bool]

    /// Number of contexts.
    var contextCount: Int { contextNode.count }

    /// Compiles the graph's via-node and via-way restrictions.
    /// - Complexity: O(restriction edges × degree × contexts per node), in practice O(restriction edges × degree).
    init(graph: RoadGraph) {
        let edgeCount = graph.edgeCount
        var paths: [[EdgeIndex]] = [], mandatory: [Bool] = []
        for r in graph.restrictions { paths.append([r.fromEdge, r.toEdge]); mandatory.append(r.kind == .mandatory) }
        for r in graph.viaWayRestrictions { paths.append(r.edges); mandatory.append(r.kind == .mandatory) }

        // A context is a sorted list of (path << 32 | edges driven).
        var startsAt: [EdgeIndex: [UInt64]] = [:]
        for (p, path) in paths.enumerated() { startsAt[path[0], default: []].append(UInt64(p) << 32 | 1) }
        var index: [[UInt64]: UInt32] = [:]
        var contexts: [[UInt64]] = [], nodes: [NodeIndex] = [], arrivedOver: [EdgeIndex] = []
        func intern(_ context: [UInt64], over edge: EdgeIndex) -> UInt32 {
            if let known = index[context] { return known }
            let base = UInt32(edgeCount + contexts.count)
            index[context] = base
            contexts.append(context)
            nodes.append(graph.head[Int(edge)])
            arrivedOver.append(edge)
            return base
        }
        var arrival: [EdgeIndex: UInt32] = [:]
        var startingEdges: [EdgeIndex] = [], startingContexts: [UInt32] = []
        for (edge, started) in startsAt.sorted(by: { $0.key < $1.key }) {
            let context = intern(started.sorted(), over: edge)
            arrival[edge] = context
            startingEdges.append(edge)
            startingContexts.append(context)
        }

        var starts: [UInt32] = [0], ruleEdges: [EdgeIndex] = [], ruleNexts: [UInt32] = [], only: [Bool] = []
        var c = 0
        while c < contexts.count {
            let context = contexts[c], node = nodes[c]
            var required = Set<EdgeIndex>(), banned = Set<EdgeIndex>()
            for entry in context {
                let path = paths[Int(entry >> 32)], driven = Int(entry & 0xFFFF_FFFF)
                guard driven == path.count - 1 else { continue }
                if mandatory[Int(entry >> 32)] { required.insert(path[driven]) } else { banned.insert(path[driven]) }
            }
            let onlyRequired = !required.isEmpty
            for edge in graph.outgoingEdges(of: node) {
                if banned.contains(edge) {
                    ruleEdges.append(edge); ruleNexts.append(Self.forbidden)
                    continue
                }
                if onlyRequired && !required.contains(edge) { continue }
                var next: [UInt64] = []
                for entry in context {
                    let path = paths[Int(entry >> 32)], driven = Int(entry & 0xFFFF_FFFF)
                    if driven < path.count - 1 && path[driven] == edge { next.append(entry + 1) }
                }
                if next.isEmpty && !onlyRequired { continue }
                let target: UInt32
                if next.isEmpty {
                    target = arrival[edge] ?? edge
                } else {
                    next.append(contentsOf: startsAt[edge] ?? [])
                    target = intern(next.sorted(), over: edge)
                }
                ruleEdges.append(edge); ruleNexts.append(target)
            }
            starts.append(UInt32(ruleEdges.count))
            only.append(onlyRequired)
            c += 1
        }
        self.startingEdges = startingEdges
        self.startingContexts = startingContexts
        contextNode = nodes
        contextEdge = arrivedOver
        ruleStart = starts
        ruleEdge = ruleEdges
        ruleNext = ruleNexts
        onlyListed = only
    }

    /// The base reached by leaving context `c` over `edge`: `forbidden`, or the state's base.
    /// - Complexity: O(rules of the context), a handful.
    @inline(__always)
    func next(fromContext c: Int, over edge: EdgeIndex) -> UInt32 {
        var i = Int(ruleStart[c])
        let end = Int(ruleStart[c + 1])
        while i < end {
            if ruleEdge[i] == edge { return ruleNext[i] }
            i += 1
        }
        return onlyListed[c] ? Self.forbidden : arrival(over: edge)
    }

    /// The base reached over `edge` when no context says otherwise: the edge itself, or the context of
    /// the paths it starts.
    /// - Complexity: O(log restriction paths).
    func arrival(over edge: EdgeIndex) -> UInt32 {
        var lo = 0, hi = startingEdges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if startingEdges[mid] < edge { lo = mid + 1 } else { hi = mid }
        }
        return lo < startingEdges.count && startingEdges[lo] == edge ? startingContexts[lo] : edge
    }

    /// Bytes held: the starting edges and their contexts, each context's node, edge and rule offsets, and
    /// the rules.
    var byteCount: Int {
        8 * startingEdges.count + 13 * contextCount + 8 * ruleEdge.count
    }
}
