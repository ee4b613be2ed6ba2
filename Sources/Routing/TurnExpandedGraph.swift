import RoadNetwork

/// The router's search state graph laid out for the inner loop: states, their successors and the costs
/// of every transition (the rules are described on `Router`).
///
/// State layout: a *base* is an edge (`< edgeCount`: arrived over it, no restriction path in progress) or
/// a `RestrictionAutomaton` context (`edgeCount + c`). A base whose arrival edge is public exists in phase
/// `through` only; one whose arrival edge is destination-only in `leaving` and `arriving` (the access
/// phase is then all that differs). So state `b < baseCount` is base `b` in its first phase (`through`
/// or `leaving`), and the `arriving` copies of the destination-only bases follow from `baseCount` on, in
/// base order (`arrivingBase[s − baseCount]`, found back by binary search: `arrivingState(of:)`).
///
/// Costs are integers: milliseconds for time, millimetres for distance (see `Router` for why); a
/// transition into the state of edge `o` costs the turn onto `o` plus the whole of `o`.
///
/// A non-owning view: the `Router` that built it allocates and frees the memory, and outlives every
/// query that copies the view.
struct TurnExpandedGraph {
    /// Edge data the search reads together: settling the state arrived over an edge reads this record for
    /// its head and the turns onto the edges leaving it, which most records hold themselves (24 bytes).
    struct Edge {
        var head: NodeIndex
        /// The base reached over this edge unless a context says otherwise; the top bit marks a
        /// destination-only edge.
        var arrival: UInt32
        /// Time to drive the whole edge, ms (rounded up).
        var timeCost: UInt32
        /// Length of the edge, mm (rounded up).
        var distanceCost: UInt32
        /// The turns from this edge onto the edges leaving `head`, in their order. When the graph's turns
        /// are coded and at most `inlineTurnLimit` edges leave `head`: their 16-bit codes into
        /// `turnValues`, the k-th in bits `16k ..< 16k + 16` (`hasInlineTurns`). Otherwise the index of
        /// the first in `turnCodes`, or in `wideTurns` when the turns are kept wide.
        var turns: UInt64
    }

    /// Exits whose turn codes fit in a record (four 16-bit codes): every junction of a grid, most of a
    /// real network's.
    static let inlineTurnLimit: UInt32 = 4

    static let destinationOnlyBit: UInt32 = 1 << 31
    /// The time cost marking an excluded edge (`Router(excluding:)`): above every real edge cost, which is
    /// capped at 2^31 − 1; no transition enters such an edge.
    static let excludedCost = UInt32.max

    let edgeCount: Int
    /// Edges plus restriction contexts.
    let baseCount: Int
    /// `baseCount` plus the destination-only bases' `arriving` copies.
    let stateCount: Int
    let firstOut: UnsafeMutablePointer<UInt32>
    let edges: UnsafeMutablePointer<Edge>
    /// The turns that records do not hold inline (`Edge.turns`): 16-bit codes into `turnValues` when the
    /// graph's turns take few enough distinct values (a city's, a few thousand), for the edges into
    /// junctions of more than `inlineTurnLimit` exits (`turnCodes`); otherwise every turn's entry itself
    /// (`wideTurns`, with `turnCodes` nil). Entries are in `TurnTable` layout (milliseconds plus the
    /// U-turn flag).
    let turnCodes: UnsafeMutablePointer<UInt16>?
    let wideTurns: UnsafeMutablePointer<UInt32>?
    let turnValues: UnsafeMutablePointer<UInt32>
    let turnValueCount: Int
    /// Number of turns.
    let turnCount: Int
    /// Number of turns held outside the records (in `turnCodes` or `wideTurns`).
    let externalTurnCount: Int
    /// The base of each `arriving` state, from `baseCount` on: the destination-only bases, ascending.
    /// Only these few states need a lookup, so no per-base array maps bases to them.
    let arrivingBase: UnsafeMutablePointer<UInt32>
    /// Number of `arriving` states (`stateCount − baseCount`).
    let arrivingCount: Int
    let automaton: RestrictionAutomaton

