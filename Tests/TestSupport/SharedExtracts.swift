import Foundation

/// Locates the real OpenStreetMap extracts in `../shared/osm` beside the project root.
///
/// Tests that need them call `SharedExtracts.path("monaco.osm.bz2")` and skip with a message when it
/// returns nil (a user's machine without the folder); CI has them.
public enum SharedExtracts {
    /// The project root (the directory holding Package.swift), found from this source file's path.
    public static let projectRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// `../shared/osm` beside the project root (or `WAYMARK_SHARED_OSM` when set).
    public static let directory: URL = {
        if let env = ProcessInfo.processInfo.environment["WAYMARK_SHARED_OSM"] { return URL(fileURLWithPath: env) }
        return projectRoot.deletingLastPathComponent().appendingPathComponent("shared/osm")
    }()

    /// The path of an extract, or nil (with a note printed) when it is not present.
    public static func path(_ name: String) -> String? {
        let url = directory.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: url.path) { return url.path }
        print("note: \(url.path) not found; skipping the test that needs it")
        return nil
    }
}
