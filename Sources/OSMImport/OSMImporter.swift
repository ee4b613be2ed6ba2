import Geodesy
import RoadNetwork

// CONTRACT (the import helper implements the bodies; signatures are relied on by other modules/tests).

/// Options of an import.
public struct ImportOptions: Sendable {
    public var profile: CarProfile
    /// Called now and then with progress (bytes read of total, elements per second).
    public var progress: (@Sendable (ImportProgress) -> Void)?
    public init(profile: CarProfile = CarProfile(), progress: (@Sendable (ImportProgress) -> Void)? = nil) {
        self.profile = profile
        self.progress = progress
    }
}

/// A progress report during an import.
public struct ImportProgress: Sendable {
    public var bytesRead: Int64
    /// Total input size when known (a file; not standard input).
    public var totalBytes: Int64?
    public var elements: Int
    public var elementsPerSecond: Double
    public init(bytesRead: Int64, totalBytes: Int64?, elements: Int, elementsPerSecond: Double) {
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
        self.elements = elements
        self.elementsPerSecond = elementsPerSecond
    }
}

/// What an import produced.
public struct ImportResult: Sendable {
    public var graph: RoadGraph
    public var pointsOfInterest: [PointOfInterest]
    public var statistics: ImportStatistics
}

/// The car profile (placeholder until the import helper writes it).
public struct CarProfile: Sendable {
    public init() {}
}

/// Counts gathered while importing.
public struct ImportStatistics: Sendable {
    public init() {}
}

/// Streams an OSM XML file into a car road graph.
public enum OSMImporter {
    /// Imports a `.osm`, `.osm.gz` or `.osm.bz2` file (`-` for standard input).
    public static func importFile(path: String, options: ImportOptions = ImportOptions()) throws -> ImportResult {
        fatalError("not yet written")
    }

    /// Imports OSM XML held in memory (tests, small fixtures); `sourceName` is used in error messages.
    public static func importXML(_ xml: String, sourceName: String = "<memory>", options: ImportOptions = ImportOptions()) throws -> ImportResult {
        fatalError("not yet written")
    }
}
