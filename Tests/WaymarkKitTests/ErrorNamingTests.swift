import ARExport
import Places
import Testing
@testable import WaymarkKit

/// The marker and import errors name the front end's inputs, in the wording every front end shares.
struct ErrorNamingTests {
    static let names = MarkerInputNames(settings: [.visibilityRadius: "--visibility"], elevationDirectory: "--dem",
                                        places: [.categories: "--pois"])

    @Test func aMarkerErrorNamesTheInputOfItsStage() {
        #expect(MarkerExportError.export(.invalidSetting(.visibilityRadius, value: "0.000", expected: "metres from 1 to 10000"))
                    .description(naming: Self.names) == "invalid value '0.000' for --visibility: expected metres from 1 to 10000")
        #expect(MarkerExportError.export(.elevationDirectoryMissing("/srtm")).description(naming: Self.names)
                == "--dem /srtm: \(ARExportError.missingDirectoryReason)")
        #expect(MarkerExportError.places(.tooManyCategories(count: 8, maximum: 6)).description(naming: Self.names)
                == "--pois lists 8 categories: at most 6 can be combined")
    }

    @Test func withoutNamesAMarkerErrorIsItsDescription() {
        let errors: [MarkerExportError] = [.export(.elevationDirectoryMissing("/srtm")), .places(.tooManyCategories(count: 8, maximum: 6)),
                                           .pointsOfInterest(.database(.fileNotFound(path: "/x.sqlite")))]
        for error in errors { #expect(error.description(naming: MarkerInputNames()) == error.description) }
    }

    @Test func aForeignFileInTheWayNamesTheDatabaseInput() {
        #expect(RoadNetworkImportError.foreignFile(path: "town.osm", detail: "not SQLite").description(namingDatabase: "--db")
                == "town.osm: exists and is not a road database (not SQLite); refusing to replace it with --db (\(RoadNetworkImportError.foreignFileAdvice))")
        #expect(RoadNetworkImportError.foreignDatabase(path: "other.sqlite").description(namingDatabase: "--db")
                == "other.sqlite: exists and is an SQLite file not written by 'waymark import'; refusing to replace it with --db (\(RoadNetworkImportError.foreignFileAdvice))")
        let missing = RoadNetworkImportError.extractMissing("town.osm")
        #expect(missing.description(namingDatabase: "--db") == missing.description)
    }
}
