import Foundation
import Testing
import TestSupport

/// `waymark serve`'s map page options, without a browser: what is served at `/`, `/map/…` and
/// `/lib/leaflet/…`, and the one-line errors of `--page-dir`, `--leaflet-dir` and `--no-page`.
@Suite(.serialized) struct ServeMapPageTests {
    static let sampleTown = TestFiles.sampleTown

    /// A stand-in Leaflet directory (the test does not need Debian's).
    static func fakeLeaflet(in directory: URL) throws -> String {
        let leaflet = directory.appendingPathComponent("leaflet")
        try FileManager.default.createDirectory(at: leaflet.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Data("window.L = {};".utf8).write(to: leaflet.appendingPathComponent("leaflet.js"))
        try Data(".leaflet-container {}".utf8).write(to: leaflet.appendingPathComponent("leaflet.css"))
        for image in ["layers.png", "layers-2x.png", "marker-icon.png", "marker-icon-2x.png", "marker-shadow.png"] {
            try Data([0x89, 0x50, 0x4E, 0x47]).write(to: leaflet.appendingPathComponent("images/" + image))
        }
        return leaflet.path
    }

    static func withDatabase(_ body: (URL) throws -> Void) throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let imported = try CLI.run(["import", sampleTown.path, "--db", directory.appendingPathComponent("town.sqlite").path, "--quiet"])
        try #require(imported.status == 0, "\(imported)")
        try body(directory)
    }

    @Test func servesThePageItsScriptsAndLeafletWithTheirTypes() throws {
        try Self.withDatabase { directory in
            let leaflet = try Self.fakeLeaflet(in: directory)
            let server = try ServeCommandTests.Server(arguments: ["--db", "town.sqlite", "--threads", "1", "--landmarks", "0", "--leaflet-dir", leaflet],
                                                      directory: directory)
            defer { _ = server.stop() }
            let page = try server.get("/?from=45.81,15.98&to=45.815,15.99")
            #expect(page.status == 200)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.body.contains("<script src=\"/map/app.js\"></script>"))
            #expect(try server.get("/map/app.js").headers["content-type"] == "text/javascript; charset=utf-8")
            #expect(try server.get("/map/style.css").headers["content-type"] == "text/css; charset=utf-8")
            #expect(try server.get("/lib/leaflet/leaflet.js").body == "window.L = {};")
            #expect(try server.get("/lib/leaflet/images/layers.png").headers["content-type"] == "image/png")
            // Anything else under the page's paths is not a file the server reads.
            for target in ["/map/../../Package.swift", "/lib/leaflet/../../../etc/passwd", "/map/missing.js"] {
                let refused = try server.get(target)
                #expect(refused.status == 400, "\(target)")
                #expect(refused.body.hasPrefix("{\"code\":\"Invalid"), "\(target)")
            }
            let roads = try server.get("/roads/v1?bbox=15.97,45.80,16.0,45.82&zoom=16")
            #expect(roads.status == 200)
            #expect(roads.headers["content-type"] == "application/geo+json; charset=utf-8")
            #expect(try server.get("/metrics").body.contains("service=\"page\""))
        }
    }

    @Test func noPageServesOnlyTheServices() throws {
        try Self.withDatabase { directory in
            let server = try ServeCommandTests.Server(arguments: ["--db", "town.sqlite", "--threads", "1", "--landmarks", "0", "--no-page"],
                                                      directory: directory)
            defer { _ = server.stop() }
            let page = try server.get("/")
            #expect(page.status == 400)
            #expect(page.body.contains("InvalidUrl"))
            #expect(try server.get("/roads/v1/info").status == 200)
        }
    }

    @Test func badPageOptionsFailWithOneLineNamingTheOption() throws {
        let leaflet = try CLI.run(["serve", "--db", "missing.sqlite", "--leaflet-dir", "/nonexistent/leaflet"])
        #expect(leaflet.status == 1)
        #expect(leaflet.stderr.contains("--leaflet-dir: /nonexistent/leaflet/leaflet.js: no such file"), "\(leaflet)")
        #expect(leaflet.stderr.split(separator: "\n").count == 1, "\(leaflet)")
        let page = try CLI.run(["serve", "--db", "missing.sqlite", "--page-dir", "/nonexistent/page"])
        #expect(page.status == 1)
        #expect(page.stderr.contains("--page-dir: /nonexistent/page/index.html: no such file"), "\(page)")
        let both = try CLI.run(["serve", "--db", "missing.sqlite", "--no-page", "--page-dir", "/tmp"])
        #expect(both.status == 1)
        #expect(both.stderr.contains("--no-page"), "\(both)")
    }
}
