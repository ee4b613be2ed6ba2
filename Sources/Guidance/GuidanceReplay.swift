import Geodesy
import RoadNetwork

/// Turns waypoints into stream records: for a planned drive (the vehicle at each waypoint in turn), or
/// by replaying a trace matched to the route (each waypoint emitted when the vehicle reaches it).
///
/// The next instruction advances once the vehicle is within `maneuverReachedDistance` of a maneuver,
/// so at a maneuver the driver already sees the one after it.
public enum GuidanceReplay {
    /// How close the vehicle must be to a maneuver for it to count as reached.
    public static let maneuverReachedDistance: Meters = 20

    /// Tracks the next unreached maneuver as progress grows.
    struct ManeuverCursor {
        let maneuvers: [Maneuver]
        var index = 0

        init(waypoints: [Waypoint]) {
            maneuvers = waypoints.compactMap(\.maneuver)
        }

        /// The next maneuver at least `maneuverReachedDistance` ahead of `progress`, with its distance.
        mutating func next(at progress: Meters) -> (Maneuver, Meters)? {
            while index < maneuvers.count && maneuvers[index].distanceAlongRoute - GuidanceReplay.maneuverReachedDistance <= progress {
                index += 1
            }
            guard index < maneuvers.count else { return nil }
            return (maneuvers[index], maneuvers[index].distanceAlongRoute - progress)
        }
    }

    /// The "Continue on … for …" text after a maneuver: the distance to the following maneuver.
    static func followTexts(_ waypoints: [Waypoint], language: InstructionLanguage) -> [Int: String] {
        var result: [Int: String] = [:]
        let maneuverIndices = waypoints.indices.filter { waypoints[$0].maneuver != nil }
        for (n, i) in maneuverIndices.enumerated() {
            guard let m = waypoints[i].maneuver, m.type != .arrive, n + 1 < maneuverIndices.count else { continue }
            let next = waypoints[maneuverIndices[n + 1]].distanceAlongRoute
            result[i] = InstructionText.follow(road: DirectionSign.spokenRoad(name: m.roadName, ref: m.roadRef),
                                               distance: next - waypoints[i].distanceAlongRoute, language: language)
        }
        return result
    }

    /// Records for a planned drive: every waypoint, the vehicle standing at it.
    /// - Complexity: O(waypoints).
    public static func records(for waypoints: [Waypoint], language: InstructionLanguage = .en) -> [GuidanceRecord] {
        var cursor = ManeuverCursor(waypoints: waypoints)
        let follow = followTexts(waypoints, language: language)
        return waypoints.enumerated().map { i, w in
            let next = cursor.next(at: w.distanceAlongRoute)
            return GuidanceRecord(waypoint: w, nextManeuver: next?.0, distanceToNextManeuver: next?.1,
                                  follow: follow[i], vehicle: nil)
        }
    }

    /// Replays a matched trace: walks its points in order and emits every waypoint the vehicle has
    /// reached, carrying the vehicle's state at that moment, the speed interpolated at the waypoint
    /// (and its warning under `policy`), the next instruction and the distance to it. Waypoints beyond the
    /// trace's end are not emitted, unless the trace ends within `maneuverReachedDistance` of the destination.
    /// - Complexity: O(waypoints + matched points).
    public static func replay(waypoints: [Waypoint], match: TraceMatch, language: InstructionLanguage = .en,
                              policy: WarningPolicy = .both, emit: (GuidanceRecord) throws -> Void) rethrows {
        guard !waypoints.isEmpty, !match.points.isEmpty else { return }
        var cursor = ManeuverCursor(waypoints: waypoints)
        let follow = followTexts(waypoints, language: language)
        let routeEnd = waypoints[waypoints.count - 1].distanceAlongRoute
        var w = 0
        let points = match.points
        for (j, p) in points.enumerated() {
            var reach = p.distanceAlongRoute
            if j == points.count - 1 && routeEnd - reach <= maneuverReachedDistance { reach = routeEnd }
            let vehicle = VehicleState(coordinate: p.point.coordinate, matched: p.matched, distanceAlongRoute: p.distanceAlongRoute,
                                       speed: p.speed, time: p.point.time)
            while w < waypoints.count && waypoints[w].distanceAlongRoute <= reach + 1e-6 {
                var waypoint = waypoints[w]
                let speed = interpolatedSpeed(at: waypoint.distanceAlongRoute, points: points, upTo: j)
                waypoint.vehicleSpeed = speed
                waypoint.warning = policy.warning(speed: speed, limit: waypoint.speedLimit)
                let next = cursor.next(at: p.distanceAlongRoute)
                try emit(GuidanceRecord(waypoint: waypoint, nextManeuver: next?.0, distanceToNextManeuver: next?.1,
                                        follow: follow[w], vehicle: vehicle))
                w += 1
            }
        }
    }

    /// The speed at `distance`, linear between the matched points around it (`points[...upTo]`).
    static func interpolatedSpeed(at distance: Meters, points: [MatchedTracePoint], upTo j: Int) -> KilometersPerHour? {
        var k = j
        while k > 0 && points[k - 1].distanceAlongRoute >= distance { k -= 1 }
        // points[k] is the first at or beyond `distance` (or the first point at all).
        guard k > 0 else { return points[k].speed }
        let a = points[k - 1], b = points[k]
        guard let sa = a.speed, let sb = b.speed else { return b.speed ?? a.speed }
        let span = b.distanceAlongRoute - a.distanceAlongRoute
        guard span > 0 else { return sb }
        let f = (distance - a.distanceAlongRoute) / span
        return sa + (sb - sa) * min(1, max(0, f))
    }
}
