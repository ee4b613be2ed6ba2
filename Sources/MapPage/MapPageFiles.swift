import Foundation

/// The map page's files and the Leaflet library it draws with, read once at start-up and served from
/// memory by `waymark serve`.
///
/// A request only picks one of the files read at start-up (by its URL path); no request names a file
/// to open. The page (`index.html`, `app.js`, `ar.js`, `style.css`) ships as the package resources of
/// this module; Leaflet comes from Debian's `libjs-leaflet` (`/usr/share/javascript/leaflet`), so the
/// page works with no network at all. Both directories can be given instead (`serve --page-dir`,
/// `--leaflet-dir`).
public struct MapPageFiles: Sendable {
    /// One file as served.
    public struct File: Sendable, Equatable {
        public let bytes: [UInt8]
        public let contentType: String
    }

    /// Where the files are read from.
    public struct Directories: Sendable, Equatable {
        /// The page's own files; nil to look beside the executable (`MapPageFiles.defaultPageDirectory()`).
        public var page: String?
        /// Leaflet (`leaflet.js`, `leaflet.css`, `images/`); nil for Debian's install path, which may be absent.
        public var leaflet: String?

        public init(page: String? = nil, leaflet: String? = nil) {
            self.page = page
            self.leaflet = leaflet
        }
    }

    /// Debian's `libjs-leaflet` install path.
    public static let debianLeafletDirectory = "/usr/share/javascript/leaflet"
    /// The files of the page, by name.
    static let pageFileNames = ["index.html", "app.js", "ar.js", "style.css"]
    /// The Leaflet files the page loads (and the images its stylesheet names).
    static let leafletFileNames = ["leaflet.js", "leaflet.css", "images/layers.png", "images/layers-2x.png",
                                   "images/marker-icon.png", "images/marker-icon-2x.png", "images/marker-shadow.png"]
    /// Largest file read, bytes (Leaflet is about 140 KB).
    static let maximumFileBytes = 4 << 20

    /// URL path -> file.
    let files: [String: File]
    /// What is missing but lets the server run (Leaflet not installed): one line each, for the log.
    public let warnings: [String]

    /// Reads the page and Leaflet.
    /// - Throws: `MapPageError` when a directory given explicitly (or the page's own files) cannot be
    ///   read; a missing default Leaflet is only a warning (the page then says how to install it).
    public init(directories: Directories = Directories()) throws(MapPageError) {
        guard let pageDirectory = directories.page ?? Self.defaultPageDirectory() else {
            throw MapPageError(path: Self.pageSearchPaths().joined(separator: ", "), problem: "map page files not found (pass --page-dir)")
        }
        var files: [String: File] = [:]
        for name in Self.pageFileNames {
            let file = try Self.read(directory: pageDirectory, name: name)
            files["/map/" + name] = file
        }
        files["/"] = files["/map/index.html"]
        var warnings: [String] = []
        let leafletDirectory = directories.leaflet ?? Self.debianLeafletDirectory
        do throws(MapPageError) {
            for name in Self.leafletFileNames {
                files["/lib/leaflet/" + name] = try Self.read(directory: leafletDirectory, name: name)
            }
        } catch {
            if directories.leaflet != nil { throw error }
            warnings.append("\(error) (install Debian's libjs-leaflet or pass --leaflet-dir; the page cannot draw the map without it)")
        }
        self.files = files
        self.warnings = warnings
    }

    /// The file a request target (`/`, `/map/app.js`, `/lib/leaflet/leaflet.js`, with any query) names, if any.
    public func file(for target: String) -> File? {
        let path = target.prefix { $0 != "?" && $0 != "#" }
        return files[String(path)]
    }

    /// Whether a request target is one of the page's paths (served from here, not by the routing services).
    public static func isPagePath(_ target: String) -> Bool {
        let path = target.prefix { $0 != "?" && $0 != "#" }
        return path == "/" || path.hasPrefix("/map/") || path.hasPrefix("/lib/")
    }

    /// The page directory beside the executable: SwiftPM's resource bundle of this module in a build
    /// directory, or `../share/waymark/page` in an installed layout; nil when neither holds `index.html`.
    public static func defaultPageDirectory() -> String? {
        pageSearchPaths().first { FileManager.default.fileExists(atPath: $0 + "/index.html") }
    }

    static func pageSearchPaths() -> [String] {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        return [
            executable.appendingPathComponent("Waymark_MapPage.resources/Page").path,
            executable.deletingLastPathComponent().appendingPathComponent("share/waymark/page").path,
        ]
    }

    /// Reads one regular file of at most `maximumFileBytes`.
    static func read(directory: String, name: String) throws(MapPageError) -> File {
        let path = directory + "/" + name
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw MapPageError(path: path, problem: "no such file")
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else { throw MapPageError(path: path, problem: "not a regular file") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw MapPageError(path: path, problem: "cannot be read") }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumFileBytes + 1) else { throw MapPageError(path: path, problem: "cannot be read") }
        guard data.count <= maximumFileBytes else { throw MapPageError(path: path, problem: "larger than \(maximumFileBytes) bytes") }
        return File(bytes: [UInt8](data), contentType: contentType(of: name))
    }

    /// The content type by file extension.
    static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last {
        case "html": "text/html; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "png": "image/png"
        default: "application/octet-stream"
        }
    }
}
