import ArgumentParser
import OSRMService
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

        With --format osrm the OSRM options (--steps, --geometries, --overview, --annotations, ...) take \
        the values and defaults of OSRM's /route/v1 query options, and the body printed is the one \
        'waymark serve' answers to the same request.

        Exit status: 0 success, 1 bad input, 3 no route connects the points, 4 a point has no road \
        nearby. With --format osrm every failure also prints OSRM's error body on standard output \
        ({"code":"NoRoute"}, {"code":"NoSegment"}, {"code":"InvalidQuery"}, {"code":"InvalidValue"}, ...).
        """)

    @OptionGroup var source: GraphSource

    @OptionGroup var endpoints: RouteEndpoints



    @Option(name: .long, help: "What to minimise: time (fastest) or distance (shortest).")
    var metric: String = "time"

    @Option(name: .long, help: "Output: text, osrm, geojson or gpx.")
    var format: String = "text"

    @OptionGroup var osrm: OSRMRouteArguments

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
            let format = try Self.choice(OutputFormat.self, self.format, option: "--format")
            if format == .osrm { return try runOSRM() }
            try osrm.rejectUnlessOSRM()
            let (start, end, vias) = try endpoints.resolved()
            let metric = try Self.choice(RoutingMetric.self, self.metric, option: "--metric")
            let language = try Self.choice(InstructionLanguage.self, self.language, option: "--language")
            let maxSnap = try snapLimit()

            let graph = try source.load().graph
            let router = Router(graph: graph)
            let route: Route
            do throws(RoutingError) {
                route = try router.route(from: start, to: end, via: vias, metric: metric, maxSnapDistance: maxSnap)
            } catch {
                throw CommandFailure(message: error.description, status: Self.status(for: error))
            }

            switch format {
            case .text:
                let steps = RouteGuidance.steps(for: route, in: graph, language: language)
                try writeOutput(Self.text(for: route, steps: steps, graph: graph, language: language))
            case .geojson:
                try writeOutput(RouteGeoJSON.document(route: route, graph: graph) + "\n")
            case .gpx:
                let steps = RouteGuidance.steps(for: route, in: graph, language: language)
                try writeOutput(RouteGPX.document(route: route, steps: steps))
            case .osrm:
                break
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
            parsed.metric = try Self.asInvalidQuery { try Self.choice(RoutingMetric.self, self.metric, option: "--metric") }
            parsed.snapping.defaultRadius = try Self.asInvalidQuery { try snapLimit() }
            request = parsed
        } catch {
            try Self.fail(error)
        }
        let loaded = try source.load()
        let service = RoutingService(graph: loaded.graph)
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

    /// The exit status of an OSRM error code.
    static func status(for code: ServiceError.Code) -> Int32 {
        switch code {
        case .noRoute: ExitStatus.noRoute
        case .noSegment: ExitStatus.noRoadNearby
        default: ExitStatus.failure
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
