import Geodesy
import RoadNetwork
import Testing
import TestSupport
@testable import Routing

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
}
