extension ContractionHierarchy {
    /// A vertex both upward searches reached: the path from the sources up to it and down to the targets
    /// (its two parent chains) is a candidate alternative, costing `cost` with the seeds.
    struct ViaCandidate {
        var rank: UInt32
        var cost: UInt32
    }

    /// What the via-node search found: the best meeting, and every vertex labelled by both directions
    /// whose path costs at most the bound, in no particular order (the best meeting among them).
    struct ViaSearchResult {
        var best: Meeting
        var candidates: [ViaCandidate]
    }

    /// Settled vertices between two stop-signal checks of the via-node search.
    static let viaStopCheckInterval = 1024

    /// The bidirectional upward search of the via-node method: as `search`, but it goes on after the best
    /// meeting until both queue minima exceed `bound(best)`, so that every vertex on an up-down path
    /// costing up to the bound is labelled by both directions.
    ///
    /// Both directions stall on demand as `search` does: a stalled vertex's label is a real path's cost
    /// (its parent chain), only not the shortest, so its candidate is valid, merely dearer.
    /// - Parameters:
    ///   - bound: the largest candidate cost worth keeping, given the best meeting's cost (the search's
    ///     stretch limit, seeds' offsets included).
    ///   - shouldStop: asked every `viaStopCheckInterval` settled vertices; true abandons the search.
    /// - Returns: nil when no target is reachable, the search overflowed 32 bits, or it was stopped.
    /// - Complexity: O(S log S) for the S vertices settled below the bound (a few times `search`'s for a
    ///   25 % stretch), plus O(S) to collect the candidates.
    func viaSearch(from sources: [SearchSeed], to targets: [SearchSeed], workspace ws: ContractionHierarchyWorkspace,
                   bound: (UInt32) -> UInt64, shouldStop: (@Sendable () -> Bool)?) -> ViaSearchResult? {
        precondition(ws.capacity >= vertexCount, "the workspace was made for a smaller hierarchy; use hierarchy.makeWorkspace()")
        guard let settled = settleBothDirections(from: sources, to: targets, workspace: ws, bound: bound, shouldStop: shouldStop)
        else { return nil }
        let generation = ws.generation
        let limit = bound(settled.best.cost)
        var candidates: [ViaCandidate] = []
        // A vertex labelled by both within the bound was settled by both (a label still queued is above
        // the bound, where the search stopped), and each direction settles a vertex once: the forward
        // list holds every candidate once, with no set to deduplicate.
        for r in settled.forwardRanks {
            let f = ws.forward.labels[Int(r)], b = ws.backward.labels[Int(r)]
            guard b.stamp == generation else { continue }
            let total = UInt64(f.distance) + UInt64(b.distance)
            if total <= limit && total < UInt64(Self.unreachable) { candidates.append(ViaCandidate(rank: r, cost: UInt32(total))) }
        }
        return ViaSearchResult(best: settled.best, candidates: candidates)
    }

    /// Runs both upward searches to the bound; returns the best meeting and the ranks the forward search
    /// settled.
    private func settleBothDirections(from sources: [SearchSeed], to targets: [SearchSeed], workspace ws: ContractionHierarchyWorkspace,
                                      bound: (UInt32) -> UInt64, shouldStop: (@Sendable () -> Bool)?)
        -> (best: Meeting, forwardRanks: [UInt32])? {
        ws.beginSearch()
        var forwardQueue = MinHeap(emptyIn: ws.forwardQueue), backwardQueue = MinHeap(emptyIn: ws.backwardQueue)
        let generation = ws.generation
        seed(sources, side: ws.forward, queue: &forwardQueue, generation: generation)
        seed(targets, side: ws.backward, queue: &backwardQueue, generation: generation)
        var best = UInt64(Self.unreachable), meetingRank = UInt32.max
        var forwardRanks: [UInt32] = [], settledCount = 0
        var overflowed = false, stopped = false
        withArcViews { up, down in
            while !forwardQueue.isEmpty || !backwardQueue.isEmpty {
                let f = forwardQueue.isEmpty ? UInt64.max : UInt64(PackedEntry.key(forwardQueue.minimum))
                let b = backwardQueue.isEmpty ? UInt64.max : UInt64(PackedEntry.key(backwardQueue.minimum))
                let limit = best >= UInt64(Self.unreachable) ? UInt64.max - 1 : bound(UInt32(best))
                if min(f, b) > limit { break }
                if settledCount % Self.viaStopCheckInterval == 0, let shouldStop, shouldStop() { stopped = true; break }
                let forwardTurn = f <= b
                let side = forwardTurn ? ws.forward : ws.backward, opposite = forwardTurn ? ws.backward : ws.forward
                let entry = forwardTurn ? forwardQueue.pop() : backwardQueue.pop()
                let d = PackedEntry.key(entry), r = Int(PackedEntry.vertex(entry))
                if d != side.labels[r].distance { continue }  // stale
                settledCount += 1
                if forwardTurn { forwardRanks.append(UInt32(r)) }
                if opposite.labels[r].stamp == generation {
                    let total = UInt64(d) + UInt64(opposite.labels[r].distance)
                    if total < best { best = total; meetingRank = UInt32(r) }
                }
                if Self.isStalled(r, distance: d, labels: side.labels, generation: generation, arcs: forwardTurn ? down : up) { continue }
                if forwardTurn {
                    overflowed = Self.relaxArcs(of: r, distance: d, side: side, generation: generation, arcs: up, queue: &forwardQueue) || overflowed
                } else {
                    overflowed = Self.relaxArcs(of: r, distance: d, side: side, generation: generation, arcs: down, queue: &backwardQueue) || overflowed
                }
            }
        }
        ws.lastSettledCount = settledCount
        ws.lastSearchOverflowed = overflowed
        guard !stopped, !overflowed, meetingRank != UInt32.max else { return nil }
        return (Meeting(cost: UInt32(best), rank: meetingRank), forwardRanks)
    }

    /// The search arcs of a vertex's path after `viaSearch`: the forward chain's upward arcs (as indices
    /// into the upward arc view, tagged by `forwardArcTag`) and the backward chain's downward arcs, each
    /// beside its weight. Two paths sharing a packed arc share all the road it stands for.
    /// - Complexity: O(hierarchy levels on the path).
    func packedArcs(through rank: UInt32, workspace ws: ContractionHierarchyWorkspace) -> [(arc: UInt64, weight: UInt32)] {
        var result: [(arc: UInt64, weight: UInt32)] = []
        var r = Int(rank)
        while ws.forward.parents[r].arc != ContractionHierarchyWorkspace.seeded {
            let i = Int(ws.forward.parents[r].arc)
            result.append((Self.forwardArcTag | UInt64(i), upwardArcs[2 * i + 1]))
            r = Int(ws.forward.parents[r].rank)
        }
        r = Int(rank)
        while ws.backward.parents[r].arc != ContractionHierarchyWorkspace.seeded {
            let i = Int(ws.backward.parents[r].arc)
            result.append((UInt64(i), downwardArcs[2 * i + 1]))
            r = Int(ws.backward.parents[r].rank)
        }
        return result
    }

    /// Marks a packed arc as upward (forward search) in `packedArcs`, apart from the downward ones.
    static let forwardArcTag: UInt64 = 1 << 32
}
