import ArgumentParser
import Guidance
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

        Exit status: 0 success, 1 bad input, 3 no route connects the points, 4 a point has no road \
        nearby. With --format osrm, statuses 3 and 4 also print OSRM's {"code":"NoRoute"} or \
        {"code":"NoSegment"} body on standard output.
        """)

    @OptionGroup var source: GraphSource
    @OptionGroup var endpoints: RouteEndpoints
    @OptionGroup var routing: RoutingArguments

    @Option(name: .long, help: "Output: text, osrm, geojson or gpx.")
    var format: String = "text"

    @Option(name: .long, help: "Geometry encoding in osrm output: geojson, polyline or polyline6.")
    var geometries: String = "geojson"

    @OptionGroup var language: LanguageArgument

    enum OutputFormat: String, CaseIterable { case text, osrm, geojson, gpx }

    func run() throws {
        try reportingFailures {
            let (start, end, vias) = try endpoints.resolved()
            let metric = try routing.parsedMetric()
            let format = try choice(OutputFormat.self, self.format, option: "--format")
            let geometries = try choice(OSRMRouteResponse.GeometryFormat.self, self.geometries, option: "--geometries")
            let language = try language.parsed()
            let maxSnap = try routing.snapLimit()

            let graph = try source.load().graph
            let route: Route
            do throws(RoutingError) {
                route = try Router(graph: graph).route(from: start, to: end, via: vias, metric: metric, maxSnapDistance: maxSnap)
            } catch {
                if format == .osrm { try writeOutput(OSRMRouteResponse.errorJSON(for: error) + "\n") }
                throw error
            }
            let steps = RouteGuidance.steps(for: route, in: graph, language: language)
            switch format {
            case .text: try writeOutput(RouteSummaryText.text(for: route, steps: steps, graph: graph, language: language))
            case .osrm: try writeOutput(OSRMRouteResponse(route: route, steps: steps, geometries: geometries).json(graph: graph) + "\n")
            case .geojson: try writeOutput(RouteGeoJSON.document(route: route, graph: graph) + "\n")
            case .gpx: try writeOutput(RouteGPX.document(route: route, steps: steps))
            }
        }
    }
}
