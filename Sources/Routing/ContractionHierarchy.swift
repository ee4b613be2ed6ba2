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
///   (a higher rank) of weight `upwardArcs[2i + 1]`; head and weight lie side by side because the
///   search reads them together;
/// - downward arcs `i` in `downwardFirstIn[r] ..< downwardFirstIn[r + 1]`: arcs `downwardArcs[2i] → r`
///   (from a higher rank) of weight `downwardArcs[2i + 1]`; the backward search follows them against
///   their direction;
/// - `upwardOrigin[i]` / `downwardOrigin[i]`: what the arc stands for: the graph's arc of that index,
///   or, with `shortcutBit` set, a shortcut `u → w` whose remaining bits are the rank `m` of its
///   middle vertex. `m` ranks below both ends, and the two halves are stored at `m`: `u → m` among
///   m's downward arcs, `m → w` among its upward arcs (unique: contraction keeps no parallel arcs).
///   Unpacking replaces a shortcut by its halves until only graph arcs are left (ranks fall at every
///   step, so it ends), yielding the graph's own arc indices in driving order. Keeping the middle in
///   the origin slot instead of a table of shortcut halves saves 8 bytes per shortcut (a quarter of
///   the hierarchy on a turn-expanded road graph) for a scan of `m`'s arcs per unpacked shortcut.
///
/// Invariants (checked against the graph by `init(validating:…)`): every array has its stated length,
/// offsets are monotone, ranks are a permutation, every search arc joins a higher rank; an original
/// arc's ends and weight are the graph arc's; a shortcut's middle ranks below both ends, its halves
/// exist and weigh together exactly its weight, and it spans at most as many graph arcs as the graph
/// has. So any path a query returns is a real path of the graph with exactly the cost reported. That
/// it is a *shortest* one rests on the arrays being the builder's own output, which the stored
/// checksums vouch for.
///
/// CH or customizable CH? Waymark contracts each metric with witness searches (classic CH) instead
/// of one metric-independent nested-dissection order customised per metric: the metrics are fixed at
/// import (no live traffic to re-customise for), CH queries settle fewer vertices than CCH's
/// witness-free hierarchy, and a build per metric stays inside the import budget (figures in
/// BENCHMARKS.md, *Contraction hierarchy*). A second metric can still reuse the first one's order
/// (`ContractionOptions.rank`), which skips the priority simulations.
public struct ContractionHierarchy: Sendable, Equatable {
    /// The cost of "no path"; arc and shortcut weights are always below it, and query costs saturate to it.
    public static let unreachable = UInt32.max
    /// Marks an origin that is a shortcut's middle rank rather than a graph arc.
    public static let shortcutBit: UInt32 = 1 << 31

    /// Number of arcs in the contracted graph (original arc indices are below it).
    public let originalArcCount: Int
    public let rank: [UInt32]
    public let upwardFirstOut: [UInt32]
    /// Head rank and weight of each upward arc, interleaved.
    public let upwardArcs: [UInt32]
    public let upwardOrigin: [UInt32]
    public let downwardFirstIn: [UInt32]
    /// Tail rank and weight of each downward arc, interleaved.
    public let downwardArcs: [UInt32]
    public let downwardOrigin: [UInt32]

    /// Contracts `graph`.
    /// - Throws: `weightOverflow` when some shortcut would weigh `unreachable` or more;
    ///   `invalidOrder` for a bad `options.rank`.
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
    /// - Complexity: O(vertices + search arcs × degree); memory O(vertices + search arcs).
    public init(validating graph: WeightedDigraph, rank: [UInt32],
                upwardFirstOut: [UInt32], upwardArcs: [UInt32], upwardOrigin: [UInt32],
                downwardFirstIn: [UInt32], downwardArcs: [UInt32], downwardOrigin: [UInt32]) throws(ContractionHierarchyError) {
        let candidate = ContractionHierarchy(
            unchecked: (), rank: rank, upwardFirstOut: upwardFirstOut, upwardArcs: upwardArcs, upwardOrigin: upwardOrigin,
            downwardFirstIn: downwardFirstIn, downwardArcs: downwardArcs, downwardOrigin: downwardOrigin,
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
                      upwardOrigin: array("upward_origin"),
                      downwardFirstIn: array("downward_first_in"), downwardArcs: array("downward_arcs"),
                      downwardOrigin: array("downward_origin"))
    }

