import ArgumentParser
import Foundation
import Geodesy
import Guidance
import RoadNetwork
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



    @Option(name: .long, help: "What to minimise: time (fastest) or distance (shortest).")
    var metric: String = "time"

    @Option(name: .long, help: "Output: text, osrm, geojson or gpx.")
    var format: String = "text"

    @Option(name: .long, help: "Geometry encoding in osrm output: geojson, polyline or polyline6.")
    var geometries: String = "geojson"

    @Option(name: .customLong("max-snap"), help: ArgumentHelp("Largest distance in metres from a coordinate to its road.", valueName: "metres"))
    var maxSnap: String = "1000"

    @Option(name: .long, help: "Instruction language: en or hr.")
    var language: String = "en"

    enum OutputFormat: String, CaseIterable { case text, osrm, geojson, gpx }

    func validate() throws {
        _ = try snapLimit()
    }

    /// `--max-snap` in metres.
    func snapLimit() throws -> Meters {
        try NumericOption.parse(maxSnap, option: "--max-snap", range: 0...maximumSnapDistance, unit: "a distance in metres")
    }

    func run() throws {
        try reportingFailures {
            let (start, end, vias) = try endpoints.resolved()
            let metric = try Self.choice(RoutingMetric.self, self.metric, option: "--metric")
            let format = try Self.choice(OutputFormat.self, self.format, option: "--format")
            let geometries = try Self.choice(OSRMRouteResponse.GeometryFormat.self, self.geometries, option: "--geometries")
            let language = try Self.choice(InstructionLanguage.self, self.language, option: "--language")
            let maxSnap = try snapLimit()

            let graph = try source.load().graph
            let router = Router(graph: graph)
            let route: Route
            do throws(RoutingError) {
                route = try router.route(from: start, to: end, via: vias, metric: metric, maxSnapDistance: maxSnap)
            } catch {
                if format == .osrm { try writeOutput(OSRMRouteResponse.errorJSON(code: Self.osrmCode(for: error), message: error.description) + "\n") }
                throw CommandFailure(message: error.description, status: Self.status(for: error))
            }

            switch format {
            case .text:
                let steps = RouteGuidance.steps(for: route, in: graph, language: language)
                try writeOutput(Self.text(for: route, steps: steps, graph: graph, language: language))
            case .osrm:
                let steps = RouteGuidance.steps(for: route, in: graph, language: language)
                try writeOutput(OSRMRouteResponse(route: route, steps: steps, geometries: geometries).json(graph: graph) + "\n")
            case .geojson:
                try writeOutput(RouteGeoJSON.document(route: route, graph: graph) + "\n")
            case .gpx:
                let steps = RouteGuidance.steps(for: route, in: graph, language: language)
                try writeOutput(RouteGPX.document(route: route, steps: steps))
            }
        }
    }

    /// Parses a LAT,LON option, naming the option in the error.

    /// Parses one of an enum's raw values, listing the allowed ones in the error.
    static func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type, _ text: String, option: String) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: text) else {
            let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw CommandFailure(message: "\(option) '\(text)': expected one of \(allowed)")
        }
        return value
    }

    /// The exit status of a routing error (see Failure.swift).
    static func status(for error: RoutingError) -> Int32 {
        switch error {
        case .noRoute: ExitStatus.noRoute
        case .noRoadNearby: ExitStatus.noRoadNearby
        case .tooFewCoordinates: ExitStatus.failure
        }
    }

    /// OSRM's error code for a routing error.
    static func osrmCode(for error: RoutingError) -> String {
        switch error {
        case .noRoute: "NoRoute"
        case .noRoadNearby: "NoSegment"
        case .tooFewCoordinates: "InvalidQuery"
        }
    }

    /// The readable summary: totals and legs, the snapped start, the numbered turn-by-turn instructions
    /// (`TurnByTurnText`) and the snapped destination.
    static func text(for route: Route, steps: [[RouteStep]], graph: RoadGraph, language: InstructionLanguage) -> String {
        var out = "Route: \(distanceText(route.distance)), \(durationText(route.duration)) (\(route.metric == .time ? "fastest" : "shortest"))\n"
        if route.legs.count > 1 {
            for (i, leg) in route.legs.enumerated() {
                out += "Leg \(i + 1): \(distanceText(leg.distance)), \(durationText(leg.duration))\n"
            }
        }
        guard let first = route.legs.first, let last = route.legs.last else { return out }
        out += "  from \(first.from.location) (\(distanceText(first.from.distance)) from \(first.from.input))\n"
        for line in TurnByTurnText.lines(route: route, steps: steps, graph: graph, language: language) { out += line + "\n" }
        out += "  to \(last.to.location) (\(distanceText(last.to.distance)) from \(last.to.input))\n"
        return out
    }

    static func distanceText(_ meters: Meters) -> String {
        meters >= 1000 ? "\(DecimalNumber.fixed(meters / 1000, decimals: 2)) km" : "\(Int(meters.rounded())) m"
    }

    static func durationText(_ seconds: Seconds) -> String {
        let total = Int(seconds.rounded())
        let h = total / 3600, m = (total % 3600) / 60, s = total % 60
        if h > 0 { return "\(h) h \(m) min" }
        if m > 0 { return "\(m) min \(s) s" }
        return "\(s) s"
    }
}
