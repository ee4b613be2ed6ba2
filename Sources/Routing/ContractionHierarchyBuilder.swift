/// Contracts a `WeightedDigraph` vertex by vertex into a `ContractionHierarchy`.
///
/// The remaining graph is kept as dynamic in/out adjacency lists without loops or parallel arcs (a
/// parallel arc's cheapest copy, lowest index on ties, stands for all). Contracting `v` removes it and
/// adds a shortcut `u → w` for each in-neighbour `u` and out-neighbour `w` unless a witness search
/// finds a path avoiding `v` that is no longer; `v`'s arcs at that moment become its upward arcs (to
/// the still uncontracted, i.e. higher-ranked, vertices) and its downward arcs (from them).
///
/// Order: a lazy min-queue on the priority
/// `L·level + 1000·added/removed + 1000·addedHops/removedHops + deletedNeighbours` (`L` is
/// `ContractionOptions.levelWeight`, 1000 unless set), where a simulated
/// contraction counts the shortcuts it would add (`added`, and the original arcs they span, `addedHops`)
/// against the arcs it removes (edge difference as a quotient, which keeps it scale-free); `level` is
/// one more than the deepest contracted neighbour (spreads contraction evenly, bounding the hierarchy's
/// depth); `deletedNeighbours` counts contracted neighbours (breaks ties towards uniformity). After
/// contracting a vertex with few neighbours (`ContractionOptions.neighbourUpdateLimit`) their
/// priorities are recomputed at once, otherwise only marked stale; with lazy updates the popped
/// minimum is recomputed before it is contracted and put back if it is no longer the smallest.
/// Simulations (priority estimates) are most of the build time, so their witness searches get a much
/// smaller bound than the real contraction's (`simulationSettledLimit` vs `witnessSettledLimit`).
struct ContractionHierarchyBuilder {
    let graph: WeightedDigraph
    let options: ContractionOptions
    let vertexCount: Int
    var outArcs: DynamicAdjacency
    var inArcs: DynamicAdjacency
    let witness: WitnessSearch
    var contracted: [Bool]
    var level: [UInt32]
    var deletedNeighbours: [UInt32]
    /// Each shortcut's first and second half, interleaved (`ContractionHierarchy.shortcutHalves`).
    var shortcutHalves: [UInt32] = []

    /// A shortcut a contraction needs: `u → w` replacing hierarchy arcs `first` (`u → v`) and `second` (`v → w`).
    struct PendingShortcut {
        var from: UInt32, to: UInt32, weight: UInt32, first: UInt32, second: UInt32, hops: UInt32
    }
    var pending: [PendingShortcut] = []

    // The hierarchy in contraction order (vertex ids; converted to ranks at the end).
    var order: [UInt32] = []
    var upwardFirstOut: [UInt32] = [0]
    /// Head vertex and weight, interleaved.
    var upwardArcs: [UInt32] = []
    var upwardArcID: [UInt32] = []
    var downwardFirstIn: [UInt32] = [0]
    /// Tail vertex and weight, interleaved.
    var downwardArcs: [UInt32] = []
    var downwardArcID: [UInt32] = []

