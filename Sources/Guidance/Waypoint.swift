import Geodesy
import RoadNetwork

/// What a waypoint in the stream marks.
public enum WaypointKind: String, Sendable, Codable {
    /// A point along the road (a shape point or a densified point).
    case road
    /// A point where an instruction applies (depart, turns, roundabouts …).
    case maneuver
    /// The end of the route.
    case destination
}

/// How the vehicle's speed compares with the road's speed limit; colours are chosen at export
/// (`normal` blue, `over` orange, `farOver` red, `unknown` and `unchecked` grey).
///
/// Whether the limit compared against is posted or estimated is the limit's (`SpeedLimit.isEstimated`);
/// `WarningPolicy` decides which limits are compared at all.
public enum SpeedWarning: String, Sendable, Codable, CaseIterable {
    /// At or under the limit (or no limit applies).
    case normal
    /// Above the limit, up to and including 110 % of it.
    case over
    /// Above 110 % of the limit.
    case farOver = "far_over"
    /// The limit or the vehicle's speed is not known.
    case unknown
    /// A limit and a speed are known, but the warning policy does not compare them: an estimated limit
    /// under `WarningPolicy.posted`, a posted one under `WarningPolicy.estimated`.
    case unchecked

    /// Whether the warning is the outcome of comparing a speed with a limit (`normal`, `over`, `farOver`).
    public var isComparison: Bool {
        switch self {
        case .normal, .over, .farOver: true
        case .unknown, .unchecked: false
        }
    }
}

/// The three directions the AR arrows show.
public enum TurnDirection: String, Sendable, Codable, CaseIterable {
    case left, right, straight
}

/// OSRM's maneuver modifiers.
public enum ManeuverModifier: String, Sendable, Codable, CaseIterable {
    case uturn
    case sharpRight = "sharp right"
    case right
    case slightRight = "slight right"
    case straight
    case slightLeft = "slight left"
    case left
    case sharpLeft = "sharp left"
}

/// OSRM's maneuver types (the subset a car route produces).
public enum ManeuverType: String, Sendable, Codable, CaseIterable {
    case depart
    case arrive
    case turn
    case newName = "new name"
    case `continue`
    case merge
    case onRamp = "on ramp"
    case offRamp = "off ramp"
    case fork
    case endOfRoad = "end of road"
    /// Entering a roundabout (`exit` says which exit to take).
    case roundabout
    /// Leaving a roundabout, or passing one of its nodes without driving on the ring.
    case exitRoundabout = "exit roundabout"
    /// Entering a large or named roundabout (a traffic circle); the step carries `rotaryName`.
    case rotary
    /// Leaving a rotary.
    case exitRotary = "exit rotary"
    /// A small roundabout driven like an intersection: one step with the direction and the exit,
    /// no separate exit step.
    case roundaboutTurn = "roundabout turn"
    /// A change of travel mode where the road itself needs no instruction (boarding or leaving a ferry).
    case notification
}

extension ManeuverType {
    /// Whether this maneuver enters a ring whose exit is counted (`roundabout`, `rotary`, `roundabout turn`).
    public var entersRoundabout: Bool { self == .roundabout || self == .rotary || self == .roundaboutTurn }
}

/// A classified maneuver with its instruction.
public struct Maneuver: Sendable, Hashable {
    public var type: ManeuverType
    public var modifier: ManeuverModifier?
    public var direction: TurnDirection
    /// Roundabout exit number (1-based), for `.roundabout`, `.rotary`, `.roundaboutTurn` and their exits.
    public var exit: Int?
    public var location: Coordinate
    public var bearingBefore: Bearing
    public var bearingAfter: Bearing
    /// Name of the road taken after the maneuver ("" when unnamed).
    public var roadName: String
    public var roadRef: String
    /// The spoken/written instruction in the requested language.
    public var instruction: String
    /// Distance along the route where the maneuver is.
    public var distanceAlongRoute: Meters
    /// For `.rotary`: the name of the ring (OSRM's `rotary_name`); nil when it has none.
    public var rotaryName: String?
    /// The lanes at the maneuver's junction, left to right, with those that lead on (empty where the road
    /// maps no `turn:lanes`).
    public var lanes: [Lane] = []

    public init(type: ManeuverType, modifier: ManeuverModifier?, direction: TurnDirection, exit: Int?,
                location: Coordinate, bearingBefore: Bearing, bearingAfter: Bearing, roadName: String,
                roadRef: String, instruction: String, distanceAlongRoute: Meters, rotaryName: String? = nil) {
        self.rotaryName = rotaryName
        self.type = type
        self.modifier = modifier
        self.direction = direction
        self.exit = exit
        self.location = location
        self.bearingBefore = bearingBefore
        self.bearingAfter = bearingAfter
        self.roadName = roadName
        self.roadRef = roadRef
        self.instruction = instruction
        self.distanceAlongRoute = distanceAlongRoute
    }
}

/// One point of the waypoint stream.
public struct Waypoint: Sendable {
    public var sequence: Int
    public var coordinate: Coordinate
    /// Elevation from `ele` tags, interpolated along the edge; nil where unknown.
    public var elevation: Meters?
    public var distanceAlongRoute: Meters
    /// Direction of travel at this point.
    public var bearing: Bearing
    public var kind: WaypointKind
    /// The speed limit of the edge the point lies on, posted or estimated (`SpeedLimit.source`).
    public var speedLimit: SpeedLimit
    /// The vehicle's speed here (planned or replayed); nil when not known.
    public var vehicleSpeed: KilometersPerHour?
    public var warning: SpeedWarning
    /// The maneuver at this point, for `.maneuver` and `.destination` waypoints.
    public var maneuver: Maneuver?
    /// The graph edge the point lies on.
    public var edge: EdgeIndex

    public init(sequence: Int, coordinate: Coordinate, elevation: Meters?, distanceAlongRoute: Meters,
                bearing: Bearing, kind: WaypointKind, speedLimit: SpeedLimit, vehicleSpeed: KilometersPerHour?,
                warning: SpeedWarning, maneuver: Maneuver?, edge: EdgeIndex) {
        self.sequence = sequence
        self.coordinate = coordinate
        self.elevation = elevation
        self.distanceAlongRoute = distanceAlongRoute
        self.bearing = bearing
        self.kind = kind
        self.speedLimit = speedLimit
        self.vehicleSpeed = vehicleSpeed
        self.warning = warning
        self.maneuver = maneuver
        self.edge = edge
    }

    /// Whether `warning` compares the speed with an estimated limit (a `normal`, `over` or `farOver`
    /// against a `legal_default`, `neighbours` or `class_default` limit): the warning is only as sure
    /// as the estimate. False for `unknown` and `unchecked`, which compare nothing.
    public var warningIsEstimated: Bool { WarningPolicy.isEstimated(warning, limit: speedLimit) }
}
