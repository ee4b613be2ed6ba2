import Geodesy
import RoadNetwork
import Testing
import TestSupport
@_spi(Experiments) @testable import Routing

/// Alternative routes on a router without a contraction hierarchy (a database imported without one, or
/// a router for `exclude=`): the penalty method with A* (`GraphAlternatives`) passes the same tests as the
/// hierarchy's via-node candidates, so the same maps give the same answers.
@Suite struct GraphAlternativeRouteTests {
    /// The town of `AlternativeRouteTests.twoWays` (top way over b–c, bottom over h–i), routed without a
    /// hierarchy; `excluding` edges no route may use.
    static func twoWaysRouter(excluding: ((EdgeIndex, FixtureNetwork) -> Bool)? = nil) throws -> (FixtureNetwork, Router) {
        let net = try AlternativeRouteTests.twoWaysNetwork()
        guard let excluding else { return (net, Router(graph: net.graph)) }
        return (net, Router(graph: net.graph) { excluding($0, net) })
    }

    /// Whether an edge runs between the two letters (either way).
    static func joins(_ edge: EdgeIndex, _ a: Character, _ b: Character, in net: FixtureNetwork) -> Bool {
        let ends = [net.graph.tail[Int(edge)], net.graph.head[Int(edge)]].map { net.graph.nodeCoordinates[Int($0)] }
        let letters = ends.compactMap { c in net.map.letters.first { GreatCircle.distance(from: net.map.coordinate($0), to: c) < 0.5 } }
        return Set(letters) == [a, b]
    }

    static func routes(_ net: FixtureNetwork, _ router: Router, count: Int = 3, metric: RoutingMetric = .distance,
                       options: AlternativeOptions = AlternativeOptions()) throws -> [Route] {
        let ends = [try router.snap(net.point("a", "e", 0.5)), try router.snap(net.point("d", "f", 0.5))]
        return try router.alternativeRoutes(through: ends, count: count, metric: metric, options: options)
    }

    @Test(arguments: [RoutingMetric.distance, .time])
    func withoutAHierarchyTheOtherWayIsTheAlternative(_ metric: RoutingMetric) throws {
        let (net, router) = try Self.twoWaysRouter()
        #expect(router.hierarchy(for: metric) == nil)
        let routes = try Self.routes(net, router, metric: metric)
        try #require(routes.count == 2)
        let hierarchical = try AlternativeRouteTests.routes(net, net.point("a", "e", 0.5), net.point("d", "f", 0.5), metric: metric)
        #expect(routes.map(\.weight) == hierarchical.map(\.weight), "the same routes as on the hierarchy")
        #expect(net.letters(of: routes[0]) == "ebcf")
        #expect(net.letters(of: routes[1]) == "aghijd")
    }

    @Test func anExclusionOffBothWaysKeepsTheAlternative() throws {
        let (net, router) = try Self.twoWaysRouter { Self.joins($0, "c", "l", in: $1) }
        let routes = try Self.routes(net, router)
        #expect(routes.count == 2)
        #expect(routes.allSatisfy { !$0.legs[0].edges.contains { Self.joins($0, "c", "l", in: net) } })
    }

    @Test func anExcludedWayIsNoAlternative() throws {
        let (net, router) = try Self.twoWaysRouter { Self.joins($0, "h", "i", in: $1) }
        let routes = try Self.routes(net, router)
        #expect(routes.count == 1)
        #expect(net.letters(of: routes[0]) == "ebcf")
    }

    @Test func aSecondWayMoreThanAQuarterLongerIsNoAlternative() throws {
        let (net, router) = try Self.twoWaysRouter()
        let ends = [try router.snap(net.point("b", "c", 0.1)), try router.snap(net.point("b", "c", 0.9))]
        let routes = try router.alternativeRoutes(through: ends, count: 3, metric: .distance)
        #expect(routes.count == 1)
        #expect(abs(routes[0].distance - 80) < 0.5)
    }

    /// The bend b–x–y–c of `AlternativeRouteTests.smallDetour` (120 m for the main road's 40) is no
    /// alternative without a hierarchy either, even with the sharing limit lifted: the penalties do not
    /// make the main road dearer than three times its cost, and a bend found would fail the T-test.
    @Test func aSmallDetourIsNoAlternative() throws {
        let hierarchical = try FixtureNetwork(AlternativeRouteTests.smallDetour, gridSize: 10, ways: [
            .init("abcd", ["highway": "residential"]), .init("bxyc", ["highway": "residential"]),
            .init("xp", ["highway": "residential"]), .init("yq", ["highway": "residential"]),
        ])
        let router = Router(graph: hierarchical.graph)
        let ends = [try router.snap(hierarchical.point("a", "b", 0.1)), try router.snap(hierarchical.point("c", "d", 0.9))]
        let routes = try router.alternativeRoutes(through: ends, count: 1, metric: .distance, options: AlternativeOptions(maximumSharing: 1))
        #expect(routes.count == 1)
        #expect(hierarchical.letters(of: routes[0]) == "bc")
    }

    /// On random road grids without a hierarchy, every answer keeps the contract: the first route is
    /// Dijkstra's, each alternative is within the stretch limit, shares at most the limit with the best
    /// and with each other (by `Router.sharedWeight`, the selection's measure), and drives no edge twice.
    @Test(arguments: [3 as UInt64, 7, 19])
    func everyAlternativeOnRandomGridsKeepsTheLimits(_ seed: UInt64) throws {
        let graph = RandomRoadGraph.make(seed: seed, columns: 9, rows: 9)
        try AlternativeRouteTests.expectAlternativesKeepTheLimits(on: graph, router: Router(graph: graph, landmarks: 4), seed: seed)
    }

    /// The stop signal, raised at any of the first checks (the best route's search, or before a
    /// penalised round), ends the request as no route, never with a partial answer.
    @Test(arguments: [1, 2, 3, 4])
    func aStopSignalDuringTheRoundsEndsAsNoRoute(_ stopAt: Int) throws {
        let router = Router(graph: StoppedSearchTests.graph)
        let ends = try StoppedSearchTests.corners(router)
        let ws = router.makeWorkspace()
        ws.shouldStop = StoppedSearchTests.StopAfter(stopAt).check
        #expect(throws: RoutingError.self) { try router.alternativeRoutes(through: ends, count: 2, workspace: ws) }
        ws.shouldStop = nil
        #expect(try router.alternativeRoutes(through: ends, count: 2, workspace: ws).count >= 1)
    }
}

/// A start exactly on a junction seeds every edge leaving it: an excluded one must not be among them.
@Suite struct ExcludedEdgesAtAJunctionStartTests {
    /// From junction b of `TestMaps.twoWays`, with b–c and h–i excluded, every way east is closed: the
    /// search must say so rather than drive the excluded b–c from its start.
    @Test func aStartOnAJunctionNeverLeavesOverAnExcludedEdge() throws {
        let (net, router) = try GraphAlternativeRouteTests.twoWaysRouter {
            GraphAlternativeRouteTests.joins($0, "b", "c", in: $1) || GraphAlternativeRouteTests.joins($0, "h", "i", in: $1)
        }
        let ends = [try router.snap(net.map.coordinate("b")), try router.snap(net.point("c", "f", 0.5))]
        #expect(throws: (any Error).self) { try router.route(through: ends, metric: .distance) }
    }
}
