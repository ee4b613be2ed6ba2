import Geodesy

extension SpacingPolicy {
    /// The fixed intervals guidance accepts: below a metre the stream would hold a point per pace,
    /// beyond 100 km a route has no waypoints between its maneuvers.
    public static let fixedIntervalRange: ClosedRange<Meters> = 1...100_000
}

extension GuidanceOptions {
    /// The planned speeds guidance accepts: above 0 and below 1000 km/h.
    public static func acceptsPlannedSpeed(_ speed: KilometersPerHour) -> Bool { speed.isFinite && speed > 0 && speed < 1_000 }

    /// Checks the spacing and the planned speed.
    public func validate() throws(GuidanceOptionsError) {
        if case .fixed(let interval) = spacing, !(interval.isFinite && SpacingPolicy.fixedIntervalRange.contains(interval)) {
            throw .spacingOutOfRange(interval)
        }
        if let plannedSpeed, !Self.acceptsPlannedSpeed(plannedSpeed) { throw .plannedSpeedOutOfRange(plannedSpeed) }
    }

    /// These options, checked (`validate`), for use in one expression.
    public func validated() throws(GuidanceOptionsError) -> GuidanceOptions {
        try validate()
        return self
    }
}

/// Why guidance options cannot be used (the guidance stage's one error; guidance itself cannot fail).
public enum GuidanceOptionsError: Error, CustomStringConvertible, Equatable, Sendable {
    /// A fixed waypoint interval outside `SpacingPolicy.fixedIntervalRange`.
    case spacingOutOfRange(Meters)
    /// A planned speed that is not above 0 and below 1000 km/h.
    case plannedSpeedOutOfRange(KilometersPerHour)

    /// What the value should have been.
    public var expected: String {
        switch self {
        case .spacingOutOfRange:
            "'bands' or a number of metres from \(Int(SpacingPolicy.fixedIntervalRange.lowerBound)) to \(Int(SpacingPolicy.fixedIntervalRange.upperBound))"
        case .plannedSpeedOutOfRange:
            "a number of km/h above 0 and below 1000"
        }
    }

    public var description: String {
        switch self {
        case .spacingOutOfRange(let interval):
            "waypoint spacing \(DecimalNumber.fixed(interval, decimals: 3)) m is invalid (expected \(expected))"
        case .plannedSpeedOutOfRange(let speed):
            "planned speed \(DecimalNumber.fixed(speed, decimals: 3)) km/h is invalid (expected \(expected))"
        }
    }
}
