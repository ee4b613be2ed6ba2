import Geodesy
import RoadNetwork
import Testing
import TestSupport
@_spi(Experiments) @testable import Routing

/// Via points, identical ends, islands and snapping.
@Suite struct RouteShapeTests {
    static let drawing = """
        a-------b-------c

                x       y-------z
        """
    static func network() throws -> FixtureNetwork {
        try FixtureNetwork(drawing, gridSize: 10, ways: [
            .init("abc", ["highway": "residential", "name": "Main Street"]),
            .init("bx", ["highway": "residential", "name": "Side Street"]),
            .init("yz", ["highway": "residential", "name": "Island Road"]),
        ])
    }

    @Test func viaPointsMakeLegsThatMeet() throws {
        let net = try Self.network()
        let start = net.point("a", "b", 0.5), via = net.point("b", "x", 0.5), end = net.point("b", "c", 0.5)
        let route = try net.route([start, via, end])
        #expect(route.legs.count == 2)
        #expect(route.legs[0].to == route.legs[1].from)
        #expect(route.waypoints.count == 3)
        #expect(abs(route.legs[0].distance - 50) < 0.5)
        #expect(abs(route.legs[1].distance - 50) < 0.5)
        #expect(abs(route.distance - 100) < 0.5)
        let direct = try net.route([start, end])
        #expect(abs(direct.distance - 80) < 0.5)
        #expect(route.settledNodes > 0)
    }

    @Test func identicalStartAndEndGiveZeroLengthRoute() throws {
        let net = try Self.network()
        let p = net.point("a", "b", 0.3)
        let route = try net.route([p, p])
        #expect(route.distance == 0)
        #expect(route.duration == 0)
        #expect(route.legs[0].coordinates.count == 1)
        #expect(route.legs[0].segmentEdge.isEmpty)
    }

    @Test func unreachableIslandIsNoRoute() throws {
        let net = try Self.network()
        let from = net.point("a", "b"), to = net.point("y", "z")
        // c is 45 m from the island: with 30 m the island point cannot move to the main network.
        #expect(throws: RoutingError.noRoute(from: from, to: to)) { try net.router.route(from: from, to: to, maxSnapDistance: 30) }
        #expect(throws: RoutingError.noRoute(from: from, to: to)) {
            try net.router.route(from: from, to: to, maxSnapDistance: 30, algorithm: .dijkstra)
        }
    }

    @Test func snapsToNearestPointOnSegmentNotNode() throws {
        let net = try Self.network()
        // 25 m north of the middle of a-b: nodes are 40 m+ away, the segment 25 m.
        let input = GreatCircle.destination(from: net.point("a", "b"), bearing: Bearing(degrees: 0), distance: 25)
        let snapped = try net.router.snap(input)
        #expect(abs(snapped.distance - 25) < 0.2)
        #expect(GreatCircle.distance(from: snapped.location, to: net.point("a", "b")) < 0.2)
        #expect(abs(snapped.fraction - 0.5) < 0.01)
    }

    @Test func snappingRespectsTheLimit() throws {
        let net = try Self.network()
        let input = GreatCircle.destination(from: net.point("a", "b"), bearing: Bearing(degrees: 0), distance: 60)
        #expect(throws: RoutingError.noRoadNearby(input, maxDistance: 50)) { try net.router.snap(input, maxDistance: 50) }
        #expect(try net.router.snap(input, maxDistance: 70).distance > 59)
        let far = Coordinate(latitude: 46.5, longitude: 15.97)
        #expect(throws: RoutingError.noRoadNearby(far, maxDistance: 1000)) {
            try net.router.route(from: far, to: net.point("a", "b"))
        }
    }

    @Test func twoWayRoadOffersBothDirections() throws {
        let net = try Self.network()
        let snapped = try net.router.snap(net.point("a", "b", 0.5))
        let twin = try #require(net.router.twin(of: snapped.edge))
        #expect(net.graph.head[Int(twin)] == net.graph.tail[Int(snapped.edge)])
        #expect(net.router.twin(of: twin) == snapped.edge)
    }

    /// Two edges with shape points: a-b through 1 and 2, b-c through 3 and 4 (b is a junction
    /// because of the branch to x).
    static let shapedDrawing = """
        a--1--2--b--3--4--c
                 |
                 x
        """

    @Test func legPolylinePassesEveryShapePointAndCutsTheEndEdges() throws {
        let net = try FixtureNetwork(Self.shapedDrawing, ways: [
            .init("a12b34c", ["highway": "residential"]),
            .init("bx", ["highway": "residential"]),
        ])
        let start = net.point("a", "1", 0.5), end = net.point("4", "c", 0.5)
        for algorithm in [SearchAlgorithm.aStar, .contractionHierarchy] {
            let route = try net.router.route(from: start, to: end, metric: .distance, algorithm: algorithm)
            let leg = try #require(route.legs.first)
            // Both edges kept; the cut ends are the snapped points, every shape point and b lie between.
            #expect(leg.edges.count == 2)
            #expect(leg.coordinates.count == 7)
            #expect(leg.segmentEdge == [0, 0, 0, 1, 1, 1])
            #expect(leg.coordinates.first == leg.from.location)
            #expect(leg.coordinates.last == leg.to.location)
            for (coordinate, letter) in zip(leg.coordinates.dropFirst().dropLast(), "12b34") {
                #expect(GreatCircle.distance(from: coordinate, to: net.map.coordinate(letter)) < 0.01, "\(letter)")
            }
            // The whole middle edge's points are the graph's own, in order.
            let middle = net.graph.geometry(of: leg.edges[1])
            #expect(Array(leg.coordinates[3...5]) == Array(middle.prefix(3)))
            #expect(abs(leg.distance - (net.distance("a", "c") - 30)) < 0.5)
        }
    }

    @Test func cutEdgesKeepOnlyTheShapePointsBetweenTheSnappedPoints() throws {
        let net = try FixtureNetwork(Self.shapedDrawing, ways: [
            .init("a12b34c", ["highway": "residential"]),
            .init("bx", ["highway": "residential"]),
        ])
        let route = try net.router.route(from: net.point("1", "2", 0.5), to: net.point("3", "4", 0.5), metric: .distance)
        let leg = try #require(route.legs.first)
        #expect(leg.edges.count == 2)
        #expect(leg.segmentEdge == [0, 0, 1, 1])
        #expect(zip(leg.coordinates.dropFirst().dropLast(), "2b3").allSatisfy {
            GreatCircle.distance(from: $0, to: net.map.coordinate($1)) < 0.01
        })
        let within = try net.router.route(from: net.point("a", "1", 0.2), to: net.point("2", "b", 0.8), metric: .distance)
        #expect(within.legs[0].edges.count == 1)
        #expect(within.legs[0].segmentEdge == [0, 0, 0])
        #expect(within.legs[0].coordinates.count == 4)
    }
}

