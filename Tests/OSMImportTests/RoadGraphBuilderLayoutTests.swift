import Geodesy
import RoadNetwork
import Testing

/// The builder's storage-releasing layout (used by the import) must equal `build()`, whether the
/// edges arrive in tail order (no permutation needed) or not.
@Suite struct RoadGraphBuilderLayoutTests {
    func sameGraph(_ a: RoadGraph, _ b: RoadGraph) -> Bool {
        a.firstOut == b.firstOut && a.nodeCoordinates == b.nodeCoordinates && a.nodeOSMIDs == b.nodeOSMIDs
            && a.tail == b.tail && a.head == b.head && a.lengthMeters == b.lengthMeters
            && a.travelTimeSeconds == b.travelTimeSeconds && a.highway == b.highway && a.speedLimit == b.speedLimit
            && a.flags == b.flags && a.nameIndex == b.nameIndex && a.refIndex == b.refIndex && a.wayID == b.wayID
            && a.firstShapePoint == b.firstShapePoint && a.shapePoints == b.shapePoints && a.strings == b.strings
            && a.restrictions == b.restrictions && a.signpostIndex == b.signpostIndex && a.signposts == b.signposts
            && a.junctionExits == b.junctionExits
    }

    func builder(sortedEdges: Bool) -> RoadGraphBuilder {
        var builder = RoadGraphBuilder()
        builder.reserveCapacity(nodes: 4, edges: 6, shapePoints: 4)
        let nodes = (0..<4).map { i in
            builder.addNode(osmID: Int64(i + 1), coordinate: Coordinate(latitude: 45.8 + Double(i) * 0.001, longitude: 15.97),
                            junctionExit: i == 2 ? "12" : "")
        }
        let limit = SpeedLimit.limited(50, source: .posted)
        var edges: [RoadEdgeDescription] = [
            .init(from: nodes[0], to: nodes[1], shape: [Coordinate(latitude: 45.8005, longitude: 15.9701)], routingSpeed: 50,
                  highway: .primary, speedLimit: limit, name: "Main", wayID: 1),
            .init(from: nodes[1], to: nodes[0], shape: [Coordinate(latitude: 45.8005, longitude: 15.9701)], routingSpeed: 50,
                  highway: .primary, speedLimit: limit, flags: .againstWayDirection, name: "Main", wayID: 1),
            .init(from: nodes[1], to: nodes[2], routingSpeed: 30, highway: .residential, speedLimit: limit, name: "Side", ref: "R1",
                  destinations: "A1: Porto", wayID: 2),
            .init(from: nodes[2], to: nodes[3], shape: [Coordinate(latitude: 45.8025, longitude: 15.9702), Coordinate(latitude: 45.8027, longitude: 15.9703)],
                  routingSpeed: 30, highway: .residential, speedLimit: limit, flags: .oneway, name: "Side", exits: "3", wayID: 3),
        ]
        if sortedEdges { edges.sort { $0.from < $1.from } } else { edges.reverse() }
        for e in edges { builder.addEdge(e) }
        builder.addRestriction(kind: .prohibitive, fromWay: 1, via: nodes[1], toWay: 2, relationID: 9)
        return builder
    }

    @Test func releasingLayoutEqualsBuildForSortedAndUnsortedEdges() {
        for sorted in [true, false] {
            var b = builder(sortedEdges: sorted)
            let built = b.build()
            let released = b.buildReleasingStorage()
            #expect(sameGraph(built, released), "sorted: \(sorted)")
            #expect(released.validate() == nil)
            #expect(released.restrictions.count == 1)
            #expect(released.signposts.count == 3 && released.junctionExits.count == 1)
            #expect(b.edgeCount == 0 && b.nodeCount == 0)
        }
    }

    @Test func edgeOrderDoesNotChangeTheGraphBeyondTheOrderWithinANode() {
        let sorted = builder(sortedEdges: true).build()
        let unsorted = builder(sortedEdges: false).build()
        #expect(sorted.firstOut == unsorted.firstOut)
        #expect(Set(zip(sorted.tail, sorted.head).map { "\($0)-\($1)" }) == Set(zip(unsorted.tail, unsorted.head).map { "\($0)-\($1)" }))
        #expect(sorted.shapePoints.count == unsorted.shapePoints.count)
        #expect(sorted.validate() == nil && unsorted.validate() == nil)
    }
}
