import Foundation
import Logging
import MapPage
import Routing
import Server
import Testing
import WaymarkKit

/// A server's settings as a front end reads them: checked against the ranges the server accepts, the
/// first at fault named in the front end's words (or the library's), before anything is loaded.
@Suite struct WaymarkServerSettingsTests {
    static let source = RoadNetworkSource.database(path: "/nonexistent/city.sqlite")

    static func error(_ settings: WaymarkServer.Settings) -> ServerSettingsError? {
        do throws(ServerSettingsError) {
            _ = try settings.configuration(source: source)
            return nil
        } catch {
            return error
        }
    }

    @Test func settingsBecomeTheHTTPConfigurationItsLimitsAndTheLogLevel() throws {
        let settings = WaymarkServer.Settings(host: "0.0.0.0", port: 0, threads: 3, landmarks: 0, requestTimeout: " 2.5",
                                              routeCoordinates: 20, tableCoordinates: 7, servesMapPage: false, logLevel: "warning")
        let (configuration, level) = try settings.configuration(source: Self.source)
        #expect(configuration.http.host == "0.0.0.0" && configuration.http.port == 0 && configuration.http.threads == 3)
        #expect(configuration.http.limits.requestTimeoutSeconds == 2.5)
        #expect(configuration.http.limits.routeCoordinates == 20 && configuration.http.limits.tableCoordinates == 7)
        #expect(configuration.http.mapPage == nil && configuration.landmarks == 0 && level == .warning)
        #expect(configuration.indexesGuidance)
        var withoutIndex = settings
        withoutIndex.indexesGuidance = false
        #expect(try !withoutIndex.configuration(source: Self.source).0.indexesGuidance)
        guard case .database(let path) = configuration.source else { Issue.record("not the database given"); return }
        #expect(path == "/nonexistent/city.sqlite")
    }

    @Test func landmarksGivenAreBuiltAtLoadAndTheDefaultWaitsForTheDatabase() throws {
        let byDefault = try WaymarkServer.Settings(servesMapPage: false).configuration(source: Self.source).0
        #expect(byDefault.landmarks == WaymarkServer.defaultLandmarks && byDefault.landmarkTiming == nil)
        let given = try WaymarkServer.Settings(landmarks: 4, servesMapPage: false).configuration(source: Self.source).0
        #expect(given.landmarks == 4 && given.landmarkTiming == .atSetUp)
    }

    @Test func theMapPageIsReadFromTheDirectoriesGiven() throws {
        let leaflet = try MapPageFilesTests.fakeLeaflet()
        let settings = WaymarkServer.Settings(mapPageDirectories: .init(page: MapPageFilesTests.pageDirectory, leaflet: leaflet))
        #expect(try settings.configuration(source: Self.source).0.http.mapPage != nil)
        let missing = WaymarkServer.Settings(mapPageDirectories: .init(page: MapPageFilesTests.pageDirectory, leaflet: "/nonexistent"))
        guard case .mapPage(.leafletDirectory, let error) = Self.error(missing) else { Issue.record("not the Leaflet directory's error"); return }
        #expect(error.path == "/nonexistent/leaflet.js")
        #expect(Self.error(missing)?.description(naming: [.leafletDirectory: "--leaflet-dir"]) == "--leaflet-dir: /nonexistent/leaflet.js: no such file")
    }

    @Test func aValueOutOfRangeIsNamedWithTheRangeExpected() {
        let names: [WaymarkServer.Settings.Name: String] = [.port: "--port", .requestTimeout: "--timeout", .landmarks: "--landmarks"]
        #expect(Self.error(.init(port: 70000, servesMapPage: false))?.description(naming: names)
                    == "--port '70000' is out of range: expected a port from 0 to 65535")
        #expect(Self.error(.init(landmarks: 65, servesMapPage: false))?.description
                    == "landmarks '65' is out of range: expected a number of landmarks from 0 to 64")
        for timeout in ["0", "abc", "inf", "0x10", "1e9"] {
            #expect(Self.error(.init(requestTimeout: timeout, servesMapPage: false))?.description(naming: names)
                        == "--timeout '\(timeout)' is invalid: expected seconds from 0.001 to 3600")
        }
    }

    @Test func matchSizeBecomesTheMatchLimitAndIsCheckedByName() throws {
        let settings = WaymarkServer.Settings(servesMapPage: false, matchCoordinates: 250)
        #expect(try settings.configuration(source: Self.source).0.http.limits.matchCoordinates == 250)
        #expect(try WaymarkServer.Settings(servesMapPage: false).configuration(source: Self.source).0.http.limits.matchCoordinates == 100)
        #expect(Self.error(.init(servesMapPage: false, matchCoordinates: 1))?.description(naming: [.matchCoordinates: "--max-matching-size"])
                    == "--max-matching-size '1' is out of range: expected a number of points from 2 to 10000")
    }

    @Test func checksFollowTheOrderOfTheSettings() {
        #expect(Self.error(.init(port: -1, threads: 0, requestTimeout: "x", servesMapPage: false))
                    == .outOfRange(.port, value: "-1", expected: "a port from 0 to 65535"))
        #expect(Self.error(.init(threads: 0, requestTimeout: "x", servesMapPage: false))
                    == .outOfRange(.threads, value: "0", expected: "a number of threads from 1 to 1024"))
    }

    @Test func directoriesWithoutThePageAndUnknownLogLevelsAreRefused() {
        let noPage = WaymarkServer.Settings(servesMapPage: false, mapPageDirectories: .init(page: "/tmp"))
        #expect(Self.error(noPage) == .directoriesWithoutPage)
        #expect(Self.error(noPage)?.description(naming: [.noPage: "--no-page", .pageDirectory: "--page-dir", .leafletDirectory: "--leaflet-dir"])
                    == "--no-page: cannot be combined with --page-dir or --leaflet-dir")
        #expect(Self.error(.init(servesMapPage: false, logLevel: "notice"))?.description(naming: [.logLevel: "--log-level"])
                    == "--log-level 'notice': expected one of info, warning, error")
    }
}
