import Foundation
import Geodesy
import Guidance
import RouteFormats
import Routing

/// Writes a route's waypoint stream: the planned drive, or the replay of a GPS trace matched to the
/// roads and followed along the route, re-routed when the car leaves it (`TraceReplayPlan`), paced in
/// real time when asked, then the summary line.
///
/// Output goes to a closure, one line at a time; it returns false to stop the stream (a consumer went
/// away, a write failed), after which nothing more is written and no more time is spent pacing.
///
/// Invariant: a session with a `trace` has a `navigator` (it matches the trace and plans re-routes).
public struct WaypointStreamSession {
    /// The waypoints to stream (`Navigator.waypoints`).
    public var waypoints: [Waypoint]
    /// The route they belong to (its length and duration go in the summary).
    public var route: Route
    public var options: GuidanceOptions
    /// A trace to replay instead of the planned drive.
    public var trace: Trace?
    /// The road network the route was planned on: matches the trace and plans re-routes.
    public var navigator: Navigator?
    /// With a trace: replay at the trace's own pace times this factor (1 = real time); nil is as fast as possible.
    public var pace: Double?
    /// Write only the summary line.
    public var summaryOnly = false
    /// The longest pause between two records when pacing (a trace with an hour's gap does not stall).
    public static let longestPause: Seconds = 60

    /// - Precondition: `navigator` is given when `trace` is.
    public init(waypoints: [Waypoint], route: Route, options: GuidanceOptions, trace: Trace? = nil, navigator: Navigator? = nil,
                pace: Double? = nil, summaryOnly: Bool = false) {
        precondition(trace == nil || navigator != nil, "a trace replay needs the navigator to match the trace and re-route")
        self.waypoints = waypoints
        self.route = route
        self.options = options
        self.trace = trace
        self.navigator = navigator
        self.pace = pace
        self.summaryOnly = summaryOnly
    }

    /// Streams the lines (each ending in a newline) to `output`; returns the totals written.
    /// - Throws: `WaypointStreamError.traceUnmatched` when no trace point lies near a road,
    ///   `.traceInvalid` when the trace cannot be matched (see `TraceReplayPlan`).
    /// - Complexity: O(waypoints) for a planned drive; a replay adds `TraceReplayPlan`'s.
    @discardableResult
    public func run(output: (String) -> Bool) throws(WaypointStreamError) -> GuidanceSummary {
        var totals = GuidanceSummary(distance: route.distance, duration: route.duration, warningPolicy: options.warningPolicy)
        var plan: TraceReplayPlan?
        if let trace, let navigator {
            let planned = try TraceReplayPlan(trace: trace, route: route, waypoints: waypoints, navigator: navigator, options: options)
            totals.tracePoints = planned.tracePoints
            totals.traceMatched = planned.matchedPoints
            totals.traceDiscarded = planned.discardedPoints
            totals.replayedDistance = planned.legs.reduce(0) { $0 + ($1.match.points.last?.distanceAlongRoute ?? 0) }
            totals.reroutes = 0
            plan = planned
        }
        return withoutActuallyEscaping(output) { output in stream(totals: totals, plan: plan, output: output) }
    }

    /// Writes the records (planned or replayed, with the re-routes) and the summary line until `output` declines.
    private func stream(totals: GuidanceSummary, plan: TraceReplayPlan?, output: @escaping (String) -> Bool) -> GuidanceSummary {
        var stopped = false
        var writer = WaypointStreamWriter(summary: totals, writesWaypoints: !summaryOnly) { line in
            if !stopped { stopped = !output(line) }
        }
        if let plan {
            var lastTime: Seconds?
            for leg in plan.legs {
                if let reroute = leg.reroute { writer.write(reroute) }
                GuidanceReplay.replay(waypoints: leg.waypoints, match: leg.match, language: options.language,
                                      policy: options.warningPolicy) { record in
                    // Pacing sleeps for the trace time between records, so a consumer sees a live drive.
                    if let pace, !stopped, let t = record.vehicle?.time {
                        if let last = lastTime, t > last { Thread.sleep(forTimeInterval: min(Self.longestPause, (t - last) / pace)) }
                        lastTime = t
                    }
                    writer.write(record)
                }
            }
        } else {
            for record in GuidanceReplay.records(for: waypoints, language: options.language) { writer.write(record) }
        }
        writer.finish()
        return writer.summary
    }
}

/// Why a waypoint stream could not be written.
public enum WaypointStreamError: Error, CustomStringConvertible, Equatable, Sendable {
    /// None of the trace's points lies within the matcher's search radius of a road.
    case traceUnmatched(source: String, points: Int, searchRadius: Meters)
    /// The trace cannot be matched (too few points, a bad coordinate).
    case traceInvalid(source: String, reason: String)

    public var description: String {
        switch self {
        case .traceUnmatched(let source, let points, let searchRadius):
            "\(source): none of its \(points) points lies within \(Int(searchRadius)) m of a road (nothing to match)"
        case .traceInvalid(let source, let reason):
            "\(source): cannot be matched: \(reason)"
        }
    }
}
