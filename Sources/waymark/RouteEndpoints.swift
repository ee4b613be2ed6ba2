import ArgumentParser
import Geodesy
import OSRMService
import Routing

/// The `--from`, `--to` and `--via` options shared by `route`, `waypoints` and `markers`.
///
/// Values are parsed unconditionally so that a negative latitude (`--from -33.87,151.21`) is read as the
/// option's value rather than as an unknown flag.
struct RouteEndpoints: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Start, as LAT,LON.", valueName: "lat,lon"))
    var from: String
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Destination, as LAT,LON.", valueName: "lat,lon"))
    var to: String
    @Option(name: .long, parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A via point LAT,LON (repeat for several, visited in order).", valueName: "lat,lon"))
    var via: [String] = []

    /// The parsed start, vias and destination; an invalid one names its option and what was expected.
    func resolved() throws(ServiceError) -> (start: Coordinate, end: Coordinate, vias: [Coordinate]) {
        (try CoordinateList.parseLatitudeLongitude(from, input: "--from"),
         try CoordinateList.parseLatitudeLongitude(to, input: "--to"),
         try via.map { text throws(ServiceError) in try CoordinateList.parseLatitudeLongitude(text, input: "--via") })
    }

    /// The start, vias and destination in route order; a malformed one is OSRM's `InvalidQuery`, one
    /// out of range `InvalidValue`, naming the option.
    func coordinates() throws(ServiceError) -> [Coordinate] {
        let given = [("--from", from)] + via.map { ("--via", $0) } + [("--to", to)]
        return try given.map { option, text throws(ServiceError) in try CoordinateList.parseLatitudeLongitude(text, input: option) }
    }
}

/// `--metric`, `--algorithm` and `--max-snap`, shared by `route` and `bench`.
struct RoutingArguments: ParsableArguments {
    @Option(name: .long, help: "What to minimise: time (fastest) or distance (shortest).")
    var metric: String = "time"
    @Option(name: .long, help: "The search: ch (the database's contraction hierarchy; A* without one), astar or dijkstra.")
    var algorithm: String = SearchAlgorithm.contractionHierarchy.rawValue
    @Option(name: .customLong("max-snap"), help: ArgumentHelp("Largest distance in metres from a coordinate to its road.", valueName: "metres"))
    var maxSnap: String = "1000"

    func validate() throws {
        _ = try parsedMetric()
        _ = try parsedAlgorithm()
        _ = try snapLimit()
    }

    func parsedAlgorithm() throws -> SearchAlgorithm { try choice(SearchAlgorithm.self, algorithm, option: "--algorithm") }

    func parsedMetric() throws -> RoutingMetric { try choice(RoutingMetric.self, metric, option: "--metric") }

    /// `--max-snap` in metres, at most the service's largest radius (a coordinate farther from every
    /// road is not meant to be on it).
    func snapLimit() throws -> Meters {
        try NumericOption.parse(maxSnap, option: "--max-snap", range: 0...SnapOptions.maximumRadius, unit: "a distance in metres")
    }
}

/// Parses one of an enum's raw values, listing the allowed ones in the error.
func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type, _ text: String, option: String) throws -> T where T.RawValue == String {
    guard let value = T(rawValue: text) else {
        let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
        throw CommandFailure(message: "\(option) '\(text)': expected one of \(allowed)")
    }
    return value
}