/// The snapping grid finds exactly what a scan of every segment finds.
@Suite struct SnapIndexTests {
    @Test func gridAgreesWithBruteForceNearestSegment() throws {
        var rng = SeededGenerator(seed: 31)
        for graphSeed in UInt64(40)...43 {
            let graph = RandomRoadGraph.make(seed: graphSeed, columns: 8, rows: 8, spacing: 170)
            let router = Router(graph: graph)
            let box = graph.boundingBox
            for _ in 0..<150 {
                // Points in and somewhat around the graph.
                let p = Coordinate(latitude: Double.random(in: (box.minLatitude - 0.003)...(box.maxLatitude + 0.003), using: &rng),
                                   longitude: Double.random(in: (box.minLongitude - 0.004)...(box.maxLongitude + 0.004), using: &rng))
                var nearest = Double.infinity
                for e in 0..<graph.edgeCount {
                    let points = graph.geometry(of: EdgeIndex(e))
                    for k in 0..<(points.count - 1) {
                        nearest = min(nearest, GreatCircle.closestPoint(to: p, onSegmentFrom: points[k], to: points[k + 1]).distance)
                    }
                }
                let snapped = router.snapIndex.nearest(to: p, in: graph, maxDistance: 400)
                if nearest <= 400 {
                    let s = try #require(snapped, "no snap for \(p), nearest road \(nearest) m")
                    #expect(abs(s.distance - nearest) < 1e-6, "grid \(s.distance) m vs scan \(nearest) m at \(p)")
                    #expect((0...1).contains(s.fraction))
                } else {
                    #expect(snapped == nil)
                }
            }
        }
    }

    /// Edges 170 m long in 50 m cells, some bent: an edge whose segments share a cell is listed there
    /// once, and every edge is listed somewhere (one of each two-way pair).
    @Test func eachCellListsAnEdgeOnceWhateverItsSegmentsThere() {
        for graphSeed in UInt64(40)...43 {
            let graph = RandomRoadGraph.make(seed: graphSeed, columns: 8, rows: 8, spacing: 170)
            let router = Router(graph: graph)
            let index = router.snapIndex
            for cell in 0 ..< index.firstEntry.count - 1 {
                let listed = index.entryEdge[Int(index.firstEntry[cell]) ..< Int(index.firstEntry[cell + 1])]
                #expect(Set(listed).count == listed.count, "cell \(cell) lists an edge twice")
            }
            let indexed = Set(index.entryEdge)
            for e in 0 ..< EdgeIndex(graph.edgeCount) {
                let pairMember = router.twin(of: e).map { min($0, e) } ?? e
                #expect(indexed.contains(pairMember), "edge \(e) is in no cell")
            }
        }
    }
}
