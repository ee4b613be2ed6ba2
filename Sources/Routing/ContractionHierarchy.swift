/// A contraction hierarchy of a `WeightedDigraph`: exact shortest paths in a fraction of a
/// millisecond by two small searches that only ever climb in rank.
///
/// A value of flat `UInt32` arrays, so it can be stored array by array (with a checksum each) and
/// shared read-only between threads; queries run in a per-thread `ContractionHierarchyWorkspace`.
/// Vertices keep the graph's numbering in the API; inside, the search arrays are indexed by rank
/// (contraction position), so vertices near the top, which every query visits, lie together in memory.
///
/// Layout (CSR by rank `r`):
/// - `rank[v]`: the position in which vertex `v` was contracted (a permutation of `0 ..< n`);
/// - upward arcs `i` in `upwardFirstOut[r] ..< upwardFirstOut[r + 1]`: arcs `r → upwardArcs[2i]`
///   (a higher rank) of weight `upwardArcs[2i + 1]`, which are hierarchy arcs `upwardArcID[i]`; the
///   head and weight lie side by side because the search reads them together (one cache line);
/// - downward arcs `i` in `downwardFirstIn[r] ..< downwardFirstIn[r + 1]`: arcs `downwardArcs[2i] → r`
///   (from a higher rank) of weight `downwardArcs[2i + 1]`, hierarchy arcs `downwardArcID[i]`; the
///   backward search follows them against their direction;
/// - hierarchy arc ids: `id < originalArcCount` is the graph's arc `id`; otherwise shortcut
///   `k = id - originalArcCount`, the path of hierarchy arc `shortcutHalves[2k]` followed by
///   `shortcutHalves[2k + 1]` (both smaller ids, so unpacking ends), whose middle vertex is contracted
///   below both ends. Unpacking therefore yields the graph's own arc indices, in order; it reads both
///   halves of every shortcut it meets, so they lie side by side (one cache miss, not two).
///
/// Invariants (checked against the graph by `init(validating:…)`): every array has its stated length,
/// offsets are monotone, ranks are a permutation, every upward/downward arc's ends and weight match
/// the hierarchy arc it names, and every shortcut's halves meet, weigh together exactly the shortcut's
/// weight (below `unreachable`) and span at most `originalArcCount` arcs. So any path a query returns
/// is a real path of the graph with exactly the cost reported. That it is a *shortest* one rests on
/// the arrays being the builder's own output, which the stored checksums vouch for.
///
/// CH or customizable CH? Waymark contracts each metric with witness searches (classic CH) instead
/// of one metric-independent nested-dissection order customised per metric: the metrics are fixed at
/// import (no live traffic to re-customise for), CH queries settle fewer vertices than CCH's
/// witness-free hierarchy, and a build per metric stays well inside the import budget (figures in
/// Benchmarks/notebook, *Contraction hierarchy*). A second metric can still reuse the first one's order
/// (`ContractionOptions.rank`), which skips the priority simulations.
@_spi(Experiments) public struct ContractionHierarchy: Sendable, Equatable {
    /// The cost of "no path"; arc and shortcut weights are always below it, and query costs saturate to it.
    public static let unreachable = UInt32.max

    /// Number of arcs in the contracted graph; hierarchy arc ids below it are original arcs.
    let originalArcCount: Int
    @_spi(Experiments) public let rank: [UInt32]
    let upwardFirstOut: [UInt32]
    /// Head rank and weight of each upward arc, interleaved.
    let upwardArcs: [UInt32]
    @_spi(Experiments) public let upwardArcID: [UInt32]
    let downwardFirstIn: [UInt32]
    /// Tail rank and weight of each downward arc, interleaved.
    let downwardArcs: [UInt32]
    @_spi(Experiments) public let downwardArcID: [UInt32]
    /// The halves of every shortcut, interleaved (see the layout above).
    let shortcutHalves: [UInt32]

    /// Contracts `graph`.
    /// - Throws: `weightOverflow` when some shortcut would weigh `unreachable` or more;
    ///   `invalidOrder` for a bad `options.rank`; `tooManyShortcuts`.
    /// - Complexity: see `ContractionHierarchyBuilder.run()`; memory O(arcs + shortcuts).
    public init(graph: WeightedDigraph, options: ContractionOptions = ContractionOptions()) throws(ContractionHierarchyError) {
        var builder = ContractionHierarchyBuilder(graph: graph, options: options)
        self = try builder.run()
        #if DEBUG
        if let problem = Self.firstProblem(of: self, graph: graph) {
            preconditionFailure("the builder produced an invalid hierarchy: \(problem.array): \(problem.reason)")
        }
        #endif
    }

