import ArgumentParser
import Guidance
import OSRMService
import RouteFormats
import Routing

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
        the values and defaults of OSRM's /route/v1 query options, and the body printed is the one \
        'waymark serve' answers to the same request.

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
            if format == .osrm { return try runOSRM() }
            try osrm.rejectUnlessOSRM()
            let (start, end, vias) = try endpoints.resolved()
            let metric = try routing.parsedMetric()
            let language = try language.parsed()
            let maxSnap = try routing.snapLimit()

            let network = try source.load()
            let graph = network.graph
            let route = try network.makeRouter().route(from: start, to: end, via: vias, metric: metric, maxSnapDistance: maxSnap,
                                                       algorithm: try routing.parsedAlgorithm())
            let steps = RouteGuidance.steps(for: route, in: graph, language: language)
            switch format {
            case .text: try writeOutput(RouteSummaryText.text(for: route, steps: steps, graph: graph, language: language))
            case .geojson: try writeOutput(RouteGeoJSON.document(route: route, graph: graph) + "\n")
            case .gpx: try writeOutput(RouteGPX.document(route: route, steps: steps))
            case .osrm: break
            }
        }
    }

    /// `--format osrm`: the request is built and answered by the service's code (`RouteRequest`,
    /// `RoutingService.route`), so the body is the server's; every failure prints OSRM's error body too.
    func runOSRM() throws {
        let request: RouteRequest
        do throws(ServiceError) {
            let coordinates = try osrm.coordinates(endpoints)
            var parsed = try RouteRequest.parse(coordinates: coordinates, options: osrm.options(), limits: ServiceLimits())
            parsed.metric = try Self.asInvalidQuery { try routing.parsedMetric() }
            parsed.snapping.defaultRadius = try Self.asInvalidQuery { try routing.snapLimit() }
            request = parsed
        } catch {
            try Self.fail(error)
        }
        let service = RoutingService(router: try source.load().makeRouter())
        let body: String
        do throws(ServiceError) {
            body = try service.route(request, workspace: service.makeWorkspace())
        } catch {
            try Self.fail(error)
        }
        try writeOutput(body + "\n")
    }

    /// Prints OSRM's error body on standard output and fails with the error's message and status.
    static func fail(_ error: ServiceError) throws -> Never {
        try writeOutput(error.body + "\n")
        throw CommandFailure(message: error.message, status: status(for: error.code))
    }

    /// Runs a CLI option check, reporting its failure as OSRM's `InvalidQuery`.
    static func asInvalidQuery<T>(_ body: () throws -> T) throws(ServiceError) -> T {
        do { return try body() } catch { throw ServiceError(.invalidQuery, "\(error)") }
    }

    /// The exit status of an OSRM error code (as `ExitStatus.of` maps the routing errors).
    static func status(for code: ServiceError.Code) -> Int32 {
        switch code {
        case .noRoute: ExitStatus.noRoute
        case .noSegment: ExitStatus.noRoadNearby
        default: ExitStatus.failure
        }
    }
}