    /// Loads the graph into the dynamic lists, dropping loops and all but the cheapest parallel arc.
    /// - Complexity: O(vertices + arcs).
    init(graph: WeightedDigraph, options: ContractionOptions) {
        self.graph = graph
        self.options = options
        vertexCount = graph.vertexCount
        let n = vertexCount
        var kept: [(tail: UInt32, arc: DynamicArc)] = []
        kept.reserveCapacity(graph.arcCount)
        var slotOfHead = [Int](repeating: -1, count: n)
        var outDegree = [UInt32](repeating: 0, count: n), inDegree = [UInt32](repeating: 0, count: n)
        for v in 0..<n {
            let firstKept = kept.count
            for a in graph.arcs(from: UInt32(v)) {
                let h = graph.head[a], w = graph.weight[a]
                if Int(h) == v { continue }
                let s = slotOfHead[Int(h)]
                if s >= firstKept {
                    if w < kept[s].arc.weight { kept[s].arc = DynamicArc(other: h, weight: w, id: UInt32(a), hops: 1) }
                } else {
                    slotOfHead[Int(h)] = kept.count
                    kept.append((UInt32(v), DynamicArc(other: h, weight: w, id: UInt32(a), hops: 1)))
                    outDegree[v] += 1
                    inDegree[Int(h)] += 1
                }
            }
        }
        outArcs = DynamicAdjacency(degrees: outDegree)
        inArcs = DynamicAdjacency(degrees: inDegree)
        for (tail, arc) in kept {
            outArcs.append(arc, to: tail)
            inArcs.append(DynamicArc(other: tail, weight: arc.weight, id: arc.id, hops: 1), to: arc.other)
        }
        witness = WitnessSearch(vertexCount: n)
        contracted = [Bool](repeating: false, count: n)
        level = [UInt32](repeating: 0, count: n)
        deletedNeighbours = [UInt32](repeating: 0, count: n)
        order.reserveCapacity(n)
    }

    /// Contracts every vertex and assembles the hierarchy.
    /// - Complexity: roughly O(n · d² · W) for average degree d during contraction and witness search
    ///   cost W (bounded by the settled limits); in practice near-linear on road graphs.
    mutating func run() throws(ContractionHierarchyError) -> ContractionHierarchy {
        if let given = options.rank {
            try contractInGivenOrder(rank: given)
        } else {
            try contractByPriority()
        }
        return assemble()
    }

    private mutating func contractInGivenOrder(rank: [UInt32]) throws(ContractionHierarchyError) {
        guard rank.count == vertexCount else { throw .invalidOrder("\(rank.count) ranks for \(vertexCount) vertices") }
        var vertexAt = [UInt32](repeating: UInt32.max, count: vertexCount)
        for (v, r) in rank.enumerated() {
            guard Int(r) < vertexCount, vertexAt[Int(r)] == UInt32.max else { throw .invalidOrder("rank \(r) of vertex \(v) is out of range or repeated") }
            vertexAt[Int(r)] = UInt32(v)
        }
        for v in vertexAt {
            try contract(v)
            try checkDensity()
        }
    }

    private struct QueueEntry: Comparable, MinHeapEntry {
        var priority: Double
        var vertex: UInt32
        static func < (a: QueueEntry, b: QueueEntry) -> Bool {
            a.priority < b.priority || (a.priority == b.priority && a.vertex < b.vertex)
        }
    }

    private mutating func contractByPriority() throws(ContractionHierarchyError) {
        var priority = [Double](repeating: 0, count: vertexCount)
        var stale = [Bool](repeating: false, count: vertexCount)
        var queue = MinHeap<QueueEntry>()
        for v in 0..<vertexCount {
            priority[v] = try estimatePriority(of: UInt32(v))
            queue.push(QueueEntry(priority: priority[v], vertex: UInt32(v)))
        }
        var neighbours: [UInt32] = []
        while !queue.isEmpty {
            let entry = queue.pop()
            let v = entry.vertex
            if contracted[Int(v)] || entry.priority != priority[Int(v)] { continue }  // superseded entry
            if (options.lazyUpdates || stale[Int(v)]) && !queue.isEmpty {
                stale[Int(v)] = false
                let fresh = try estimatePriority(of: v)
                if fresh > queue.minimum.priority {
                    priority[Int(v)] = fresh
                    queue.push(QueueEntry(priority: fresh, vertex: v))
                    continue
                }
            }
            collectNeighbours(of: v, into: &neighbours)
            try contract(v)
            try checkDensity()
            let eager = neighbours.count <= options.neighbourUpdateLimit
            for x in neighbours {
                level[Int(x)] = max(level[Int(x)], level[Int(v)] + 1)
                deletedNeighbours[Int(x)] += 1
                if eager {
                    priority[Int(x)] = try estimatePriority(of: x)
                    queue.push(QueueEntry(priority: priority[Int(x)], vertex: x))
                } else {
                    stale[Int(x)] = true
                }
            }
        }
    }

