import RoadNetwork

/// The via-node candidates of a `RoutingHierarchy` query: the best path and the up-down paths through
/// the vertices both upward searches reach within the stretch limit, unpacked to road edges on the
/// same states, seeds and integer costs as `HierarchyQuery` (see there for the mapping).
///
/// Candidates are first screened on the packed hierarchy arcs, as OSRM does: a packed arc shared with
/// the best path stands for road shared with it, so a candidate whose shared packed weight already
/// passes the sharing limit is dropped without unpacking. The rest are ranked by stretch and that lower
/// bound of sharing, and unpacked in that order until `candidateLimit` distinct paths; `Router.alternativeRoutes` makes
/// the exact checks.
enum HierarchyAlternatives {
    /// One unpacked candidate: its path, and the cost its forward part reaches the via vertex at
    /// (integer units, counted like the path's cumulative costs from the start position).
    struct Candidate {
        var path: SearchResult
        var viaCost: UInt32
    }

    /// The best path and the screened candidates, most promising first.
    struct Found {
        var best: SearchResult
        var candidates: [Candidate]
    }

    /// The best path and up to `options.candidateLimit` candidate alternatives.
    /// - Returns: nil when the hierarchy search finds nothing, overflows or is stopped (the caller falls
    ///   back to the ordinary route, which reports each of these); a path along one edge alone comes with
    ///   no candidates.
    /// - Complexity: that of `ContractionHierarchy.viaSearch`, plus O(C × levels) to screen C candidates
    ///   and the unpacked length of those kept.
    static func find(on hierarchy: RoutingHierarchy, router: Router, starts: [EdgePosition], startNode: NodeIndex?,
                     targets positions: [EdgePosition], targetNode: NodeIndex?, options: AlternativeOptions,
                     workspace ws: ContractionHierarchyWorkspace, shouldStop: (@Sendable () -> Bool)?) -> Found? {
        let metric = hierarchy.metric
        let sources = HierarchyQuery.sources(router: router, metric: metric, starts: starts, startNode: startNode)
        let targets = HierarchyQuery.targets(router: router, metric: metric, positions: positions, node: targetNode)
        let offset = UInt64(targets.offset), stretch = 1 + options.maximumStretch
        let bound = { (best: UInt32) -> UInt64 in offset + UInt64((Double(UInt64(best) - min(offset, UInt64(best))) * stretch).rounded(.down)) }
        guard let found = hierarchy.hierarchy.viaSearch(from: sources.seeds, to: targets.seeds, workspace: ws,
                                                        bound: bound, shouldStop: shouldStop) else { return nil }
        let settled = ws.lastSettledCount
        let unitsPerOne = metric.unitsPerOne
        if let direct = HierarchyQuery.direct(router: router, metric: metric, starts: starts, targets: positions, targetNode: targetNode),
           UInt64(direct.cost) + offset <= UInt64(found.best.cost) {
            let start = starts[direct.start]
            let best = SearchResult(cost: Double(direct.cost) / unitsPerOne, edges: [start.edge], startFraction: start.fraction,
                                    endFraction: direct.endFraction, settled: settled)
            return Found(best: best, candidates: [])
        }
        let unpack = { (meeting: ContractionHierarchy.Meeting) -> SearchResult in
            HierarchyQuery.unpackedPath(through: meeting, on: hierarchy, sources: sources, targets: targets, settled: settled, workspace: ws)
        }
        let screened = screen(found, hierarchy: hierarchy.hierarchy, offset: offset, options: options, workspace: ws)
        let best = unpack(found.best)
        // Neighbouring via vertices often unpack to the same road path: each path is kept once.
        var candidates: [Candidate] = []
        for c in screened.prefix(options.candidateLimit * unpackedPerKept) where candidates.count < options.candidateLimit {
            let path = unpack(ContractionHierarchy.Meeting(cost: c.cost, rank: c.rank))
            guard !isSamePath(path, as: best), !candidates.contains(where: { isSamePath(path, as: $0.path) }) else { continue }
            candidates.append(Candidate(path: path, viaCost: ws.forward.labels[Int(c.rank)].distance))
        }
        return Found(best: best, candidates: candidates)
    }

    /// Whether two unpacked paths drive the same edges. Compared edge by edge only when their costs
    /// match, which for different paths is rare: cheaper than hashing every path's edges.
    private static func isSamePath(_ a: SearchResult, as b: SearchResult) -> Bool {
        a.cost == b.cost && a.edges == b.edges
    }

    /// Candidates unpacked per distinct path kept, at most: the bound on unpacking work when many via
    /// vertices lead to the same paths.
    static let unpackedPerKept = 4

    /// The candidates worth unpacking, most promising first: not the best meeting itself, packed sharing
    /// with the best path within the limit, ranked by twice the stretch plus that sharing (both as
    /// fractions of the best path's cost).
    /// - Complexity: O(C × levels + C log C) for C candidates.
    private static func screen(_ found: ContractionHierarchy.ViaSearchResult, hierarchy: ContractionHierarchy, offset: UInt64,
                               options: AlternativeOptions, workspace ws: ContractionHierarchyWorkspace) -> [ContractionHierarchy.ViaCandidate] {
        let bestCost = Double(max(1, UInt64(found.best.cost) - min(offset, UInt64(found.best.cost))))
        let bestArcs = Set(hierarchy.packedArcs(through: found.best.rank, workspace: ws).map(\.arc))
        var ranked: [(score: Double, candidate: ContractionHierarchy.ViaCandidate)] = []
        for candidate in found.candidates where candidate.rank != found.best.rank {
            var shared: UInt64 = 0
            for (arc, weight) in hierarchy.packedArcs(through: candidate.rank, workspace: ws) where bestArcs.contains(arc) {
                shared += UInt64(weight)
            }
            let sharing = Double(shared) / bestCost
            guard sharing <= options.maximumSharing else { continue }
            let stretch = Double(UInt64(candidate.cost) - min(offset, UInt64(candidate.cost))) / bestCost - 1
            ranked.append((AlternativeOptions.stretchWeightInScore * stretch + sharing, candidate))
        }
        ranked.sort { $0.score < $1.score }
        return ranked.map(\.candidate)
    }
}
