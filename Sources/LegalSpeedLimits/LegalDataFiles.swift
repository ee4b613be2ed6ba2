import Foundation

/// Where the bundled data files are read from: the package resources beside the executable (as
/// `swift build` lays them out), an installed `share/waymark/legal-speed-limits`, or the directory
/// `WAYMARK_LEGAL_DATA_DIR` names (which, when set, is the only place looked at).
///
/// `Bundle.module` is not used: on Linux it stops the process when the bundle is not where the build
/// put it, and a moved executable must get an error naming the file instead.
public enum LegalDataFiles {
    /// The rules of the OSM wiki page "Default speed limits".
    public static let rulesFileName = "legal_default_speeds.json"
    /// Country and subdivision polygons.
    public static let boundariesFileName = "countries.geojson"
    /// Largest data file read, bytes (the boundaries are about 1.2 MB).
    static let maximumFileBytes = 64 << 20

    /// The directories searched, in order.
    public static func searchDirectories() -> [String] {
        if let overridden = ProcessInfo.processInfo.environment["WAYMARK_LEGAL_DATA_DIR"], !overridden.isEmpty {
            return [overridden]
        }
        var directories: [String] = []
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        directories.append(executable.appendingPathComponent("Waymark_LegalSpeedLimits.resources/Resources").path)
        directories.append(executable.deletingLastPathComponent().appendingPathComponent("share/waymark/legal-speed-limits").path)
        return directories
    }

    /// The bytes of one bundled data file.
    /// - Throws: `LegalDataError` when no search directory has it as a regular, readable file.
    public static func read(_ name: String) throws(LegalDataError) -> [UInt8] {
        let directories = searchDirectories()
        for directory in directories {
            let path = directory + "/" + name
            guard FileManager.default.fileExists(atPath: path) else { continue }
            return try read(path: path)
        }
        throw LegalDataError(file: name, problem: "not found (looked in \(directories.joined(separator: ", ")))")
    }

    /// The bytes of a regular file of at most `maximumFileBytes`.
    public static func read(path: String) throws(LegalDataError) -> [UInt8] {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw LegalDataError(file: path, problem: "not a regular file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw LegalDataError(file: path, problem: "cannot be read") }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumFileBytes + 1) else {
            throw LegalDataError(file: path, problem: "cannot be read")
        }
        guard data.count <= maximumFileBytes else { throw LegalDataError(file: path, problem: "larger than \(maximumFileBytes) bytes") }
        return [UInt8](data)
    }
}