    /// Member-wise, without checks (the builder and the validating initializer).
    init(unchecked: Void, rank: [UInt32],
         upwardFirstOut: [UInt32], upwardArcs: [UInt32], upwardOrigin: [UInt32],
         downwardFirstIn: [UInt32], downwardArcs: [UInt32], downwardOrigin: [UInt32], originalArcCount: Int) {
        self.rank = rank
        self.upwardFirstOut = upwardFirstOut
        self.upwardArcs = upwardArcs
        self.upwardOrigin = upwardOrigin
        self.downwardFirstIn = downwardFirstIn
        self.downwardArcs = downwardArcs
        self.downwardOrigin = downwardOrigin
        self.originalArcCount = originalArcCount
    }

    /// Every array under a stable snake_case name, for storage (one checksummed row each).
    public var storedArrays: [(name: String, values: [UInt32])] {
        [("rank", rank), ("upward_first_out", upwardFirstOut), ("upward_arcs", upwardArcs),
         ("upward_origin", upwardOrigin), ("downward_first_in", downwardFirstIn),
         ("downward_arcs", downwardArcs), ("downward_origin", downwardOrigin)]
    }

    public var vertexCount: Int { rank.count }
    /// Upward plus downward arcs (what the searches scan).
    public var searchArcCount: Int { upwardOrigin.count + downwardOrigin.count }
    /// Search arcs that are shortcuts.
    /// - Complexity: O(search arcs).
    public var shortcutCount: Int {
        upwardOrigin.reduce(0) { $0 + ($1 & Self.shortcutBit == 0 ? 0 : 1) }
            + downwardOrigin.reduce(0) { $0 + ($1 & Self.shortcutBit == 0 ? 0 : 1) }
    }
    /// Bytes held by the arrays.
    public var memoryBytes: Int { storedArrays.reduce(0) { $0 + 4 * $1.values.count } }

    /// A workspace for this hierarchy's queries; each thread needs its own.
    public func makeWorkspace() -> ContractionHierarchyWorkspace { ContractionHierarchyWorkspace(vertexCount: vertexCount) }

    /// The position of the arc joining rank `r` with rank `other` among r's upward (or downward)
    /// arcs, the first if several.
    /// - Complexity: O(degree of r).
    func arcIndex(at r: Int, to other: UInt32, upward: Bool) -> Int? {
        let (first, ends) = upward ? (upwardFirstOut, upwardArcs) : (downwardFirstIn, downwardArcs)
        for i in Int(first[r]) ..< Int(first[r + 1]) where ends[2 * i] == other { return i }
        return nil
    }

    /// The two halves of shortcut arc `index` stored at rank `owner` (upward or downward), both stored
    /// at its middle rank `m`: the downward arc from `u` and the upward arc to `w`; nil when either is
    /// missing (only in unvalidated arrays).
    func halves(ofArc index: Int, at owner: Int, upward: Bool) -> (middle: Int, first: Int, second: Int)? {
        let origin = upward ? upwardOrigin[index] : downwardOrigin[index]
        let middle = Int(origin & ~Self.shortcutBit)
        let other = upward ? upwardArcs[2 * index] : downwardArcs[2 * index]
        let (u, w) = upward ? (UInt32(owner), other) : (other, UInt32(owner))
        guard middle < rank.count, let first = arcIndex(at: middle, to: u, upward: false),
              let second = arcIndex(at: middle, to: w, upward: true) else { return nil }
        return (middle, first, second)
    }
}
