/// Why a road database could not be written, opened or read; every case names the file.
public enum RoadNetworkStoreError: Error, Equatable, CustomStringConvertible {
    /// No file at the path.
    case fileNotFound(path: String)
    /// The file exists but is not an SQLite database at all.
    case notSQLite(path: String, detail: String)
    /// An SQLite database, but not one written by `waymark import`.
    case notWaymarkDatabase(path: String)
    /// A Waymark database of another format version than this build reads.
    case unsupportedFormatVersion(path: String, found: Int, supported: Int)
    /// A Waymark database whose content contradicts itself (truncated, edited by hand, damaged).
    case corrupt(path: String, detail: String)
    /// The target cannot be written (missing directory, no permission, disk full).
    case cannotWrite(path: String, reason: String)
    /// Any other SQLite failure, with the statement that failed.
    case sqlite(path: String, operation: String, message: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "\(path): no such file (expected a road database written by 'waymark import')"
        case .notSQLite(let path, let detail):
            "\(path): not a road database: the file is not SQLite (\(detail))"
        case .notWaymarkDatabase(let path):
            "\(path): not a Waymark road database (an SQLite file, but not written by 'waymark import')"
        case .unsupportedFormatVersion(let path, let found, let supported):
            found > supported
                ? "\(path): database format version \(found) is newer than this waymark reads (\(supported)); update waymark or re-import"
                : "\(path): database format version \(found) is older than this waymark reads (\(supported)); re-import it with 'waymark import'"
        case .corrupt(let path, let detail):
            "\(path): damaged road database: \(detail); re-import it with 'waymark import'"
        case .cannotWrite(let path, let reason):
            "\(path): cannot write the road database: \(reason)"
        case .sqlite(let path, let operation, let message):
            "\(path): SQLite error (\(message)) during: \(operation)"
        }
    }
}
