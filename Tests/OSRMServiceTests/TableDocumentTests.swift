import Geodesy
import OSRMService
import Testing

/// A command-line table: its lists read into one request (the sources again without destinations,
/// within the size limit), answered as OSRM's body or CSV by the service's code.
///
///     a-----b-----c-----d
///           |     |
///           e     f
///           |     |
///     g-----h-----i-----j
@Suite struct TableDocumentTests {
    typealias F = ServiceFixture
    static let names = (sources: "--sources", destinations: "--destinations")

    /// `LAT,LON` of a fixture node, 3 m north of its road.
    static func latLon(_ letter: Character) -> String {
        let lonLat = F.lonLat(letter, north: 3).split(separator: ",")
        return "\(lonLat[1]),\(lonLat[0])"
    }

    @Test func withoutDestinationsTheSourcesAreAlsoTheDestinations() throws {
        let list = "\(Self.latLon("a"));\(Self.latLon("j"))"
        let request = try TableInput.request(sources: list, destinations: nil, naming: Self.names, maximum: 4, snapRadius: 50)
        let points = try TableInput.coordinates(list, option: "--sources")
        let expected = TableRequest(sources: points, destinations: points)
        #expect(request.coordinates == expected.coordinates && request.sources == expected.sources && request.destinations == expected.destinations)
        #expect(request.snapping.defaultRadius == 50 && request.distances && request.durations)
    }

    @Test func theListsAreReadInOrderThenTheSizeIsChecked() {
        let list = "\(Self.latLon("a"));\(Self.latLon("j"))"
        #expect(throws: TableInputError.empty(option: "--destinations", source: nil)) {
            try TableInput.request(sources: list, destinations: " ", naming: Self.names, maximum: 1, snapRadius: 50)
        }
        #expect(throws: TableInputError.tooBig(sources: 2, destinations: 2, maximum: 3)) {
            try TableInput.request(sources: list, destinations: nil, naming: Self.names, maximum: 3, snapRadius: 50)
        }
    }

    @Test func theDocumentIsTheServersBodyOrTheCSVOfItsCells() throws {
        let service = F.service()
        let request = try TableInput.request(sources: Self.latLon("a"), destinations: "\(Self.latLon("d"));\(Self.latLon("h"))",
                                             naming: Self.names, maximum: 10, snapRadius: 50)
        let json = try service.tableDocument(request, format: .json, workspace: service.makeWorkspace())
        #expect(json == (try service.table(request, workspace: service.makeWorkspace())) + "\n")
        let csv = try service.tableDocument(request, format: .csv, workspace: service.makeWorkspace())
        let cells = try service.tableCells(request, workspace: service.makeWorkspace())
        #expect(csv == TableInput.csv(sources: cells.sources, destinations: cells.destinations, cells: cells.cells))
        #expect(csv.split(separator: "\r\n").count == 3)
    }
}
