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
/// - upward arcs `upwardFirstOut[r] ..< upwardFirstOut[r + 1]`: arcs `r → upwardHead[i]`
///   (`upwardHead[i] > r`) of weight `upwardWeight[i]`, which is hierarchy arc `upwardArc[i]`;
/// - downward arcs `downwardFirstIn[r] ..< downwardFirstIn[r + 1]`: arcs `downwardTail[i] → r`
///   (`downwardTail[i] > r`), which the backward search follows against their direction;
/// - hierarchy arc ids: `id < originalArcCount` is the graph's arc `id`; otherwise shortcut
///   `k = id - originalArcCount`, the path of hierarchy arc `shortcutFirst[k]` followed by
///   `shortcutSecond[k]` (both smaller ids, so unpacking ends), whose middle vertex is contracted below
///   both ends. Unpacking therefore yields the graph's own arc indices, in order.
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
/// BENCHMARKS.md, *Contraction hierarchy*). A second metric can still reuse the first one's order
/// (`ContractionOptions.rank`), which skips the priority simulations.
public struct ContractionHierarchy: Sendable, Equatable {
    /// The cost of "no path"; arc and shortcut weights are always below it, and query costs saturate to it.
    public static let unreachable = UInt32.max

    /// Number of arcs in the contracted graph; hierarchy arc ids below it are original arcs.
    public let originalArcCount: Int
    public let rank: [UInt32]
    public let upwardFirstOut: [UInt32]
    public let upwardHead: [UInt32]
    public let upwardWeight: [UInt32]
    public let upwardArc: [UInt32]
    public let downwardFirstIn: [UInt32]
    public let downwardTail: [UInt32]
    public let downwardWeight: [UInt32]
    public let downwardArc: [UInt32]
    public let shortcutFirst: [UInt32]
    public let shortcutSecond: [UInt32]

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
                upwardFirstOut: [UInt32], upwardHead: [UInt32], upwardWeight: [UInt32], upwardArc: [UInt32],
                downwardFirstIn: [UInt32], downwardTail: [UInt32], downwardWeight: [UInt32], downwardArc: [UInt32],
                shortcutFirst: [UInt32], shortcutSecond: [UInt32]) throws(ContractionHierarchyError) {
        let candidate = ContractionHierarchy(
            unchecked: (), rank: rank, upwardFirstOut: upwardFirstOut, upwardHead: upwardHead, upwardWeight: upwardWeight,
            upwardArc: upwardArc, downwardFirstIn: downwardFirstIn, downwardTail: downwardTail,
            downwardWeight: downwardWeight, downwardArc: downwardArc, shortcutFirst: shortcutFirst,
            shortcutSecond: shortcutSecond, originalArcCount: graph.arcCount)
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
                      upwardFirstOut: array("upward_first_out"), upwardHead: array("upward_head"),
                      upwardWeight: array("upward_weight"), upwardArc: array("upward_arc"),
                      downwardFirstIn: array("downward_first_in"), downwardTail: array("downward_tail"),
                      downwardWeight: array("downward_weight"), downwardArc: array("downward_arc"),
                      shortcutFirst: array("shortcut_first"), shortcutSecond: array("shortcut_second"))
    }

    /// Member-wise, without checks (the builder and the validating initializer).
    init(unchecked: Void, rank: [UInt32],
         upwardFirstOut: [UInt32], upwardHead: [UInt32], upwardWeight: [UInt32], upwardArc: [UInt32],
         downwardFirstIn: [UInt32], downwardTail: [UInt32], downwardWeight: [UInt32], downwardArc: [UInt32],
         shortcutFirst: [UInt32], shortcutSecond: [UInt32], originalArcCount: Int) {
        self.rank = rank
        self.upwardFirstOut = upwardFirstOut
        self.upwardHead = upwardHead
        self.upwardWeight = upwardWeight
        self.upwardArc = upwardArc
        self.downwardFirstIn = downwardFirstIn
        self.downwardTail = downwardTail
        self.downwardWeight = downwardWeight
        self.downwardArc = downwardArc
        self.shortcutFirst = shortcutFirst
        self.shortcutSecond = shortcutSecond
        self.originalArcCount = originalArcCount
    }

    /// Every array under a stable snake_case name, for storage (one checksummed row each).
    public var storedArrays: [(name: String, values: [UInt32])] {
        [("rank", rank), ("upward_first_out", upwardFirstOut), ("upward_head", upwardHead),
         ("upward_weight", upwardWeight), ("upward_arc", upwardArc), ("downward_first_in", downwardFirstIn),
         ("downward_tail", downwardTail), ("downward_weight", downwardWeight), ("downward_arc", downwardArc),
         ("shortcut_first", shortcutFirst), ("shortcut_second", shortcutSecond)]
    }

    public var vertexCount: Int { rank.count }
    public var shortcutCount: Int { shortcutFirst.count }
    /// Upward plus downward arcs (what the searches scan).
    public var searchArcCount: Int { upwardHead.count + downwardTail.count }
    /// Bytes held by the arrays.
    public var memoryBytes: Int { storedArrays.reduce(0) { $0 + 4 * $1.values.count } }

    /// A workspace for this hierarchy's queries; each thread needs its own.
    public func makeWorkspace() -> ContractionHierarchyWorkspace { ContractionHierarchyWorkspace(vertexCount: vertexCount) }
}
