import Geodesy

/// One recorded position of a drive.
public struct TracePoint: Sendable, Hashable {
    public var coordinate: Coordinate
    /// Seconds since 1970-01-01T00:00:00Z for ISO 8601 times, or the number given in a CSV time column;
    /// nil when the point has no time.
    public var time: Seconds?
    /// The recorded speed, when the file gives one (CSV `speed` column in km/h; GPX `<speed>` in m/s).
    public var speed: KilometersPerHour?
    /// The 1-based line of the file the point came from (for messages).
    public var line: Int

    public init(coordinate: Coordinate, time: Seconds? = nil, speed: KilometersPerHour? = nil, line: Int = 0) {
        self.coordinate = coordinate
        self.time = time
        self.speed = speed
        self.line = line
    }
}

/// A GPS trace: points in recorded order.
///
/// Invariant: every coordinate is valid (checked by the parser).
public struct Trace: Sendable {
    public var points: [TracePoint]
    /// The file name used in messages.
    public var sourceName: String

    public init(points: [TracePoint], sourceName: String = "<memory>") {
        self.points = points
        self.sourceName = sourceName
    }

    /// Whether every point has a time (so speeds can be derived from time and distance).
    public var hasTimes: Bool { !points.isEmpty && points.allSatisfy { $0.time != nil } }
}