    /// Lays out the arrays for `graph` with its turn table, restriction automaton and integer costs.
    /// - Complexity: O(nodes + edges + turns + contexts).
    init(graph: RoadGraph, turnTable: TurnTable, automaton: RestrictionAutomaton,
         timeCosts: [UInt32], distanceCosts: [UInt32], excluding isExcluded: ((EdgeIndex) -> Bool)? = nil) {
        let m = graph.edgeCount
        edgeCount = m
        baseCount = m + automaton.contextCount
        self.automaton = automaton
        firstOut = .allocate(capacity: graph.nodeCount + 1)
        for v in 0...graph.nodeCount { firstOut[v] = graph.firstOut[v] }
        edges = .allocate(capacity: max(1, m))
        let (codes, wide, values, valueCount) = Self.internedTurns(turnTable.entries)
        (turnValues, turnValueCount, wideTurns) = (values, valueCount, wide)
        turnCount = turnTable.entries.count
        // Coded turns go into the records where they fit; the rest keep their codes, in edge order.
        var external: [UInt16] = []
        // The edges that start a restriction path ascend, as `e` does: walk them alongside.
        var starting = 0
        for e in 0..<m {
            var arrival = UInt32(e)
            if starting < automaton.startingEdges.count && automaton.startingEdges[starting] == e {
                arrival = automaton.startingContexts[starting]
                starting += 1
            }
            if graph.flags[e].contains(.destinationOnly) { arrival |= Self.destinationOnlyBit }
            let head = graph.head[e]
            let first = graph.firstOut[Int(head)], degree = graph.firstOut[Int(head) + 1] - first
            let start = Int(turnTable.start[e])
            var turns = UInt64(start)
            if let codes {
                if degree <= Self.inlineTurnLimit {
                    turns = 0
                    for k in 0..<Int(degree) { turns |= UInt64(codes[start + k]) << (16 * k) }
                } else {
                    turns = UInt64(external.count)
                    for k in 0..<Int(degree) { external.append(codes[start + k]) }
                }
            }
            edges[e] = Edge(head: head, arrival: arrival,
                            timeCost: isExcluded?(EdgeIndex(e)) == true ? Self.excludedCost : timeCosts[e],
                            distanceCost: distanceCosts[e], turns: turns)
        }
        if let codes {
            codes.deallocate()
            let kept = UnsafeMutablePointer<UInt16>.allocate(capacity: max(1, external.count))
            for (i, code) in external.enumerated() { kept[i] = code }
            turnCodes = kept
            externalTurnCount = external.count
        } else {
            turnCodes = nil
            externalTurnCount = turnCount
        }
        var arriving: [UInt32] = []
        for b in 0..<baseCount {
            let edge = b < m ? b : Int(automaton.contextEdge[b - m])
            if graph.flags[edge].contains(.destinationOnly) { arriving.append(UInt32(b)) }
        }
        arrivingBase = .allocate(capacity: max(1, arriving.count))
        for (i, b) in arriving.enumerated() { arrivingBase[i] = b }
        arrivingCount = arriving.count
        stateCount = baseCount + arriving.count
    }

    /// Frees the arrays; called once by the owning router.
    func deallocate() {
        firstOut.deallocate()
        edges.deallocate()
        turnCodes?.deallocate()
        wideTurns?.deallocate()
        turnValues.deallocate()
        arrivingBase.deallocate()
    }

    /// Whether the record of an edge whose head has `exitCount` exits holds its turns' codes itself (see
    /// `Edge.turns`).
    @inline(__always)
    func hasInlineTurns(exitCount: UInt32) -> Bool {
        turnCodes != nil && exitCount <= Self.inlineTurnLimit
    }

    /// The exits of the edge with `record`: the edges leaving its head.
    @inline(__always)
    func exits(after record: Edge) -> Range<UInt32> {
        firstOut[Int(record.head)] ..< firstOut[Int(record.head) + 1]
    }

