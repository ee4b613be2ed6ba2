import Geodesy
import RoadNetwork
import Testing
import TestSupport
@_spi(Experiments) @testable import Routing

/// Alternative routes by the via-node method: an obvious second way is found, and a second way that is
/// too long, a detour too small to be locally optimal, or no second way at all give the best route alone.
@Suite struct AlternativeRouteTests {
    /// Two ways from a to d: over the top (b, c: 300 m) and over the bottom (h, i: 360 m), each with two
    /// side streets (k, l, m, n) that make junctions along it.
    static let twoWays = TestMaps.twoWays

    static func twoWaysNetwork() throws -> FixtureNetwork {
        try FixtureNetwork(twoWays, gridSize: 10, ways: [
            .init("aebcfd", ["highway": "residential", "name": "Top Road"]),
            .init("aghijd", ["highway": "residential", "name": "Bottom Road"]),
            .init("bk", ["highway": "residential"]), .init("cl", ["highway": "residential"]),
            .init("hm", ["highway": "residential"]), .init("in", ["highway": "residential"]),
        ])
    }

    /// The alternatives of a route between two points on the network, with the CH's best route first.
    static func routes(_ net: FixtureNetwork, _ from: Coordinate, _ to: Coordinate, count: Int = 3,
                       metric: RoutingMetric = .distance) throws -> [Route] {
        let ends = [try net.router.snap(from), try net.router.snap(to)]
        return try net.router.alternativeRoutes(through: ends, count: count, metric: metric)
    }

    @Test(arguments: [RoutingMetric.distance, .time])
    func twoParallelRoadsGiveTheOtherAsAnAlternative(_ metric: RoutingMetric) throws {
        let net = try Self.twoWaysNetwork()
        let from = net.point("a", "e", 0.5), to = net.point("d", "f", 0.5)
        let routes = try Self.routes(net, from, to, metric: metric)
        try #require(routes.count == 2)
        let best = try net.route([from, to], metric: metric)
        #expect(routes[0].weight == best.weight)
        #expect(net.letters(of: routes[0]) == "ebcf")
        #expect(net.letters(of: routes[1]) == "aghijd")
        #expect(routes[1].weight >= routes[0].weight && routes[1].weight <= 1.25 * routes[0].weight)
    }

    @Test func aSecondWayMoreThanAQuarterLongerIsNoAlternative() throws {
        let net = try Self.twoWaysNetwork()
        // From b to c: 100 m over the top, 100 + 2 × (80 + 20 + 30) = 360 m round the bottom.
        let routes = try Self.routes(net, net.point("b", "c", 0.1), net.point("b", "c", 0.9))
        #expect(routes.count == 1)
        #expect(abs(routes[0].distance - 80) < 0.5)
    }

    /// The bend b–x–y–c leaves the main road for 120 m where the road takes 40: 21 % longer in all, but
    /// a detour shorter than the local-optimality window (a quarter of the route each side of its via
    /// vertex) is a needless wiggle, not a route of its own. Side streets p and q make x and y junctions.
    static let smallDetour = """
        a-------------------b---c-------------------d
                            |   |
                            |   |
                            |   |
                            x---y
                            |   |
                            p   q
        """

    @Test func aDetourShorterThanTheWindowIsNotLocallyOptimal() throws {
        let net = try FixtureNetwork(Self.smallDetour, gridSize: 10, ways: [
            .init("abcd", ["highway": "residential"]), .init("bxyc", ["highway": "residential"]),
            .init("xp", ["highway": "residential"]), .init("yq", ["highway": "residential"]),
        ])
        let ends = [try net.router.snap(net.point("a", "b", 0.1)), try net.router.snap(net.point("c", "d", 0.9))]
        // The bend shares most of the road: without the sharing limit only the T-test rejects it.
        let unshared = AlternativeOptions(maximumSharing: 1)
        let routes = try net.router.alternativeRoutes(through: ends, count: 1, metric: .distance, options: unshared)
        #expect(routes.count == 1)
        #expect(net.letters(of: routes[0]) == "bc")
        let untested = AlternativeOptions(maximumSharing: 1, localOptimality: 0)
        let bends = try net.router.alternativeRoutes(through: ends, count: 1, metric: .distance, options: untested)
        #expect(bends.count == 2 && net.letters(of: bends.last!) == "bxyc", "the test is what rejects it")
    }

    @Test func aSingleRoadHasNoAlternative() throws {
        let net = try RouteShapeTests.network()
        let routes = try Self.routes(net, net.point("a", "b", 0.2), net.point("b", "c", 0.7))
        #expect(routes.count == 1)
        #expect(abs(routes[0].distance - 120) < 0.5)
    }

    @Test func viaPointsOrNoCountGiveTheBestRouteAlone() throws {
        let net = try Self.twoWaysNetwork()
        let points = [net.point("a", "e", 0.5), net.point("h", "i", 0.5), net.point("d", "f", 0.5)]
        let snapped = try points.map { try net.router.snap($0) }
        #expect(try net.router.alternativeRoutes(through: snapped, count: 2).count == 1)
        #expect(try net.router.alternativeRoutes(through: [snapped[0], snapped[2]], count: 0).count == 1)
    }

