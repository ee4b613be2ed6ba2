import Geodesy
import RoadNetwork

/// What a waypoint must allow: a start is only driven away from, a destination only reached, a via both.
enum WaypointRole {
    case start, via, destination

    /// The role of waypoint `i` of `count`.
    init(index i: Int, count: Int) {
        self = i == 0 ? .start : (i == count - 1 ? .destination : .via)
    }
}

/// Where one coordinate may be snapped: the nearest road, and the nearest main-network road when the
/// nearest one lies on a tiny island.
struct SnapCandidates {
    /// The nearest point on any drivable edge.
    var nearest: SnappedLocation
    /// The nearest point within the limit on an edge connected to the main network in the waypoint's
    /// role; nil when `nearest` already is, or when no such road lies within the limit.
    var onMainNetwork: SnappedLocation?
    /// The island `nearest` lies on (a component's number, or a unique key for an edge joining two
    /// components); nil when `nearest` is connected to the main network in the waypoint's role.
    var island: Int?
}

extension Router {
    /// Whether both ends of an edge lie in a big strongly connected component (the main network)
    /// rather than on a tiny island; see `RoadComponents` for the rule.
    func isOnMainNetwork(_ edge: EdgeIndex) -> Bool {
        components.isOnBigComponent(edge)
    }

    /// Whether a position on `edge` connects to the main network as `role` needs: a start drives away
    /// over the head, a destination is reached over the tail (the twin, if any, has the same ends).
    @inline(__always)
    func connectsToMainNetwork(_ edge: EdgeIndex, as role: WaypointRole) -> Bool {
        switch role {
        case .start: components.isHeadOnMainNetwork(edge)
        case .destination: components.isTailOnMainNetwork(edge)
        case .via: components.isOnBigComponent(edge)
        }
    }

    /// Snaps the waypoints of one route (start, vias, destination) the way OSRM treats small islands.
    ///
    /// Each coordinate gets its nearest road and, when that lies on a tiny island, also the nearest
    /// main-network road within `maxDistance`. "On an island" depends on the role: a start must drive
    /// into the main network, a destination be reached from it, a via both (so a oneway leaving a dead
    /// end is a fine start, and a oneway into one a fine destination). When every nearest road lies on the same tiny island the
    /// route stays there (all nearest points are used); otherwise each point on an island moves to its
    /// main-network candidate, so a point next to a parking aisle still routes through the city. A point
    /// without a main road in reach keeps its island point (and the route then fails with `noRoute`).
    /// The returned locations are the points actually routed from, their `distance` the true one.
    /// - Throws: `RoutingError.noRoadNearby` naming the first coordinate without any road within
    ///   `maxDistance`.
    /// - Complexity: one or two snapping-grid searches per coordinate.
    public func snapWaypoints(_ coordinates: [Coordinate], maxDistance: Meters = 1000) throws(RoutingError) -> [SnappedLocation] {
        try snapWaypoints(coordinates, maxDistances: coordinates.map { _ in maxDistance },
                          accepts: coordinates.map { _ in { _ in true } })
    }

    /// `snapWaypoints(_:maxDistance:)` with a limit and an edge filter per coordinate (OSRM's `radiuses`
    /// and `bearings`): coordinate `i` snaps only to edges for which `accepts[i]` is true (the filter sees
    /// the indexed edge of a twin pair), within `maxDistances[i]`.
    /// - Throws: `RoutingError.noRoadNearby` naming the first coordinate without an accepted road in reach.
    /// - Complexity: one or two snapping-grid searches per coordinate.
    public func snapWaypoints(_ coordinates: [Coordinate], maxDistances: [Meters],
                              accepts: [(EdgeIndex) -> Bool]) throws(RoutingError) -> [SnappedLocation] {
        precondition(maxDistances.count == coordinates.count && accepts.count == coordinates.count, "one limit and filter per coordinate")
        var candidates: [SnapCandidates] = []
        candidates.reserveCapacity(coordinates.count)
        for (i, coordinate) in coordinates.enumerated() {
            let role = WaypointRole(index: i, count: coordinates.count)
            candidates.append(try snapCandidates(coordinate, as: role, maxDistance: maxDistances[i], accepts: accepts[i]))
        }
        return Router.choose(candidates)
    }

    /// The nearest accepted road point of a coordinate, and its nearest accepted main-network point when
    /// the first does not connect to the main network in `role`.
    /// - Throws: `RoutingError.noRoadNearby` when no accepted road lies within `maxDistance`.
    func snapCandidates(_ coordinate: Coordinate, as role: WaypointRole, maxDistance: Meters,
                        accepts: (EdgeIndex) -> Bool) throws(RoutingError) -> SnapCandidates {
        guard let nearest = snapIndex.nearest(to: coordinate, in: graph, maxDistance: maxDistance, where: accepts) else {
            throw RoutingError.noRoadNearby(coordinate, maxDistance: maxDistance)
        }
        if connectsToMainNetwork(nearest.edge, as: role) { return SnapCandidates(nearest: nearest, onMainNetwork: nil, island: nil) }
        let main = snapIndex.nearest(to: coordinate, in: graph, maxDistance: maxDistance) { accepts($0) && connectsToMainNetwork($0, as: role) }
        let c = components.component(ofEdge: nearest.edge)
        // An edge joining two components is an island of its own: key it past the component numbers.
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