    /// The turn entry (`TurnTable` layout) from the edge with `record` onto edge `o`, which leaves that
    /// edge's head.
    @inline(__always)
    func turn(after record: Edge, onto o: EdgeIndex) -> UInt32 {
        let exits = exits(after: record)
        return turn(after: record, exit: Int(o - exits.lowerBound), inline: hasInlineTurns(exitCount: UInt32(exits.count)))
    }

    /// The turn entry onto the `k`-th edge leaving the head of the edge with `record`, with
    /// `hasInlineTurns(exitCount:)` already known.
    @inline(__always)
    private func turn(after record: Edge, exit k: Int, inline: Bool) -> UInt32 {
        if inline { return turnValues[Int(truncatingIfNeeded: record.turns >> UInt64(16 * k)) & 0xFFFF] }
        if let turnCodes { return turnValues[Int(turnCodes[Int(record.turns) + k])] }
        return wideTurns.unsafelyUnwrapped[Int(record.turns) + k]
    }

    /// The time of the turn from the edge with `record` onto edge `o`, which leaves that edge's head, ms.
    @inline(__always)
    func turnMilliseconds(after record: Edge, onto o: EdgeIndex) -> UInt32 {
        turn(after: record, onto: o) & TurnTable.costMask
    }

    /// Turns whose milliseconds lie below this are coded through a direct table when interning (a turn
    /// of two minutes or more is kept wide).
    static let codedTurnMillisecondLimit = 1 << 17

