import Geodesy

/// One entry of the waypoint stream: a waypoint, and what a driver at that moment is told next.
public struct GuidanceRecord: Sendable {
    public var waypoint: Waypoint
    /// The next maneuver the vehicle has not yet reached (within `GuidanceReplay.maneuverReachedDistance`);
    /// nil once the destination is reached.
    public var nextManeuver: Maneuver?
    /// Distance from the vehicle (or, without a trace, from this waypoint) to `nextManeuver`.
    public var distanceToNextManeuver: Meters?
    /// "Continue on Trpimirova for 1.2 km", for maneuver waypoints: what follows the maneuver.
    public var follow: String?
    /// The vehicle during a trace replay; nil for a planned drive.
    public var vehicle: VehicleState?

    public init(waypoint: Waypoint, nextManeuver: Maneuver?, distanceToNextManeuver: Meters?, follow: String?, vehicle: VehicleState?) {
        self.waypoint = waypoint
        self.nextManeuver = nextManeuver
        self.distanceToNextManeuver = distanceToNextManeuver
        self.follow = follow
        self.vehicle = vehicle
    }
}
