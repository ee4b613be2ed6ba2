import Foundation
import Geodesy
import OSMImport
import RoadNetworkStore
import TestSupport
import Testing

/// The README's library example compiles (it is `ReadmeExample.swift`, built with the tests), runs on
/// the sample town, and is the text the README shows.
@Suite struct ReadmeExampleTests {
    static let town = TestFiles.sampleTownPath

    @Test func exampleRoutesAndExportsMarkersFromADatabase() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("town.sqlite").path
        let imported = try OSMImporter.importFile(path: Self.town)
        try RoadNetworkStore.write(graph: imported.graph, pointsOfInterest: imported.pointsOfInterest,
                                   metadata: .computed(graph: imported.graph, pointsOfInterest: imported.pointsOfInterest,
                                                       sourceFileName: "sample-town.osm", sourceSHA256: "", sourceBytes: 0),
                                   to: database)

        let (osrm, markers) = try osrmAndMarkers(database: database, from: Coordinate(latitude: 45.8075, longitude: 15.9838),
                                                 to: Coordinate(latitude: 45.8160, longitude: 15.9916))
        let response = try #require(try JSONSerialization.jsonObject(with: Data(osrm.utf8)) as? [String: Any])
        #expect(response["code"] as? String == "Ok")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(markers.utf8)) as? [String: Any])
        let entries = try #require(list["markers"] as? [[String: Any]])
        #expect(entries.first?["kind"] as? String == "road")
        #expect(entries.last?["kind"] as? String == "destination")
    }

    @Test func readmeShowsTheExampleThatCompiles() throws {
        let source = try String(contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("ReadmeExample.swift").path, encoding: .utf8)
        let readme = try String(contentsOf: SharedExtracts.projectRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try #require(lines.firstIndex { $0.contains("README example begin") })
        let end = try #require(lines.firstIndex { $0.contains("README example end") })
        let example = lines[(begin + 1)..<end].joined(separator: "\n")
        #expect(readme.contains("```swift\n" + example + "\n```"), "README.md must show ReadmeExample.swift between the markers verbatim")
        #expect(end - begin - 1 <= 20, "the example stays short")
    }
}
