import Geodesy

/// A trace point placed on the route.
public struct MatchedTracePoint: Sendable, Hashable {
    /// Index of the point in `Trace.points`.
    public var traceIndex: Int
    public var point: TracePoint
    /// The nearest point of the route polyline (within the forward search window).
    public var matched: Coordinate
    /// Distance of `matched` from the route's start.
    public var distanceAlongRoute: Meters
    /// Distance between the recorded position and `matched`.
    public var offset: Meters
    /// The vehicle's speed here: recorded, else derived from time and distance along the route, else
    /// the planned speed; nil when none is known.
    public var speed: KilometersPerHour?
}

/// The result of matching a trace to a route.
///
/// Invariant: `points` are in trace order with non-decreasing `distanceAlongRoute`.
public struct TraceMatch: Sendable {
    public var points: [MatchedTracePoint]
    /// Trace points dropped because no route segment ahead lay within the matching distance.
    public var discarded: Int
    /// Number of points in the trace.
    public var total: Int
}