    /// Throws `tooDense` when the uncontracted rest passes one of `ContractionOptions.denseRemainderLimits`.
    private func checkDensity() throws(ContractionHierarchyError) {
        let left = vertexCount - order.count
        guard !options.denseRemainderLimits.isEmpty, left >= options.denseRemainderMinimumVertices else { return }
        let degree = Double(outArcs.arcCount) / Double(left)
        for limit in options.denseRemainderLimits
        where degree > limit.arcsPerVertex && left >= Int((limit.minimumShareLeft * Double(vertexCount)).rounded(.up)) {
            throw .tooDense(contracted: order.count, of: vertexCount, arcsPerVertex: degree)
        }
    }

    /// The distinct uncontracted neighbours of `v` (in either direction).
    private func collectNeighbours(of v: UInt32, into list: inout [UInt32]) {
        list.removeAll(keepingCapacity: true)
        for p in outArcs.range(of: v) { list.append(outArcs[p].other) }
        for p in inArcs.range(of: v) {
            let u = inArcs[p].other
            if outArcs.position(of: u, at: v) == nil { list.append(u) }
        }
    }

    /// The priority of `v` from a simulated contraction (see the type's summary).
    private mutating func estimatePriority(of v: UInt32) throws(ContractionHierarchyError) -> Double {
        try findShortcuts(of: v, settledLimit: options.simulationSettledLimit)
        var removed = 0, removedHops = 0
        for p in outArcs.range(of: v) { removed += 1; removedHops += Int(outArcs[p].hops) }
        for p in inArcs.range(of: v) { removed += 1; removedHops += Int(inArcs[p].hops) }
        var addedHops = 0
        for s in pending { addedHops += Int(s.hops) }
        let quotient = Double(pending.count) / Double(max(1, removed))
        let hopQuotient = Double(addedHops) / Double(max(1, removedHops))
        return options.levelWeight * Double(level[Int(v)]) + 1000 * quotient + 1000 * hopQuotient
            + Double(deletedNeighbours[Int(v)])
    }

    /// Fills `pending` with the shortcuts contracting `v` needs (no witness within the bounds).
    /// - Throws: `weightOverflow` when a path through `v` would weigh `unreachable` or more.
    private mutating func findShortcuts(of v: UInt32, settledLimit: Int) throws(ContractionHierarchyError) {
        pending.removeAll(keepingCapacity: true)
        let outs = outArcs.range(of: v)
        if outs.isEmpty { return }
        var maxOut: UInt32 = 0
        for p in outs { maxOut = max(maxOut, outArcs[p].weight) }
        for pi in inArcs.range(of: v) {
            let incoming = inArcs[pi]
            let u = incoming.other
            let limit64 = UInt64(incoming.weight) + UInt64(maxOut)
            if limit64 >= UInt64(ContractionHierarchy.unreachable) {
                // Only an actual shortcut that overflows is an error; check each pair below.
                for p in outs where outArcs[p].other != u
                    && UInt64(incoming.weight) + UInt64(outArcs[p].weight) >= UInt64(ContractionHierarchy.unreachable) {
                    throw .weightOverflow(shortcutFrom: u, to: outArcs[p].other)
                }
            }
            let limit = UInt32(min(limit64, UInt64(ContractionHierarchy.unreachable - 1)))
            witness.reset()
            var targets = 0
            for p in outs where outArcs[p].other != u {
                witness.addTarget(outArcs[p].other, bound: UInt32(min(UInt64(incoming.weight) + UInt64(outArcs[p].weight), UInt64(limit))))
                targets += 1
            }
            if targets == 0 { continue }
            witness.run(from: u, avoiding: v, limit: limit, settledLimit: settledLimit, targetCount: targets, graph: outArcs)
            for p in outs {
                let outgoing = outArcs[p]
                if outgoing.other == u { continue }
                let through = UInt64(incoming.weight) + UInt64(outgoing.weight)
                if witness.distance(to: outgoing.other) <= through { continue }
                let (hops, overflow) = incoming.hops.addingReportingOverflow(outgoing.hops)
                pending.append(PendingShortcut(from: u, to: outgoing.other, weight: UInt32(through),
                                               first: incoming.id, second: outgoing.id,
                                               hops: overflow ? .max : hops))
            }
        }
    }

