import RoadNetwork

extension GraphAlternatives {
    /// The ends of one alternatives request as the plain searches take them: a snapped location's edge
    /// and twin, and its junction when it was snapped onto one (`Router.positions(of:)`, `Router.node(at:)`).
    struct Query {
        let router: Router
        let metric: RoutingMetric
        let starts: [EdgePosition]
        let startNode: NodeIndex?
        let targets: [EdgePosition]
        let targetNode: NodeIndex?
        let to: SnappedLocation

        init(router: Router, from: SnappedLocation, to: SnappedLocation, metric: RoutingMetric) {
            self.router = router
            self.metric = metric
            self.to = to
            starts = router.positions(of: from)
            startNode = router.node(at: from)
            targets = router.positions(of: to)
            targetNode = router.node(at: to)
        }

        /// The cheapest path under `penalties` by A* (`PenalisedSearch`, the router's bound); its `cost` is
        /// penalised. Nil when stopped (or, which the best path's search rules out, unreachable).
        /// - Complexity: O((S + R) log S) for S settled states and R relaxations.
        func penalisedPath(penalties: EdgePenalties, workspace ws: RoutingWorkspace) -> SearchResult? {
            let goalNodes = targets.map { router.graph.tail[Int($0.edge)] } + (targetNode.map { [$0] } ?? [])
            let heuristic = SearchHeuristic(router: router, metric: metric, algorithm: .aStar, targetPoint: to.location,
                                            goalNodes: goalNodes, workspace: ws)
            defer { heuristic.release() }
            var search = PenalisedSearch(router: router, frontier: ws.beginQuery(), heuristic: heuristic, metric: metric,
                                         targets: targets, targetNode: targetNode, penalties: penalties)
            search.shouldStop = ws.shouldStop
            search.seed(starts: starts)
            if let startNode { search.seed(startNode: startNode) }
            search.settleUntilBestIsFinal()
            ws.lastSettledCount = search.settled
            return search.result(starts: starts)
        }
    }
}
