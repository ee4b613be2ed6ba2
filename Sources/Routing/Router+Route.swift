import Geodesy
import RoadNetwork

extension Router {
    /// Routes from `from` to `to` through the `via` points in order, one leg between each pair.
    ///
    /// Each coordinate is snapped to the nearest road within `maxSnapDistance`, preferring the main
    /// network over a tiny island as OSRM does (see `snapWaypoints`). Identical start and end
    /// give a zero-length leg, not an error. Pass a `workspace` to reuse its memory across queries (one
    /// per thread); without one a fresh workspace is allocated.
    /// - Throws: `RoutingError.noRoadNearby` naming the coordinate that could not be snapped;
    ///   `RoutingError.noRoute` naming the leg's two coordinates when they are not connected.
    /// - Complexity: the search's, per leg; see `search`.
    public func route(from: Coordinate, to: Coordinate, via: [Coordinate] = [], metric: RoutingMetric = .time,
                      maxSnapDistance: Meters = 1000, algorithm: SearchAlgorithm = .contractionHierarchy,
                      workspace: RoutingWorkspace? = nil) throws(RoutingError) -> Route {
        let snapped = try snapWaypoints([from] + via + [to], maxDistance: maxSnapDistance)
        return try route(through: snapped, metric: metric, algorithm: algorithm, workspace: workspace)
    }

    /// Routes through already snapped locations (start, vias, destination), one leg between each pair.
    ///
    /// With `continueStraight` (OSRM's `continue_straight=true`) a leg leaving a via point in the middle
    /// of a road first tries only the direction the previous leg arrived in, so the route does not turn
    /// around there; when that direction leads nowhere it may still turn.
    /// - Throws: `RoutingError.tooFewCoordinates` for fewer than two locations, `RoutingError.noRoute`.
    public func route(through waypoints: [SnappedLocation], metric: RoutingMetric = .time,
                      algorithm: SearchAlgorithm = .contractionHierarchy, continueStraight: Bool = false,
                      workspace: RoutingWorkspace? = nil) throws(RoutingError) -> Route {
        guard waypoints.count >= 2 else { throw RoutingError.tooFewCoordinates }
        let ws = workspace ?? makeWorkspace()
        var legs: [RouteLeg] = []
        var settled = 0
        var arrival: EdgePosition?
        for i in 0..<(waypoints.count - 1) {
            let from = waypoints[i], to = waypoints[i + 1]
            var found: SearchResult?
            if continueStraight, let straight = arrival, node(at: from) == nil {
                found = search(from: [straight], to: positions(of: to), targetNode: node(at: to), targetPoint: to.location,
                               metric: metric, algorithm: algorithm, workspace: ws)
            }
            if found == nil {
                found = search(from: positions(of: from), startNode: node(at: from), to: positions(of: to),
                               targetNode: node(at: to), targetPoint: to.location,
                               metric: metric, algorithm: algorithm, workspace: ws)
            }
            guard let result = found else { throw RoutingError.noRoute(from: from.input, to: to.input) }
            settled += result.settled
            arrival = result.edges.last.map { EdgePosition(edge: $0, fraction: result.endFraction) }
            legs.append(makeLeg(result, from: from, to: to))
        }
        return Route(legs: legs, metric: metric, settledNodes: settled)
    }

    /// The cost (seconds for `.time`, metres for `.distance`) of the best path between two snapped
    /// locations, without building the leg; nil when unreachable. Used to compare A* with Dijkstra.
    public func cost(from: SnappedLocation, to: SnappedLocation, metric: RoutingMetric = .time,
                     algorithm: SearchAlgorithm = .contractionHierarchy, workspace: RoutingWorkspace) -> Double? {
        search(from: positions(of: from), startNode: node(at: from), to: positions(of: to), targetNode: node(at: to),
               targetPoint: to.location, metric: metric, algorithm: algorithm, workspace: workspace)?.cost
    }

