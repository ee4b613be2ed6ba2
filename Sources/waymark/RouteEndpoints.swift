import ArgumentParser
import Geodesy

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
    func resolved() throws -> (start: Coordinate, end: Coordinate, vias: [Coordinate]) {
        (try parseCoordinate(from, option: "--from"),
         try parseCoordinate(to, option: "--to"),
         try via.map { try parseCoordinate($0, option: "--via") })
    }
}

/// Parses a `LAT,LON` option value, naming the option in the error.
func parseCoordinate(_ text: String, option: String) throws -> Coordinate {
    do throws(CoordinateParseError) {
        return try Coordinate.parse(text)
    } catch {
        throw CommandFailure(message: "\(option): \(error.description)")
    }
}
