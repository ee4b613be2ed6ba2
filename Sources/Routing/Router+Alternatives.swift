import RoadNetwork

extension Router {
    /// The best route between two snapped locations and up to `count` admissible alternatives to it,
    /// best first: by the via-node method on the contraction hierarchy for `metric`, or by the penalty
    /// method with A* on a router without one (see `AlternativeOptions` for what is admissible,
    /// `HierarchyAlternatives` and `GraphAlternatives` for the candidates; both pass the same tests).
    ///
    /// Alternatives come only for two locations (OSRM, too, answers a multi-leg request with one route);
    /// otherwise, and when none is admissible, the answer is the best route alone, as `route(through:)`
    /// finds it. Every route is one leg.
    /// The workspace's `shouldStop` is asked during the search and before each candidate's test.
    /// - Throws: as `route(through:)`: `RoutingError.tooFewCoordinates`, `RoutingError.noRoute` (also
    ///   when stopped).
    /// - Complexity: the via-node search (a few times a point-to-point query's), plus for each of at most
    ///   `options.candidateLimit` candidates its unpacking and one hierarchy query; without a hierarchy,
    ///   up to `count + 2` A* queries and one more (the T-test) per candidate.
    public func alternativeRoutes(through waypoints: [SnappedLocation], count: Int, metric: RoutingMetric = .time,
                                  options: AlternativeOptions = AlternativeOptions(),
                                  workspace: RoutingWorkspace? = nil) throws(RoutingError) -> [Route] {
        let ws = workspace ?? makeWorkspace()
        guard count > 0, waypoints.count == 2 else { return [try route(through: waypoints, metric: metric, workspace: ws)] }
        let from = waypoints[0], to = waypoints[1]
        let candidates: HierarchyAlternatives.Found?
        if let hierarchy = hierarchy(for: metric) {
            candidates = HierarchyAlternatives.find(on: hierarchy, router: self, starts: positions(of: from), startNode: node(at: from),
                                                    targets: positions(of: to), targetNode: node(at: to), options: options,
                                                    workspace: ws.hierarchyWorkspace, shouldStop: ws.shouldStop)
        } else {
            candidates = GraphAlternatives.find(router: self, from: from, to: to, metric: metric, count: count, options: options,
                                                workspace: ws)
        }
        guard let found = candidates else { return [try route(through: waypoints, metric: metric, workspace: ws)] }
        let chosen = try admissible(found, metric: metric, count: count, options: options, workspace: ws,
                                    stopped: RoutingError.noRoute(from: from.input, to: to.input))
        let settled = found.best.settled
        return ([found.best] + chosen).map { Route(legs: [makeLeg($0, from: from, to: to)], metric: metric, settledNodes: settled) }
    }

    /// The weight in `route`'s metric (seconds or metres) of the road `route` shares with `other`: per
    /// edge both drive, the smaller of the two driven parts (a partial first or last edge counts by its
    /// fraction). The sharing `alternativeRoutes` limits, for checks and benchmarks.
    /// - Complexity: O(edges of both routes).
    public func sharedWeight(of route: Route, with other: Route) -> Double {
        let mine = drivenCosts(of: route), theirs = drivenCosts(of: other)
        var shared = 0.0
        for (edge, cost) in mine { if let t = theirs[edge] { shared += min(cost, t) } }
        return shared / route.metric.unitsPerOne
    }

    /// The integer cost in the route's metric of the part of each edge a route drives.
    private func drivenCosts(of route: Route) -> [EdgeIndex: Double] {
        var result: [EdgeIndex: Double] = [:]
        for leg in route.legs {
            for (i, e) in leg.edges.enumerated() {
                // The snapped points lie on their edge or its twin, at the fraction from that edge's tail.
                let a = i == 0 ? (leg.from.edge == e ? leg.from.fraction : 1 - leg.from.fraction) : 0
                let b = i == leg.edges.count - 1 ? (leg.to.edge == e ? leg.to.fraction : 1 - leg.to.fraction) : 1
                result[e, default: 0] += Self.drivenCost(edgeCost(e, metric: route.metric), from: a, to: b)
            }
        }
        return result
    }

