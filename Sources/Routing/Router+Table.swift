import Geodesy
import RoadNetwork

extension Router {
    /// The durations and distances of the best routes (in `metric`) from every source to every
    /// destination, each entry equal to what `route(through: [source, destination])` reports.
    ///
    /// When the workspace's `shouldStop` turns true the table is abandoned (checked before each search and
    /// each source's row) and every entry is nil; the caller that set it knows the answer is void.
    ///
    /// With a contraction hierarchy for `metric` the table is bucket-based many-to-many (one upward
    /// search per source and per destination, `ContractionHierarchy.table`); without one it runs one
    /// A* search per pair, a destination at a time so that the searches of a column share its potentials
    /// (also when an entry's cost or annotation passes the hierarchy's 32 bits).
    /// - Complexity: with a hierarchy O((sources + destinations) · S log S) for S vertices per upward
    ///   search plus the table; without, sources × destinations A* searches.
    public func table(from sources: [SnappedLocation], to destinations: [SnappedLocation], metric: RoutingMetric = .time,
                      workspace: RoutingWorkspace? = nil) -> TravelMatrix {
        let ws = workspace ?? makeWorkspace()
        if let hierarchy = hierarchy(for: metric) {
            let table = hierarchyTable(hierarchy, from: sources, to: destinations, workspace: ws)
            // The hierarchy's sums are 32 bits: an entry of 2³² − 1 units or more (4,295 km in
            // millimetres) would be missing or capped, so such a table is routed pair by pair instead.
            if !ws.hierarchyWorkspace.lastSearchOverflowed { return table }
        }
        return pairwiseTable(from: sources, to: destinations, metric: metric, workspace: ws)
    }

    /// The table on the hierarchy, with the pairs that stay on one edge settled directly.
    private func hierarchyTable(_ hierarchy: RoutingHierarchy, from sources: [SnappedLocation],
                                to destinations: [SnappedLocation], workspace ws: RoutingWorkspace) -> TravelMatrix {
        let metric = hierarchy.metric
        let starts = sources.map(positions(of:)), ends = destinations.map(positions(of:))
        let endNodes = destinations.map(node(at:))
        let sourceSeeds = sources.indices.map {
            HierarchyQuery.sources(router: self, metric: metric, starts: starts[$0], startNode: node(at: sources[$0]))
        }
        let targetSeeds = destinations.indices.map {
            HierarchyQuery.targets(router: self, metric: metric, positions: ends[$0], node: endNodes[$0])
        }
        let costs = hierarchy.hierarchy.table(from: sourceSeeds.map(\.seeds), to: targetSeeds.map(\.seeds),
                                              annotation: hierarchy.otherMetric(router: self), workspace: ws.hierarchyWorkspace,
                                              shouldStop: ws.shouldStop)
        var durations: [Seconds?] = [], distances: [Meters?] = []
        durations.reserveCapacity(costs.costs.count)
        distances.reserveCapacity(costs.costs.count)
        for i in sources.indices {
            if let shouldStop = ws.shouldStop, shouldStop() { return TravelMatrix.unreachable(sources.count, destinations.count) }
            for j in destinations.indices {
                var best: (cost: UInt32, other: UInt32)?
                if let cost = costs[i, j], let other = costs.annotation(source: i, target: j) {
                    best = (cost - targetSeeds[j].offset, other - targetSeeds[j].otherOffset)
                }
                if let direct = HierarchyQuery.direct(router: self, metric: metric, starts: starts[i], targets: ends[j],
                                                      targetNode: endNodes[j]),
                   best.map({ direct.cost <= $0.cost }) ?? true {
                    best = (direct.cost, direct.otherCost)
                }
                let pair = best.map { (cost: Double($0.cost) / metric.unitsPerOne, other: Double($0.other) / metric.other.unitsPerOne) }
                durations.append(pair.map { metric == .time ? $0.cost : $0.other })
                distances.append(pair.map { metric == .time ? $0.other : $0.cost })
            }
        }
        return TravelMatrix(sourceCount: sources.count, destinationCount: destinations.count,
                            durations: durations, distances: distances)
    }

    /// The table as one A* search per pair, a destination's column at a time: on potential hierarchies the
    /// searches towards one destination share its potentials (`HierarchyPotentialSearch.begin` keeps them),
    /// so its backward search runs once and each node's potential is evaluated once for the whole column.
    private func pairwiseTable(from sources: [SnappedLocation], to destinations: [SnappedLocation], metric: RoutingMetric,
                               workspace ws: RoutingWorkspace) -> TravelMatrix {
        let count = sources.count * destinations.count
        var durations = [Seconds?](repeating: nil, count: count), distances = [Meters?](repeating: nil, count: count)
        let starts = sources.map { (positions: positions(of: $0), node: node(at: $0)) }
        for (j, destination) in destinations.enumerated() {
            let ends = positions(of: destination), endNode = node(at: destination)
            for (i, start) in starts.enumerated() {
                if let shouldStop = ws.shouldStop, shouldStop() { return TravelMatrix.unreachable(sources.count, destinations.count) }
                let result = search(from: start.positions, startNode: start.node, to: ends, targetNode: endNode,
                                    targetPoint: destination.location, metric: metric, algorithm: .aStar, workspace: ws)
                if let sums = result.map({ self.totals(of: $0) }) {
                    durations[i * destinations.count + j] = sums.duration
                    distances[i * destinations.count + j] = sums.distance
                }
            }
        }
        return TravelMatrix(sourceCount: sources.count, destinationCount: destinations.count,
                            durations: durations, distances: distances)
    }
}
