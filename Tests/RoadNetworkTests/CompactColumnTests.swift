import Testing
import Geodesy
@testable import RoadNetwork

/// The network of `RoadGraphBuilderTests`:
///
///     a ---- b ---- c        a-b "West" two-way (residential, 50 km/h; b->a against the way),
///            |               b-c "East" one-way (primary, 50 km/h),
///            d (120 m)       b-d "South" two-way (30 mph one way, unknown the other).
@Suite struct CompactColumnTests {
    let graph = RoadGraphBuilderTests().build()

    @Test func everyEdgeReadsBackTheWayAttributesItWasBuiltWith() {
        let g = graph
        func edge(_ from: Int, _ to: Int) -> Int {
            Int(g.outgoingEdges(of: NodeIndex(from)).first { g.head[Int($0)] == NodeIndex(to) }!)
        }
        let ab = edge(0, 1), ba = edge(1, 0), bc = edge(1, 2), bd = edge(1, 3), db = edge(3, 1)
        #expect(g.highway[bc] == .primary && g.highway[ab] == .residential && g.highway[db] == .residential)
        #expect(g.flags[bc] == .oneway && g.flags[ba] == .againstWayDirection && g.flags[ab].isEmpty)
        #expect(g.speedLimit[bd] == .limited(30, unit: .milesPerHour, source: .posted))
        #expect(g.speedLimit[db] == .unknown() && g.speedLimit[ab] == .limited(50, source: .posted))
        #expect(g.name(of: EdgeIndex(ab)) == "West" && g.name(of: EdgeIndex(bc)) == "East" && g.name(of: EdgeIndex(db)) == "South")
        #expect(g.signpostIndex.allSatisfy { $0 == 0 } && g.refIndex.allSatisfy { $0 == 0 })
    }

    @Test func edgesOfOneKindShareOneTableEntryAndTheSixColumnsOneCodeBuffer() {
        let g = graph
        // Five edges, five distinct combinations (the flags or the limit differ between the twins).
        #expect(g.highway.sharedCodeBytes >= 5 * 4)
        #expect([g.speedLimit.sharedCodeBytes, g.flags.sharedCodeBytes, g.nameIndex.sharedCodeBytes,
                 g.refIndex.sharedCodeBytes, g.signpostIndex.sharedCodeBytes].allSatisfy { $0 == g.highway.sharedCodeBytes })
        // A thousand edges of one street: one entry, whatever the edge count.
        let column = CompactColumn<UInt32>(values: [7], codes: [UInt32](repeating: 0, count: 1000))
        #expect(column.count == 1000 && column.allSatisfy { $0 == 7 })
        #expect(column.ownBytes == 4 && column.sharedCodeBytes >= 4000)
    }

    @Test func wayIDsShareTheCodeOfTheirWaysEdgesAndAttributeCombinationsServeEveryWay() {
        // a-b and b-c are two residential ways with the same attributes, each drawn in both directions:
        //
        //     a ---- b ---- c        way 1: a-b, way 2: b-c
        var builder = RoadGraphBuilder()
        let a = builder.addNode(coordinate: Coordinate(latitude: 45, longitude: 15.000))
        let b = builder.addNode(coordinate: Coordinate(latitude: 45, longitude: 15.001))
        let c = builder.addNode(coordinate: Coordinate(latitude: 45, longitude: 15.002))
        for (from, to, way) in [(a, b, Int64(1)), (b, a, 1), (b, c, 2), (c, b, 2)] {
            builder.addEdge(RoadEdgeDescription(from: from, to: to, routingSpeed: 50, highway: .residential,
                                                speedLimit: .limited(50, source: .posted), name: "Main", wayID: way))
        }
        let g = builder.build()
        #expect((0..<4).map { g.wayID[$0] }.sorted() == [1, 1, 2, 2])
        // Two (way, attributes) pairs, one attribute combination; a code per edge and a value index per pair,
        // the codes shared by all seven columns.
        #expect(g.wayID.values.count == 2 && g.highway.values.count == 1 && g.nameIndex.values.count == 1)
        #expect(g.highway.valueIndex == [0, 0] && g.highway.codes.count == 4)
        #expect(g.wayID.codes == g.highway.codes && g.nameIndex.valueIndex == g.highway.valueIndex)
        #expect(g.highway.sharedCodeBytes >= (4 + 2) * 4 && g.wayID.sharedCodeBytes >= 4 * 4)
        #expect((0..<4).allSatisfy { g.name(of: EdgeIndex($0)) == "Main" && g.highway[$0] == .residential })
    }

    @Test func aColumnInternedTwiceReadsThroughBothIndices() {
        let column = CompactColumn<UInt32>(values: [10, 20, 30], valueIndex: [2, 0, 2], codes: [0, 1, 2, 1, 0])
        #expect(Array(column) == [30, 10, 30, 10, 30])
        #expect(column == CompactColumn<UInt32>([30, 10, 30, 10, 30]))
        #expect(column.ownBytes == 12 && column.sharedCodeBytes >= (5 + 3) * 4)
    }

    @Test func elevationsAreHeldOnceWhenUnknownEverywhereAndAsGivenOtherwise() {
        // Node d has 120 m: the node column keeps all four; the shape point has none: one NaN for all.
        #expect(graph.nodeElevations.count == 4 && graph.nodeElevations.filter { !$0.isNaN } == [120])
        #expect(graph.nodeElevations.ownBytes >= 4 * 4)
        #expect(graph.shapeElevations.count == 2 && graph.shapeElevations.allSatisfy(\.isNaN))
        #expect(graph.shapeElevations.ownBytes == 4)
        let unknown = CompactColumn<Float>([.nan, .nan, .nan], uniformWhen: { $0.isNaN && $1.isNaN })
        #expect(unknown.count == 3 && unknown.ownBytes == 4 && unknown.allSatisfy(\.isNaN))
        #expect(Array(CompactColumn<Float>([], uniformWhen: { $0.isNaN && $1.isNaN })).isEmpty)
    }

    @Test func columnsInDifferentFormsCompareByTheirElements() {
        let plain = CompactColumn<UInt32>([3, 3, 3])
        let uniform = CompactColumn<UInt32>(repeating: 3, count: 3)
        let interned = CompactColumn<UInt32>(values: [9, 3], codes: [1, 1, 1])
        #expect(plain == uniform && uniform == interned)
        #expect(CompactColumn<UInt32>(repeating: 3, count: 2) != plain)
    }
}
