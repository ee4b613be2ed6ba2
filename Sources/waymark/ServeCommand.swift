import ArgumentParser
import Foundation
import Logging
import MapPage
import Server

/// `waymark serve`: OSRM's HTTP API over a road database (see docs/http-api.md).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve OSRM's HTTP API (route, nearest, table) and Waymark's waypoints, markers and pois.",
        discussion: """
        Listens on 127.0.0.1 unless --host says otherwise; --port 0 picks a free port (printed as \
        'listening on http://HOST:PORT' on standard output). GET /health answers readiness, /metrics \
        Prometheus metrics. SIGTERM or SIGINT stop accepting and let requests in flight finish; SIGHUP \
        loads the database again and swaps it in (requests in flight finish on the old one; on a failed \
        load the old one stays). Access log lines go to standard error.
        """)

    @OptionGroup var source: GraphSource
    @Option(name: .long, help: "Address to listen on (127.0.0.1: this machine only; 0.0.0.0: every interface).")
    var host: String = "127.0.0.1"
    @Option(name: .long, help: ArgumentHelp("TCP port (0: any free port).", valueName: "port"), transform: NumericOption.whole)
    var port: Int = 5000
    @Option(name: .long, help: ArgumentHelp("Worker threads answering requests (default: one per core).", valueName: "n"), transform: NumericOption.whole)
    var threads: Int?
    @Option(name: .long, help: ArgumentHelp("""
        ALT landmarks for faster A* routing (0 turns them off), built at start. Default: 8, built at start for a \
        database without hierarchies, and for one with them on the first request routed by A* (exclude=, fallbacks).
        """, valueName: "n"), transform: NumericOption.whole)
    var landmarks: Int?
    @Option(name: .long, help: ArgumentHelp("Longest time one request may take.", valueName: "seconds"))
    var timeout: String = "10"
    @Option(name: .customLong("max-coordinates"), help: ArgumentHelp("Most coordinates in a route, waypoints or markers request.", valueName: "n"), transform: NumericOption.whole)
    var maxCoordinates: Int = 500
    @Option(name: .customLong("max-table-size"), help: ArgumentHelp("Most coordinates in a table request.", valueName: "n"), transform: NumericOption.whole)
    var maxTableSize: Int = 100
    @Option(name: .customLong("max-trip-size"), help: ArgumentHelp("Most stops in a trip request.", valueName: "n"), transform: NumericOption.whole)
    var maxTripSize: Int = 100
    @Option(name: .customLong("max-matching-size"), help: ArgumentHelp("Most points in a match request.", valueName: "n"), transform: NumericOption.whole)
    var maxMatchingSize: Int = 100
    @Option(name: .customLong("page-dir"), help: ArgumentHelp("Directory of the map page served at / (default: the one installed beside waymark).", valueName: "dir"))
    var pageDirectory: String?
    @Option(name: .customLong("leaflet-dir"), help: ArgumentHelp("Directory of Leaflet for the map page (default: Debian's libjs-leaflet, /usr/share/javascript/leaflet).", valueName: "dir"))
    var leafletDirectory: String?
    @Flag(name: .customLong("no-page"), help: "Serve no map page (only the services).")
    var noPage = false
    @Option(name: .customLong("log-level"), help: "Log level: info (with an access log line per request), warning or error.")
    var logLevel: String = "info"
    @Flag(name: .customLong("no-guidance-index"),
          help: "Do not index the graph for guidance at start: each request with steps measures its own junctions (less memory, a shorter start, slower steps).")
    var noGuidanceIndex = false

    func validate() throws {
        _ = try checkingOptions { try configuration() }
    }

    /// The server's configuration and log level from the options, checked by `WaymarkServer.Settings`.
    func configuration() throws(ServerSettingsError) -> (WaymarkServer.Configuration, logLevel: Logger.Level) {
        let settings = WaymarkServer.Settings(
            host: host, port: port, threads: threads, landmarks: landmarks, requestTimeout: timeout, routeCoordinates: maxCoordinates,
            tableCoordinates: maxTableSize, tripStops: maxTripSize, servesMapPage: !noPage, mapPageDirectories: .init(page: pageDirectory, leaflet: leafletDirectory),
            logLevel: logLevel, indexesGuidance: !noGuidanceIndex, matchCoordinates: maxMatchingSize)
        return try settings.configuration(source: source.source)
    }

    func run() throws {
        try reportingFailures {
            let (configuration, level) = try configuration()
            WaymarkServer.bootstrapLogging(level: level)
            try WaymarkServer.run(configuration) { host, port in
                // Unbuffered, so a script or test reading the pipe sees it at once.
                FileHandle.standardOutput.write(Data("listening on http://\(host):\(port)\n".utf8))
            }
        }
    }
}
