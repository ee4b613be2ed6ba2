import Geodesy

/// A re-route during a trace replay: the car left the route it was following, so a new route was
/// planned from where it was matched to the destination (the stream's `reroute` record).
public struct Reroute: Sendable, Equatable {
    /// Index in `Trace.points` of the point the new route starts from.
    public var traceIndex: Int
    /// The recorded position of that point.
    public var coordinate: Coordinate
    /// Where the point was matched on the road: the new route's start.
    public var matched: Coordinate
    /// The trace time of that point, when the trace has times.
    public var time: Seconds?
    /// The new route's length and planned duration.
    public var distance: Meters
    public var duration: Seconds

    public init(traceIndex: Int, coordinate: Coordinate, matched: Coordinate, time: Seconds?, distance: Meters, duration: Seconds) {
        self.traceIndex = traceIndex
        self.coordinate = coordinate
        self.matched = matched
        self.time = time
        self.distance = distance
        self.duration = duration
    }
}
