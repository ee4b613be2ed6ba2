import ARExport
import Places

/// The names a front end gives the inputs of a marker export (command-line options, query parameters),
/// so that an error names the one at fault in the front end's terms (`MarkerExportError.description(naming:)`).
public struct MarkerInputNames: Sendable {
    /// The input that sets each marker setting.
    public var settings: [ARMarkerOptions.Setting: String]
    /// The input that gives the elevation tile directory.
    public var elevationDirectory: String?
    /// The input that carries each place query parameter (the categories, the corridor).
    public var places: [PlacesParameter: String]

    public init(settings: [ARMarkerOptions.Setting: String] = [:], elevationDirectory: String? = nil,
                places: [PlacesParameter: String] = [:]) {
        self.settings = settings
        self.elevationDirectory = elevationDirectory
        self.places = places
    }
}

extension MarkerExportError {
    /// The message in a front end's own terms, naming the input at fault (see `ARExportError` and
    /// `PlacesError`'s `description(naming:)`); an unnamed input is described in the library's words.
    public func description(naming names: MarkerInputNames) -> String {
        switch self {
        case .places(let error): error.description(naming: names.places)
        case .export(let error): error.description(naming: names.settings, elevationDirectory: names.elevationDirectory)
        case .pointsOfInterest(let error): error.description
        }
    }
}

extension RoadNetworkImportError {
    /// The message in a front end's own terms: a foreign file in the way names the input that gave the
    /// database path (`refusing to replace it with --db (…)`); every other error reads as `description`.
    public func description(namingDatabase database: String) -> String {
        switch self {
        case .foreignFile(let path, let detail):
            "\(path): exists and is not a road database (\(detail)); refusing to replace it with \(database) (\(Self.foreignFileAdvice))"
        case .foreignDatabase(let path):
            "\(path): exists and is an SQLite file not written by 'waymark import'; refusing to replace it with \(database) (\(Self.foreignFileAdvice))"
        default:
            description
        }
    }
}
