import Geodesy

/// Why an AR marker export could not be made.
///
/// Messages name the setting, file or element at fault in the library's words (the camera height, an
/// elevation tile), not a command-line option: the CLI, a server or an app each say which of their
/// inputs carried it. Every message is one line.
public enum ARExportError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The route produced no waypoints, so there is nothing to place.
    case emptyRoute
    /// A marker setting out of its range.
    case invalidSetting(ARMarkerOptions.Setting, value: String, expected: String)
    /// The elevation directory does not exist or is not a directory.
    case elevationDirectoryMissing(String)
    /// An SRTM `.hgt` file that cannot be used.
    case invalidElevationTile(path: String, reason: String)

    public var description: String {
        switch self {
        case .emptyRoute:
            return "the route has no waypoints, so there are no markers to place"
        case .invalidSetting(let setting, let value, let expected):
            return "invalid \(setting.noun) '\(value)': expected \(expected)"
        case .elevationDirectoryMissing(let path):
            return "elevation directory \(path): \(Self.missingDirectoryReason)"
        case .invalidElevationTile(let path, let reason):
            return "elevation tile \(path): \(reason)"
        }
    }

    /// What is wrong with a missing elevation directory, and what was expected there.
    public static let missingDirectoryReason = "no such directory (expected a directory of SRTM .hgt tiles such as N43E007.hgt)"
}
