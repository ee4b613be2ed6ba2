import Geodesy
import Testing

@Suite struct HilbertCurveTests {
    /// Every cell of a 16 × 16 grid gets its own position, and each position's cell touches the next
    /// one's (one step east, west, north or south): the curve never jumps.
    @Test func consecutivePositionsAreNeighbouringCells() {
        let curve = HilbertCurve(order: 4)
        var cellAt = [(x: Int, y: Int)?](repeating: nil, count: 256)
        for x in 0..<16 {
            for y in 0..<16 {
                let p = Int(curve.position(x: UInt32(x), y: UInt32(y)))
                #expect(cellAt[p] == nil, "cells \(cellAt[p].map { "\($0)" } ?? "") and \((x, y)) share position \(p)")
                cellAt[p] = (x, y)
            }
        }
        for p in 1..<256 {
            guard let a = cellAt[p - 1], let b = cellAt[p] else { Issue.record("position \(p) has no cell"); continue }
            #expect(abs(a.x - b.x) + abs(a.y - b.y) == 1, "positions \(p - 1) \(a) and \(p) \(b)")
        }
    }

    /// The curve starts in the south-west corner and ends in the south-east one, and a coordinate maps to
    /// the cell of the box it lies in, the box's edges included.
    @Test func coordinatesMapToTheCellsOfTheirBox() {
        let curve = HilbertCurve(order: 1)
        let box = BoundingBox(minLatitude: 45, minLongitude: 15, maxLatitude: 46, maxLongitude: 16)
        #expect(curve.position(of: Coordinate(latitude: 45, longitude: 15), in: box) == 0)
        #expect(curve.position(of: Coordinate(latitude: 45.9, longitude: 15.1), in: box) == 1)
        #expect(curve.position(of: Coordinate(latitude: 46, longitude: 16), in: box) == 2)
        #expect(curve.position(of: Coordinate(latitude: 45.1, longitude: 15.9), in: box) == 3)
        #expect(curve.position(of: Coordinate(latitude: 44, longitude: 17), in: box) == 3)
    }
}
