import OSMImport
import ArgumentParser
import Foundation
import Geodesy
import Guidance
import OutputFiles
import RoadNetwork
import RouteFormats
import Routing

/// `waymark waypoints`: routes, then writes the densified waypoint stream as JSON Lines on stdout, one
/// line per waypoint flushed as it is produced, closed by a summary line.
struct WaypointsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waypoints",
        abstract: "Write the route's waypoint stream (JSON Lines): densified points, maneuvers, speed limits and warnings.",
        discussion: "Each line is one waypoint; the last line is {\"summary\":{...}}. With --trace the drive is replayed: "
            + "each waypoint is written when the recorded vehicle reaches it, with its position and speed and the next "
            + "instruction. Spacing 'bands': stretches of 20-100 m get a point every 20 m, 100-1000 m every 50 m, "
            + "1-5 km every 100 m, over 5 km every 200 m; shorter than 20 m none (an edge value belongs to the upper band).")

    @OptionGroup var source: GraphSource

    @OptionGroup var endpoints: RouteEndpoints



    @Option(name: .long, help: "Planned constant speed in km/h, for the speed warnings.")
    var speed: String?

    @Option(name: .long, help: "A GPS trace to replay: GPX 1.1 track, or CSV lat,lon[,time][,speed] (speed in km/h).")
    var trace: String?

    @Option(name: .long, help: "Waypoint spacing: 'bands' or a fixed interval in metres.")
    var spacing: String = "bands"

    @Option(name: .long, help: "Instruction language: en or hr.")
    var language: String = "en"

    @Option(name: .long, help: "With --trace: replay at the trace's own pace times FACTOR (1 = real time, 10 = ten times faster; default: as fast as possible).")
    var pace: String?

    @Flag(name: .long, help: "Write only the summary line.")
    var summary = false

    @Flag(name: .long, help: "Print the time spent routing, in guidance and writing the stream to standard error.")
    var timings = false

    func validate() throws {
        _ = try guidanceOptions()
        _ = try replayPace()
    }

    func run() throws {
        try reportingFailures {
            let options = try guidanceOptions()
            _ = try replayPace()
            let (start, end, vias) = try endpoints.resolved()
            // Read the trace before the (slower) graph load so a bad file fails fast.
            let parsedTrace = try trace.map { try Self.readTrace($0) }

            let graph = try source.load().graph
            let router = Router(graph: graph)
            let clock = ContinuousClock()
            let routeStart = clock.now
            let route: Route
            do {
                route = try router.route(from: start, to: end, via: vias)
            } catch let error as RoutingError {
                throw CommandFailure(message: error.description, status: Self.status(for: error))
            }
            let guidanceStart = clock.now
            let waypoints = RouteGuidance.waypoints(for: route, in: graph, options: options)

            var totals = GuidanceSummary(distance: route.distance, duration: route.duration)
            var match: TraceMatch? = nil
            if let parsedTrace {
                let matcher = TraceMatcher(plannedSpeed: options.plannedSpeed)
                let matched = matcher.match(parsedTrace, to: Self.routePolyline(route))
                if matched.points.isEmpty {
                    throw CommandFailure(message: "--trace \(parsedTrace.sourceName): none of its \(matched.total) points lies within \(Int(matcher.maxDistance)) m of the route")
                }
                totals.tracePoints = matched.total
                totals.traceMatched = matched.points.count
                totals.traceDiscarded = matched.discarded
                totals.replayedDistance = matched.points.last?.distanceAlongRoute
                match = matched
            }
            let streamStart = clock.now
            // Each line goes straight to the file descriptor (no buffering), so a consumer reading the
            // pipe sees every waypoint as soon as it is produced.
            // The first failed write (full disk, closed pipe) stops the stream and is reported at the end.
            nonisolated(unsafe) var writeFailure: OutputError?
            var writer = WaypointStreamWriter(summary: totals, writesWaypoints: !summary) { line in
                guard writeFailure == nil else { return }
                do throws(OutputError) { try StandardOutput.write(line) } catch { writeFailure = error }
            }
            if let match {
                let factor = try replayPace()
                var lastTime: Double? = nil
                GuidanceReplay.replay(waypoints: waypoints, match: match, language: options.language) { record in
                    // Pacing sleeps for the trace time between records, so a consumer sees a live drive.
                    if let factor, writeFailure == nil, let t = record.vehicle?.time {
                        if let last = lastTime, t > last { Thread.sleep(forTimeInterval: min(60, (t - last) / factor)) }
                        lastTime = t
                    }
                    writer.write(record)
                }
            } else {
                for record in GuidanceReplay.records(for: waypoints, language: options.language) { writer.write(record) }
            }
            writer.finish()
            if let writeFailure { throw CommandFailure(message: writeFailure.description) }
            if timings {
                func ms(_ d: Duration) -> String {
                    let c = d.components
                    return String(format: "%.2f ms", Double(c.seconds) * 1000 + Double(c.attoseconds) / 1e15)
                }
                let end = clock.now
                printError("waymark: route \(ms(guidanceStart - routeStart)), guidance \(ms(streamStart - guidanceStart)) (\(waypoints.count) waypoints), stream \(ms(end - streamStart))")
            }
        }
    }

    /// The guidance options from `--spacing`, `--language`, `--speed`.
    func guidanceOptions() throws -> GuidanceOptions {
        var planned: KilometersPerHour? = nil
        if let speed {
            // Parsed here rather than by the argument parser so that "--speed -5" reads as a bad value.
            guard let kmh = DecimalNumber.parse(speed.trimmingCharacters()), kmh.isFinite else {
                throw CommandFailure(message: "--speed '\(speed)' is invalid (expected a positive number of km/h)")
            }
            planned = kmh
        }
        return try parseGuidanceOptions(spacing: spacing, language: language, plannedSpeed: planned)
    }

    /// The `--pace` factor, or nil for "as fast as possible".
    func replayPace() throws -> Double? {
        guard let pace else { return nil }
        guard trace != nil else { throw CommandFailure(message: "--pace needs --trace (it replays the trace's times)") }
        let factor = try NumericOption.parse(pace, option: "--pace", range: 0.001...1_000_000, unit: "a replay speed factor (1 = real time)")
        return factor
    }


    static func readTrace(_ path: String) throws -> Trace {
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure(message: "--trace \(path): no such file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(message: "--trace \(path): cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure(message: "--trace \(path): not UTF-8 text (expected a GPX or CSV file)")
        }
        do {
            return try TraceParser.parse(text, sourceName: path)
        } catch {
            throw CommandFailure(message: "--trace \(error.description)")
        }
    }

    /// The route's polyline, legs joined at their shared via points.
    static func routePolyline(_ route: Route) -> [Coordinate] {
        var points: [Coordinate] = []
        for leg in route.legs {
            let coords = points.isEmpty ? leg.coordinates[...] : leg.coordinates.dropFirst()
            points.append(contentsOf: coords)
        }
        return points
    }

    static func status(for error: RoutingError) -> Int32 {
        switch error {
        case .noRoute: ExitStatus.noRoute
        case .noRoadNearby: ExitStatus.noRoadNearby
        case .tooFewCoordinates: ExitStatus.failure
        }
    }
}
