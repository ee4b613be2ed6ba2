import Testing
import Geodesy
import TestSupport
@testable import RoadNetwork

/// Edge tails derived from `firstOut` read what a stored array of tails would hold.
@Suite struct EdgeTailColumnTests {
    /// The tails written out edge by edge, the way a stored array holds them.
    static func naiveTails(_ firstOut: [UInt32]) -> [NodeIndex] {
        (0..<(firstOut.count - 1)).flatMap { v in repeatElement(NodeIndex(v), count: Int(firstOut[v + 1] - firstOut[v])) }
    }

    /// `firstOut` of nodes with the given numbers of leaving edges.
    static func firstOut(degrees: [Int]) -> [UInt32] {
        degrees.reduce(into: [UInt32(0)]) { starts, degree in starts.append(starts.last! + UInt32(degree)) }
    }

    @Test func everyEdgeReadsTheNodeWhoseRangeHoldsIt() {
        var rng = SeededGenerator(seed: 11)
        // Runs of empty nodes, single edges, and nodes whose edges span several blocks of 64.
        var degrees = [0, 0, 3, 0, 200, 1, 0, 0, 0, 64, 64, 0, 1]
        for _ in 0..<5_000 { degrees.append([0, 1, 2, 3, 4, 4, 6].randomElement(using: &rng)!) }
        degrees += [0, 0, 70, 0]
        let starts = Self.firstOut(degrees: degrees)
        let column = EdgeTailColumn(firstOut: starts, edgeCount: Int(starts.last!))
        let expected = Self.naiveTails(starts)
        #expect(column.count == expected.count)
        #expect(Array(column) == expected)
        #expect(column.materialized() == expected)
    }

    @Test func blockBoundariesAndEdgeCountsOfWholeBlocks() {
        // Exactly two blocks of edges, one node each; then one edge past a block; then a lone edge.
        for degrees in [[64, 64], [0, 128, 0], [64, 1], [1], [0, 0, 1, 0]] {
            let starts = Self.firstOut(degrees: degrees)
            let column = EdgeTailColumn(firstOut: starts, edgeCount: Int(starts.last!))
            #expect(Array(column) == Self.naiveTails(starts), "degrees \(degrees)")
        }
    }

    @Test func graphsWithoutEdgesHaveNoTails() {
        for starts: [UInt32] in [[0], [0, 0, 0]] {
            let column = EdgeTailColumn(firstOut: starts, edgeCount: 0)
            #expect(column.isEmpty && column.materialized().isEmpty && column.ownBytes == 0)
        }
    }

    @Test func aGraphDerivesItsTailsInsteadOfHoldingThem() {
        var builder = RoadGraphBuilder()
        var nodes: [NodeIndex] = []
        for i in 0..<300 {
            let latitude = 45 + Double(i % 20) * 1e-3, longitude = 15 + Double(i / 20) * 1e-3
            nodes.append(builder.addNode(coordinate: Coordinate(latitude: latitude, longitude: longitude)))
        }
        var rng = SeededGenerator(seed: 3)
        var expected: [(NodeIndex, NodeIndex)] = []
        for _ in 0..<2_000 {
            let from = nodes.randomElement(using: &rng)!, to = nodes.randomElement(using: &rng)!
            builder.addEdge(RoadEdgeDescription(from: from, to: to, routingSpeed: 50, highway: .residential,
                                                speedLimit: .limited(50, source: .posted)))
            expected.append((from, to))
        }
        let g = builder.build()
        // Edges are grouped by tail; each added edge is there once with its own tail and head.
        let read = (0..<g.edgeCount).map { (g.tail[$0], g.head[$0]) }
        #expect(read.map(\.0) == read.map(\.0).sorted())
        #expect(read.map { "\($0.0)-\($0.1)" }.sorted() == expected.map { "\($0.0)-\($0.1)" }.sorted())
        // 2,000 edges: 32 blocks and a final sample, 4 bytes each.
        #expect(g.tail.ownBytes >= 33 * 4 && g.tail.ownBytes < 33 * 4 + 64)
    }
}
