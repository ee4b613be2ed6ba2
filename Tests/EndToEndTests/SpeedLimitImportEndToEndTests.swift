import Foundation
import Testing
import TestSupport

/// `waymark import` with the speed-limit estimate as a user meets it: the region option, what `info`
/// reports, and the data files missing or damaged (never a silent fall back to class defaults).
@Suite struct SpeedLimitImportEndToEndTests {
    static let sample = TestFiles.sampleTownPath
    static let bundledData = SharedExtracts.projectRoot.appendingPathComponent("Sources/LegalSpeedLimits/Resources")

    @Test func infoReportsTheSourcesAndTheRegions() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let db = directory.appendingPathComponent("town.sqlite").path
        let imported = try CLI.run(["import", Self.sample, "--db", db])
        #expect(imported.status == 0, "\(imported)")
        let info = try CLI.run(["info", db, "--json"])
        let json = try CLI.jsonObject(info.stdout)
        let regions = try #require(json["regions"] as? [[String: Any]])
        #expect(regions.map { $0["region"] as? String } == ["HR"], "the sample town lies in Zagreb")
        #expect(json["region_origin"] as? String == "boundaries")
        let sources = try #require(json["speed_limit_sources"] as? [[String: Any]])
        let names = sources.compactMap { $0["source"] as? String }
        #expect(names.contains("posted") && (names.contains("legal_default") || names.contains("neighbours")))
        #expect(!names.contains("class_default"), "Croatia has rules for every road")
        let text = try CLI.run(["info", db])
        #expect(text.stdout.contains("Regions") && text.stdout.contains("HR ") && text.stdout.contains("from the bundled country boundaries"))
    }

    @Test func theCountryOptionSetsEveryRoadsRegion() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let db = directory.appendingPathComponent("town.sqlite").path
        let imported = try CLI.run(["import", Self.sample, "--db", db, "--country", "de"])
        #expect(imported.status == 0, "\(imported)")
        let json = try CLI.jsonObject(try CLI.run(["info", db, "--json"]).stdout)
        #expect((json["regions"] as? [[String: Any]])?.map { $0["region"] as? String } == ["DE"])
        #expect(json["region_origin"] as? String == "option")
    }

    @Test func aCountryThatIsNoISOCodeIsRefusedByName() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let db = directory.appendingPathComponent("town.sqlite").path
        let result = try CLI.run(["import", Self.sample, "--db", db, "--country", "Atlantis"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--country") && result.stderr.contains("'Atlantis'"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func missingDataFilesStopTheImportNamingThem() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let db = directory.appendingPathComponent("town.sqlite").path
        let empty = directory.appendingPathComponent("no-data")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let result = try CLI.run(["import", Self.sample, "--db", db], environment: ["WAYMARK_LEGAL_DATA_DIR": empty.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("legal_default_speeds.json") && result.stderr.contains("not found"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func aDamagedBoundaryFileStopsTheImportNamingIt() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let db = directory.appendingPathComponent("town.sqlite").path
        let data = directory.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.bundledData.appendingPathComponent("legal_default_speeds.json"),
                                         to: data.appendingPathComponent("legal_default_speeds.json"))
        let boundaries = try Data(contentsOf: Self.bundledData.appendingPathComponent("countries.geojson"))
        try boundaries.prefix(5000).write(to: data.appendingPathComponent("countries.geojson"))
        let result = try CLI.run(["import", Self.sample, "--db", db], environment: ["WAYMARK_LEGAL_DATA_DIR": data.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("countries.geojson"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: db))
    }
}