    /// Contracts `v`: records its arcs in the hierarchy, removes it, inserts the shortcuts it needs.
    private mutating func contract(_ v: UInt32) throws(ContractionHierarchyError) {
        try findShortcuts(of: v, settledLimit: options.witnessSettledLimit)
        order.append(v)
        for p in outArcs.range(of: v) {
            let arc = outArcs[p]
            upwardArcs.append(arc.other); upwardArcs.append(arc.weight); upwardArcID.append(arc.id)
            inArcs.remove(v, at: arc.other)
        }
        upwardFirstOut.append(UInt32(upwardArcID.count))
        for p in inArcs.range(of: v) {
            let arc = inArcs[p]
            downwardArcs.append(arc.other); downwardArcs.append(arc.weight); downwardArcID.append(arc.id)
            outArcs.remove(v, at: arc.other)
        }
        downwardFirstIn.append(UInt32(downwardArcID.count))
        outArcs.clear(v)
        inArcs.clear(v)
        contracted[Int(v)] = true
        for s in pending { try insert(s) }
    }

    /// Adds a shortcut, or lowers the weight of the arc `from → to` already there.
    private mutating func insert(_ s: PendingShortcut) throws(ContractionHierarchyError) {
        guard graph.arcCount + shortcutHalves.count / 2 < Int(UInt32.max - 1) else { throw .tooManyShortcuts }
        let id = UInt32(graph.arcCount + shortcutHalves.count / 2)
        if let p = outArcs.position(of: s.to, at: s.from) {
            if outArcs[p].weight <= s.weight { return }
            outArcs[p] = DynamicArc(other: s.to, weight: s.weight, id: id, hops: s.hops)
            if let q = inArcs.position(of: s.from, at: s.to) {
                inArcs[q] = DynamicArc(other: s.from, weight: s.weight, id: id, hops: s.hops)
            }
        } else {
            outArcs.append(DynamicArc(other: s.to, weight: s.weight, id: id, hops: s.hops), to: s.from)
            inArcs.append(DynamicArc(other: s.from, weight: s.weight, id: id, hops: s.hops), to: s.to)
        }
        shortcutHalves.append(s.first)
        shortcutHalves.append(s.second)
    }

    /// The hierarchy's arrays, with vertex ids of arc ends replaced by ranks.
    private func assemble() -> ContractionHierarchy {
        var rank = [UInt32](repeating: 0, count: vertexCount)
        for (r, v) in order.enumerated() { rank[Int(v)] = UInt32(r) }
        return ContractionHierarchy(
            unchecked: (), rank: rank,
            upwardFirstOut: upwardFirstOut, upwardArcs: Self.endsToRanks(upwardArcs, rank: rank), upwardArcID: upwardArcID,
            downwardFirstIn: downwardFirstIn, downwardArcs: Self.endsToRanks(downwardArcs, rank: rank), downwardArcID: downwardArcID,
            shortcutHalves: shortcutHalves, originalArcCount: graph.arcCount)
    }

    /// Interleaved (vertex, weight) pairs with each vertex replaced by its rank.
    private static func endsToRanks(_ pairs: [UInt32], rank: [UInt32]) -> [UInt32] {
        var result = pairs
        for i in stride(from: 0, to: result.count, by: 2) { result[i] = rank[Int(result[i])] }
        return result
    }
}

