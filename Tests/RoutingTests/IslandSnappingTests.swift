import Geodesy
import RoadNetwork
import Testing
import TestSupport
@_spi(Experiments) @testable import Routing

/// Snapping past tiny road islands (OSRM's big/tiny components) and the component computation itself.
@Suite struct IslandSnappingTests {
    // The main network a-b-c-d with the side street b-x (5 routing nodes), and two islands of 2 nodes
    // each, 40 m south of the main road. The island limit is scaled down to 3 nodes for this small map
    // (OSRM's default of 1,000 would make every component here tiny).
    static let drawing = """
        a-------b-------c---d
                |
                x

          p---q     r---s
        """
    static func network() throws -> FixtureNetwork {
        try FixtureNetwork(drawing, gridSize: 10, ways: [
            .init("abc", ["highway": "residential", "name": "Main Street"]),
            .init("cd", ["highway": "residential", "name": "Main Street"]),
            .init("bx", ["highway": "residential", "name": "Side Street"]),
            .init("pq", ["highway": "service", "name": "Parking Aisle"]),
            .init("rs", ["highway": "service", "name": "Clipped Fragment"]),
        ], smallComponentSize: 3)
    }

    /// A point `meters` north of the straight line between two letters, at `fraction` of the way.
    static func north(of net: FixtureNetwork, _ a: Character, _ b: Character, _ fraction: Double = 0.5, meters: Meters) -> Coordinate {
        GreatCircle.destination(from: net.point(a, b, fraction), bearing: Bearing(degrees: 0), distance: meters)
    }

    @Test func islandsAreTinyAndTheLargestComponentIsMain() throws {
        let net = try Self.network()
        let main = try net.router.snap(net.point("a", "b"))
        let island = try net.router.snap(net.point("p", "q"))
        #expect(net.router.isOnMainNetwork(main.edge))
        #expect(!net.router.isOnMainNetwork(island.edge))
        #expect(net.router.components.largestComponentSize == 5)
    }

    @Test func pointNextToIslandRoutesViaMainRoad() throws {
        let net = try Self.network()
        let from = Self.north(of: net, "p", "q", meters: 2), to = net.point("b", "c")
        #expect(try net.router.snap(from).distance < 2.5, "the island is the nearest road")
        for algorithm in SearchAlgorithm.allCases {
            let route = try net.route([from, to], algorithm: algorithm)
            let start = route.legs[0].from
            #expect(net.router.isOnMainNetwork(start.edge))
            #expect(abs(start.distance - 38) < 0.5, "honest snapping distance, got \(start.distance)")
            #expect(GreatCircle.distance(from: start.location, to: net.point("a", "b")) < 0.5)
            #expect(net.letters(of: route) == "b")
            #expect(abs(route.distance - 80) < 0.5)
        }
    }

    @Test func pointsOnDifferentIslandsBothMoveToMainRoad() throws {
        let net = try Self.network()
        let route = try net.route([net.point("p", "q"), net.point("r", "s")])
        #expect(route.waypoints.allSatisfy { net.router.isOnMainNetwork($0.edge) })
        #expect(abs(route.distance - 100) < 0.5)
        #expect(net.letters(of: route) == "b")
    }

    @Test func twoPointsOnTheSameIslandRouteOnTheIsland() throws {
        let net = try Self.network()
        let from = net.point("p", "q", 0.2), to = Self.north(of: net, "p", "q", 0.8, meters: 3)
        for algorithm in SearchAlgorithm.allCases {
            let route = try net.route([from, to], algorithm: algorithm)
            #expect(route.waypoints.allSatisfy { !net.router.isOnMainNetwork($0.edge) })
            #expect(abs(route.distance - 24) < 0.5)
            #expect(abs(route.legs[0].to.distance - 3) < 0.2)
        }
    }

    @Test func viaOnAnotherIslandMovesEveryIslandPointToMainRoad() throws {
        let net = try Self.network()
        let route = try net.route([net.point("p", "q", 0.2), net.point("r", "s"), net.point("p", "q", 0.8)])
        #expect(route.waypoints.allSatisfy { net.router.isOnMainNetwork($0.edge) })
        #expect(route.legs[0].to == route.legs[1].from)
    }

