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
            if let shouldStop = ws.shouldStop, shouldStop() { throw RoutingError.noRoute(from: from.input, to: to.input) }
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
    ///
    /// The polyline is written straight from the graph's arrays into the leg's arrays, sized once for
    /// the whole leg (`LegPolylineWriter`), so building it allocates nothing per edge or point.
    /// - Complexity: O(edges + shape points of the path).
    func makeLeg(_ result: SearchResult, from: SnappedLocation, to: SnappedLocation) -> RouteLeg {
        let path = result.edges, n = path.count
        // A partial end edge driven for zero length (a snap exactly on a node) adds nothing.
        let dropsFirst = n > 1 && result.endFraction(ofEdgeAt: 0) <= result.startFraction(ofEdgeAt: 0)
        let dropsLast = n > 1 && result.endFraction(ofEdgeAt: n - 1) <= result.startFraction(ofEdgeAt: n - 1)
        var kept = (dropsFirst ? 1 : 0) ..< (dropsLast ? n - 1 : n)
        // Nothing left: the leg is the point where the first edge is entered, driven for zero length.
        let isEmptySpan = kept.isEmpty
        if isEmptySpan { kept = 0 ..< 1 }
        let edges = kept.count == n ? path : Array(path[kept])

        var capacity = 0
        for edge in edges { capacity += polylinePointCount(of: edge) }
        var segmentEdge: [Int] = []
        var coordinates = [Coordinate](unsafeUninitializedCapacity: capacity) { points, pointCount in
            segmentEdge = [Int](unsafeUninitializedCapacity: capacity) { spans, spanCount in
                var writer = LegPolylineWriter(points: points, spans: spans)
                for (j, i) in kept.enumerated() {
                    let a = result.startFraction(ofEdgeAt: i)
                    let b = isEmptySpan ? a : max(a, result.endFraction(ofEdgeAt: i))
                    // The path is connected: each edge leaves the previous one's head, read directly
                    // instead of searching `firstOut` for the tail.
                    let tail = i > 0 ? graph.head[Int(path[i - 1])] : graph.tail[Int(path[i])]
                    appendPolyline(of: path[i], leaving: tail, from: a, to: b, span: j, to: &writer)
                }
                pointCount = writer.count
                spanCount = writer.segmentCount
            }
        }

        let (distance, duration) = totals(of: result)
        if distance <= 0 || coordinates.count < 2 {
            coordinates = [from.location]
            segmentEdge = []
        } else {
            coordinates[0] = from.location
            coordinates[coordinates.count - 1] = to.location
        }
        return RouteLeg(from: from, to: to, edges: edges, coordinates: coordinates,
                        segmentEdge: segmentEdge, distance: distance, duration: duration)
    }

    /// The distance and duration of a searched path, from the same integer costs the search adds: each
    /// edge by its driven part (`drivenCost`), plus the time of every turn between consecutive edges.
    func totals(of result: SearchResult) -> (distance: Meters, duration: Seconds) {
        var millimetres = 0.0, milliseconds = 0.0
        let path = result.edges, n = path.count, states = stateGraph
        for i in 0..<n {
            // One record gives the edge's costs and its turns (read once: this walks a whole route).
            let record = states.edges[Int(path[i])]
            let a = result.startFraction(ofEdgeAt: i), b = result.endFraction(ofEdgeAt: i)
            millimetres += Self.drivenCost(record.distanceCost, from: a, to: b)
            milliseconds += Self.drivenCost(record.timeCost, from: a, to: b)
            if i + 1 < n { milliseconds += Double(states.turnMilliseconds(after: record, onto: path[i + 1])) }
        }
        return (millimetres / Router.unitsPerMeter, milliseconds / Router.unitsPerSecond)
    }

    /// The integer cost of driving an edge costing `cost` from fraction `a` to fraction `b` (0 when
    /// `b` is not ahead), as the searches add it: `remainingCost` at `a` less `remainingCost` at `b`.
    @inline(__always)
    static func drivenCost(_ cost: UInt32, from a: Double, to b: Double) -> Double {
        // A whole edge: `remainingCost` is `cost` at 0 and 0 at 1, so this is the same value unrounded.
        if a == 0 && b == 1 { return Double(cost) }
        guard b > a else { return 0 }
        return Double(remainingCost(cost, from: a)) - Double(remainingCost(cost, from: b))
    }

    /// The time of the turn from `from` onto `to` (which leaves `from`'s head), milliseconds.
    func turnMilliseconds(from: EdgeIndex, to: EdgeIndex) -> UInt32 {
        stateGraph.turnMilliseconds(after: stateGraph.edges[Int(from)], onto: to)
    }

    /// The number of points of an edge's polyline: tail node, shape points, head node.
    @inline(__always)
    func polylinePointCount(of edge: EdgeIndex) -> Int {
        graph.shapePointRange(of: edge).count + 2
    }

    /// Appends the part of an edge's polyline between two fractions to a leg's polyline as its span
    /// `span` (see `LegPolylineWriter`). A whole edge (most of a route) is copied in bulk from the
    /// graph's shape points. `tail` is the edge's tail node.
    /// - Complexity: O(points of the edge).
    func appendPolyline(of edge: EdgeIndex, leaving tail: NodeIndex, from a: Double, to b: Double, span: Int,
                        to writer: inout LegPolylineWriter) {
        if a <= 0 && b >= 1 {
            writer.beginSpan(at: graph.nodeCoordinates[Int(tail)])
            writer.append(graph.shapePointRange(of: edge), of: graph.shapePoints, span: span)
            writer.append(graph.nodeCoordinates[Int(graph.head[Int(edge)])], span: span)
            return
        }
        var isFirstPoint = true
        forEachPolylinePoint(of: edge, from: a, to: b) { point in
            if isFirstPoint {
                isFirstPoint = false
                writer.beginSpan(at: point)
            } else {
                writer.append(point, span: span)
            }
        }
    }

    /// Calls `body` with each point of the part of an edge's polyline between two fractions of its
    /// length, in order: the cut points and every vertex strictly between them (whole edges take
    /// `appendPolyline`'s bulk copy instead).
    ///
    /// Reads the points in place from the graph's arrays; the cumulative lengths of a cut edge live in
    /// a temporary buffer (on the stack for ordinary edges), so nothing is allocated on the heap.
    /// - Complexity: O(points of the edge).
    func forEachPolylinePoint(of edge: EdgeIndex, from a: Double, to b: Double, _ body: (Coordinate) -> Void) {
        let shapes = graph.shapePointRange(of: edge), column = graph.shapePoints
        let count = shapes.count + 2
        let tailPoint = graph.nodeCoordinates[Int(graph.tail[Int(edge)])], headPoint = graph.nodeCoordinates[Int(graph.head[Int(edge)])]
        @inline(__always) func point(_ k: Int) -> Coordinate {
            k == 0 ? tailPoint : (k == count - 1 ? headPoint : column[shapes.lowerBound + k - 1])
        }
        withUnsafeTemporaryAllocation(of: Meters.self, capacity: count) { cumulative in
            cumulative[0] = 0
            for k in 1..<count { cumulative[k] = cumulative[k - 1] + GreatCircle.distance(from: point(k - 1), to: point(k)) }
            let total = cumulative[count - 1]
            guard total > 0 else {
                body(point(0))
                body(point(count - 1))
                return
            }
            func cut(_ f: Double) -> (point: Coordinate, segment: Int) {
                let d = min(1, max(0, f)) * total
                var k = 0
                while k + 1 < count - 1 && cumulative[k + 1] <= d { k += 1 }
                let length = cumulative[k + 1] - cumulative[k]
                let t = length > 0 ? min(1, max(0, (d - cumulative[k]) / length)) : 0
                let p = point(k), q = point(k + 1)
                return (Coordinate(latitude: p.latitude + t * (q.latitude - p.latitude),
                                   longitude: p.longitude + t * (q.longitude - p.longitude)), k)
            }
            let start = cut(a), end = cut(b)
            // Consecutive duplicates (a cut on a vertex) are written once.
            body(start.point)
            var last = start.point, written = 1
            if start.segment + 1 <= end.segment {
                for k in (start.segment + 1)...end.segment where point(k) != last {
                    last = point(k)
                    body(last)
                    written += 1
                }
            }
            if end.point != last || written == 1 { body(end.point) }
        }
    }
}

extension Route {
    /// The total cost in the route's metric: seconds for `.time`, metres for `.distance`.
    public var weight: Double { metric == .time ? duration : distance }
}
