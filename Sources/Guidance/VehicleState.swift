import Geodesy

/// Where the vehicle is when a record is emitted during a trace replay.
public struct VehicleState: Sendable, Hashable {
    /// The recorded position.
    public var coordinate: Coordinate
    /// The recorded position placed on the route.
    public var matched: Coordinate
    /// Progress along the route.
    public var distanceAlongRoute: Meters
    public var speed: KilometersPerHour?
    /// The trace point's time (seconds since 1970 for ISO times), when recorded.
    public var time: Seconds?

    public init(coordinate: Coordinate, matched: Coordinate, distanceAlongRoute: Meters, speed: KilometersPerHour?, time: Seconds?) {
        self.coordinate = coordinate
        self.matched = matched
        self.distanceAlongRoute = distanceAlongRoute
        self.speed = speed
        self.time = time
    }
}
