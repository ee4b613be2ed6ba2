import Geodesy
import RoadNetwork
import Routing

/// Builds a route's waypoint list: the densified polyline of every leg, with the maneuvers placed on
/// their vertices, each point's edge, speed limit, elevation, bearing and warning.
///
/// Legs are joined at their shared via point, which is emitted once, carrying the via's `arrive`
/// maneuver (the next leg's `depart` at the same position is not repeated).
struct WaypointBuilder {
    let graph: RoadGraph
    let options: GuidanceOptions

    /// The waypoints of `route`, each carrying the vehicle speed `speedAt(distance along the route)`.
    /// - Complexity: O(coordinates + inserted points + edges × junction degree).
    func build(for route: Route, speedAt: (Meters) -> KilometersPerHour?) -> [Waypoint] {
        var waypoints: [Waypoint] = []
        var offset: Meters = 0
        let legCount = route.legs.count
        for (legIndex, leg) in route.legs.enumerated() {
            guard !leg.coordinates.isEmpty else { continue }
            var steps = StepBuilder(graph: graph, leg: leg, language: options.language)
            steps.distanceOffset = offset
            if legIndex < legCount - 1 { steps.arrivalIndex = legIndex + 1 }
            let maneuvers = steps.maneuvers()
            let lengths = steps.geometry.cumulativeDistance
            let dense = DensifiedPolyline(leg.coordinates, policy: options.spacing, cumulativeDistance: lengths)
            var maneuverAtPoint: [Int: Maneuver] = [:]
            for placed in maneuvers {
                let p = dense.pointOfVertex[placed.coordinateIndex]
                // A merged duplicate vertex may hold two maneuvers (depart on a node where a turn follows
                // at once); the later one is the one still ahead.
                maneuverAtPoint[p] = placed.maneuver
            }
            let elevations = VertexElevations(leg: leg, graph: graph)
            var bearing = Bearing(degrees: 0)
            var bearingSegment = -1
            let skipFirst = legIndex > 0 && !waypoints.isEmpty
            for (pointIndex, point) in dense.points.enumerated() {
                if skipFirst && pointIndex == 0 { continue }
                let segment = min(point.segment, max(0, leg.coordinates.count - 2))
                let edgeSlot = segment < leg.segmentEdge.count ? leg.segmentEdge[segment] : leg.edges.count - 1
                let edge: EdgeIndex = leg.edges.isEmpty ? leg.from.edge : leg.edges[max(0, min(edgeSlot, leg.edges.count - 1))]
                // The direction of travel is the stretch's, measured once per stretch; a zero-length
                // stretch keeps the previous direction.
                if segment != bearingSegment && leg.coordinates.count > 1 {
                    bearingSegment = segment
                    if lengths[segment + 1] - lengths[segment] >= DensifiedPolyline.duplicateTolerance {
                        bearing = GreatCircle.initialBearing(from: leg.coordinates[segment], to: leg.coordinates[segment + 1])
                    }
                }
                let along = offset + point.distanceAlong
                let isLastPoint = legIndex == legCount - 1 && pointIndex == dense.points.count - 1
                var maneuver = maneuverAtPoint[pointIndex]
                if legIndex > 0 && pointIndex == 0 { maneuver = nil }
                let kind: WaypointKind = isLastPoint ? .destination : maneuver != nil ? .maneuver : .road
                let limit = graph.speedLimit[Int(edge)]
                let speed = speedAt(along)
                waypoints.append(Waypoint(
                    sequence: waypoints.count, coordinate: point.coordinate,
                    elevation: elevations.elevation(of: point, in: leg.coordinates),
                    distanceAlongRoute: along, bearing: bearing, kind: kind, speedLimit: limit,
                    vehicleSpeed: speed, warning: SpeedWarning.classify(speed: speed, limit: limit),
                    maneuver: maneuver, edge: edge))
            }
            offset += dense.length
        }
        return waypoints
    }
}

