import Geodesy
import OSMImport
import Routing
import TestSupport
import Testing
@testable import MapMatching

/// GraphHopper's Andorra map-matching trace on the Andorra extract (skipped when ../shared is absent).
@Suite struct RealTraceMatchingTests {
    /// The trace's `<trkpt>` coordinates, read without the Guidance module's parser (this module's tests
    /// link only what the matcher does).
    static func trackPoints(_ text: String) -> [Coordinate] {
        var points: [Coordinate] = []
        var rest = Substring(text)
        while let open = rest.range(of: "<trkpt ") {
            rest = rest[open.upperBound...]
            func attribute(_ name: String) -> Double? {
                guard let r = rest.range(of: name + "=\"") else { return nil }
                return Double(rest[r.upperBound...].prefix { $0 != "\"" })
            }
            if let lat = attribute("lat"), let lon = attribute("lon") { points.append(Coordinate(latitude: lat, longitude: lon)) }
        }
        return points
    }

    @Test(.enabled(if: SharedExtracts.available("andorra-2021.osm.pbf", "traces/andorra_for_map_matching.gpx")))
    func andorraTraceMatchesAsOneConfidentDrive() throws {
        let graph = try OSMImporter.importFile(path: SharedExtracts.require("andorra-2021.osm.pbf")).graph
        let router = Router(graph: graph)
        let text = try String(contentsOfFile: SharedExtracts.require("traces/andorra_for_map_matching.gpx"), encoding: .utf8)
        let points = Self.trackPoints(text)
        #expect(points.count == 42)
        let result = MapMatcher(router: router).match(try MatchTrace(coordinates: points, precision: 5),
                                                      workspace: router.makeWorkspace())
        #expect(result.matchings.count == 1, "\(result.matchings.map(\.pointIndices))")
        let matched = result.tracepoints.filter { $0 != nil }.count
        #expect(matched >= 40, "\(matched) of \(points.count) points matched")
        #expect((result.matchings.first?.confidence ?? 0) > 0.8, "confidence \(result.matchings.first?.confidence ?? 0)")
    }
}
