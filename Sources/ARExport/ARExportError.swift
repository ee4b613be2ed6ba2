import Geodesy

/// Why an AR export or a point-of-interest query could not be made.
///
/// Every message names the option, file or element at fault and what was expected, so the CLI can
/// print it as one line.
public enum ARExportError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The route produced no waypoints, so there is nothing to place.
    case emptyRoute
    /// An option value is out of its range; `option` is the CLI spelling (`--batch-size`).
    case invalidOption(option: String, value: String, expected: String)
    /// A search radius above the maximum.
    case radiusTooLarge(Meters, maximum: Meters)
    /// More categories than a query may combine.
    case tooManyCategories(count: Int, maximum: Int)
    /// A category name not in `PointOfInterestCategory.known`.
    case unknownCategory(String, known: [String])
    /// The `--dem` directory does not exist or is not a directory.
    case elevationDirectoryMissing(String)
    /// An SRTM `.hgt` file that cannot be used.
    case invalidElevationTile(path: String, reason: String)

    public var description: String {
        switch self {
        case .emptyRoute:
            return "the route has no waypoints, so there are no markers to place"
        case .invalidOption(let option, let value, let expected):
            return "invalid value '\(value)' for \(option): expected \(expected)"
        case .radiusTooLarge(let radius, let maximum):
            return "--radius \(ExportFormatting.fixed(radius, 1)) m is too large: the maximum is \(Int(maximum)) m"
        case .tooManyCategories(let count, let maximum):
            return "--category lists \(count) categories: at most \(maximum) can be combined"
        case .unknownCategory(let name, let known):
            return "unknown category '\(name)' for --category: known categories are \(known.joined(separator: ", "))"
        case .elevationDirectoryMissing(let path):
            return "--dem \(path): no such directory (expected a directory of SRTM .hgt tiles such as N43E007.hgt)"
        case .invalidElevationTile(let path, let reason):
            return "elevation tile \(path): \(reason)"
        }
    }
}