    /// `entries` as 16-bit codes into their distinct values, or as themselves when there are more than
    /// 2¹⁶ distinct values or a turn of `codedTurnMillisecondLimit` or more.
    /// - Complexity: O(turns), with a 2¹⁸-entry table.
    static func internedTurns(_ entries: [UInt32])
        -> (UnsafeMutablePointer<UInt16>?, UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<UInt32>, Int) {
        let limit = codedTurnMillisecondLimit
        func slot(_ entry: UInt32) -> Int? {
            let milliseconds = Int(entry & TurnTable.costMask)
            guard milliseconds < limit, entry & ~(TurnTable.costMask | TurnTable.uTurnBesideOtherExits) == 0 else { return nil }
            return (entry & TurnTable.uTurnBesideOtherExits != 0 ? limit : 0) + milliseconds
        }
        var codeOfSlot = [Int32](repeating: -1, count: 2 * limit)
        var values: [UInt32] = []
        var fits = true
        for entry in entries {
            guard let s = slot(entry) else { fits = false; break }
            if codeOfSlot[s] < 0 {
                guard values.count <= Int(UInt16.max) else { fits = false; break }
                codeOfSlot[s] = Int32(values.count)
                values.append(entry)
            }
        }
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: max(1, values.count))
        guard fits else {
            let wide = UnsafeMutablePointer<UInt32>.allocate(capacity: max(1, entries.count))
            for (i, entry) in entries.enumerated() { wide[i] = entry }
            return (nil, wide, table, 0)
        }
        for (i, value) in values.enumerated() { table[i] = value }
        let codes = UnsafeMutablePointer<UInt16>.allocate(capacity: max(1, entries.count))
        for (i, entry) in entries.enumerated() { codes[i] = UInt16(codeOfSlot[slot(entry)!]) }
        return (codes, nil, table, values.count)
    }

    /// Bytes of the turns outside the records: a code or an entry per such turn, plus the distinct values.
    var turnBytes: Int {
        externalTurnCount * (turnCodes == nil ? 4 : 2) + turnValueCount * 4
    }

    /// A state taken apart.
    struct Decoded {
        var base: UInt32
        var phase: AccessPhase
        /// The edge the state was arrived over.
        var edge: EdgeIndex
        /// The restriction context, or -1.
        var context: Int
    }

    /// The base, phase, arrival edge and context of state `x`.
    @inline(__always)
    func decode(_ x: UInt32) -> Decoded {
        var base = x
        var arriving = false
        if Int(x) >= baseCount {
            base = arrivingBase[Int(x) - baseCount]
            arriving = true
        }
        let context = Int(base) - edgeCount
        let edge = context < 0 ? base : automaton.contextEdge[context]
        let phase: AccessPhase = arriving ? .arriving
            : (edges[Int(edge)].arrival & Self.destinationOnlyBit != 0 ? .leaving : .through)
        return Decoded(base: base, phase: phase, edge: edge, context: context)
    }

    /// The state of `base` in `phase` (which must be one the base has).
    @inline(__always)
    func state(base: UInt32, phase: AccessPhase) -> UInt32 {
        phase == .arriving ? arrivingState(of: base) : base
    }

    /// The `arriving` state of destination-only base `base`, or `UInt32.max` when the base is public.
    /// - Complexity: O(log destination-only bases).
    func arrivingState(of base: UInt32) -> UInt32 {
        var lo = 0, hi = arrivingCount
        while lo < hi {
            let mid = (lo + hi) / 2
            if arrivingBase[mid] < base { lo = mid + 1 } else { hi = mid }
        }
        return lo < arrivingCount && arrivingBase[lo] == base ? UInt32(baseCount + lo) : UInt32.max
    }

    /// The state reached by driving (the rest of) `edge` at the start of a leg: the edge's own base, in
    /// the phase a leg starting on it has.
    @inline(__always)
    func startState(onEdge edge: EdgeIndex) -> UInt32 {
        edges[Int(edge)].arrival & ~Self.destinationOnlyBit
    }

    /// Calls `body(successor, edge, turnMilliseconds, record)` for every transition out of state `x`: each
    /// edge leaving the node that the restriction context, the U-turn rule and the access phase allow, with
    /// the state it leads to, the turn's time and the edge's record (its own costs).
    /// - Complexity: O(out-degree), plus O(out-degree × context rules) once for a context state with a
    ///   U-turn.
    @inline(__always)
    func forEachSuccessor(of x: UInt32, _ body: (UInt32, EdgeIndex, UInt32, Edge) -> Void) {
        let s = decode(x)
        let arrival = edges[Int(s.edge)]
        let node = Int(arrival.head)
        let first = firstOut[node], end = firstOut[node + 1]
        let inline = hasInlineTurns(exitCount: end - first)
        var uTurnAllowed: Bool? = nil
        var o = first
        while o < end {
            defer { o += 1 }
            let turn = self.turn(after: arrival, exit: Int(o - first), inline: inline)
            let record = edges[Int(o)]
            if record.timeCost == Self.excludedCost { continue }
            var nextBase = record.arrival & ~Self.destinationOnlyBit
            if s.context >= 0 {
                nextBase = automaton.next(fromContext: s.context, over: o)
                if nextBase == RestrictionAutomaton.forbidden { continue }
            }
            if turn & TurnTable.uTurnBesideOtherExits != 0 {
                // A plain state always has another exit; a context may have closed them all.
                guard s.context >= 0 else { continue }
                if uTurnAllowed == nil { uTurnAllowed = !hasOtherExit(context: s.context, after: arrival, inline: inline) }
                if uTurnAllowed != true { continue }
            }
            guard let phase = s.phase.next(enteringDestinationOnly: record.arrival & Self.destinationOnlyBit != 0) else { continue }
            body(state(base: nextBase, phase: phase), o, turn & TurnTable.costMask, record)
        }
    }

    /// Whether context `c` allows an exit other than the U-turn among the edges leaving the head of the
    /// edge with `record`.
    private func hasOtherExit(context c: Int, after record: Edge, inline: Bool) -> Bool {
        let exits = exits(after: record)
        for o in exits where turn(after: record, exit: Int(o - exits.lowerBound), inline: inline) & TurnTable.uTurnBesideOtherExits == 0
            && edges[Int(o)].timeCost != Self.excludedCost {
            if automaton.next(fromContext: c, over: o) != RestrictionAutomaton.forbidden { return true }
        }
        return false
    }
}