    /// Turns a search result into a leg: partial first and last edges, the polyline through every shape
    /// point, the distance summed by the driven fraction of each edge's integer length, and the duration
    /// the same way plus every turn between two of its edges (so `route.weight` is the search's cost).
    func makeLeg(_ result: SearchResult, from: SnappedLocation, to: SnappedLocation) -> RouteLeg {
        let n = result.edges.count
        var spans: [(edge: EdgeIndex, from: Double, to: Double)] = []
        for (i, edge) in result.edges.enumerated() {
            let a = i == 0 ? result.startFraction : 0
            let b = i == n - 1 ? result.endFraction : 1
            // A partial end edge driven for zero length (a snap exactly on a node) adds nothing.
            if b <= a && n > 1 && (i == 0 || i == n - 1) { continue }
            spans.append((edge, a, max(a, b)))
        }
        if spans.isEmpty { spans.append((result.edges[0], result.startFraction, result.startFraction)) }

        let (distance, duration) = totals(of: result)
        var coordinates: [Coordinate] = []
        var segmentEdge: [Int] = []
        for (j, span) in spans.enumerated() {
            let points = partialGeometry(of: span.edge, from: span.from, to: span.to)
            if coordinates.isEmpty { coordinates.append(points[0]) }
            for p in points.dropFirst() {
                coordinates.append(p)
                segmentEdge.append(j)
            }
        }
        if distance <= 0 || coordinates.count < 2 {
            coordinates = [from.location]
            segmentEdge = []
        } else {
            coordinates[0] = from.location
            coordinates[coordinates.count - 1] = to.location
        }
        return RouteLeg(from: from, to: to, edges: spans.map(\.edge), coordinates: coordinates,
                        segmentEdge: segmentEdge, distance: distance, duration: duration)
    }

    /// The distance and duration of a searched path, from the same integer costs the search adds: each
    /// edge by its driven part (`drivenCost`), plus the time of every turn between consecutive edges.
    func totals(of result: SearchResult) -> (distance: Meters, duration: Seconds) {
        var millimetres = 0.0, milliseconds = 0.0
        let n = result.edges.count
        for (i, edge) in result.edges.enumerated() {
            let record = stateGraph.edges[Int(edge)]
            let a = i == 0 ? result.startFraction : 0
            let b = i == n - 1 ? result.endFraction : 1
            millimetres += Self.drivenCost(record.distanceCost, from: a, to: b)
            milliseconds += Self.drivenCost(record.timeCost, from: a, to: b)
            if i + 1 < n { milliseconds += Double(turnMilliseconds(from: edge, to: result.edges[i + 1])) }
        }
        return (millimetres / Router.unitsPerMeter, milliseconds / Router.unitsPerSecond)
    }

    /// The integer cost of driving an edge costing `cost` from fraction `a` to fraction `b` (0 when
    /// `b` is not ahead), as the searches add it: `remainingCost` at `a` less `remainingCost` at `b`.
    static func drivenCost(_ cost: UInt32, from a: Double, to b: Double) -> Double {
        guard b > a else { return 0 }
        return Double(remainingCost(cost, from: a)) - Double(remainingCost(cost, from: b))
    }

    /// The time of the turn from `from` onto `to` (which leaves `from`'s head), milliseconds.
    func turnMilliseconds(from: EdgeIndex, to: EdgeIndex) -> UInt32 {
        let start = Int(stateGraph.edges[Int(from)].turnStart)
        let first = graph.firstOut[Int(graph.head[Int(from)])]
        return stateGraph.turns[start + Int(to - first)] & TurnTable.costMask
    }

    /// The part of an edge's polyline between two fractions of its length: the cut points and every
    /// vertex strictly between them.
    /// - Complexity: O(points of the edge).
    func partialGeometry(of edge: EdgeIndex, from a: Double, to b: Double) -> [Coordinate] {
        let points = graph.geometry(of: edge)
        if a <= 0 && b >= 1 { return points }
        var cumulative: [Meters] = [0]
        cumulative.reserveCapacity(points.count)
        for k in 1..<points.count { cumulative.append(cumulative[k - 1] + GreatCircle.distance(from: points[k - 1], to: points[k])) }
        let total = cumulative[points.count - 1]
        guard total > 0 else { return [points[0], points[points.count - 1]] }
        func cut(_ f: Double) -> (point: Coordinate, segment: Int) {
            let d = min(1, max(0, f)) * total
            var k = 0
            while k + 1 < points.count - 1 && cumulative[k + 1] <= d { k += 1 }
            let length = cumulative[k + 1] - cumulative[k]
            let t = length > 0 ? min(1, max(0, (d - cumulative[k]) / length)) : 0
            let p = points[k], q = points[k + 1]
            return (Coordinate(latitude: p.latitude + t * (q.latitude - p.latitude),
                               longitude: p.longitude + t * (q.longitude - p.longitude)), k)
        }
        let start = cut(a), end = cut(b)
        var out = [start.point]
        if start.segment + 1 <= end.segment {
            for k in (start.segment + 1)...end.segment where points[k] != out[out.count - 1] { out.append(points[k]) }
        }
        if end.point != out[out.count - 1] || out.count == 1 { out.append(end.point) }
        return out
    }
}

extension Route {
    /// The total cost in the route's metric: seconds for `.time`, metres for `.distance`.
    public var weight: Double { metric == .time ? duration : distance }
}
