import RoadNetwork

/// A candidate path of `Router.alternativeRoutes` with what its tests read: the cost of the part of each
/// road edge it drives, kept sorted by edge so that the sharing of two paths is one merge.
///
/// Sorted arrays rather than hashed sets: a Porto path has a few hundred edges, and a profile is built
/// for every candidate tested; hashing each edge into a dictionary was 40 % of the alternatives' time
/// (callgrind, notebook "alternatives").
struct AlternativePathProfile {
    let path: SearchResult
    /// The edges driven, ascending, each once.
    let edges: [EdgeIndex]
    /// `driven[i]`: the integer cost of the part of `edges[i]` the path drives (partial first and last
    /// edges by fraction; both parts when the first and the last edge are one).
    let driven: [UInt64]
    /// Whether some edge other than a first edge that is also the last comes twice.
    let repeatsAnEdge: Bool

    /// - Complexity: O(E log E) for the path's E edges.
    init(_ path: SearchResult, router: Router, metric: RoutingMetric) {
        self.path = path
        let e = path.edges
        // Edge in the high half, the driven part (at most the edge's 32-bit cost) in the low half.
        var keyed: [UInt64] = []
        keyed.reserveCapacity(e.count)
        for (i, edge) in e.enumerated() {
            let cost = Router.drivenCost(router.edgeCost(edge, metric: metric), from: path.startFraction(ofEdgeAt: i),
                                         to: path.endFraction(ofEdgeAt: i))
            keyed.append(UInt64(edge) << 32 | UInt64(cost))
        }
        keyed.sort()
        var edges: [EdgeIndex] = [], driven: [UInt64] = []
        edges.reserveCapacity(keyed.count)
        driven.reserveCapacity(keyed.count)
        for key in keyed {
            let edge = EdgeIndex(key >> 32), cost = key & 0xFFFF_FFFF
            if edges.last == edge { driven[driven.count - 1] += cost } else { edges.append(edge); driven.append(cost) }
        }
        // The first and last edge may be one edge driven in two parts: away from the start, and back to
        // the target behind it.
        let allowed = e.count > 2 && e.first == e.last ? 1 : 0
        repeatsAnEdge = e.count - edges.count > allowed
        self.edges = edges
        self.driven = driven
    }

    /// Whether no road edge is driven twice (a via vertex's up and down paths may meet in a loop).
    var drivesEachEdgeOnce: Bool { !repeatsAnEdge }

    /// The cost of the road this path shares with `other`: per edge both drive, the smaller driven part.
    /// - Complexity: O(E + F) for the two paths' edges.
    func sharedCost(with other: AlternativePathProfile) -> UInt64 {
        var shared: UInt64 = 0
        var i = 0, j = 0
        let mine = edges, theirs = other.edges
        while i < mine.count && j < theirs.count {
            if mine[i] < theirs[j] { i += 1 } else if mine[i] > theirs[j] { j += 1 } else {
                shared += min(driven[i], other.driven[j])
                i += 1; j += 1
            }
        }
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
