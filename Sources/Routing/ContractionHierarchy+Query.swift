extension ContractionHierarchy {
    /// One search direction's arcs, CSR by rank: the arcs of rank `r` are `first[r] ..< first[r + 1]`,
    /// joining `r` with the higher rank `ends[2i]` at weight `ends[2i + 1]`. A view into the hierarchy's
    /// arrays for the duration of `withArcViews`: the searches read them without a bounds check per arc
    /// (validation vouches for every offset and end).
    struct ArcView {
        let first: UnsafeBufferPointer<UInt32>
        let ends: UnsafeBufferPointer<UInt32>
    }

    /// Calls `body` with views of the upward and the downward arcs; they must not escape it.
    func withArcViews<Result>(_ body: (_ upward: ArcView, _ downward: ArcView) -> Result) -> Result {
        upwardFirstOut.withUnsafeBufferPointer { upFirst in
            upwardArcs.withUnsafeBufferPointer { upEnds in
                downwardFirstIn.withUnsafeBufferPointer { downFirst in
                    downwardArcs.withUnsafeBufferPointer { downEnds in
                        body(ArcView(first: upFirst, ends: upEnds), ArcView(first: downFirst, ends: downEnds))
                    }
                }
            }
        }
    }

    /// The shortest path from any source seed to any target seed, unpacked to the graph's arcs.
    ///
    /// Costs are `source.cost + path weight + target.cost`; a path costing `unreachable` or more
    /// counts as none. Seeds sharing a vertex are fine (the cheapest counts).
    /// - Returns: nil when no target is reachable (or either list is empty).
    /// - Precondition: every seed vertex `< vertexCount`; the workspace was made by this hierarchy
    ///   (or one at least as large).
    /// - Complexity: O(S log S) for the S vertices the two upward searches settle (hundreds on a
    ///   city), plus the length of the unpacked path; no allocation of O(vertices).
    @_spi(Experiments) public func shortestPath(from sources: [SearchSeed], to targets: [SearchSeed],
                             workspace: ContractionHierarchyWorkspace) -> HierarchyPath? {
        guard let meeting = search(from: sources, to: targets, workspace: workspace) else { return nil }
        var arcs: [UInt32] = []
        let seeds = unpackPath(through: meeting, appendingTo: &arcs, workspace: workspace)
        return HierarchyPath(cost: meeting.cost, sourceSeed: seeds.source, targetSeed: seeds.target, arcs: arcs)
    }

    /// The cost of the shortest path from any source seed to any target seed, without unpacking it.
    /// - Complexity: as `shortestPath` without the unpacking.
    @_spi(Experiments) public func shortestCost(from sources: [SearchSeed], to targets: [SearchSeed],
                             workspace: ContractionHierarchyWorkspace) -> UInt32? {
        search(from: sources, to: targets, workspace: workspace)?.cost
    }

    /// Where the two searches met on the best path.
    struct Meeting {
        var cost: UInt32
        var rank: UInt32
    }

    /// The bidirectional upward search.
    ///
    /// Each step settles the smaller of the two queue minima; the search ends once that minimum is no
    /// smaller than the best path found, since every later meeting costs at least it. Each direction
    /// stalls on demand: a vertex that a higher-ranked labelled vertex reaches more cheaply (over a
    /// downward arc for the forward search) is not on any shortest up-path, so its arcs are not relaxed.
    /// - Parameter bound: only paths costing less count, and the search ends once no cheaper one can be
    ///   found (a test that asks only whether some path is cheaper than a known one stops sooner).
    /// - Returns: nil when no path costs less than the bound (and `unreachable`).
    func search(from sources: [SearchSeed], to targets: [SearchSeed], workspace ws: ContractionHierarchyWorkspace,
                below bound: UInt64 = UInt64(unreachable)) -> Meeting? {
        precondition(ws.capacity >= vertexCount, "the workspace was made for a smaller hierarchy; use hierarchy.makeWorkspace()")
        ws.beginSearch()
        var forwardQueue = MinHeap(emptyIn: ws.forwardQueue), backwardQueue = MinHeap(emptyIn: ws.backwardQueue)
        let generation = ws.generation
        seed(sources, side: ws.forward, queue: &forwardQueue, generation: generation)
        seed(targets, side: ws.backward, queue: &backwardQueue, generation: generation)
        var best = min(bound, UInt64(Self.unreachable))
        var meetingRank = UInt32.max
        var settled = 0
        var overflowed = false
        withArcViews { up, down in
            while true {
                let f = forwardQueue.isEmpty ? UInt64.max : UInt64(PackedEntry.key(forwardQueue.minimum))
                let b = backwardQueue.isEmpty ? UInt64.max : UInt64(PackedEntry.key(backwardQueue.minimum))
                if min(f, b) >= best { break }
                if f <= b {
                    Self.step(queue: &forwardQueue, side: ws.forward, opposite: ws.backward.labels, generation: generation,
                              relax: up, stall: down, best: &best, meeting: &meetingRank, settled: &settled,
                              overflowed: &overflowed)
                } else {
                    Self.step(queue: &backwardQueue, side: ws.backward, opposite: ws.forward.labels, generation: generation,
                              relax: down, stall: up, best: &best, meeting: &meetingRank, settled: &settled,
                              overflowed: &overflowed)
                }
            }
        }
        ws.lastSettledCount = settled
        ws.lastSearchOverflowed = overflowed
        return meetingRank == UInt32.max ? nil : Meeting(cost: UInt32(best), rank: meetingRank)
    }

    /// Labels and queues the seeds of one direction (the cheapest per vertex): the point-to-point query's
    /// and the alternatives' via search's.
    func seed(_ seeds: [SearchSeed], side: ContractionHierarchyWorkspace.Side,
                      queue: inout MinHeap<UInt64>, generation: UInt32) {
        for (i, s) in seeds.enumerated() {
            precondition(Int(s.vertex) < vertexCount, "seed vertex \(s.vertex) is not in the hierarchy (\(vertexCount) vertices)")
            if s.cost == Self.unreachable { continue }
            let r = rank[Int(s.vertex)]
            let label = side.labels + Int(r)
            if label.pointee.stamp != generation || s.cost < label.pointee.distance {
                label.pointee = .init(distance: s.cost, stamp: generation)
                side.parents[Int(r)] = .init(arc: ContractionHierarchyWorkspace.seeded, rank: UInt32(i))
                queue.push(PackedEntry.make(key: s.cost, vertex: r))
            }
        }
    }

    /// Settles one vertex of one direction: records a meeting, stalls or relaxes.
    @inline(__always)
    private static func step(queue: inout MinHeap<UInt64>, side: ContractionHierarchyWorkspace.Side,
                             opposite: UnsafeMutablePointer<ContractionHierarchyWorkspace.Label>, generation: UInt32,
                             relax: ArcView, stall: ArcView, best: inout UInt64, meeting: inout UInt32, settled: inout Int,
                             overflowed: inout Bool) {
        let entry = queue.pop()
        let d = PackedEntry.key(entry), r = Int(PackedEntry.vertex(entry))
        let labels = side.labels
        if d != labels[r].distance { return }  // stale
        settled += 1
        if opposite[r].stamp == generation {
            let total = UInt64(d) + UInt64(opposite[r].distance)
            if total < best { best = total; meeting = UInt32(r) }
            if total >= UInt64(unreachable) { overflowed = true }
        }
        if isStalled(r, distance: d, labels: labels, generation: generation, arcs: stall) { return }
        if relaxArcs(of: r, distance: d, side: side, generation: generation, arcs: relax, queue: &queue) { overflowed = true }
    }

    /// Whether a labelled higher vertex reaches `r` more cheaply than `d` over one of `arcs`.
    @inline(__always)
    static func isStalled(_ r: Int, distance d: UInt32, labels: UnsafeMutablePointer<ContractionHierarchyWorkspace.Label>,
                          generation: UInt32, arcs: ArcView) -> Bool {
        for i in Int(arcs.first[r]) ..< Int(arcs.first[r + 1]) {
            let x = labels + Int(arcs.ends[2 * i])
            if x.pointee.stamp == generation && UInt64(x.pointee.distance) + UInt64(arcs.ends[2 * i + 1]) < UInt64(d) { return true }
        }
        return false
    }

    /// Relaxes `r`'s arcs of one direction; returns whether it left out an arc whose sum reached
    /// `unreachable` (labels are 32 bits).
    @inline(__always) @discardableResult
    static func relaxArcs(of r: Int, distance d: UInt32, side: ContractionHierarchyWorkspace.Side,
                          generation: UInt32, arcs: ArcView, queue: inout MinHeap<UInt64>) -> Bool {
        var overflowed = false
        for i in Int(arcs.first[r]) ..< Int(arcs.first[r + 1]) {
            let candidate = UInt64(d) + UInt64(arcs.ends[2 * i + 1])
            if candidate >= UInt64(unreachable) { overflowed = true; continue }
            let x = arcs.ends[2 * i]
            let label = side.labels + Int(x)
            if label.pointee.stamp != generation || UInt32(candidate) < label.pointee.distance {
                label.pointee = .init(distance: UInt32(candidate), stamp: generation)
                side.parents[Int(x)] = .init(arc: UInt32(i), rank: UInt32(r))
                queue.push(PackedEntry.make(key: UInt32(candidate), vertex: x))
            }
        }
        return overflowed
    }

    /// The path through the meeting vertex: forward parents down to a source seed, backward parents
    /// down to a target seed, each hierarchy arc unpacked and the graph's arcs appended to `arcs` in
    /// order. Parents always have lower ranks, so both walks end. Returns the two seeds' indices.
    /// - Complexity: O(length of the unpacked path); allocates only while the workspace's stack or
    ///   `arcs` grows.
    func unpackPath(through meeting: Meeting, appendingTo arcs: inout [UInt32],
                    workspace ws: ContractionHierarchyWorkspace) -> (source: Int, target: Int) {
        // The hierarchy arcs go on a stack in reverse path order, so unpacking pops them in order.
        var stack = ws.unpackStack
        ws.unpackStack = []
        defer { ws.unpackStack = stack }
        stack.removeAll(keepingCapacity: true)
        var r = Int(meeting.rank)
        let backward = ws.backward.parents, forward = ws.forward.parents
        while backward[r].arc != ContractionHierarchyWorkspace.seeded {
            stack.append(downwardArcID[Int(backward[r].arc)])
            r = Int(backward[r].rank)
        }
        let targetSeed = Int(backward[r].rank)
        stack.reverse()
        r = Int(meeting.rank)
        while forward[r].arc != ContractionHierarchyWorkspace.seeded {
            stack.append(upwardArcID[Int(forward[r].arc)])
            r = Int(forward[r].rank)
        }
        let sourceSeed = Int(forward[r].rank)
        arcs.reserveCapacity(arcs.count + 4 * stack.count)
        unpackStack(&stack, into: &arcs)
        return (sourceSeed, targetSeed)
    }

    /// Appends the graph's arcs that hierarchy arc `id` stands for, in order.
    /// - Complexity: O(length of the unpacked path).
    func unpack(_ id: UInt32, into arcs: inout [UInt32]) {
        var stack = [id]
        unpackStack(&stack, into: &arcs)
    }

    /// Pops hierarchy arcs off `stack` until it is empty: original arcs go to `arcs`, a shortcut is
    /// replaced by its two halves (second below first).
    private func unpackStack(_ stack: inout [UInt32], into arcs: inout [UInt32]) {
        let m = UInt32(originalArcCount)
        shortcutHalves.withUnsafeBufferPointer { halves in
            while let top = stack.popLast() {
                if top < m {
                    arcs.append(top)
                } else {
                    let k = 2 * Int(top &- m)
                    stack.append(halves[k + 1])
                    stack.append(halves[k])
                }
            }
        }
    }
}
