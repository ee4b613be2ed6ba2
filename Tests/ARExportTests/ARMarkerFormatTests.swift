import Testing
@testable import ARExport

/// Each marker format writes the list with its own writer.
struct ARMarkerFormatTests {
    @Test func eachFormatWritesTheListsDocument() throws {
        let list = try MarkerFormatTests.list()
        #expect(ARMarkerFormat.json.document(for: list) == list.json())
        #expect(ARMarkerFormat.geojson.document(for: list) == list.geoJSON())
        #expect(ARMarkerFormat.csv.document(for: list) == list.csv())
        #expect(ARMarkerFormat.gpx.document(for: list) == list.gpx())
        #expect(ARMarkerFormat.allCases.map(\.rawValue) == ["json", "geojson", "csv", "gpx"])
    }
}
