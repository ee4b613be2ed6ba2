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
    let index: GuidanceIndex
    let options: GuidanceOptions

    init(index: GuidanceIndex, options: GuidanceOptions) {
        self.index = index
        graph = index.graph
        self.options = options
    }

    /// The waypoints of `route`, each carrying the vehicle speed `speedAt(distance along the route)`.
    /// - Complexity: O(coordinates + inserted points + edges × junction degree).
    func build(for route: Route, speedAt: (Meters) -> KilometersPerHour?) -> [Waypoint] {
        var waypoints: [Waypoint] = []
        var offset: Meters = 0
        let legCount = route.legs.count
        for (legIndex, leg) in route.legs.enumerated() {
            guard !leg.coordinates.isEmpty else { continue }
            var steps = StepBuilder(index: index, leg: leg, language: options.language)
            steps.distanceOffset = offset
            if legIndex < legCount - 1 { steps.arrivalIndex = legIndex + 1 }
            let maneuvers = steps.maneuversWithLanes()
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
                    vehicleSpeed: speed, warning: options.warningPolicy.warning(speed: speed, limit: limit),
                    maneuver: maneuver, edge: edge))
            }
            offset += dense.length
        }
        return waypoints
    }
}
