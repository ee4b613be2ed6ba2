import RoadNetwork

/// The turn-expanded graph a contraction hierarchy (or any other search) can be built on: the same states,
/// transitions and integer costs `Router.search` uses, so such a search reproduces its costs exactly.
///
/// How a point-to-point query maps onto it (what `Router.search` does; `f` are snapped fractions,
/// `R(e, f) = Router.remainingCost(edgeCost(e), from: f)` the integer cost from `f` to the edge's end):
/// - **sources**: for a start at fraction `f` of edge `s` (and of its twin at `1 − f`), the state
///   `startState(onEdge: s)` at cost `R(s, f)`; for a start on a junction, also
///   `startState(onEdge: o)` at `edgeCost(o)` for every edge `o` leaving it (no turn before);
/// - **targets**: a target at fraction `f` of edge `t` is reached by every *transition* onto `t`, at the
///   transition's source distance plus its cost minus `R(t, f)`: the transition paid the turn onto `t`
///   and all of `t`, so its target is one of `states(arrivingOver: t)` (a bidirectional search seeds
///   those backwards at `−R(t, f)`, or at an offset minus it, see `HierarchyQuery`). A source seed on `t`
///   itself drove only part of `t` and must not meet that backward seed; a target on a junction is
///   reached by every transition over an edge ending there, at full cost (no turn after);
/// - start and target on one edge, target ahead: `R(s, f_s) − R(s, f_t)` without any state.
/// Every cost, partial ones included, is an integer, so every sum is exact in any order.
extension Router {
    /// Number of states of the turn-expanded graph.
    public var searchStateCount: Int { stateGraph.stateCount }

    /// Number of turns priced (one per arrival edge and edge leaving its head).
    public var turnCount: Int { stateGraph.turnCount }

    /// Bytes of the search arrays shared by all queries: edge records (with most turns inline), the other
    /// turns, node offsets, the access-phase maps and the restriction contexts (not the graph, snapping
    /// grid or landmarks).
    public var searchGraphByteCount: Int {
        let records = graph.edgeCount * MemoryLayout<TurnExpandedGraph.Edge>.stride
        let turns = stateGraph.turnBytes
        let offsets = (graph.nodeCount + 1) * MemoryLayout<UInt32>.stride
        // `arrivingBase`: one entry per arriving state.
        let phases = stateGraph.arrivingCount * MemoryLayout<UInt32>.stride
        let contexts = automaton.byteCount
        return records + turns + offsets + phases + contexts
    }

    /// The edge a state was arrived over.
    @_spi(Experiments) public func arrivalEdge(of state: SearchState) -> EdgeIndex { stateGraph.decode(state.index).edge }

    /// The node a state stands at (the head of its arrival edge).
    public func node(of state: SearchState) -> NodeIndex { graph.head[Int(arrivalEdge(of: state))] }

    /// Calls `body` with every transition out of `state`, in the order of the node's outgoing edges.
    /// - Complexity: O(out-degree of the state's node).
    @_spi(Experiments) public func forEachTransition(from state: SearchState, _ body: (StateTransition) -> Void) {
        stateGraph.forEachSuccessor(of: state.index) { next, edge, turnMilliseconds, record in
            body(StateTransition(target: SearchState(index: next), edge: edge,
                                 timeMilliseconds: turnMilliseconds + record.timeCost,
                                 distanceMillimetres: record.distanceCost))
        }
    }

    /// The state a leg starting on `edge` is in after driving (the rest of) it.
    @_spi(Experiments) public func startState(onEdge edge: EdgeIndex) -> SearchState {
        SearchState(index: stateGraph.startState(onEdge: edge))
    }

    /// Every state whose arrival edge is `edge` (its plain state, restriction contexts arrived over it,
    /// and the `arriving` phase of a destination-only edge).
    /// - Complexity: O(contexts arrived over `edge`).
    public func states(arrivingOver edge: EdgeIndex) -> [SearchState] {
        var result: [SearchState] = []
        forEachState(arrivingOver: edge) { result.append(SearchState(index: $0)) }
        return result
    }

    /// Calls `body` with every state whose arrival edge is `edge` (see `states(arrivingOver:)`).
    /// - Complexity: O(contexts arrived over `edge`).
    @inline(__always)
    func forEachState(arrivingOver edge: EdgeIndex, _ body: (UInt32) -> Void) {
        func visit(_ base: UInt32) {
            body(base)
            let arriving = stateGraph.arrivingState(of: base)
            if arriving != UInt32.max { body(arriving) }
        }
        if automaton.arrival(over: edge) == edge { visit(edge) }
        for c in contextsByEdge[edge] ?? [] { visit(UInt32(edgeCount + c)) }
    }

    /// The cost of driving all of `edge` in `metric`'s integer unit (milliseconds or millimetres).
    @_spi(Experiments) public func edgeCost(_ edge: EdgeIndex, metric: RoutingMetric) -> UInt32 {
        let record = stateGraph.edges[Int(edge)]
        return metric == .time ? record.timeCost : record.distanceCost
    }

    /// The time of the turn from `from` onto `to`, milliseconds; nil when `to` does not leave `from`'s
    /// head or the U-turn rule never allows it (the restriction contexts are not consulted: see
    /// `isTurnAllowed(from:to:)`).
    func turnCost(from: EdgeIndex, to: EdgeIndex) -> UInt32? {
        let record = stateGraph.edges[Int(from)]
        guard graph.tail[Int(to)] == record.head else { return nil }
        let entry = stateGraph.turn(after: record, onto: to)
        return entry & TurnTable.uTurnBesideOtherExits != 0 ? nil : entry & TurnTable.costMask
    }
}
