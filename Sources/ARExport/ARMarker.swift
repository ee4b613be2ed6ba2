import Geodesy
import Guidance
import RoadNetwork

/// One 3-D marker the AR app places, with everything it needs so it does no geometry itself.
///
/// Invariants: `arkit == ARKitPosition(enu)`; `altitude == groundElevation + heightAboveGround`;
/// `arrow != nil` iff `kind` is `turnArrow`, `via` or `destination`; `label != nil` iff `kind == .poi`.
public struct ARMarker: Sendable {
    /// Position in the list (0-based); markers are ordered by `distanceAlongRoute`.
    public var index: Int
    public var kind: ARMarkerKind
    public var arrow: ArrowDirection?
    public var color: WarningColor
    public var warning: SpeedWarning
    /// The speed limit of the road at the marker, posted or estimated (nil for points of interest).
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
    /// The lanes at the maneuver here, left to right, with those that lead on: what a lane-arrow overlay
    /// draws (empty where the road maps none, and for markers that are not maneuvers).
    public var lanes: [Lane] = []
    /// The waypoint the marker came from (nil for points of interest).
    public var waypointSequence: Int?
    public var label: PointOfInterestLabel?

    public init(index: Int, kind: ARMarkerKind, arrow: ArrowDirection?, color: WarningColor, warning: SpeedWarning,
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

    /// The limit at the marker in km/h, nil when the road has none or it is unknown (and for labels).
    public var speedLimitKilometersPerHour: Double? {
        guard let speedLimit, speedLimit.kind == .limited else { return nil }
        return Double(speedLimit.kilometersPerHour)
    }

    /// Whether the warning (and so the colour) compares the speed with an estimated limit
    /// (`Waypoint.warningIsEstimated`).
    public var warningIsEstimated: Bool { WarningPolicy.isEstimated(warning, limit: speedLimit) }
}
