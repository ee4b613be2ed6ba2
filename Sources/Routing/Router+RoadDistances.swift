import Geodesy
import RoadNetwork

extension Router {
    /// The length of the shortest drive from `source` to each of `targets`, or nil for a target not
    /// reachable within `limit`: the route lengths a map matcher compares with great-circle distances.
    ///
    /// One Dijkstra search by distance over the same turn-expanded states as `route(through:)` (turn
    /// restrictions, one-ways and the U-turn rule apply; turns cost no distance), seeded like a route's
    /// leg (either direction of the source's road, every exit of a junction it lies on) and reaching a
    /// target like a leg's destination (either direction, or its junction). It stops when every target's
    /// length is final or the next state lies beyond `limit`, so its work is bounded by the road
    /// network within `limit` of the source, not by the graph.
    ///
    /// When the workspace's `shouldStop` turns true (asked every `PointToPointSearch.stopCheckInterval`
    /// settled states) the search is abandoned and every entry is nil; the caller that set it knows the
    /// answer is void.
    /// - Complexity: O((S + R) log S) for the S states within `limit` (settled) and R relaxations.
    public func roadDistances(from source: SnappedLocation, to targets: [SnappedLocation], within limit: Meters,
                              workspace ws: RoutingWorkspace) -> [Meters?] {
        precondition(ws.capacity >= stateCount, "the workspace was made for a smaller graph; use router.makeWorkspace()")
        var search = DistanceSearch(router: self, targets: targets, frontier: ws.beginQuery(),
                                    limit: limit * Router.unitsPerMeter)
        search.seed(positions(of: source), startNode: node(at: source))
        let completed = search.settle(shouldStop: ws.shouldStop)
        ws.lastSettledCount = search.settled
        guard completed else { return targets.map { _ in nil } }
        return search.best.map { $0 <= search.limit ? $0 / Router.unitsPerMeter : nil }
    }
}

/// The working state of one `roadDistances` search: the best length found to each target (integer
/// millimetres summed in `Double`) and the frontier. Lives for one search only.
private struct DistanceSearch {
    let graph: TurnExpandedGraph
    /// Each target's positions (edge, fraction, target index) and junctions (node, target index).
    let targetPositions: [(edge: EdgeIndex, fraction: Double, index: Int)]
    let targetNodes: [(node: NodeIndex, index: Int)]
    var frontier: SearchFrontier
    let limit: Double
    var best: [Double]
    var settled = 0

    init(router: Router, targets: [SnappedLocation], frontier: SearchFrontier, limit: Double) {
        graph = router.stateGraph
        var positions: [(edge: EdgeIndex, fraction: Double, index: Int)] = []
        var nodes: [(node: NodeIndex, index: Int)] = []
        for (j, target) in targets.enumerated() {
            for p in router.positions(of: target) { positions.append((p.edge, p.fraction, j)) }
            if let node = router.node(at: target) { nodes.append((node, j)) }
        }
        targetPositions = positions
        targetNodes = nodes
        self.frontier = frontier
        self.limit = limit
        best = [Double](repeating: .infinity, count: targets.count)
    }

    /// The integer distance from `fraction` of `edge` to its head.
    func remaining(_ edge: EdgeIndex, from fraction: Double) -> Double {
        Double(Router.remainingCost(graph.edges[Int(edge)].distanceCost, from: fraction))
    }

    /// Seeds the rest of each start edge (and the direct drives along it to a target ahead), and every
    /// edge leaving the start's junction, driven whole.
    mutating func seed(_ starts: [EdgePosition], startNode: NodeIndex?) {
        for start in starts {
            let g = remaining(start.edge, from: start.fraction)
            for t in targetPositions where t.edge == start.edge && t.fraction >= start.fraction {
                best[t.index] = min(best[t.index], g - remaining(t.edge, from: t.fraction))
            }
            offerNode(graph.edges[Int(start.edge)].head, at: g)
            push(graph.startState(onEdge: start.edge), g: g)
        }
        guard let startNode else { return }
        for t in targetNodes where t.node == startNode { best[t.index] = 0 }
        for o in graph.firstOut[Int(startNode)]..<graph.firstOut[Int(startNode) + 1] {
            let record = graph.edges[Int(o)]
            offerCompletions(entering: o, head: record.head, g: 0, cost: Double(record.distanceCost))
            push(graph.startState(onEdge: o), g: Double(record.distanceCost))
        }
    }

    /// Records the lengths of the targets that edge `o`, entered at `g`, reaches: on it, or at its head.
    @inline(__always)
    mutating func offerCompletions(entering o: EdgeIndex, head: NodeIndex, g: Double, cost: Double) {
        for t in targetPositions where t.edge == o {
            best[t.index] = min(best[t.index], g + cost - remaining(o, from: t.fraction))
        }
        offerNode(head, at: g + cost)
    }

    @inline(__always)
    mutating func offerNode(_ node: NodeIndex, at g: Double) {
        for t in targetNodes where t.node == node { best[t.index] = min(best[t.index], g) }
    }

    @inline(__always)
    mutating func push(_ state: UInt32, g: Double) {
        guard g <= limit else { return }
        let slot = frontier.touch(Int(state))
        guard g < slot.pointee.distance && !frontier.isSettled(slot) else { return }
        slot.pointee.distance = g
        frontier.push(state, key: g)
    }

    /// Settles states in distance order until every target's length is final (no state left is nearer
    /// than the farthest target found; a completion through a state never costs less than the state) or
    /// none is within the limit. Returns false when `shouldStop` abandoned the search.
    mutating func settle(shouldStop: (@Sendable () -> Bool)?) -> Bool {
        while true {
            frontier.dropSettledTop()
            guard !frontier.isEmpty else { return true }
            let key = frontier.minimumKey
            if key > limit || best.allSatisfy({ $0 <= key }) { return true }
            let x = frontier.popMinimum()
            settled += 1
            if settled % PointToPointSearch.stopCheckInterval == 0, let shouldStop, shouldStop() { return false }
            graph.forEachSuccessor(of: x) { next, o, _, record in
                let cost = Double(record.distanceCost)
                offerCompletions(entering: o, head: record.head, g: key, cost: cost)
                push(next, g: key + cost)
            }
        }
    }
}
