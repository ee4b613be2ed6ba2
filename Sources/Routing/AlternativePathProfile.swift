import RoadNetwork

/// A candidate path of `Router.alternativeRoutes` with what its tests read: the cost of the part of each
/// road edge it drives, found by edge in an open-addressing table, so that the sharing of two paths is
/// one lookup per edge.
///
/// Not Swift's `Dictionary` or `Set`: a Porto path has a few hundred edges, a profile is built for every
/// candidate tested, and hashing each edge with SipHash (and growing the tables) was 40 % of the
/// alternatives' instructions; sorting instead was still 16 % (callgrind, notebook "alternatives").
/// Edges are integers spread by the graph's numbering, so a multiplicative hash is enough.
struct AlternativePathProfile {
    let path: SearchResult
    /// The edges driven, each once, in path order.
    let edges: [EdgeIndex]
    /// `driven[i]`: the integer cost of the part of `edges[i]` the path drives (partial first and last
    /// edges by fraction; both parts when the first and the last edge are one).
    let driven: [UInt64]
    /// Whether some edge other than a first edge that is also the last comes twice.
    let repeatsAnEdge: Bool
    /// The table: a power of two of slots, each an index into `edges` or `emptySlot`.
    private let slots: [UInt32]
    private let slotShift: Int

    private static let emptySlot = UInt32.max
    /// Fibonacci hashing's multiplier (2³² / φ): spreads consecutive edge numbers over the slots.
    private static let hashMultiplier: UInt32 = 0x9E37_79B9

    /// - Complexity: O(E) expected for the path's E edges.
    init(_ path: SearchResult, router: Router, metric: RoutingMetric) {
        self.path = path
        let e = path.edges
        // At least twice the edges in slots, so that probes stay short.
        var bits = 4
        while 1 << bits < 2 * e.count { bits += 1 }
        let shift = 32 - bits
        slotShift = shift
        var slots = [UInt32](repeating: Self.emptySlot, count: 1 << bits)
        var edges = [EdgeIndex](repeating: 0, count: e.count), driven = [UInt64](repeating: 0, count: e.count)
        var unique = 0
        // Filled through buffer pointers: appending to the arrays checked their uniqueness per edge.
        slots.withUnsafeMutableBufferPointer { slots in
            edges.withUnsafeMutableBufferPointer { edges in
                driven.withUnsafeMutableBufferPointer { driven in
                    for (i, edge) in e.enumerated() {
                        let cost = UInt64(Router.drivenCost(router.edgeCost(edge, metric: metric), from: path.startFraction(ofEdgeAt: i),
                                                            to: path.endFraction(ofEdgeAt: i)))
                        var s = Self.slot(of: edge, shift: shift)
                        while slots[s] != Self.emptySlot && edges[Int(slots[s])] != edge { s = (s + 1) & (slots.count - 1) }
                        if slots[s] == Self.emptySlot {
                            slots[s] = UInt32(unique)
                            edges[unique] = edge
                            driven[unique] = cost
                            unique += 1
                        } else {
                            driven[Int(slots[s])] += cost
                        }
                    }
                }
            }
        }
        edges.removeLast(e.count - unique)
        driven.removeLast(e.count - unique)
        self.slots = slots
        self.edges = edges
        self.driven = driven
        // The first and last edge may be one edge driven in two parts: away from the start, and back to
        // the target behind it.
        let allowed = e.count > 2 && e.first == e.last ? 1 : 0
        repeatsAnEdge = e.count - unique > allowed
    }

    /// The first slot to probe for `edge`.
    @inline(__always)
    private static func slot(of edge: EdgeIndex, shift: Int) -> Int {
        Int((edge &* hashMultiplier) >> UInt32(shift))
    }

    /// The driven cost of `edge` on this path, 0 when the path does not drive it.
    private func drivenCost(of edge: EdgeIndex) -> UInt64 {
        let mask = slots.count - 1
        var s = Self.slot(of: edge, shift: slotShift)
        while slots[s] != Self.emptySlot {
            let i = Int(slots[s])
            if edges[i] == edge { return driven[i] }
            s = (s + 1) & mask
        }
        return 0
    }

    /// Whether no road edge is driven twice (a via vertex's up and down paths may meet in a loop).
    var drivesEachEdgeOnce: Bool { !repeatsAnEdge }

    /// The cost of the road this path shares with `other`: per edge both drive, the smaller driven part.
    /// - Complexity: O(E) expected for this path's E edges.
    func sharedCost(with other: AlternativePathProfile) -> UInt64 {
        var shared: UInt64 = 0
        for (i, edge) in edges.enumerated() { shared += min(driven[i], other.drivenCost(of: edge)) }
        return shared
    }

    /// `cumulative[k]`: the integer cost from the start position to the head of edge `k` of the path (the
    /// first edge from its start fraction, the others whole, with the turn onto each), as the
    /// hierarchy's labels count it. Only the T-test reads it, so it is not kept.
    /// - Complexity: O(E).
    func cumulativeCosts(router: Router, metric: RoutingMetric) -> [UInt64] {
        let e = path.edges
        var c = [UInt64(router.remainingCost(of: EdgePosition(edge: e[0], fraction: path.startFraction), metric: metric))]
        c.reserveCapacity(e.count)
        for k in e.indices.dropFirst() {
            let turn = metric == .time ? UInt64(router.turnMilliseconds(from: e[k - 1], to: e[k])) : 0
            c.append(c[k - 1] + turn + UInt64(router.edgeCost(e[k], metric: metric)))
        }
        return c
    }
}
