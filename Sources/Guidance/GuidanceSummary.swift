import Geodesy

/// Totals over a waypoint stream: the closing summary line.
public struct GuidanceSummary: Sendable {
    public var waypoints = 0
    public var maneuvers = 0
    /// Waypoints per warning level (every level present, possibly 0).
    public var warnings: [SpeedWarning: Int] = Dictionary(uniqueKeysWithValues: SpeedWarning.allCases.map { ($0, 0) })
    /// Of `warnings`, those found against an estimated limit (`Waypoint.warningIsEstimated`), per level
    /// that compares (`normal`, `over`, `farOver`; each present, possibly 0).
    public var estimatedWarnings: [SpeedWarning: Int] =
        Dictionary(uniqueKeysWithValues: SpeedWarning.allCases.filter(\.isComparison).map { ($0, 0) })
    /// The policy the warnings were found under.
    public var warningPolicy: WarningPolicy
    /// Maneuvers per arrow direction (every direction present, possibly 0).
    public var directions: [TurnDirection: Int] = Dictionary(uniqueKeysWithValues: TurnDirection.allCases.map { ($0, 0) })
    /// Route length and planned duration.
    public var distance: Meters = 0
    public var duration: Seconds = 0
    /// For a replay: trace points in the file, matched to the route, and discarded.
    public var tracePoints: Int?
    public var traceMatched: Int?
    public var traceDiscarded: Int?
    /// For a replay: the farthest progress along the route the trace reached (after re-routes, the
    /// progress along each route followed, summed).
    public var replayedDistance: Meters?
    /// For a replay: how many times the car left the route and a new one was planned.
    public var reroutes: Int?

    public init(distance: Meters = 0, duration: Seconds = 0, warningPolicy: WarningPolicy = .both) {
        self.distance = distance
        self.duration = duration
        self.warningPolicy = warningPolicy
    }

    /// Counts one emitted record.
    public mutating func add(_ record: GuidanceRecord) {
        waypoints += 1
        warnings[record.waypoint.warning, default: 0] += 1
        if record.waypoint.warningIsEstimated { estimatedWarnings[record.waypoint.warning, default: 0] += 1 }
        if let m = record.waypoint.maneuver {
            maneuvers += 1
            directions[m.direction, default: 0] += 1
        }
    }
}
