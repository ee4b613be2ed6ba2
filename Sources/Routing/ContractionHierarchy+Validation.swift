extension ContractionHierarchy {
    /// The ends, weight and span (original arcs) of every hierarchy arc id: the graph's own arrays for
    /// original arcs (not copied: validation runs at every load), four small arrays for the shortcuts.
    private struct ArcEnds {
        let graphTail: [UInt32]
        let graph: WeightedDigraph
        var shortcutTail: [UInt32] = []
        var shortcutHead: [UInt32] = []
        var shortcutWeight: [UInt32] = []
        var shortcutHops: [UInt32] = []

        var count: Int { graph.arcCount + shortcutTail.count }
        func tail(_ id: Int) -> UInt32 { id < graph.arcCount ? graphTail[id] : shortcutTail[id - graph.arcCount] }
        func head(_ id: Int) -> UInt32 { id < graph.arcCount ? graph.head[id] : shortcutHead[id - graph.arcCount] }
        func weight(_ id: Int) -> UInt32 { id < graph.arcCount ? graph.weight[id] : shortcutWeight[id - graph.arcCount] }
        func hops(_ id: Int) -> UInt32 { id < graph.arcCount ? 1 : shortcutHops[id - graph.arcCount] }
    }

    /// The first violated invariant of `hierarchy` as the hierarchy of `graph` (see the type), or nil.
    /// - Complexity: O(vertices + arcs + shortcuts).
    static func firstProblem(of hierarchy: ContractionHierarchy, graph: WeightedDigraph) -> (array: String, reason: String)? {
        let h = hierarchy
        if let problem = permutationProblem(h.rank, vertexCount: graph.vertexCount, entry: "rank") { return ("rank", problem) }
        if let problem = offsetsProblem(h.upwardFirstOut, vertexCount: graph.vertexCount, arcCount: h.upwardArcID.count, entry: "rank") {
            return ("upward_first_out", problem)
        }
        if let problem = offsetsProblem(h.downwardFirstIn, vertexCount: graph.vertexCount, arcCount: h.downwardArcID.count, entry: "rank") {
            return ("downward_first_in", problem)
        }
        // Equally many first and second shortcut halves: checked before they are interleaved.
        for (name, count, expected) in [("upward_arcs", h.upwardArcs.count, 2 * h.upwardArcID.count),
                                        ("downward_arcs", h.downwardArcs.count, 2 * h.downwardArcID.count)] where count != expected {
            return (name, "\(count) entries where \(expected) are needed")
        }
        if graph.arcCount + h.shortcutCount >= Int(UInt32.max - 1) { return ("shortcut_first", "too many shortcuts") }
        let ends: ArcEnds
        do { ends = try arcEnds(of: h, graph: graph) } catch { return error.problem }
        var vertexAt = [UInt32](repeating: 0, count: h.rank.count)
        for (v, r) in h.rank.enumerated() { vertexAt[Int(r)] = UInt32(v) }
        if let problem = searchArcsProblem(h, ends: ends, vertexAt: vertexAt, upward: true) { return problem }
        if let problem = searchArcsProblem(h, ends: ends, vertexAt: vertexAt, upward: false) { return problem }
        return nil
    }

    /// Why `numbers` (one `entry`, say a rank, per vertex) is not a permutation of the vertices, or nil.
    /// - Complexity: O(vertices).
    static func permutationProblem(_ numbers: [UInt32], vertexCount: Int, entry: String) -> String? {
        if numbers.count != vertexCount { return "\(numbers.count) \(entry)s for \(vertexCount) vertices" }
        var seen = [Bool](repeating: false, count: vertexCount)
        for (v, r) in numbers.enumerated() {
            if Int(r) >= vertexCount || seen[Int(r)] { return "\(entry) \(r) of vertex \(v) is out of range or repeated" }
            seen[Int(r)] = true
        }
        return nil
    }

    /// Why `first` is not the CSR offsets of `arcCount` arcs over `vertexCount` vertices (numbered by
    /// `entry`), or nil.
    /// - Complexity: O(vertices).
    static func offsetsProblem(_ first: [UInt32], vertexCount: Int, arcCount: Int, entry: String) -> String? {
        if first.count != vertexCount + 1 { return "\(first.count) offsets for \(vertexCount) vertices" }
        if first[0] != 0 { return "starts at \(first[0]), not 0" }
        for r in 0..<vertexCount where first[r] > first[r + 1] { return "decreases at \(entry) \(r)" }
        if Int(first[vertexCount]) != arcCount { return "ends at \(first[vertexCount]) but there are \(arcCount) arcs" }
        return nil
    }

    /// Ends, weights and hop counts of all hierarchy arcs; shortcuts checked to be well formed.
    private static func arcEnds(of h: ContractionHierarchy, graph: WeightedDigraph) throws(Failure) -> ArcEnds {
        let m = graph.arcCount, s = h.shortcutCount
        var ends = ArcEnds(graphTail: graph.tails(), graph: graph)
        ends.shortcutTail.reserveCapacity(s); ends.shortcutHead.reserveCapacity(s)
        ends.shortcutWeight.reserveCapacity(s); ends.shortcutHops.reserveCapacity(s)
        for k in 0..<s {
            let id = m + k
            let a = Int(h.firstHalf(ofShortcut: k)), b = Int(h.secondHalf(ofShortcut: k))
            if a >= id { throw Failure(("shortcut_first", "shortcut \(k) refers to arc \(a), not an earlier one")) }
            if b >= id { throw Failure(("shortcut_second", "shortcut \(k) refers to arc \(b), not an earlier one")) }
            if ends.head(a) != ends.tail(b) { throw Failure(("shortcut_second", "the halves of shortcut \(k) do not meet")) }
            let weight = UInt64(ends.weight(a)) + UInt64(ends.weight(b))
            if weight >= UInt64(unreachable) { throw Failure(("shortcut_first", "shortcut \(k) overflows")) }
            // A builder-made shortcut is a path of at most a few hundred arcs; the bound only stops
            // crafted arrays from unpacking into an exponentially long "path".
            let span = UInt64(ends.hops(a)) + UInt64(ends.hops(b))
            if span > UInt64(max(1, m)) { throw Failure(("shortcut_first", "shortcut \(k) spans \(span) arcs of \(m)")) }
            ends.shortcutTail.append(ends.tail(a)); ends.shortcutHead.append(ends.head(b))
            ends.shortcutWeight.append(UInt32(weight)); ends.shortcutHops.append(UInt32(span))
        }
        return ends
    }

    /// A problem (array, reason) thrown out of the arc walk.
    private struct Failure: Error {
        var problem: (array: String, reason: String)
        init(_ problem: (String, String)) { self.problem = problem }
    }

    /// Upward (or downward) arcs: other end ranked higher, id in range, ends and weight as the id says.
    private static func searchArcsProblem(_ h: ContractionHierarchy, ends: ArcEnds, vertexAt: [UInt32], upward: Bool) -> (array: String, reason: String)? {
        let first = upward ? h.upwardFirstOut : h.downwardFirstIn
        let pairs = upward ? h.upwardArcs : h.downwardArcs
        let arc = upward ? h.upwardArcID : h.downwardArcID
        let prefix = upward ? "upward" : "downward"
        let idCount = ends.count
        for r in 0..<h.rank.count {
            for i in Int(first[r]) ..< Int(first[r + 1]) {
                let o = pairs[2 * i], weight = pairs[2 * i + 1]
                if Int(o) >= h.rank.count || o <= UInt32(r) {
                    return ("\(prefix)_arcs", "arc \(i) at rank \(r) joins rank \(o), not a higher one")
                }
                let id = Int(arc[i])
                if id >= idCount { return ("\(prefix)_arc_id", "arc \(i) names hierarchy arc \(id) of \(idCount)") }
                let (from, to) = upward ? (vertexAt[r], vertexAt[Int(o)]) : (vertexAt[Int(o)], vertexAt[r])
                if ends.tail(id) != from || ends.head(id) != to {
                    return ("\(prefix)_arc_id", "arc \(i) at rank \(r) does not join the ends of hierarchy arc \(id)")
                }
                if ends.weight(id) != weight {
                    return ("\(prefix)_arcs", "arc \(i) weighs \(weight) but hierarchy arc \(id) weighs \(ends.weight(id))")
                }
            }
        }
        return nil
    }
}
