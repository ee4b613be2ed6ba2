import Geodesy
import Guidance
import RoadNetwork

/// Hand-made guidance waypoints, so the marker tests do not depend on routing or guidance.
enum MarkerFixtures {
    static let start = Coordinate(latitude: 43.7384, longitude: 7.4246)
    static let limit50 = SpeedLimit.limited(50, source: .posted)

    /// A maneuver at `location` with the given type and modifier.
    static func maneuver(_ type: ManeuverType, _ modifier: ManeuverModifier?, at location: Coordinate,
                         before: Degrees = 90, after: Degrees = 90, distance: Meters = 0, instruction: String = "Go") -> Maneuver {
        let direction: TurnDirection = switch modifier {
        case .left?, .sharpLeft?, .slightLeft?: .left
        case .right?, .sharpRight?, .slightRight?: .right
        default: .straight
        }
        return Maneuver(type: type, modifier: modifier, direction: direction, exit: nil, location: location,
                        bearingBefore: Bearing(degrees: before), bearingAfter: Bearing(degrees: after), roadName: "",
                        roadRef: "", instruction: instruction, distanceAlongRoute: distance)
    }

    /// `count` waypoints heading due east from `start`, `spacing` apart: depart, road points, destination.
    static func straightRoute(count: Int, spacing: Meters = 10, elevation: ((Int) -> Meters?)? = nil,
                              warning: SpeedWarning = .normal) -> [Waypoint] {
        (0..<count).map { i in
            let c = GreatCircle.destination(from: start, bearing: Bearing(degrees: 90), distance: Double(i) * spacing)
            let kind: WaypointKind = i == 0 ? .maneuver : (i == count - 1 ? .destination : .road)
            let m: Maneuver? = i == 0 ? maneuver(.depart, nil, at: c, instruction: "Head east")
                : (i == count - 1 ? maneuver(.arrive, nil, at: c, distance: Double(i) * spacing, instruction: "You have arrived") : nil)
            return Waypoint(sequence: i, coordinate: c, elevation: elevation?(i), distanceAlongRoute: Double(i) * spacing,
                            bearing: Bearing(degrees: 90), kind: kind, speedLimit: limit50, vehicleSpeed: 50,
                            warning: warning, maneuver: m, edge: 0)
        }
    }

    /// One waypoint of any kind at `distance` east of `start`.
    static func waypoint(_ sequence: Int, kind: WaypointKind, distance: Meters, maneuver: Maneuver? = nil,
                         warning: SpeedWarning = .normal, elevation: Meters? = nil, bearing: Degrees = 90,
                         limit: SpeedLimit = limit50) -> Waypoint {
        let c = GreatCircle.destination(from: start, bearing: Bearing(degrees: 90), distance: distance)
        return Waypoint(sequence: sequence, coordinate: c, elevation: elevation, distanceAlongRoute: distance,
                        bearing: Bearing(degrees: bearing), kind: kind, speedLimit: limit, vehicleSpeed: 50,
                        warning: warning, maneuver: maneuver, edge: 0)
    }
}