    /// Accepts stored arrays after checking them against the graph they were built for.
    /// - Throws: `ContractionHierarchyError.damaged` naming the first inconsistent array.
    /// - Complexity: O(vertices + arcs + shortcuts).
    public init(validating graph: WeightedDigraph, rank: [UInt32],
                upwardFirstOut: [UInt32], upwardArcs: [UInt32], upwardArcID: [UInt32],
                downwardFirstIn: [UInt32], downwardArcs: [UInt32], downwardArcID: [UInt32],
                shortcutFirst: [UInt32], shortcutSecond: [UInt32]) throws(ContractionHierarchyError) {
        guard shortcutSecond.count == shortcutFirst.count else {
            throw .damaged(array: "shortcut_second", reason: "\(shortcutSecond.count) entries where \(shortcutFirst.count) are needed")
        }
        let candidate = ContractionHierarchy(
            unchecked: (), rank: rank, upwardFirstOut: upwardFirstOut, upwardArcs: upwardArcs,
            upwardArcID: upwardArcID, downwardFirstIn: downwardFirstIn, downwardArcs: downwardArcs,
            downwardArcID: downwardArcID, shortcutHalves: Self.interleaved(shortcutFirst, shortcutSecond),
            originalArcCount: graph.arcCount)
        if let problem = Self.firstProblem(of: candidate, graph: graph) {
            throw .damaged(array: problem.array, reason: problem.reason)
        }
        self = candidate
    }

    /// Accepts arrays by their `storedArrays` names (the form a database keeps them in).
    /// - Throws: `damaged` for a missing array or any inconsistency.
    public init(validating graph: WeightedDigraph, storedArrays: [String: [UInt32]]) throws(ContractionHierarchyError) {
        func array(_ name: String) throws(ContractionHierarchyError) -> [UInt32] {
            guard let values = storedArrays[name] else { throw .damaged(array: name, reason: "missing") }
            return values
        }
        try self.init(validating: graph, rank: array("rank"),
                      upwardFirstOut: array("upward_first_out"), upwardArcs: array("upward_arcs"),
                      upwardArcID: array("upward_arc_id"),
                      downwardFirstIn: array("downward_first_in"), downwardArcs: array("downward_arcs"),
                      downwardArcID: array("downward_arc_id"),
                      shortcutFirst: array("shortcut_first"), shortcutSecond: array("shortcut_second"))
    }

    /// Member-wise, without checks (the builder and the validating initializer).
    init(unchecked: Void, rank: [UInt32],
         upwardFirstOut: [UInt32], upwardArcs: [UInt32], upwardArcID: [UInt32],
         downwardFirstIn: [UInt32], downwardArcs: [UInt32], downwardArcID: [UInt32],
         shortcutHalves: [UInt32], originalArcCount: Int) {
        self.rank = rank
        self.upwardFirstOut = upwardFirstOut
        self.upwardArcs = upwardArcs
        self.upwardArcID = upwardArcID
        self.downwardFirstIn = downwardFirstIn
        self.downwardArcs = downwardArcs
        self.downwardArcID = downwardArcID
        self.shortcutHalves = shortcutHalves
        self.originalArcCount = originalArcCount
    }

    /// Every array under a stable snake_case name, for storage (one checksummed row each). The shortcut
    /// halves are stored as two arrays, first halves and second halves, as before they were interleaved.
    public var storedArrays: [(name: String, values: [UInt32])] {
        [("rank", rank), ("upward_first_out", upwardFirstOut), ("upward_arcs", upwardArcs),
         ("upward_arc_id", upwardArcID), ("downward_first_in", downwardFirstIn),
         ("downward_arcs", downwardArcs), ("downward_arc_id", downwardArcID),
         ("shortcut_first", (0..<shortcutCount).map { firstHalf(ofShortcut: $0) }),
         ("shortcut_second", (0..<shortcutCount).map { secondHalf(ofShortcut: $0) })]
    }

    /// The hierarchy arc shortcut `k` starts with.
    @inline(__always)
    func firstHalf(ofShortcut k: Int) -> UInt32 { shortcutHalves[2 * k] }

    /// The hierarchy arc shortcut `k` ends with.
    @inline(__always)
    func secondHalf(ofShortcut k: Int) -> UInt32 { shortcutHalves[2 * k + 1] }

    /// Two equally long arrays merged element by element: `[a0, b0, a1, b1, …]`.
    static func interleaved(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        precondition(a.count == b.count, "\(a.count) first halves for \(b.count) second halves")
        var result = [UInt32]()
        result.reserveCapacity(2 * a.count)
        for (x, y) in zip(a, b) { result.append(x); result.append(y) }
        return result
    }

    var vertexCount: Int { rank.count }
    @_spi(Experiments) public var shortcutCount: Int { shortcutHalves.count / 2 }
    /// Upward plus downward arcs (what the searches scan).
    var searchArcCount: Int { upwardArcID.count + downwardArcID.count }
    /// Bytes held by the arrays.
    @_spi(Experiments) public var memoryBytes: Int { storedArrays.reduce(0) { $0 + 4 * $1.values.count } }

    /// A workspace for this hierarchy's queries; each thread needs its own.
    public func makeWorkspace() -> ContractionHierarchyWorkspace { ContractionHierarchyWorkspace(vertexCount: vertexCount) }
}
