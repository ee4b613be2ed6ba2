import ArgumentParser
import OSRMService
import Routing
import WaymarkKit

/// `waymark route`: the fastest (or shortest) car route between coordinates, printed as text, an OSRM
/// `/route/v1` response, GeoJSON or GPX on standard output.
struct RouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Route between coordinates and print the route (text, osrm, geojson or gpx).",
        discussion: """
        Coordinates are LAT,LON in decimal degrees, each snapped to the nearest drivable road within \
        --max-snap metres. As in OSRM, a point whose nearest road is a tiny island (a strongly connected \
        piece of fewer than 1,000 nodes, e.g. a parking aisle) moves to the nearest main-network road \
        within --max-snap, unless all points lie on that same island.

        With --format osrm the OSRM options (--steps, --geometries, --overview, --annotations, ...) take \
        the values and defaults of OSRM's /route/v1 query options (and Mapbox's --voice-instructions, \
        --banner-instructions, --voice-units, --roundabout-exits; --language is the request's language), \
        and the body printed is the one 'waymark serve' answers to the same request.

        Exit status: 0 success, 1 bad input, 3 no route connects the points, 4 a point has no road \
        nearby. With --format osrm every failure also prints OSRM's error body on standard output \
        ({"code":"NoRoute"}, {"code":"NoSegment"}, {"code":"InvalidQuery"}, {"code":"InvalidValue"}, ...).
        """)

    @OptionGroup var source: GraphSource
    @OptionGroup var endpoints: RouteEndpoints
    @OptionGroup var routing: RoutingArguments
    @Option(name: .long, help: "Output: text, osrm, geojson or gpx.")
    var format: String = "text"
    @OptionGroup var osrm: OSRMRouteArguments
    @OptionGroup var language: LanguageArgument

    enum OutputFormat: String, CaseIterable { case text, osrm, geojson, gpx }

    func run() throws {
        try reportingFailures {
            let format = try choice(OutputFormat.self, self.format, option: "--format")
            guard let document = RouteDocumentFormat(rawValue: format.rawValue) else { return try runOSRM() }
            try osrm.rejectUnlessOSRM()
            let (start, end, vias) = try endpoints.resolved()
            let (metric, language, maxSnap) = (try routing.parsedMetric(), try language.parsed(), try routing.snapLimit())
            let navigator = try Navigator(network: try source.load())
            let route = try navigator.route(from: start, to: end, via: vias, metric: metric, maxSnapDistance: maxSnap,
                                            algorithm: try routing.parsedAlgorithm())
            try writeOutput(navigator.document(for: route, format: document, language: language))
        }
    }

    /// `--format osrm`: the request is built and answered by the service's code (`RouteRequest`,
    /// `RoutingService.route`), so the body is the server's; every failure of the request (`ServiceError`)
    /// prints OSRM's error body on standard output too, then fails with its message and the exit status
    /// of its code.
    func runOSRM() throws {
        do {
            // --language is every format's option; for osrm it is the request's `language`, checked by its parser.
            let options = osrm.options() + [(name: "language", value: language.language)]
            var request = try RouteRequest.parse(coordinates: try endpoints.coordinates(), options: options, limits: ServiceLimits())
            // Checked when the options were parsed (`RoutingArguments.validate`), so these cannot fail here.
            request.metric = try routing.parsedMetric()
            request.snapping.defaultRadius = try routing.snapLimit()
            let service = RoutingService(router: try source.load().makeRouter())
            try writeOutput(try service.route(request, workspace: service.makeWorkspace()) + "\n")
        } catch let error as ServiceError {
            try writeOutput(error.body + "\n")
            throw error
        }
    }
}
