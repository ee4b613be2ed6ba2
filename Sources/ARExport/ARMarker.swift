import Geodesy
import Guidance
import RoadNetwork

/// What a marker shows in the AR scene.
public enum ARMarkerKind: String, Sendable, CaseIterable {
    /// A small marker floating just above the road along the route (blue when within the limit).
    case road
    /// An arrow above the road at a maneuver, showing which way to go (`ARMarker.arrow`).
    case turnArrow = "turn_arrow"
    /// An arrow above an intermediate stop (a `--via` point), pointing down.
    case via
    /// The red arrow above the destination, pointing down.
    case destination
    /// A label of a point of interest near the route.
    case poi
}

/// Which way an arrow marker points; the model is chosen by the app.
public enum ArrowDirection: String, Sendable, CaseIterable {
    case left, right, straight
    case uTurn = "u_turn"
    /// Straight down at the spot (destination and via arrows).
    case down

    /// The arrow for a maneuver: its modifier when it has one (OSRM semantics), else its direction.
    public init(_ maneuver: Maneuver) {
        switch maneuver.modifier {
        case .uturn?: self = .uTurn
        case .sharpLeft?, .left?, .slightLeft?: self = .left
        case .sharpRight?, .right?, .slightRight?: self = .right
        case .straight?: self = .straight
        case nil:
            switch maneuver.direction {
            case .left: self = .left
            case .right: self = .right
            case .straight: self = .straight
            }
        }
    }
}

/// The colour a marker is drawn in, from the speed warning where it stands.
public enum MarkerColor: String, Sendable, CaseIterable {
    /// Within the limit (or no limit applies).
    case blue
    /// Up to 10 % over the limit.
    case orange
    /// More than 10 % over the limit.
    case red
    /// Speed or limit unknown.
    case grey

    public init(_ warning: SpeedWarning) {
        switch warning {
        case .normal: self = .blue
        case .over: self = .orange
        case .farOver: self = .red
        case .unknown: self = .grey
        }
    }
}

/// Where a ground height came from.
public enum ElevationSource: String, Sendable, CaseIterable {
    /// Given on the command line (`--origin LAT,LON,ALT`).
    case given
    /// OSM `ele` tags, interpolated along the road by guidance.
    case osmTag = "ele_tag"
    /// The SRTM elevation grid (`--dem`).
    case dem
    /// Not known: the height of the origin's ground is assumed (flat-earth-height, curvature still exact).
    case unknown
}

/// The point of interest a `poi` marker labels.
public struct PointOfInterestLabel: Sendable, Hashable {
    public var pointOfInterest: PointOfInterest
    /// The category name from `PointOfInterestCategory.known`, or the raw tag value if it is not listed.
    public var category: String
    /// Shortest distance from the point to the route polyline.
    public var distanceFromRoute: Meters

    public init(pointOfInterest: PointOfInterest, category: String, distanceFromRoute: Meters) {
        self.pointOfInterest = pointOfInterest
        self.category = category
        self.distanceFromRoute = distanceFromRoute
    }
}

/// One 3-D marker the AR app places, with everything it needs so it does no geometry itself.
///
/// Invariants: `arkit == ARKitPosition(enu)`; `altitude == groundElevation + heightAboveGround`;
/// `arrow != nil` iff `kind` is `turnArrow`, `via` or `destination`; `label != nil` iff `kind == .poi`.
public struct ARMarker: Sendable {
    /// Position in the list (0-based); markers are ordered by `distanceAlongRoute`.
    public var index: Int
    public var kind: ARMarkerKind
    public var arrow: ArrowDirection?
    public var color: MarkerColor
    public var warning: SpeedWarning
    /// The posted limit of the road at the marker (nil for points of interest).
    public var speedLimit: SpeedLimit?
    public var distanceAlongRoute: Meters
    /// Geo-anchor: where the marker stands.
    public var coordinate: Coordinate
    /// Geo-anchor altitude of the marker itself (ground + height above ground), metres.
    public var altitude: Meters
    /// Height of the road surface (or terrain, for a point of interest) under the marker.
    public var groundElevation: Meters
    public var elevationSource: ElevationSource
    /// How far above the ground the marker floats.
    public var heightAboveGround: Meters
    /// Position in the frame's tangent plane, relative to the camera origin.
    public var enu: EastNorthUp
    /// Position in ARKit's world frame (x east, y up, z south).
    public var arkit: ARKitPosition
    /// Compass bearing the marker faces at its position: the direction of travel (for turn arrows the
    /// approach direction, so a bent arrow model reads left/right from the driver's seat; for point of
    /// interest labels the direction from the label towards the road).
    public var bearing: Bearing
    /// The same direction as an ARKit yaw (see `ARWorldFrame` for the convention).
    public var yaw: Radians
    /// The app shows the marker only while the camera is within this distance.
    public var visibilityRadius: Meters
    /// The instruction of the maneuver here, if any.
    public var instruction: String?
    /// The waypoint the marker came from (nil for points of interest).
    public var waypointSequence: Int?
    public var label: PointOfInterestLabel?

    public init(index: Int, kind: ARMarkerKind, arrow: ArrowDirection?, color: MarkerColor, warning: SpeedWarning,
                speedLimit: SpeedLimit?, distanceAlongRoute: Meters, coordinate: Coordinate, altitude: Meters,
                groundElevation: Meters, elevationSource: ElevationSource, heightAboveGround: Meters,
                enu: EastNorthUp, arkit: ARKitPosition, bearing: Bearing, yaw: Radians, visibilityRadius: Meters,
                instruction: String?, waypointSequence: Int?, label: PointOfInterestLabel?) {
        self.index = index
        self.kind = kind
        self.arrow = arrow
        self.color = color
        self.warning = warning
        self.speedLimit = speedLimit
        self.distanceAlongRoute = distanceAlongRoute
        self.coordinate = coordinate
        self.altitude = altitude
        self.groundElevation = groundElevation
        self.elevationSource = elevationSource
        self.heightAboveGround = heightAboveGround
        self.enu = enu
        self.arkit = arkit
        self.bearing = bearing
        self.yaw = yaw
        self.visibilityRadius = visibilityRadius
        self.instruction = instruction
        self.waypointSequence = waypointSequence
        self.label = label
    }
}
