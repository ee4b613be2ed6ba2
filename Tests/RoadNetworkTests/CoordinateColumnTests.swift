import Testing
import Geodesy
import TestSupport
@testable import RoadNetwork

/// A coordinate column holds OSM-precision coordinates (10⁻⁷ degrees) in 8 bytes each and reads them back
/// bit for bit; anything else keeps the whole column as given.
@Suite struct CoordinateColumnTests {
    /// What the import makes of a coordinate read from a file: fixed-point degrees × 10⁷, divided back.
    static func imported(_ latitude: Int32, _ longitude: Int32) -> Coordinate {
        Coordinate(fixedPointLatitude: latitude, longitude: longitude)
    }

    @Test func coordinatesOnOSMsGridAreHeldInFixedPointAndReadBackBitForBit() {
        var rng = SeededGenerator(seed: 7)
        var coordinates = [Self.imported(900_000_000, 1_800_000_000), Self.imported(-900_000_000, -1_800_000_000),
                           Self.imported(0, 0), Self.imported(458_150_001, 159_819_999)]
        for _ in 0..<10_000 {
            coordinates.append(Self.imported(Int32.random(in: -900_000_000...900_000_000, using: &rng),
                                             Int32.random(in: -1_800_000_000...1_800_000_000, using: &rng)))
        }
        let column = CoordinateColumn(coordinates)
        #expect(column.isCompact && column.count == coordinates.count)
        #expect(column.byteCount >= 8 * coordinates.count && column.byteCount < 8 * coordinates.count + 64)
        #expect(zip(column, coordinates).allSatisfy {
            $0.latitude.bitPattern == $1.latitude.bitPattern && $0.longitude.bitPattern == $1.longitude.bitPattern
        })
        #expect(column == CoordinateColumn(coordinates))
    }

    @Test func aCoordinateOffTheGridKeepsTheWholeColumnAsGiven() {
        let onGrid = [Coordinate(latitude: 45.0001, longitude: 15.97), Coordinate(latitude: 45.8, longitude: 15.9700001)]
        #expect(CoordinateColumn(onGrid).isCompact)
        for odd in [Coordinate(latitude: 45.00000001, longitude: 15.97),     // an eighth decimal
                    Coordinate(latitude: 0.1 + 0.2, longitude: 15.97),        // arithmetic one ulp off the decimal
                    Coordinate(latitude: .nan, longitude: 15.97),             // a damaged file's value
                    Coordinate(latitude: -0.0, longitude: 15.97),             // no fixed-point value reads back as -0
                    Coordinate(latitude: 45, longitude: 1e12)] {              // beyond 32 bits
            let given = onGrid + [odd]
            let column = CoordinateColumn(given)
            #expect(!column.isCompact, "\(odd)")
            #expect(column.byteCount >= 16 * given.count && column.byteCount < 16 * given.count + 64)
            #expect(zip(column, given).allSatisfy {
                $0.latitude.bitPattern == $1.latitude.bitPattern && $0.longitude.bitPattern == $1.longitude.bitPattern
            }, "\(odd)")
        }
    }

    /// A bulk copy of a range reads what the subscript reads, in either form.
    @Test func aRangeCopiesOutAsTheSubscriptReadsIt() {
        var onGrid: [Coordinate] = []
        for k: Int32 in 0..<20 { onGrid.append(Self.imported(458_000_000 + 137 * k, -159_000_000 - 911 * k)) }
        let offGrid = onGrid + [Coordinate(latitude: 0.1 + 0.2, longitude: 1)]
        for column in [CoordinateColumn(onGrid), CoordinateColumn(offGrid)] {
            let copied = [Coordinate](unsafeUninitializedCapacity: 7) { buffer, initialized in
                column.copy(5 ..< 12, to: buffer.baseAddress!)
                initialized = 7
            }
            let read: [Coordinate] = Array(column[5 ..< 12])
            #expect(copied == read, "compact: \(column.isCompact)")
        }
    }

    /// The columns of a graph, as the graph reads them.
    @Test func aGraphReadsItsNodesAndShapePointsThroughTheColumns() {
        let g = RoadGraphBuilderTests().build()
        #expect(g.nodeCoordinates.isCompact && g.shapePoints.isCompact)
        #expect(g.nodeCoordinates[3] == Coordinate(latitude: 44.999, longitude: 15.001))
        let ab = g.outgoingEdges(of: 0).first!
        #expect(Array(g.shapePoints(of: ab)) == [Coordinate(latitude: 45.0001, longitude: 15.0005)])
        #expect(g.geometry(of: ab).count == 3)
    }
}
