import Geodesy
import Guidance
import Places
import RoadNetwork

/// Turns a route's guidance waypoints (and places along it) into the AR app's marker list.
///
/// One marker per waypoint, in order: `road` markers along the road, a `turnArrow` at each maneuver
/// (the depart maneuver is a road marker carrying its instruction), a `via` arrow at each intermediate
/// stop and the `destination` arrow at the end; then `poi` labels merged in by distance along the route.
/// The pass takes values and returns a value; it does no I/O (the elevation model is loaded before).
public enum ARMarkerExporter {
    /// Builds the marker list.
    ///
    /// Ground heights: a waypoint's `elevation` (OSM `ele` data) first, then the elevation model, else
    /// unknown. The origin's ground: `options.originAltitude`, then the elevation model at the origin,
    /// then the nearest waypoint with a known elevation. When the origin's ground is unknown every marker
    /// is placed relative to it (source `unknown`), since heights from different references cannot mix.
    /// - Complexity: O(waypoints + places), plus one elevation lookup per marker.
    public static func markers(for waypoints: [Waypoint], placesAlongRoute: [PointOfInterestOnRoute] = [],
                               options: ARMarkerOptions = ARMarkerOptions(),
                               elevation: ElevationModel? = nil) throws(ARExportError) -> ARMarkerList {
        try options.validate()
        guard let first = waypoints.first else { throw .emptyRoute }
        let origin = options.origin ?? first.coordinate
        let (originGround, originSource) = originGroundHeight(origin: origin, waypoints: waypoints, options: options, elevation: elevation)
        let placement = MarkerPlacement(
            frame: ARWorldFrame(origin: origin, groundAltitude: originGround, cameraHeight: options.cameraHeight),
            originGround: originGround, originSource: originSource, elevation: elevation, options: options)
        let routeMarkers = waypoints.map(placement.routeMarker(for:))
        let placeMarkers = placesAlongRoute.sorted(by: { $0.distanceAlongRoute < $1.distanceAlongRoute }).map {
            placement.placeMarker(for: $0, routeMarkers: routeMarkers)
        }
        let markers = mergedByDistance(routeMarkers: routeMarkers, placeMarkers: placeMarkers)
        let batches = makeBatches(markers: markers, waypoints: waypoints, size: options.batchSize, trigger: options.batchTrigger)
        return ARMarkerList(frame: placement.frame, originElevationSource: originSource, options: options, markers: markers,
                            batches: batches, routeDistance: waypoints.last!.distanceAlongRoute)
    }

    /// Where markers stand: the world frame, the ground heights and the options of one marker list.
    private struct MarkerPlacement {
        let frame: ARWorldFrame
        let originGround: Meters
        let originSource: ElevationSource
        let elevation: ElevationModel?
        let options: ARMarkerOptions

        /// The ground height at `c`: the tagged elevation, else the elevation model, else the origin's
        /// (unknown); every height is unknown when the origin's is.
        func ground(at c: Coordinate, tagged: Meters?) -> (Meters, ElevationSource) {
            guard originSource != .unknown else { return (originGround, .unknown) }
            if let tagged, tagged.isFinite { return (tagged, .osmTag) }
            if let h = elevation?.elevation(at: c) { return (h, .dem) }
            return (originGround, .unknown)
        }

        /// A waypoint's marker (its index is set when the list is merged).
        func routeMarker(for w: Waypoint) -> ARMarker {
            let kind: ARMarkerKind, arrow: ArrowDirection?, height: Meters, facing: Bearing
            switch (w.kind, w.maneuver) {
            case (.destination, _):
                (kind, arrow, height, facing) = (.destination, .down, options.destinationHeight, w.bearing)
            case (.maneuver, let maneuver?) where maneuver.type == .arrive:
                (kind, arrow, height, facing) = (.via, .down, options.destinationHeight, w.bearing)
            case (.maneuver, let maneuver?) where maneuver.type != .depart:
                (kind, arrow, height, facing) = (.turnArrow, ArrowDirection(maneuver), options.turnArrowHeight, maneuver.bearingBefore)
            case (.maneuver, _), (.road, _):
                // The depart point (and a maneuver waypoint without its maneuver) is a road marker.
                (kind, arrow, height, facing) = (.road, nil, options.roadMarkerHeight, w.bearing)
            }
            let (groundHeight, source) = ground(at: w.coordinate, tagged: w.elevation)
            let altitude = groundHeight + height
            let position = frame.position(of: w.coordinate, altitude: altitude)
            var marker = ARMarker(
                index: 0, kind: kind, arrow: arrow, color: WarningColor(w.warning), warning: w.warning,
                speedLimit: w.speedLimit, distanceAlongRoute: w.distanceAlongRoute, coordinate: w.coordinate,
                altitude: altitude, groundElevation: groundHeight, elevationSource: source, heightAboveGround: height,
                enu: position.enu, arkit: position.arkit, bearing: facing,
                yaw: frame.yaw(at: w.coordinate, altitude: altitude, facing: facing),
                visibilityRadius: options.visibilityRadius, instruction: w.maneuver?.instruction,
                waypointSequence: w.sequence, label: nil)
            if kind == .turnArrow { marker.lanes = w.maneuver?.lanes ?? [] }
            return marker
        }

