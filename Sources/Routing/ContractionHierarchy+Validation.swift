extension ContractionHierarchy {
    /// The first violated invariant of `hierarchy` as the hierarchy of `graph` (see the type), or nil.
    /// - Complexity: O(vertices + arcs + search arcs × degree); memory O(vertices + arcs + search arcs).
    static func firstProblem(of hierarchy: ContractionHierarchy, graph: WeightedDigraph) -> (array: String, reason: String)? {
        let h = hierarchy
        if let problem = rankProblem(h.rank, vertexCount: graph.vertexCount) { return ("rank", problem) }
        if let problem = offsetsProblem(h.upwardFirstOut, vertexCount: graph.vertexCount, arcCount: h.upwardOrigin.count) {
            return ("upward_first_out", problem)
        }
        if let problem = offsetsProblem(h.downwardFirstIn, vertexCount: graph.vertexCount, arcCount: h.downwardOrigin.count) {
            return ("downward_first_in", problem)
        }
        for (name, count, expected) in [("upward_arcs", h.upwardArcs.count, 2 * h.upwardOrigin.count),
                                        ("downward_arcs", h.downwardArcs.count, 2 * h.downwardOrigin.count)] where count != expected {
            return (name, "\(count) entries where \(expected) are needed")
        }
        var check = ArcCheck(hierarchy: h, graph: graph)
        // Ascending rank: a shortcut's halves lie at its middle rank, below it, so they are checked first.
        for r in 0..<h.rank.count {
            if let problem = check.arcs(at: r, upward: true) ?? check.arcs(at: r, upward: false) { return problem }
        }
        return nil
    }

    private static func rankProblem(_ rank: [UInt32], vertexCount: Int) -> String? {
        if rank.count != vertexCount { return "\(rank.count) ranks for \(vertexCount) vertices" }
        var seen = [Bool](repeating: false, count: vertexCount)
        for (v, r) in rank.enumerated() {
            if Int(r) >= vertexCount || seen[Int(r)] { return "rank \(r) of vertex \(v) is out of range or repeated" }
            seen[Int(r)] = true
        }
        return nil
    }

    private static func offsetsProblem(_ first: [UInt32], vertexCount: Int, arcCount: Int) -> String? {
        if first.count != vertexCount + 1 { return "\(first.count) offsets for \(vertexCount) vertices" }
        if first[0] != 0 { return "starts at \(first[0]), not 0" }
        for r in 0..<vertexCount where first[r] > first[r + 1] { return "decreases at rank \(r)" }
        if Int(first[vertexCount]) != arcCount { return "ends at \(first[vertexCount]) but there are \(arcCount) arcs" }
        return nil
    }

    /// Checks search arcs rank by rank, remembering how many graph arcs each one spans.
    private struct ArcCheck {
        let h: ContractionHierarchy
        let graph: WeightedDigraph
        let graphTail: [UInt32]
        var vertexAt: [UInt32]
        var upwardHops: [UInt32]
        var downwardHops: [UInt32]

        init(hierarchy: ContractionHierarchy, graph: WeightedDigraph) {
            h = hierarchy
            self.graph = graph
            graphTail = graph.tails()
            vertexAt = [UInt32](repeating: 0, count: hierarchy.rank.count)
            for (v, r) in hierarchy.rank.enumerated() { vertexAt[Int(r)] = UInt32(v) }
            upwardHops = [UInt32](repeating: 0, count: hierarchy.upwardOrigin.count)
            downwardHops = [UInt32](repeating: 0, count: hierarchy.downwardOrigin.count)
        }

        /// The first problem among rank `r`'s upward (or downward) arcs.
        mutating func arcs(at r: Int, upward: Bool) -> (array: String, reason: String)? {
            let first = upward ? h.upwardFirstOut : h.downwardFirstIn
            let pairs = upward ? h.upwardArcs : h.downwardArcs
            let origins = upward ? h.upwardOrigin : h.downwardOrigin
            let prefix = upward ? "upward" : "downward"
            for i in Int(first[r]) ..< Int(first[r + 1]) {
                let other = pairs[2 * i], weight = pairs[2 * i + 1], origin = origins[i]
                if Int(other) >= h.rank.count || other <= UInt32(r) {
                    return ("\(prefix)_arcs", "arc \(i) at rank \(r) joins rank \(other), not a higher one")
                }
                if weight == ContractionHierarchy.unreachable { return ("\(prefix)_arcs", "arc \(i) has the reserved weight") }
                let hops: UInt32
                if origin & ContractionHierarchy.shortcutBit == 0 {
                    if let problem = originalArcProblem(Int(origin), rank: r, other: other, weight: weight, upward: upward) {
                        return ("\(prefix)_\(problem.array)", "arc \(i) at rank \(r): \(problem.reason)")
                    }
                    hops = 1
                } else {
                    switch shortcutHops(index: i, rank: r, weight: weight, upward: upward) {
                    case .success(let value): hops = value
                    case .failure(let problem): return ("\(prefix)_\(problem.array)", "arc \(i) at rank \(r): \(problem.reason)")
                    }
                }
                if upward { upwardHops[i] = hops } else { downwardHops[i] = hops }
            }
            return nil
        }

        /// Why graph arc `a` is not the search arc between ranks `r` and `other` (the array suffix to
        /// blame: a wrong weight is the `arcs` array's, anything else the `origin`'s), or nil.
        private func originalArcProblem(_ a: Int, rank r: Int, other: UInt32, weight: UInt32, upward: Bool) -> Problem? {
            if a >= graph.arcCount { return Problem(array: "origin", reason: "names graph arc \(a) of \(graph.arcCount)") }
            let (from, to) = upward ? (vertexAt[r], vertexAt[Int(other)]) : (vertexAt[Int(other)], vertexAt[r])
            if graphTail[a] != from || graph.head[a] != to { return Problem(array: "origin", reason: "graph arc \(a) does not join its ends") }
            if graph.weight[a] != weight { return Problem(array: "arcs", reason: "weighs \(weight) but graph arc \(a) weighs \(graph.weight[a])") }
            return nil
        }

        struct Problem: Error {
            var array: String
            var reason: String
        }

        /// The graph arcs a shortcut spans, after checking its middle and halves.
        private func shortcutHops(index i: Int, rank r: Int, weight: UInt32, upward: Bool) -> Result<UInt32, Problem> {
            let origin = upward ? h.upwardOrigin[i] : h.downwardOrigin[i]
            let middle = Int(origin & ~ContractionHierarchy.shortcutBit)
            if middle >= r { return .failure(Problem(array: "origin", reason: "the middle rank \(middle) is not below both ends")) }
            guard let (_, a, b) = h.halves(ofArc: i, at: r, upward: upward) else {
                return .failure(Problem(array: "origin", reason: "a half is missing at middle rank \(middle)"))
            }
            let sum = UInt64(h.downwardArcs[2 * a + 1]) + UInt64(h.upwardArcs[2 * b + 1])
            if sum != UInt64(weight) { return .failure(Problem(array: "arcs", reason: "weighs \(weight) but its halves weigh \(sum)")) }
            // A builder-made shortcut spans at most a few hundred arcs; the bound only stops crafted
            // arrays from unpacking into an exponentially long "path".
            let span = UInt64(downwardHops[a]) + UInt64(upwardHops[b])
            if span > UInt64(max(1, graph.arcCount)) { return .failure(Problem(array: "origin", reason: "spans \(span) arcs of \(graph.arcCount)")) }
            return .success(UInt32(span))
        }
    }
}
