import Foundation
import MapPage
import Testing
import TestSupport

/// The map page's files as `waymark serve` serves them: read once, picked by URL path only.
@Suite struct MapPageFilesTests {
    /// The page as committed (Sources/MapPage/Page).
    static let pageDirectory = SharedExtracts.projectRoot.appendingPathComponent("Sources/MapPage/Page").path

    /// A stand-in for Debian's Leaflet in a temporary directory (the tests do not need the real one).
    static func fakeLeaflet() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-leaflet-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Data("/* leaflet */ window.L = {};".utf8).write(to: directory.appendingPathComponent("leaflet.js"))
        try Data(".leaflet-container {}".utf8).write(to: directory.appendingPathComponent("leaflet.css"))
        for image in ["layers.png", "layers-2x.png", "marker-icon.png", "marker-icon-2x.png", "marker-shadow.png"] {
            try Data([0x89, 0x50, 0x4E, 0x47]).write(to: directory.appendingPathComponent("images/" + image))
        }
        return directory.path
    }

    @Test func servesThePageLeafletAndNothingElse() throws {
        let files = try MapPageFiles(directories: .init(page: Self.pageDirectory, leaflet: try Self.fakeLeaflet()))
        #expect(files.warnings.isEmpty)
        let index = try #require(files.file(for: "/?from=41.1,-8.6&to=41.2,-8.7"))
        #expect(index.contentType == "text/html; charset=utf-8")
        #expect(String(decoding: index.bytes, as: UTF8.self).contains("/lib/leaflet/leaflet.js"))
        #expect(files.file(for: "/map/app.js")?.contentType == "text/javascript; charset=utf-8")
        #expect(files.file(for: "/map/style.css")?.contentType == "text/css; charset=utf-8")
        #expect(files.file(for: "/lib/leaflet/leaflet.js")?.bytes == Array("/* leaflet */ window.L = {};".utf8))
        #expect(files.file(for: "/lib/leaflet/images/layers.png")?.contentType == "image/png")
        for target in ["/map/../../Package.swift", "/map/", "/lib/leaflet/../../etc/passwd", "/lib/leaflet/leaflet.esm.js",
                       "/etc/passwd", "/map/app.js/", "/route/v1/driving/1,2;3,4"] {
            #expect(files.file(for: target) == nil, "\(target)")
        }
    }

    @Test func everyFileThePageNamesIsServed() throws {
        let files = try MapPageFiles(directories: .init(page: Self.pageDirectory, leaflet: try Self.fakeLeaflet()))
        let html = String(decoding: try #require(files.file(for: "/")).bytes, as: UTF8.self)
        let references = html.split(separator: "\"").filter { $0.hasPrefix("/map/") || $0.hasPrefix("/lib/") }
        #expect(references.count >= 5)
        for reference in references { #expect(files.file(for: String(reference)) != nil, "\(reference)") }
    }

    @Test func aLeafletDirectoryGivenButMissingIsAnErrorNamingIt() throws {
        #expect(throws: MapPageError.self) { try MapPageFiles(directories: .init(page: Self.pageDirectory, leaflet: "/nonexistent/leaflet")) }
        do {
            _ = try MapPageFiles(directories: .init(page: Self.pageDirectory, leaflet: "/nonexistent/leaflet"))
        } catch {
            let error = try #require(error as? MapPageError)
            #expect(error.path == "/nonexistent/leaflet/leaflet.js")
            #expect(error.description == "/nonexistent/leaflet/leaflet.js: no such file")
        }
    }

    @Test func aPageFileThatIsNotARegularFileIsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-page-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in ["app.js", "ar.js", "style.css"] { try Data("x".utf8).write(to: directory.appendingPathComponent(name)) }
        #expect(mkfifo(directory.appendingPathComponent("index.html").path, 0o600) == 0)
        do {
            _ = try MapPageFiles(directories: .init(page: directory.path, leaflet: try Self.fakeLeaflet()))
            Issue.record("a FIFO was read as the page")
        } catch {
            #expect((error as? MapPageError)?.problem == "not a regular file")
        }
    }

    @Test func theBuildPlacesThePageBesideTheExecutable() {
        // SwiftPM copies the resources next to the test runner as it does next to `waymark`.
        let found = MapPageFiles.defaultPageDirectory()
        #expect(found != nil)
        #expect(found.map { FileManager.default.fileExists(atPath: $0 + "/app.js") } == true)
    }

    @Test func pagePathsAreToldApartFromServices() {
        #expect(MapPageFiles.isPagePath("/"))
        #expect(MapPageFiles.isPagePath("/?from=1,2"))
        #expect(MapPageFiles.isPagePath("/map/app.js"))
        #expect(MapPageFiles.isPagePath("/lib/leaflet/leaflet.css"))
        #expect(!MapPageFiles.isPagePath("/roads/v1?bbox=1,2,3,4&zoom=3"))
        #expect(!MapPageFiles.isPagePath("/route/v1/driving/1,2;3,4"))
    }
}
