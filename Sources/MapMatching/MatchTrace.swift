import Geodesy

/// A GPS trace to match: positions in recorded order, optional timestamps, each point's precision.
///
/// Invariants (checked by `init`): at least two points; one timestamp per point, strictly increasing,
/// when given; one precision per point, each positive and finite.
public struct MatchTrace: Sendable, Equatable {
    public let coordinates: [Coordinate]
    /// Seconds (any epoch), strictly increasing; nil when the trace has no times.
    public let timestamps: [Seconds]?
    /// The standard deviation of each point's GPS error (OSRM's `radiuses`).
    public let precisions: [Meters]

    /// A trace whose points all have the same precision.
    public init(coordinates: [Coordinate], timestamps: [Seconds]? = nil, precision: Meters) throws(MatchTraceError) {
        try self.init(coordinates: coordinates, timestamps: timestamps, precisions: coordinates.map { _ in precision })
    }

    /// - Throws: `MatchTraceError` naming the first point at fault.
    public init(coordinates: [Coordinate], timestamps: [Seconds]? = nil, precisions: [Meters]) throws(MatchTraceError) {
        guard coordinates.count >= 2 else { throw .tooFewPoints(coordinates.count) }
        if let i = coordinates.firstIndex(where: { !$0.isValid }) { throw .invalidCoordinate(index: i) }
        precondition(precisions.count == coordinates.count, "one precision per point")
        if let i = precisions.firstIndex(where: { !($0 > 0 && $0.isFinite) }) { throw .invalidPrecision(index: i) }
        if let timestamps {
            precondition(timestamps.count == coordinates.count, "one timestamp per point")
            if let i = timestamps.firstIndex(where: { !$0.isFinite }) { throw .timestampsNotIncreasing(index: i) }
            if let i = timestamps.indices.dropFirst().first(where: { timestamps[$0] <= timestamps[$0 - 1] }) {
                throw .timestampsNotIncreasing(index: i)
            }
        }
        self.coordinates = coordinates
        self.timestamps = timestamps
        self.precisions = precisions
    }

    public var count: Int { coordinates.count }

    /// The median time between consecutive points, nil without timestamps.
    var medianInterval: Seconds? {
        guard let timestamps, timestamps.count >= 2 else { return nil }
        let intervals = zip(timestamps.dropFirst(), timestamps).map { $0 - $1 }.sorted()
        return intervals[intervals.count / 2]
    }
}

/// A trace `MatchTrace` refuses, naming the point at fault.
public enum MatchTraceError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooFewPoints(Int)
    case invalidCoordinate(index: Int)
    case invalidPrecision(index: Int)
    /// Timestamp `index` is not later than the one before it.
    case timestampsNotIncreasing(index: Int)

    public var description: String {
        switch self {
        case .tooFewPoints(let n): "a trace needs at least 2 points (got \(n))"
        case .invalidCoordinate(let i): "coordinate \(i) is out of range"
        case .invalidPrecision(let i): "radius \(i) must be a number greater than 0"
        case .timestampsNotIncreasing(let i): "timestamp \(i) is not later than timestamp \(i - 1) (timestamps must increase)"
        }
    }
}
