import Foundation
import Geodesy
import Guidance
import RouteFormats
import Routing

/// Writes a route's waypoint stream: the planned drive, or the replay of a GPS trace matched to the
/// route, paced in real time when asked, then the summary line.
///
/// Output goes to a closure, one line at a time; it returns false to stop the stream (a consumer went
/// away, a write failed), after which nothing more is written and no more time is spent pacing.
public struct WaypointStreamSession {
    /// The waypoints to stream (`Navigator.waypoints`).
    public var waypoints: [Waypoint]
    /// The route they belong to (its length and duration go in the summary, its polyline matches the trace).
    public var route: Route
    public var options: GuidanceOptions
    /// A trace to replay instead of the planned drive.
    public var trace: Trace?
    /// With a trace: replay at the trace's own pace times this factor (1 = real time); nil is as fast as possible.
    public var pace: Double?
    /// Write only the summary line.
    public var summaryOnly = false
    /// The longest pause between two records when pacing (a trace with an hour's gap does not stall).
    public static let longestPause: Seconds = 60

    public init(waypoints: [Waypoint], route: Route, options: GuidanceOptions, trace: Trace? = nil, pace: Double? = nil,
                summaryOnly: Bool = false) {
        self.waypoints = waypoints
        self.route = route
        self.options = options
        self.trace = trace
        self.pace = pace
        self.summaryOnly = summaryOnly
    }

    /// Streams the lines (each ending in a newline) to `output`; returns the totals written.
    /// - Throws: `WaypointStreamError.traceOffRoute` when no trace point lies near the route.
    /// - Complexity: O(waypoints + trace points × the matcher's window).
    @discardableResult
    public func run(output: (String) -> Bool) throws(WaypointStreamError) -> GuidanceSummary {
        var totals = GuidanceSummary(distance: route.distance, duration: route.duration, warningPolicy: options.warningPolicy)
        var match: TraceMatch?
        if let trace {
            let matcher = TraceMatcher(plannedSpeed: options.plannedSpeed)
            let matched = matcher.match(trace, to: route.coordinates)
            guard !matched.points.isEmpty else {
                throw .traceOffRoute(source: trace.sourceName, points: matched.total, maxDistance: matcher.maxDistance)
            }
            totals.tracePoints = matched.total
            totals.traceMatched = matched.points.count
            totals.traceDiscarded = matched.discarded
            totals.replayedDistance = matched.points.last?.distanceAlongRoute
            match = matched
        }
        return withoutActuallyEscaping(output) { output in stream(totals: totals, match: match, output: output) }
    }

    /// Writes the records (planned or replayed) and the summary line until `output` declines.
    private func stream(totals: GuidanceSummary, match: TraceMatch?, output: @escaping (String) -> Bool) -> GuidanceSummary {
        var stopped = false
        var writer = WaypointStreamWriter(summary: totals, writesWaypoints: !summaryOnly) { line in
            if !stopped { stopped = !output(line) }
        }
        if let match {
            var lastTime: Seconds?
            GuidanceReplay.replay(waypoints: waypoints, match: match, language: options.language,
                                  policy: options.warningPolicy) { record in
                // Pacing sleeps for the trace time between records, so a consumer sees a live drive.
                if let pace, !stopped, let t = record.vehicle?.time {
                    if let last = lastTime, t > last { Thread.sleep(forTimeInterval: min(Self.longestPause, (t - last) / pace)) }
                    lastTime = t
                }
                writer.write(record)
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
    /// None of the trace's points lies within the matching distance of the route.
    case traceOffRoute(source: String, points: Int, maxDistance: Meters)

    public var description: String {
        switch self {
        case .traceOffRoute(let source, let points, let maxDistance):
            "\(source): none of its \(points) points lies within \(Int(maxDistance)) m of the route"
        }
    }
}
