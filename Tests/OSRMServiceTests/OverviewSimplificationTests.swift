import Geodesy
import RouteFormats
import Testing
import TestSupport

/// `overview=simplified`: Douglas-Peucker at the zoom level where the route fits a screen.
@Suite struct OverviewSimplificationTests {
    static let start = Coordinate(latitude: 45.8, longitude: 15.97)

    static func point(east: Meters, north: Meters) -> Coordinate {
        let n = GreatCircle.destination(from: start, bearing: Bearing(degrees: 0), distance: north)
        return GreatCircle.destination(from: n, bearing: Bearing(degrees: 90), distance: east)
    }

    @Test func straightLineKeepsOnlyItsEnds() {
        let line = (0...50).map { Self.point(east: Double($0) * 100, north: 0) }
        #expect(PolylineSimplification.overview(line) == [line[0], line[50]])
    }

    @Test func cornerIsKeptAndWobbleBelowAPixelIsNot() {
        // 5 km east then 5 km north: the route fits at a zoom where a pixel is ~10 m; a 1 m wobble
        // disappears, the corner stays.
        var line = (0...50).map { Self.point(east: Double($0) * 100, north: $0 == 25 ? 1 : 0) }
        line += (1...50).map { Self.point(east: 5000, north: Double($0) * 100) }
        let simplified = PolylineSimplification.overview(line)
        #expect(simplified == [line[0], line[50], line[100]])
    }

    @Test func everyKeptPointIsAnInputPointInOrder() {
        var generator = SeededGenerator(seed: 13)
        let line = (0..<300).map { i in Self.point(east: Double(i) * 20, north: Double.random(in: -200...200, using: &generator)) }
        let simplified = PolylineSimplification.overview(line)
        var cursor = line.startIndex
        for p in simplified {
            guard let found = line[cursor...].firstIndex(of: p) else { Issue.record("\(p) not in order"); return }
            cursor = found + 1
        }
        #expect(simplified.first == line.first && simplified.last == line.last)
    }
}
