import Testing
import TestSupport
@testable import RoadNetwork

/// OSM ids below 2⁴⁰ are held in 5 bytes each and read back exactly; anything else keeps the column as given.
@Suite struct OSMIDColumnTests {
    @Test func idsBelowTwoToTheFortyAreHeldInFiveBytesAndReadBackExactly() {
        var rng = SeededGenerator(seed: 9)
        var ids: [Int64] = [0, 1, 4_294_967_295, 4_294_967_296, 13_000_000_000, (1 << 40) - 1]
        for _ in 0..<10_000 { ids.append(Int64.random(in: 0 ..< (1 << 40), using: &rng)) }
        let column = OSMIDColumn(ids)
        #expect(column.isCompact && column.count == ids.count)
        #expect(Array(column) == ids)
        #expect(column.byteCount >= 5 * ids.count && column.byteCount < 5 * ids.count + 2 * 64)
    }

    @Test func aNegativeOrLargerIdKeepsTheWholeColumnAsGiven() {
        for odd: Int64 in [-3, 1 << 40, Int64.max, Int64.min] {
            let ids: [Int64] = [10, 20, odd, 30]
            let column = OSMIDColumn(ids)
            #expect(!column.isCompact && Array(column) == ids, "\(odd)")
            #expect(column.byteCount >= 8 * ids.count)
        }
        #expect(OSMIDColumn([]).isEmpty)
    }

    @Test func columnsCompareByTheirIds() {
        #expect(OSMIDColumn([1, 2, 3]) == OSMIDColumn([1, 2, 3]))
        #expect(OSMIDColumn([1, 2, 3]) != OSMIDColumn([1, 2, 4]))
        #expect(OSMIDColumn([1, -2]) != OSMIDColumn([1, 2]))
    }
}