/// Elevations of a leg's vertices from the graph's `ele` data, interpolated along each edge.
///
/// Most extracts carry no elevation; then every value is nil and nothing is measured.
struct VertexElevations {
    private var values: [Meters?]

    /// - Complexity: O(coordinates × shape points of their edge) for edges with elevation data, else
    ///   O(coordinates + shape points of the leg's edges).
    init(leg: RouteLeg, graph: RoadGraph) {
        values = Array(repeating: nil, count: leg.coordinates.count)
        guard !leg.coordinates.isEmpty else { return }
        // Whether each of the leg's edges has any elevation, looked at once per edge.
        let hasElevation = leg.edges.map { Self.hasElevation($0, graph: graph) }
        guard hasElevation.contains(true) else { return }
        for k in leg.coordinates.indices {
            let segment = min(k, leg.segmentEdge.count - 1)
            guard segment >= 0, leg.segmentEdge[segment] < leg.edges.count else { continue }
            let slot = leg.segmentEdge[segment]
            if hasElevation[slot] { values[k] = Self.elevation(at: leg.coordinates[k], on: leg.edges[slot], graph: graph) }
            if values[k] == nil && k > 0, leg.segmentEdge[k - 1] < leg.edges.count, hasElevation[leg.segmentEdge[k - 1]] {
                // A junction vertex is also the end of the previous edge.
                values[k] = Self.elevation(at: leg.coordinates[k], on: leg.edges[leg.segmentEdge[k - 1]], graph: graph)
            }
        }
    }

    /// Whether an edge's end nodes or shape points carry any elevation.
    static func hasElevation(_ edge: EdgeIndex, graph: RoadGraph) -> Bool {
        if !graph.nodeElevations[Int(graph.tail[Int(edge)])].isNaN || !graph.nodeElevations[Int(graph.head[Int(edge)])].isNaN { return true }
        let first = Int(graph.firstShapePoint[Int(edge)]), last = Int(graph.firstShapePoint[Int(edge) + 1])
        for i in first..<last where !graph.shapeElevations[i].isNaN { return true }
        return false
    }

    /// The elevation of a point on an edge, interpolated between the nearest known elevations.
    static func elevation(at c: Coordinate, on edge: EdgeIndex, graph: RoadGraph) -> Meters? {
        guard hasElevation(edge, graph: graph) else { return nil }
        let points = graph.geometry(of: edge)
        let heights = graph.geometryElevations(of: edge)
        // The closest segment, then linear interpolation between its ends' known heights.
        var best = (distance: Meters.infinity, segment: 0, fraction: 0.0)
        for s in 0..<(points.count - 1) {
            let hit = GreatCircle.closestPoint(to: c, onSegmentFrom: points[s], to: points[s + 1])
            if hit.distance < best.distance { best = (hit.distance, s, hit.fraction) }
        }
        let a = heights[best.segment], b = heights[best.segment + 1]
        switch (a.isNaN, b.isNaN) {
        case (false, false): return Double(a) + (Double(b) - Double(a)) * best.fraction
        case (false, true): return Double(a)
        case (true, false): return Double(b)
        case (true, true): return nil
        }
    }

    /// The elevation of a densified point: its vertex's, or interpolated between its stretch's ends.
    func elevation(of point: DensePoint, in polyline: [Coordinate]) -> Meters? {
        if let v = point.vertex { return values[v] }
        let s = point.segment
        guard s + 1 < values.count else { return nil }
        switch (values[s], values[s + 1]) {
        case let (a?, b?):
            let length = GreatCircle.distance(from: polyline[s], to: polyline[s + 1])
            let f = length > 0 ? GreatCircle.distance(from: polyline[s], to: point.coordinate) / length : 0
            return a + (b - a) * f
        case let (a?, nil): return a
        case let (nil, b?): return b
        default: return nil
        }
    }
}
