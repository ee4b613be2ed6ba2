import ArgumentParser
import Geodesy
import Guidance
import OSRMService

/// `waymark match`: snaps a GPS trace to the roads driven (hidden Markov map matching), printing OSRM's
/// `/match/v1` body, the server's code path.
struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Match a GPS trace to the roads driven (OSRM /match JSON).",
        discussion: """
            Example: waymark match --db town.sqlite --gpx drive.gpx --radius 10
            The trace is one of --coordinates (LAT,LON;LAT,LON;... or a file of LAT,LON lines), --gpx FILE
            (GPX 1.1 track points) or --csv FILE (lat,lon[,time][,speed] with an optional header). Times are
            used when every point has one and must increase. Points that cannot be matched are null
            tracepoints; a trace that breaks (a long time gap, roads not connected) gives several matchings.
            """)

    @OptionGroup var source: GraphSource
    @Option(name: .long, help: ArgumentHelp("The trace as LAT,LON;LAT,LON;... or a file of LAT,LON lines.", valueName: "list|file"))
    var coordinates: String?
    @Option(name: .long, help: ArgumentHelp("The trace as a GPX 1.1 file (track points, optional <time>).", valueName: "file"))
    var gpx: String?
    @Option(name: .long, help: ArgumentHelp("The trace as a CSV file: lat,lon[,time][,speed], optional header.", valueName: "file"))
    var csv: String?
    @Option(name: .long, help: "The standard deviation of the GPS error, metres (OSRM's radiuses; candidates within 3 times it).",
            transform: NumericOption.decimal)
    var radius: Double = 5
    @Option(name: .long, help: "split (default): a time gap over 60 s starts a new matching; ignore: it does not.")
    var gaps: String = "split"
    @Flag(name: .long, help: "Leave out points within 15 m and 5 s of the last one kept (a car standing still).")
    var tidy = false
    @Flag(name: .long, help: "Add each matching's turn-by-turn steps.")
    var steps = false
    @Option(name: .long, help: "Geometry format: polyline, polyline6 or geojson.")
    var geometries: String = "polyline"
    @Option(name: .long, help: "Overview geometry: simplified, full or false.")
    var overview: String = "simplified"
    @Option(name: .long, help: "Annotations: true, false or a list such as distance,duration.")
    var annotations: String = "false"
    @Option(name: .long, help: "The most trace points accepted.", transform: NumericOption.whole)
    var maxPoints: Int = 10_000

    func validate() throws {
        guard [coordinates, gpx, csv].compactMap({ $0 }).count == 1 else {
            throw ValidationError("give exactly one of --coordinates, --gpx FILE or --csv FILE")
        }
        try NumericOption.check(maxPoints, option: "--max-points", range: 2...1_000_000, unit: "a number of points")
        try NumericOption.check(radius, option: "--radius", range: 0.1...1000, unit: "metres")
    }

    func run() throws {
        try reportingFailures {
            // Read the trace before the (slower) graph load so a bad file fails fast.
            let (points, times) = try readTrace()
            let options = [("steps", String(steps)), ("geometries", geometries), ("overview", overview), ("annotations", annotations),
                           ("gaps", gaps), ("tidy", String(tidy)),
                           ("radiuses", points.map { _ in DecimalNumber.fixed(radius, decimals: 3) }.joined(separator: ";"))]
            var limits = ServiceLimits()
            limits.matchCoordinates = maxPoints
            limits.matchRadiusMeters = 1000   // --radius is checked by validate()
            var request = try MatchRequest.parse(coordinates: points, options: options.map { (name: $0.0, value: $0.1) }, limits: limits)
            request.timestamps = times
            let service = RoutingService(router: try source.load().makeRouter())
            try writeOutput(try service.match(request, workspace: service.makeWorkspace()))
        }
    }

    /// The trace's coordinates and, when every point has one, its times.
    private func readTrace() throws -> (coordinates: [Coordinate], times: [Seconds]?) {
        if let coordinates { return (try TableInput.coordinates(coordinates, option: "--coordinates"), nil) }
        let trace = try TraceParser.parse(contentsOf: gpx ?? csv ?? "", format: gpx != nil ? .gpx : .csv)
        let times = trace.points.compactMap(\.time)
        return (trace.points.map(\.coordinate), times.count == trace.points.count ? times : nil)
    }
}
