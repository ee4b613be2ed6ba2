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

    /// The one Douglas–Peucker behind the overview and the road layer, on a line given only by the
    /// offsets: the farthest point beyond the tolerance splits the line, and each half is simplified.
    @Test func keptIndicesSplitAtTheFarthestPointBeyondTheTolerance() {
        // A roof over x = 0 ... 6, its left slope bent 0.3 up at x = 2; offsets are vertical.
        let heights: [Double] = [0, 1, 2.3, 3, 2, 1, 0]
        func offset(_ i: Int, _ first: Int, _ last: Int) -> Double {
            let t = Double(i - first) / Double(last - first)
            return abs(heights[i] - (heights[first] + t * (heights[last] - heights[first])))
        }
        #expect(PolylineSimplification.keptIndices(count: heights.count, tolerance: 0.5, offset: offset) == [0, 3, 6])
        #expect(PolylineSimplification.keptIndices(count: heights.count, tolerance: 0.2, offset: offset) == [0, 2, 3, 6])
        #expect(PolylineSimplification.keptIndices(count: 2, tolerance: 1) { _, _, _ in 100 } == [0, 1])
        #expect(PolylineSimplification.keptIndices(count: 0, tolerance: 1) { _, _, _ in 100 }.isEmpty)
    }
}
