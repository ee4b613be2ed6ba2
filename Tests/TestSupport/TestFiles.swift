import Foundation

/// The fixtures every test target shares that are files: the project's sample town and a fresh
/// scratch directory per test.
public enum TestFiles {
    /// The sample town shipped with the project (`osm/sample-town.osm`), always present.
    public static let sampleTown = SharedExtracts.projectRoot.appendingPathComponent("osm/sample-town.osm")
    /// `sampleTown`'s path.
    public static let sampleTownPath = sampleTown.path

    /// A new, empty directory under the system's temporary directory, named `<prefix>-<UUID>`; the
    /// test removes it when done.
    public static func scratchDirectory(prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