    /// The candidates that pass every test, taken in the screen's order (its score: twice the stretch
    /// plus the packed sharing), until `count` are taken: each must share at most the limit with the best
    /// path and with every one taken before it, and the costly T-test runs only on a candidate that passed
    /// every other test. Listed lightest first.
    private func admissible(_ found: HierarchyAlternatives.Found, metric: RoutingMetric, count: Int,
                            options: AlternativeOptions, workspace ws: RoutingWorkspace,
                            stopped: RoutingError) throws(RoutingError) -> [SearchResult] {
        let best = AlternativePathProfile(found.best, router: self, metric: metric)
        let bestCost = max(1, found.best.cost * metric.unitsPerOne)
        let sharingLimit = options.maximumSharing * bestCost
        var taken: [AlternativePathProfile] = []
        for candidate in found.candidates where taken.count < count {
            if let shouldStop = ws.shouldStop, shouldStop() { throw stopped }
            guard candidate.path.cost * metric.unitsPerOne <= (1 + options.maximumStretch) * bestCost else { continue }
            let profile = AlternativePathProfile(candidate.path, router: self, metric: metric)
            guard profile.drivesEachEdgeOnce,
                  ([best] + taken).allSatisfy({ Double(profile.sharedCost(with: $0)) <= sharingLimit }),
                  isLocallyOptimal(profile, viaCost: candidate.viaCost, within: options.localOptimality * bestCost,
                                   metric: metric, workspace: ws) else { continue }
            taken.append(profile)
        }
        // Chosen by quality, listed by weight: a driver compares them by time.
        return taken.map(\.path).sorted { $0.cost < $1.cost }
    }

    /// The T-test: whether the stretch of `profile` from `window` before its via vertex to `window` after
    /// it is a shortest path, by one hierarchy query. The stretch ends at edge heads, or at the path's own
    /// start and end where the window reaches past them. The query starts without a restriction context,
    /// so a shorter way a restriction forbids fails the test: a false "no", never a false "yes".
    private func isLocallyOptimal(_ profile: AlternativePathProfile, viaCost: UInt32, within window: Double, metric: RoutingMetric,
                                  workspace ws: RoutingWorkspace) -> Bool {
        let c = profile.cumulativeCosts(router: self, metric: metric), last = c.count - 1, path = profile.path, e = path.edges
        let via = c.firstIndex { $0 >= UInt64(viaCost) } ?? last
        var a = via, b = via
        while a > 0 && Double(c[via] - c[a]) < window { a -= 1 }
        while b < last && Double(c[b] - c[via]) < window { b += 1 }
        let fromStart = a == 0 && Double(c[via]) < window
        let toEnd = b == last && Double(c[last] - c[via]) < window
        guard fromStart || toEnd || a < b else { return true }
        let from = fromStart ? EdgePosition(edge: e[0], fraction: path.startFraction) : EdgePosition(edge: e[a], fraction: 1)
        let to = toEnd ? EdgePosition(edge: e[last], fraction: path.endFraction) : EdgePosition(edge: e[b], fraction: 1)
        let fromCost = fromStart ? 0 : c[a]
        let toCost = toEnd ? c[last] - UInt64(remainingCost(of: to, metric: metric)) : c[b]
        guard toCost > fromCost else { return true }
        return !hasShorterPath(from: from, to: to, than: toCost - fromCost, metric: metric, workspace: ws)
    }

    /// Whether some path from `from` to `to` costs less than `cost` (integer units): a hierarchy query
    /// for the cost alone, bounded by `cost` (nothing dearer need be searched) and never unpacked; A*
    /// when the hierarchy's 32-bit labels overflow.
    private func hasShorterPath(from: EdgePosition, to: EdgePosition, than cost: UInt64, metric: RoutingMetric,
                                workspace ws: RoutingWorkspace) -> Bool {
        if let hierarchy = hierarchy(for: metric) {
            let found = HierarchyQuery.shortestCost(on: hierarchy, router: self, starts: [from], targets: [to], below: cost,
                                                    workspace: ws.hierarchyWorkspace)
            if let found { return UInt64(found) < cost }
            if !ws.hierarchyWorkspace.lastSearchOverflowed { return false }
        }
        guard let shortest = search(from: [from], to: [to], targetPoint: graph.nodeCoordinates[Int(graph.head[Int(to.edge)])],
                                    metric: metric, algorithm: .aStar, workspace: ws) else { return false }
        return (shortest.cost * metric.unitsPerOne).rounded() < Double(cost)
    }
}
