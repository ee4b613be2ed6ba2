import ArgumentParser
import Guidance
import OutputFiles
import WaymarkKit

/// `waymark waypoints`: routes, then writes the densified waypoint stream as JSON Lines on stdout, one
/// line per waypoint flushed as it is produced, closed by a summary line.
struct WaypointsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waypoints",
        abstract: "Write the route's waypoint stream (JSON Lines): densified points, maneuvers, speed limits and warnings.",
        discussion: "Each line is one waypoint; the last line is {\"summary\":{...}}. With --trace the drive is replayed: "
            + "the trace is matched to the roads and each waypoint is written when the vehicle reaches it, with its position "
            + "and speed and the next instruction; when the car leaves the route a {\"reroute\":{...}} line is written and the "
            + "replay follows a new route from there to the destination. Spacing 'bands': stretches of 20-100 m get a point every 20 m, 100-1000 m every 50 m, "
            + "1-5 km every 100 m, over 5 km every 200 m; shorter than 20 m none (an edge value belongs to the upper band).")

    @OptionGroup var source: GraphSource
    @OptionGroup var endpoints: RouteEndpoints
    @OptionGroup var guidance: GuidanceArguments
    @Option(name: .long, help: "A GPS trace to replay: GPX 1.1 track, or CSV lat,lon[,time][,speed] (speed in km/h).")
    var trace: String?
    @Option(name: .long, help: "With --trace: replay at the trace's own pace times FACTOR (1 = real time, 10 = ten times faster; default: as fast as possible).")
    var pace: String?
    @Flag(name: .long, help: "Write only the summary line.")
    var summary = false
    @Flag(name: .long, help: "Print the time spent routing, in guidance and writing the stream to standard error.")
    var timings = false

    func validate() throws {
        _ = try replayPace()
    }

    func run() throws {
        try reportingFailures {
            let options = try guidance.options()
            let pace = try replayPace()
            let (start, end, vias) = try endpoints.resolved()
            // Read the trace before the (slower) graph load so a bad file fails fast.
            let parsedTrace = try trace.map { path throws(TraceError) in try TraceParser.parse(contentsOf: path) }
            let navigator = try Navigator(network: try source.load())
            let timer = StageTimer()
            let (route, waypoints) = try navigator.guidedRoute(from: start, to: end, via: vias, alternative: guidance.alternative,
                                                                options: options, timer: timer)
            let session = WaypointStreamSession(waypoints: waypoints, route: route, options: options, trace: parsedTrace,
                                                navigator: navigator, pace: pace, summaryOnly: summary)
            // Each line goes straight to the file descriptor, so a consumer reading the pipe sees every
            // waypoint as soon as it is produced.
            try session.run(writing: StandardOutput.write)
            timer.lap("stream")
            if timings { printError("waymark: \(timer.report(decimals: 2)) (\(waypoints.count) waypoints)") }
        }
    }

    /// The `--pace` factor, or nil for "as fast as possible".
    func replayPace() throws -> Double? {
        guard let pace else { return nil }
        guard trace != nil else { throw CommandFailure(message: "--pace needs --trace (it replays the trace's times)") }
        return try NumericOption.parse(pace, option: "--pace", range: 0.001...1_000_000, unit: "a replay speed factor (1 = real time)")
    }
}