        /// A place's label, facing the road so it reads from the car. It stands on the terrain at the
        /// place; without a model for it, on the road beside it (the nearest route marker's ground).
        func placeMarker(for place: PointOfInterestOnRoute, routeMarkers: [ARMarker]) -> ARMarker {
            let c = place.pointOfInterest.coordinate
            var (groundHeight, source) = ground(at: c, tagged: nil)
            if source == .unknown, originSource != .unknown,
               let nearest = ARMarkerExporter.nearestRouteMarker(to: place.distanceAlongRoute, in: routeMarkers),
               nearest.elevationSource != .unknown {
                (groundHeight, source) = (nearest.groundElevation, nearest.elevationSource)
            }
            let altitude = groundHeight + options.poiLabelHeight
            let position = frame.position(of: c, altitude: altitude)
            let facing = GreatCircle.initialBearing(from: c, to: place.closestRoutePoint)
            return ARMarker(
                index: 0, kind: .poi, arrow: nil, color: .grey, warning: .unknown, speedLimit: nil,
                distanceAlongRoute: place.distanceAlongRoute, coordinate: c, altitude: altitude,
                groundElevation: groundHeight, elevationSource: source, heightAboveGround: options.poiLabelHeight,
                enu: position.enu, arkit: position.arkit, bearing: facing,
                yaw: frame.yaw(at: c, altitude: altitude, facing: facing), visibilityRadius: options.visibilityRadius,
                instruction: nil, waypointSequence: nil,
                label: PointOfInterestLabel(pointOfInterest: place.pointOfInterest, category: place.category,
                                            distanceFromRoute: place.distanceFromRoute))
        }
    }

    /// The route's and the places' markers merged by distance along the route (at equal distance the
    /// route's own marker first), indexed in that order.
    private static func mergedByDistance(routeMarkers: [ARMarker], placeMarkers: [ARMarker]) -> [ARMarker] {
        var markers: [ARMarker] = []
        markers.reserveCapacity(routeMarkers.count + placeMarkers.count)
        var r = 0, p = 0
        while r < routeMarkers.count || p < placeMarkers.count {
            if p == placeMarkers.count || (r < routeMarkers.count && routeMarkers[r].distanceAlongRoute <= placeMarkers[p].distanceAlongRoute) {
                markers.append(routeMarkers[r]); r += 1
            } else {
                markers.append(placeMarkers[p]); p += 1
            }
            markers[markers.count - 1].index = markers.count - 1
        }
        return markers
    }

    /// The ground height at the origin and where it came from (see `markers(for:…)`).
    static func originGroundHeight(origin: Coordinate, waypoints: [Waypoint], options: ARMarkerOptions,
                                   elevation: ElevationModel?) -> (Meters, ElevationSource) {
        if let given = options.originAltitude { return (given, .given) }
        if let h = elevation?.elevation(at: origin) { return (h, .dem) }
        var nearest: (distance: Meters, elevation: Meters)?
        for w in waypoints {
            guard let e = w.elevation, e.isFinite else { continue }
            let d = GreatCircle.distance(from: origin, to: w.coordinate)
            if nearest == nil || d < nearest!.distance { nearest = (d, e) }
            if d == 0 { break }
        }
        if let nearest { return (nearest.elevation, .osmTag) }
        return (0, .unknown)
    }

    /// The route marker nearest along the route to a distance (markers sorted by distance).
    private static func nearestRouteMarker(to distance: Meters, in markers: [ARMarker]) -> ARMarker? {
        guard !markers.isEmpty else { return nil }
        var lo = 0, hi = markers.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if markers[mid].distanceAlongRoute < distance { lo = mid + 1 } else { hi = mid }
        }
        if lo == markers.count { return markers[lo - 1] }
        if lo == 0 { return markers[0] }
        let before = markers[lo - 1], after = markers[lo]
        return distance - before.distanceAlongRoute <= after.distanceAlongRoute - distance ? before : after
    }

    /// Cuts the markers into batches of `size`; each but the last says when to request the next one.
    /// - Complexity: O(batches × log waypoints).
    static func makeBatches(markers: [ARMarker], waypoints: [Waypoint], size: Int, trigger: Meters) -> [ARMarkerBatch] {
        var batches: [ARMarkerBatch] = []
        var start = 0
        while start < markers.count {
            let end = min(start + size, markers.count)
            let first = markers[start], last = markers[end - 1]
            var next: BatchTrigger?
            if end < markers.count {
                // Within `trigger` metres (along the route) of the batch's last marker, but never before
                // the batch begins: a batch shorter than the trigger is followed at once.
                let distance = max(first.distanceAlongRoute, last.distanceAlongRoute - trigger)
                next = BatchTrigger(distanceAlongRoute: distance, coordinate: coordinate(atDistance: distance, along: waypoints),
                                    radius: trigger, markerIndex: end - 1)
            }
            batches.append(ARMarkerBatch(index: batches.count, markers: start..<end, startDistance: first.distanceAlongRoute,
                                         endDistance: last.distanceAlongRoute, nextBatchTrigger: next))
            start = end
        }
        return batches
    }

    /// The point of the waypoint polyline at a distance along the route (clamped to its ends).
    /// - Complexity: O(log waypoints).
    static func coordinate(atDistance distance: Meters, along waypoints: [Waypoint]) -> Coordinate {
        var lo = 0, hi = waypoints.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if waypoints[mid].distanceAlongRoute < distance { lo = mid + 1 } else { hi = mid }
        }
        if lo == 0 { return waypoints[0].coordinate }
        if lo == waypoints.count { return waypoints[waypoints.count - 1].coordinate }
        let a = waypoints[lo - 1], b = waypoints[lo]
        let span = b.distanceAlongRoute - a.distanceAlongRoute
        guard span > 0 else { return b.coordinate }
        return GreatCircle.intermediate(from: a.coordinate, to: b.coordinate, fraction: (distance - a.distanceAlongRoute) / span)
    }
}
