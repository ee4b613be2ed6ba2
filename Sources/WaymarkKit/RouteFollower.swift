import Geodesy
import Guidance
import RoadNetwork
import Routing

/// Walks a trace's matched road positions along the route being followed and re-routes when the car
/// leaves it (the rule on `TraceReplayPlan`); the planning half of a replay, before anything is written.
struct RouteFollower {
    let trace: Trace
    let navigator: Navigator
    let options: GuidanceOptions
    let workspace: RoutingWorkspace

    /// The route being followed and the trace points placed on it so far.
    private struct Current {
        var route: Route
        var waypoints: [Waypoint]
        var reroute: Reroute?
        var edges: Set<EdgeIndex>
        var pointIndices: [Int] = []
        var positions: [SnappedLocation] = []
    }

    /// The legs of the replay of `positions` (trace index, matched position; in trace order) from `route`.
    /// - Complexity: O(positions × route polyline) plus one route search per re-route.
    mutating func follow(route: Route, waypoints: [Waypoint], positions: [(index: Int, location: SnappedLocation)]) -> [ReplayLeg] {
        let destination = route.legs.last?.to
        var current = Current(route: route, waypoints: waypoints, reroute: nil, edges: Set(route.legs.flatMap(\.edges)))
        var legs: [ReplayLeg] = []
        var offRun = 0
        var previous: SnappedLocation?
        for (index, location) in positions {
            defer { previous = location }
            let away = distanceOff(location, from: current)
            guard let away else {
                current.pointIndices.append(index)
                current.positions.append(location)
                offRun = 0
                continue
            }
            offRun += 1
            guard offRun >= TraceReplayPlan.offRoutePointsToReroute || away > TraceReplayPlan.offRouteDistanceToReroute,
                  let destination else { continue }
            let departing = heading(location, from: previous)
            guard let newRoute = try? navigator.router.route(departing: departing, to: destination, workspace: workspace) else { continue }
            legs.append(leg(of: current))
            let point = trace.points[index]
            let reroute = Reroute(traceIndex: index, coordinate: point.coordinate, matched: location.location, time: point.time,
                                  distance: newRoute.distance, duration: newRoute.duration)
            current = Current(route: newRoute, waypoints: navigator.waypoints(for: newRoute, options: options), reroute: reroute,
                              edges: Set(newRoute.legs.flatMap(\.edges)), pointIndices: [index], positions: [departing])
            offRun = 0
        }
        legs.append(leg(of: current))
        return legs
    }

    /// Nil when `location` is on the current route (its road is one of the route's, or it lies within
    /// the junction tolerance of the route's line), else its distance from the route's line.
    /// - Complexity: O(1) on the route's roads, else O(route polyline).
    private func distanceOff(_ location: SnappedLocation, from current: Current) -> Meters? {
        if current.edges.contains(location.edge) { return nil }
        if let twin = navigator.router.twin(of: location.edge), current.edges.contains(twin) { return nil }
        let line = current.route.coordinates
        var nearest = line.first.map { GreatCircle.distance(from: location.location, to: $0) } ?? .infinity
        for k in line.indices.dropFirst() {
            nearest = min(nearest, GreatCircle.closestPoint(to: location.location, onSegmentFrom: line[k - 1], to: line[k]).distance)
        }
        return nearest <= TraceReplayPlan.junctionTolerance ? nil : nearest
    }

    /// `location` on the direction of its road the car drives: its edge, or the edge's twin when the
    /// previous matched position lies further along the edge (the car came from its head).
    func heading(_ location: SnappedLocation, from previous: SnappedLocation?) -> SnappedLocation {
        guard let previous, let twin = navigator.router.twin(of: location.edge) else { return location }
        let geometry = navigator.graph.geometry(of: location.edge)
        guard Self.progress(of: previous.location, along: geometry) > Self.progress(of: location.location, along: geometry) else {
            return location
        }
        var reversed = location
        reversed.edge = twin
        reversed.fraction = 1 - location.fraction
        return reversed
    }

    /// How far along `line` the point of it nearest `point` lies.
    static func progress(of point: Coordinate, along line: [Coordinate]) -> Meters {
        var best: (distance: Meters, along: Meters) = (.infinity, 0)
        var start: Meters = 0
        for k in line.indices.dropFirst() {
            let length = GreatCircle.distance(from: line[k - 1], to: line[k])
            let hit = GreatCircle.closestPoint(to: point, onSegmentFrom: line[k - 1], to: line[k])
            if hit.distance < best.distance { best = (hit.distance, start + hit.fraction * length) }
            start += length
        }
        return best.along
    }

    /// The finished leg: its points placed on its route's polyline (`TraceMatcher` over the matched
    /// positions, for monotonic progress and speeds), carrying the recorded points.
    private func leg(of current: Current) -> ReplayLeg {
        let matchedTrace = Trace(points: zip(current.pointIndices, current.positions).map { index, location in
            TracePoint(coordinate: location.location, time: trace.points[index].time, speed: trace.points[index].speed,
                       line: trace.points[index].line)
        }, sourceName: trace.sourceName)
        let placer = TraceMatcher(maxDistance: TraceReplayPlan.placementDistance, plannedSpeed: options.plannedSpeed)
        var placed = placer.match(matchedTrace, to: current.route.coordinates)
        for k in placed.points.indices {
            let original = current.pointIndices[placed.points[k].traceIndex]
            placed.points[k].traceIndex = original
            placed.points[k].point = trace.points[original]
            placed.points[k].offset = GreatCircle.distance(from: trace.points[original].coordinate, to: placed.points[k].matched)
        }
        placed.total = trace.points.count
        return ReplayLeg(route: current.route, waypoints: current.waypoints, match: placed, reroute: current.reroute)
    }
}
