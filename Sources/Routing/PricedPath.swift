import RoadNetwork

/// A path found by a penalised search, priced without the penalties: its integer cost in the metric, the
/// cost of the road it shares with the best path, and where its longest detour from the best path is
/// (the via point its T-test is made around).
struct PricedPath {
    let path: SearchResult
    /// The cost from the start position to the end position, integer units (turns included for time).
    let cost: Double
    /// The cost of its inner edges that the best path also drives, integer units (a screen, as the
    /// hierarchy's packed sharing is: `Router.alternativeRoutes` measures the sharing exactly).
    let sharedWithBest: Double
    /// The cumulative cost at the middle of its longest run of edges off the best path, counted as the
    /// hierarchy candidates' via cost is (from the start position; 0 when it has no such run).
    let viaCost: UInt32

    /// Prices `path` on `router`'s integer costs; `bestEdges` are the best path's edges (empty when
    /// pricing the best path itself).
    /// - Complexity: O(path length).
    init(_ path: SearchResult, router: Router, metric: RoutingMetric, bestEdges: Set<EdgeIndex>) {
        self.path = path
        let e = path.edges
        var cumulative = [Double(router.remainingCost(of: EdgePosition(edge: e[0], fraction: path.startFraction), metric: metric))]
        cumulative.reserveCapacity(e.count)
        var shared = 0.0
        var run = (start: 1, cost: 0.0), longest = (start: 1, end: 1, cost: 0.0)
        for k in e.indices.dropFirst() {
            let turn = metric == .time ? Double(router.turnMilliseconds(from: e[k - 1], to: e[k])) : 0
            let edgeCost = Double(router.edgeCost(e[k], metric: metric))
            cumulative.append(cumulative[k - 1] + turn + edgeCost)
            if bestEdges.contains(e[k]) {
                if k < e.count - 1 { shared += edgeCost }
                run = (k + 1, 0)
            } else {
                run.cost += turn + edgeCost
                if run.cost > longest.cost { longest = (run.start, k, run.cost) }
            }
        }
        let last = e.count - 1
        // The last edge is driven up to the end fraction (a single edge: from the start fraction to it).
        let unreached = Double(router.remainingCost(of: EdgePosition(edge: e[last], fraction: path.endFraction), metric: metric))
        cost = cumulative[last] - unreached
        sharedWithBest = shared
        if longest.cost > 0 {
            let before = cumulative[longest.start - 1]
            viaCost = UInt32(min(Double(UInt32.max), ((before + cumulative[longest.end]) / 2).rounded()))
        } else {
            viaCost = 0
        }
    }

    /// The path with its real cost in seconds or metres, as `Router.alternativeRoutes` tests candidates.
    func result(unitsPerOne: Double) -> SearchResult {
        var result = path
        result.cost = cost / unitsPerOne
        return result
    }
}