    @Test func islandPointWithoutMainRoadInReachIsNoRoute() throws {
        let net = try Self.network()
        let from = net.point("p", "q"), to = net.point("b", "c")
        // The main road is 40 m from the island: out of reach at 30 m, so the point stays on its island.
        #expect(throws: RoutingError.noRoute(from: from, to: to)) {
            try net.router.route(from: from, to: to, maxSnapDistance: 30)
        }
        #expect(throws: RoutingError.noRoute(from: from, to: to)) {
            try net.router.route(from: from, to: to, maxSnapDistance: 30, algorithm: .dijkstra)
        }
        #expect(try net.router.route(from: from, to: to, maxSnapDistance: 50).distance > 0)
    }

    @Test func onewayIntoDeadEndIsADestinationNotAStart() throws {
        // A ring d-e-f-g of two-way ways (4 routing nodes) with a oneway d->h into a dead end (h cannot
        // get back: a component of its own), and a oneway k->m between two dead ends.
        let net = try FixtureNetwork("""
            h---d-------e
                |       |
                g-------f


            k---m
            """, ways: [
                .init("de", ["highway": "residential"]), .init("ef", ["highway": "residential"]),
                .init("fg", ["highway": "residential"]), .init("gd", ["highway": "residential"]),
                .init("dh", ["highway": "residential", "oneway": "yes"]),
                .init("km", ["highway": "residential", "oneway": "yes"]),
            ], smallComponentSize: 3)
        let spur = try net.router.snap(net.point("d", "h"))
        #expect(net.router.components.component(ofEdge: spur.edge) == RoadComponents.none)
        #expect(!net.router.isOnMainNetwork(spur.edge))
        #expect(net.router.connectsToMainNetwork(spur.edge, as: .destination))
        #expect(!net.router.connectsToMainNetwork(spur.edge, as: .start))
        let arrive = try net.route([net.point("e", "f"), net.point("d", "h")])
        #expect(arrive.legs[0].to.distance < 0.1, "the spur is reached, not replaced")
        let leave = try net.route([net.point("d", "h", 0.25), net.point("e", "f")])
        #expect(net.router.isOnMainNetwork(leave.legs[0].from.edge), "a start on the spur moves to the ring")
        #expect(abs(leave.legs[0].from.distance - 10) < 0.5)
        let stray = try net.router.snap(net.point("k", "m"))
        #expect(!net.router.connectsToMainNetwork(stray.edge, as: .start))
        let moved = try net.route([Self.north(of: net, "k", "m", meters: 1), net.point("e", "f")])
        #expect(net.router.isOnMainNetwork(moved.legs[0].from.edge))
    }

    // MARK: - Strongly connected components

    /// CSR arrays of a directed graph given as (tail, head) pairs.
    static func csr(nodeCount: Int, _ arcs: [(Int, Int)]) -> (firstOut: [UInt32], head: [NodeIndex]) {
        let sorted = arcs.sorted { $0.0 < $1.0 }
        var firstOut = [UInt32](repeating: 0, count: nodeCount + 1)
        for (t, _) in sorted { firstOut[t + 1] += 1 }
        for v in 0..<nodeCount { firstOut[v + 1] += firstOut[v] }
        return (firstOut, sorted.map { NodeIndex($0.1) })
    }

    @Test func smallGraphHasNoMainNetworkByDefault() throws {
        // A oneway motorway a-b-c with an exit ramp b-d onto a two-way road d-e: every node but d, e is
        // its own component. Under OSRM's default limit nothing here is big, so the start keeps its
        // nearest road (the motorway) instead of moving to the largest component {d, e}.
        let net = try FixtureNetwork("""
            a-------b-------c

                    d-------e
            """, ways: [
                .init("abc", ["highway": "motorway"]), .init("bd", ["highway": "motorway_link"]),
                .init("de", ["highway": "primary"]),
            ])
        #expect(!net.router.components.isBig.contains(true))
        let route = try net.route([net.point("a", "b"), net.point("d", "e")])
        #expect(abs(route.distance - 40 - 20 - 40) < 0.5)
        #expect(net.letters(of: route) == "bd")
        // The same map with the limit at 2 nodes: {d, e} is the main network, and the start moves off the
        // motorway (which never leads back) onto the nearest road that drives into it: the ramp b-d.
        let scaled = try FixtureNetwork("""
            a-------b-------c

                    d-------e
            """, ways: [
                .init("abc", ["highway": "motorway"]), .init("bd", ["highway": "motorway_link"]),
                .init("de", ["highway": "primary"]),
            ], smallComponentSize: 2)
        let moved = try scaled.route([scaled.point("a", "b"), scaled.point("d", "e")])
        let start = moved.legs[0].from
        #expect(scaled.router.connectsToMainNetwork(start.edge, as: .start))
        #expect(GreatCircle.distance(from: start.location, to: scaled.map.coordinate("b")) < 0.5)
    }

    @Test func tarjanFindsCyclesAndSingletons() {
        // 0 <-> 1 -> 2 -> 3 -> 2, 4 alone, 5 -> 0.
        let g = Self.csr(nodeCount: 6, [(0, 1), (1, 0), (1, 2), (2, 3), (3, 2), (5, 0)])
        let (component, count) = RoadComponents.stronglyConnectedComponents(nodeCount: 6, firstOut: g.firstOut, head: g.head)
        #expect(count == 4)
        #expect(component[0] == component[1])
        #expect(component[2] == component[3])
        #expect(component[0] != component[2])
        #expect(Set([component[0], component[2], component[4], component[5]]).count == 4)
    }

    @Test func tarjanHandlesDeepPathsWithoutRecursion() {
        // A path 300,000 nodes deep would overflow a recursive search's stack.
        let n = 300_000
        let chain = Self.csr(nodeCount: n, (0..<(n - 1)).map { ($0, $0 + 1) })
        #expect(RoadComponents.stronglyConnectedComponents(nodeCount: n, firstOut: chain.firstOut, head: chain.head).count == n)
        let cycle = Self.csr(nodeCount: n, (0..<n).map { ($0, ($0 + 1) % n) })
        let (component, count) = RoadComponents.stronglyConnectedComponents(nodeCount: n, firstOut: cycle.firstOut, head: cycle.head)
        #expect(count == 1)
        #expect(component.allSatisfy { $0 == 0 })
    }
}
