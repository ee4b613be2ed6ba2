import RoadNetwork

/// Candidate alternatives on the plain turn-expanded graph, for a router without a contraction hierarchy
/// for the metric (a database imported without one, or a router for `exclude=`): the penalty method
/// (Bader et al., "Alternative route graphs in road networks", 2011; Kobitzsch et al., 2013).
///
/// The best path is found by A*; then, round after round, the edges of every path found so far are made
/// dearer (`penaltyShare` of their own cost each time a path drives them, plus `rejoinShare` of the best
/// path's cost for leaving such a path at one of its junctions) and A* finds the best path under those
/// penalties (`PenalisedSearch`). Each new path is a candidate; `Router.alternativeRoutes` then makes the
/// same exact tests as for the hierarchy's candidates (stretch, sharing, no edge twice, the T-test).
///
/// Why penalties rather than the via-node method the hierarchy uses: without a hierarchy, the via-node
/// method needs a forward and a backward A* each settling every state up to 1.25 × the best cost (the
/// ellipse of states within the stretch limit), the backward one over turn states with restriction
/// contexts, which the router does not lay out. A penalised A* query settles the states up to its own
/// path's penalised cost, about one direction of that ellipse (Porto: a median of 5 times the best
/// route's query), and the rounds mostly stop after two or three (Benchmarks/notebook/alternatives.md,
/// *The A\* fallback*).
///
/// A penalised path may leave the best path more than once; its T-test runs at the middle of its longest
/// stretch off the best path (the via vertex of a via-node candidate lies on its detour), so shorter
/// wiggles elsewhere are only discouraged by the rejoin penalty, not tested.
enum GraphAlternatives {
    /// The extra cost of an edge each time a path found drives it, as a share of its own cost: a path
    /// sharing a share σ of the best path and a stretch ε beats it under the penalties when ε < 0.5 (1 − σ)
    /// (in the first round), which reaches most of what the 25 % stretch and 75 % sharing limits admit.
    static let penaltyShare = 0.5
    /// The extra cost of leaving a path found at one of its inner junctions, as a share of the best path's
    /// cost: it keeps penalised paths from hopping off and back onto the best road for a block at a time.
    static let rejoinShare = 0.02
    /// Penalised searches beyond one per alternative asked for, at most: a round may find a path already
    /// found or one the exact tests reject. Porto, 100 pairs asking 3: six rounds found alternatives for
    /// the same 85 % of pairs as three (the rounds mostly end at the first path past the stretch limit),
    /// so more spares would cost without finding more (Benchmarks/notebook/alternatives.md).
    static let spareRounds = 1

    /// The best path and the candidates of the penalty method, most promising first (twice the stretch
    /// plus the sharing with the best path, as `HierarchyAlternatives` ranks its own).
    /// - Returns: nil when no target is reachable or the search was stopped (`workspace.shouldStop`).
    /// - Complexity: up to `count + spareRounds + 1` A* queries, each O((S + R) log S) for the S
    ///   states it settles and R relaxations, plus O(path length) per round for the penalties.
    static func find(router: Router, from: SnappedLocation, to: SnappedLocation, metric: RoutingMetric, count: Int,
                     options: AlternativeOptions, workspace ws: RoutingWorkspace) -> HierarchyAlternatives.Found? {
        let query = Query(router: router, from: from, to: to, metric: metric)
        guard let best = router.search(from: query.starts, startNode: query.startNode, to: query.targets,
                                       targetNode: query.targetNode, targetPoint: to.location, metric: metric,
                                       algorithm: .aStar, workspace: ws) else { return nil }
        guard best.edges.count > 1 else { return HierarchyAlternatives.Found(best: best, candidates: []) }
        let bestProfile = PricedPath(best, router: router, metric: metric, bestEdges: [])
        let bestCost = max(1, bestProfile.cost)
        let bestEdges = Set(best.edges)
        var penalties = EdgePenalties()
        penalise(bestProfile, in: &penalties, router: router, metric: metric, bestCost: bestCost)
        var seen: Set<[EdgeIndex]> = [best.edges]
        var ranked: [(score: Double, candidate: HierarchyAlternatives.Candidate)] = []
        var promising = 0
        for _ in 0..<(count + spareRounds) where promising < count && ranked.count < options.candidateLimit {
            if let shouldStop = ws.shouldStop, shouldStop() { return nil }
            guard let path = query.penalisedPath(penalties: penalties, workspace: ws) else { return nil }
            guard path.edges.count > 1 else { break }
            let priced = PricedPath(path, router: router, metric: metric, bestEdges: bestEdges)
            penalise(priced, in: &penalties, router: router, metric: metric, bestCost: bestCost)
            guard seen.insert(path.edges).inserted else { continue }
            let stretch = priced.cost / bestCost - 1
            // Penalties only grow: once the cheapest penalised path is too slow, later ones seldom are not.
            guard stretch <= options.maximumStretch else { break }
            let sharing = priced.sharedWithBest / bestCost
            if sharing <= options.maximumSharing { promising += 1 }
            let candidate = HierarchyAlternatives.Candidate(path: priced.result(unitsPerOne: metric.unitsPerOne),
                                                            viaCost: priced.viaCost)
            ranked.append((AlternativeOptions.stretchWeightInScore * stretch + sharing, candidate))
        }
        ranked.sort { $0.score < $1.score }
        return HierarchyAlternatives.Found(best: best, candidates: ranked.map(\.candidate))
    }

    /// Makes the inner edges of `path` dearer, and leaving it at its inner junctions (the first and last
    /// edges are every path's, or its twin's: penalising them would only push paths onto a U-turn).
    private static func penalise(_ path: PricedPath, in penalties: inout EdgePenalties, router: Router,
                                 metric: RoutingMetric, bestCost: Double) {
        let edges = path.path.edges
        guard edges.count > 2 else { return }
        let inner = edges[1..<(edges.count - 1)]
        let onPath = Set(edges)
        for e in inner { penalties.add(penaltyShare * Double(router.edgeCost(e, metric: metric)), to: e) }
        let rejoin = rejoinShare * bestCost
        for e in edges.dropLast() {
            let node = Int(router.graph.head[Int(e)])
            for o in router.graph.firstOut[node]..<router.graph.firstOut[node + 1] where !onPath.contains(EdgeIndex(o)) {
                penalties.add(rejoin, to: EdgeIndex(o))
            }
        }
    }
}
