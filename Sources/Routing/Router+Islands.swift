import Geodesy
import RoadNetwork

/// Where one coordinate may be snapped: the nearest road, and the nearest main-network road when the
/// nearest one lies on a tiny island.
struct SnapCandidates {
    /// The nearest point on any drivable edge.
    var nearest: SnappedLocation
    /// The nearest point on a big component within the limit; nil when `nearest` is already on one, or
    /// when no main road lies within the limit.
    var onMainNetwork: SnappedLocation?
    /// The island `nearest` lies on (a tiny component's number, or a unique key for an edge joining two
    /// components); nil when `nearest` is on the main network.
    var island: Int?
}

extension Router {
    /// Whether an edge is part of the main network (a big strongly connected component, or a oneway
    /// with one end in one) rather than a tiny island; see `RoadComponents` for the rule.
    public func isOnMainNetwork(_ edge: EdgeIndex) -> Bool {
        components.isOnBigComponent(edge)
    }

    /// Snaps the waypoints of one route (start, vias, destination) the way OSRM treats small islands.
    ///
    /// Each coordinate gets its nearest road and, when that lies on a tiny island, also the nearest
    /// main-network road within `maxDistance`. When every nearest road lies on the same tiny island the
    /// route stays there (all nearest points are used); otherwise each point on an island moves to its
    /// main-network candidate, so a point next to a parking aisle still routes through the city. A point
    /// without a main road in reach keeps its island point (and the route then fails with `noRoute`).
    /// The returned locations are the points actually routed from, their `distance` the true one.
    /// - Throws: `RoutingError.noRoadNearby` naming the first coordinate without any road within
    ///   `maxDistance`.
    /// - Complexity: one or two snapping-grid searches per coordinate.
    public func snapWaypoints(_ coordinates: [Coordinate], maxDistance: Meters = 1000) throws(RoutingError) -> [SnappedLocation] {
        var candidates: [SnapCandidates] = []
        candidates.reserveCapacity(coordinates.count)
        for coordinate in coordinates { candidates.append(try snapCandidates(coordinate, maxDistance: maxDistance)) }
        return Router.choose(candidates)
    }

    /// The nearest road point of a coordinate, and its nearest main-network point when the first is on
    /// a tiny island.
    /// - Throws: `RoutingError.noRoadNearby` when no road lies within `maxDistance`.
    func snapCandidates(_ coordinate: Coordinate, maxDistance: Meters) throws(RoutingError) -> SnapCandidates {
        let nearest = try snap(coordinate, maxDistance: maxDistance)
        if components.isOnBigComponent(nearest.edge) { return SnapCandidates(nearest: nearest, onMainNetwork: nil, island: nil) }
        let components = self.components
        let main = snapIndex.nearest(to: coordinate, in: graph, maxDistance: maxDistance) { components.isOnBigComponent($0) }
        let c = components.edgeComponent[Int(nearest.edge)]
        // An edge joining two tiny components is an island of its own: key it past the component numbers.
        let island = c != RoadComponents.none ? Int(c) : components.count + Int(nearest.edge)
        return SnapCandidates(nearest: nearest, onMainNetwork: main, island: island)
    }

    /// OSRM's choice between the candidates: all nearest points when they share one tiny island,
    /// otherwise the main-network point wherever the nearest lies on an island (and exists).
    static func choose(_ candidates: [SnapCandidates]) -> [SnappedLocation] {
        if let first = candidates.first?.island, candidates.allSatisfy({ $0.island == first }) {
            return candidates.map(\.nearest)
        }
        return candidates.map { $0.onMainNetwork ?? $0.nearest }
    }
}
