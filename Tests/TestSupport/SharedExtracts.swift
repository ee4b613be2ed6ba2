import Foundation

/// Locates the real OpenStreetMap extracts in `../shared/osm` beside the project root.
///
/// A test that needs them carries the trait `.enabled(if: SharedExtracts.available("monaco.osm.bz2"))`,
/// so it shows as *skipped* where the folder is absent (a user's machine), never as a pass, and reads
/// the file with `try SharedExtracts.require("monaco.osm.bz2")`; CI has them.
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

    /// Whether every named file is present (a test trait's condition: `.enabled(if: available(…))`).
    public static func available(_ names: String...) -> Bool { available(names) }

    /// Whether every file of a list is present.
    public static func available(_ names: [String]) -> Bool {
        names.allSatisfy { FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path) }
    }

    /// The path of a file the test's trait required; throws (failing the test, never passing it) when
    /// the file is absent after all.
    public static func require(_ name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { throw Missing(path: url.path) }
        return url.path
    }

    /// A shared file a test needs is absent (the test lacks its `.enabled(if: available(…))` trait).
    public struct Missing: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "\(path) not found (add .enabled(if: SharedExtracts.available(...)) to the test)" }
    }

    /// Whether the shared extracts are here at all (for `.enabled(if:)` traits, so tests needing them
    /// show as skipped rather than passing).
    public static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("manifest.json").path)
    }

    /// The names (without extension) of the extracts present both as `NAME.osm.pbf` and as
    /// `NAME.osm.bz2`, sorted; empty when the folder is absent.
    public static var extractsInBothFormats: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let names = Set(files.filter { $0.hasSuffix(".osm.pbf") }.map { String($0.dropLast(".osm.pbf".count)) })
        return names.filter { files.contains("\($0).osm.bz2") }.sorted()
    }

    /// The path of an extract, or nil (with a note printed) when it is not present.
    @available(*, deprecated, message: "an early return passes the test: use the trait .enabled(if: SharedExtracts.available(name)) and require(name)")
    public static func path(_ name: String) -> String? {
        let url = directory.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: url.path) { return url.path }
        print("note: \(url.path) not found; skipping the test that needs it")
        return nil
    }
}
