import Routing

/// OSRM's `waypoints=` option: coordinates not listed are passed through without ending a leg.
enum LegMerging {
    /// The route with the legs between consecutive kept waypoints joined into one.
    /// - Parameter kept: indices of the waypoints that end legs, first and last included, increasing.
    /// - Complexity: O(coordinates of the route).
    static func merge(_ route: Route, keeping kept: [Int]) -> Route {
        var legs: [RouteLeg] = []
        for (start, end) in zip(kept, kept.dropFirst()) {
            var leg = route.legs[start]
            for next in route.legs[(start + 1)..<end] { leg = join(leg, next) }
            legs.append(leg)
        }
        return Route(legs: legs, metric: route.metric, settledNodes: route.settledNodes)
    }

    /// One leg driving `a` then `b` (which starts where `a` ends). When `b` goes on along the edge `a`
    /// ended on, that edge is listed once, so guidance sees no junction at the joining point.
    static func join(_ a: RouteLeg, _ b: RouteLeg) -> RouteLeg {
        if a.coordinates.count < 2 { return RouteLeg(from: a.from, to: b.to, edges: b.edges, coordinates: b.coordinates, segmentEdge: b.segmentEdge, distance: b.distance, duration: b.duration) }
        if b.coordinates.count < 2 { return RouteLeg(from: a.from, to: b.to, edges: a.edges, coordinates: a.coordinates, segmentEdge: a.segmentEdge, distance: a.distance, duration: a.duration) }
        let sharesEdge = a.edges.last == b.edges.first
        let offset = a.edges.count - (sharesEdge ? 1 : 0)
        return RouteLeg(from: a.from, to: b.to,
                        edges: a.edges + b.edges.dropFirst(sharesEdge ? 1 : 0),
                        coordinates: a.coordinates + b.coordinates.dropFirst(),
                        segmentEdge: a.segmentEdge + b.segmentEdge.map { $0 + offset },
                        distance: a.distance + b.distance, duration: a.duration + b.duration)
    }
}
