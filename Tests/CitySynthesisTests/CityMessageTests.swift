@testable import CitySynthesis
import Geodesy
import Testing

/// What `generate-grid` says: its errors naming the inputs, and the one-line summary of a written city.
struct CityMessageTests {
    @Test func aBadNodeCountOrCentreNamesItsInput() {
        let count = CityGenerationError.invalidNodeCount(5)
        #expect(count.description(namingNodes: "--nodes", center: "--center") == "--nodes 5 \(count.reason)")
        let centre = Coordinate(latitude: 89.99, longitude: 0)
        let edge = CityGenerationError.centerTooCloseToEdge(centre, halfWidth: 900, halfHeight: 900)
        #expect(edge.description(namingNodes: "--nodes", center: "--center") == "--center \(centre): \(edge.reason)")
    }

    @Test func theSummaryCountsTheCityAndNamesTheFormatByThePath() {
        let statistics = CityStatistics(nodes: 5_012, ways: 1_200, relations: 40, bytes: 612_345, gridSide: 30)
        #expect(statistics.summary(path: "city.osm.gz", seconds: 0.123)
                == "5012 nodes, 1200 ways, 40 restrictions (30x30 grid), 0.6 MB of XML to city.osm.gz in 0.1 s")
        #expect(statistics.summary(path: "city.osm.pbf", seconds: 2).contains("MB of PBF to city.osm.pbf in 2.0 s"))
    }
}
