import ArgumentParser
import Geodesy
import OSRMService
import RouteFormats
import WaymarkKit

/// `waymark trip`: the fastest order to visit stops (OSRM's `/trip/v1`), printed as the server's body
/// or as GeoJSON.
struct TripCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trip",
        abstract: "Find the fastest order to visit stops and print the trip (osrm or geojson).",
        discussion: """
        Example: waymark trip --db town.sqlite --stop 45.8075,15.9838 --stop 45.8100,15.9900 --stop 45.8150,15.9700
        Stops are LAT,LON: repeated --stop options, or --stops with a LAT,LON;LAT,LON;... list or a file of \
        LAT,LON lines ('#' comments allowed); the --stop options come first. The order is exact up to 10 \
        stops and found by farthest insertion with 2-opt and Or-opt above, on the durations between the stops.

        --roundtrip, --source and --destination take OSRM's values: a round trip (default) returns to its \
        first stop; --source first starts at the first stop, --destination last ends at the last; an open \
        trip (--roundtrip false) needs one of them (else NotImplemented, as in OSRM). The OSRM options \
        (--steps, --geometries, --overview, --annotations, --radiuses, ...) are /trip/v1's query options \
        and the osrm body is the one 'waymark serve' answers.

        Exit status: 0 success, 1 bad input or stops not all reachable from one another (NoTrips), \
        4 a stop has no road nearby. With --format osrm every failure also prints OSRM's error body.
        """)

    @OptionGroup var source: GraphSource
    @Option(name: .long, parsing: .unconditionalSingleValue, help: ArgumentHelp("A stop LAT,LON (repeat for several).", valueName: "lat,lon"))
    var stop: [String] = []
    @Option(name: .long, help: ArgumentHelp("More stops: LAT,LON;LAT,LON;... or a file of LAT,LON lines.", valueName: "list|file"))
    var stops: String?
    @Option(name: .long, help: "osrm: roundtrip true (default) or false.")
    var roundtrip: String?
    @Option(name: .customLong("source"), help: "osrm: source any (default) or first.")
    var tripSource: String?
    @Option(name: .long, help: "osrm: destination any (default) or last.")
    var destination: String?
    @Option(name: .long, help: "Output: osrm (the /trip/v1 body) or geojson (the trip's line).")
    var format: String = "osrm"
    @Option(name: .customLong("max-trip-size"), help: ArgumentHelp("The most stops accepted.", valueName: "n"), transform: NumericOption.whole)
    var maxTripSize: Int = ServiceLimits().tripStops
    @Option(name: .customLong("max-snap"), help: ArgumentHelp("Largest distance in metres from a stop to its road.", valueName: "metres"),
            transform: NumericOption.decimal)
    var maxSnap: Double = SnapOptions.standardRadius
    @OptionGroup var osrm: OSRMRouteArguments

    enum OutputFormat: String, CaseIterable { case osrm, geojson }

    func validate() throws {
        try NumericOption.check(maxTripSize, option: "--max-trip-size", range: 2...Int(Int32.max), unit: "a number of stops")
        try NumericOption.check(maxSnap, option: "--max-snap", range: 0...SnapOptions.maximumRadius, unit: "metres")
    }

    func run() throws {
        try reportingFailures {
            let format = try choice(OutputFormat.self, self.format, option: "--format")
            do {
                try write(format)
            } catch let error as ServiceError where format == .osrm {
                try writeOutput(error.body + "\n")
                throw error
            }
        }
    }

    /// Solves the trip and prints it; every failure of the request is a `ServiceError`, but loading.
    func write(_ format: OutputFormat) throws {
        var request = try TripRequest.parse(coordinates: try coordinates(), options: options(), limits: ServiceLimits(tripStops: maxTripSize))
        request.route.snapping.defaultRadius = maxSnap
        let service = RoutingService(router: try source.load().makeRouter())
        let workspace = service.makeWorkspace()
        switch format {
        case .osrm:
            try writeOutput(try service.trip(request, workspace: workspace) + "\n")
        case .geojson:
            let route = try service.tripRoute(request, workspace: workspace).route
            try writeOutput(RouteGeoJSON.document(route: route, graph: service.graph) + "\n")
        }
    }

    /// The stops: every `--stop`, then those of `--stops`; malformed ones name their option.
    func coordinates() throws -> [Coordinate] {
        let single = try stop.map { text throws(ServiceError) in try CoordinateList.parseLatitudeLongitude(text, input: "--stop") }
        let listed = try stops.map { text throws(TableInputError) in try TableInput.coordinates(text, option: "--stops") } ?? []
        return single + listed
    }

    /// The request's options: the trip's own and the route options given (steps on unless asked off).
    func options() -> [(name: String, value: String)] {
        let trip: [(String, String?)] = [("roundtrip", roundtrip), ("source", tripSource), ("destination", destination)]
        return trip.compactMap { name, value in value.map { (name, $0) } } + osrm.options()
    }
}
