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

    // The trace was drawn with a cycling planner: after its seventh point it leaves Carretera General 3 for
    // Carretera de Sorteny, which runs beside it 10 m away, where no road joins them. A car must turn back
    // to the junction 150 m behind (the matched route's 210 m leg for a 24 m step), so the whole trace is
    // one drive of low confidence while each road's stretch alone is matched confidently.
    @Test(.enabled(if: SharedExtracts.available("andorra-2021.osm.pbf", "traces/andorra_for_map_matching.gpx")))
    func andorraTraceMatchesEveryPointAndItsConfidenceShowsTheCornerCut() throws {
        let graph = try OSMImporter.importFile(path: SharedExtracts.require("andorra-2021.osm.pbf")).graph
        let router = Router(graph: graph)
        let text = try String(contentsOfFile: SharedExtracts.require("traces/andorra_for_map_matching.gpx"), encoding: .utf8)
        let points = Self.trackPoints(text)
        #expect(points.count == 21)
        let matcher = MapMatcher(router: router), workspace = router.makeWorkspace()
        let whole = matcher.match(try MatchTrace(coordinates: points, precision: 5), workspace: workspace)
        #expect(whole.matchings.count == 1, "\(whole.matchings.map(\.pointIndices))")
        #expect(whole.tracepoints.allSatisfy { $0 != nil && $0!.location.distance < 11 })
        #expect((whole.matchings.first?.confidence ?? 1) < 0.1, "confidence \(whole.matchings.first?.confidence ?? 1)")
        for part in [points[..<7], points[7...]] {
            let match = matcher.match(try MatchTrace(coordinates: Array(part), precision: 5), workspace: workspace)
            #expect(match.matchings.count == 1)
            #expect((match.matchings.first?.confidence ?? 0) > 0.9, "confidence \(match.matchings.first?.confidence ?? 0)")
        }
    }
}