    @Test func unreachableIsNoRoute() throws {
        let net = try RouteShapeTests.network()
        let from = net.point("a", "b"), to = net.point("y", "z")
        let ends = [try net.router.snap(from), try net.router.snap(to)]
        #expect(throws: RoutingError.self) { try net.router.alternativeRoutes(through: ends, count: 2) }
    }

    /// On random road grids, every answer keeps the contract: the first route is the best (Dijkstra's
    /// weight), each alternative is within the stretch limit, shares at most the limit with the best and
    /// with each other, and drives no edge twice.
    @Test(arguments: [3 as UInt64, 7, 19])
    func everyAlternativeOnRandomGridsKeepsTheLimits(_ seed: UInt64) throws {
        let graph = RandomRoadGraph.make(seed: seed, columns: 9, rows: 9)
        try Self.expectAlternativesKeepTheLimits(on: graph, router: try Router(graph: graph, hierarchies: .contract(ContractionOptions())), seed: seed)
    }

    /// On 25 seeded random pairs of `graph`: the best route equals Dijkstra's, and every alternative is
    /// listed fastest first, at most 25 % dearer, drives no edge twice and shares at most 75 % of the best
    /// route with each route before it (by `Router.sharedWeight`, and by a count apart from it); some pair
    /// has an alternative. Shared by the hierarchy's tests and those without one.
    static func expectAlternativesKeepTheLimits(on graph: RoadGraph, router: Router, seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var found = 0
        for _ in 0..<25 {
            let ends = [try router.snap(AStarPropertyTests.randomPoint(in: graph, using: &rng)),
                        try router.snap(AStarPropertyTests.randomPoint(in: graph, using: &rng))]
            guard let dijkstra = try? router.route(through: ends, algorithm: .dijkstra) else { continue }
            let routes = try router.alternativeRoutes(through: ends, count: 3)
            #expect(routes[0].weight == dijkstra.weight)
            #expect(routes.count <= 4)
            for (i, alternative) in routes.enumerated().dropFirst() {
                found += 1
                #expect(alternative.weight <= 1.25 * routes[0].weight + 1e-6)
                #expect(alternative.weight >= routes[i - 1].weight, "listed fastest first")
                let edges = alternative.legs[0].edges.dropFirst().dropLast()
                #expect(Set(edges).count == edges.count, "no loop")
                for earlier in routes[..<i] {
                    let shared = sharedInteriorTime(alternative, earlier, router)
                    let sharedWeight = router.sharedWeight(of: alternative, with: earlier)
                    #expect(sharedWeight <= 0.75 * routes[0].weight + 0.001, "shares \(sharedWeight) s of \(routes[0].weight) s")
                    #expect(shared <= 0.75 * routes[0].weight + 0.001, "shares \(shared) s of \(routes[0].weight) s")
                    #expect(shared <= sharedWeight + 0.001)
                }
            }
        }
        #expect(found > 0, "the grids offer some alternatives")
    }

    /// The seconds of the whole edges two routes both drive between their first and last edges: a lower
    /// bound of their sharing, counted apart from `Router.sharedWeight`.
    static func sharedInteriorTime(_ a: Route, _ b: Route, _ router: Router) -> Double {
        let other = Set(b.legs[0].edges.dropFirst().dropLast())
        let shared = a.legs[0].edges.dropFirst().dropLast().filter(other.contains)
        return shared.reduce(0) { $0 + Double(router.edgeCost($1, metric: .time)) } / 1000
    }

    @Test func aRouteSharesAllItsLengthWithItselfAndNoneWithTheOtherWay() throws {
        let net = try Self.twoWaysNetwork()
        let routes = try Self.routes(net, net.point("a", "e", 0.5), net.point("d", "f", 0.5))
        try #require(routes.count == 2)
        for route in routes { #expect(abs(net.router.sharedWeight(of: route, with: route) - route.distance) < 0.01) }
        // The two ways meet only where they start and end: 10 m before a on the start's road, 10 m after d.
        #expect(net.router.sharedWeight(of: routes[1], with: routes[0]) < 0.01)
    }

    @Test func aStopSignalEndsTheSearchAsNoRoute() throws {
        let graph = StoppedSearchTests.graph
        let router = try Router(graph: graph, hierarchies: .contract(ContractionOptions()))
        let ends = try StoppedSearchTests.corners(router)
        let ws = router.makeWorkspace()
        ws.shouldStop = { true }
        #expect(throws: RoutingError.self) { try router.alternativeRoutes(through: ends, count: 2, workspace: ws) }
        ws.shouldStop = nil
        #expect(try router.alternativeRoutes(through: ends, count: 2, workspace: ws).count >= 1)
    }
}
