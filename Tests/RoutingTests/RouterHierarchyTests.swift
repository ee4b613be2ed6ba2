import Geodesy
import OSMImport
import RoadNetwork
import Testing
import TestSupport
@_spi(Experiments) @testable import Routing

/// The router's contraction hierarchies answer exactly what Dijkstra answers on the same state model:
/// turn costs, oneways, destination-only phases, via-node and via-way restrictions, both metrics,
/// snapping mid-edge at both ends, via points; tables equal pairwise routes; stored arrays round-trip
/// and damaged ones are refused.
@Suite struct RouterHierarchyTests {
    static func contracted(_ graph: RoadGraph) throws -> Router {
        try Router(graph: graph, hierarchies: .contract(ContractionOptions()))
    }

    /// Random snapped pairs inside the graph's box.
    static func randomPairs(_ router: Router, count: Int, seed: UInt64) throws -> [(SnappedLocation, SnappedLocation)] {
        var rng = SeededGenerator(seed: seed)
        return try (0..<count).map { _ in
            (try router.snap(AStarPropertyTests.randomPoint(in: router.graph, using: &rng)),
             try router.snap(AStarPropertyTests.randomPoint(in: router.graph, using: &rng)))
        }
    }

    /// Whether consecutive edges of a leg join head to tail.
    static func isConnected(_ leg: RouteLeg, in graph: RoadGraph) -> Bool {
        zip(leg.edges, leg.edges.dropFirst()).allSatisfy { graph.head[Int($0)] == graph.tail[Int($1)] }
    }

    @Test(arguments: RoutingMetric.allCases)
    func hierarchyCostEqualsDijkstraExactlyOnRandomCitiesWithRestrictions(metric: RoutingMetric) throws {
        var compared = 0, unreachable = 0
        for graphSeed in UInt64(1)...8 {
            let graph = RandomRoadGraph.make(seed: graphSeed)
            #expect(!graph.restrictions.isEmpty && !graph.viaWayRestrictions.isEmpty)
            let router = try Self.contracted(graph)
            let workspace = router.makeWorkspace()
            for (a, b) in try Self.randomPairs(router, count: 100, seed: graphSeed) {
                let hierarchy = router.cost(from: a, to: b, metric: metric, algorithm: .contractionHierarchy, workspace: workspace)
                let dijkstra = router.cost(from: a, to: b, metric: metric, algorithm: .dijkstra, workspace: workspace)
                #expect((hierarchy == nil) == (dijkstra == nil), "graph \(graphSeed): reachability differs for \(a.input) -> \(b.input)")
                if let x = hierarchy, let y = dijkstra {
                    #expect(x == y, "graph \(graphSeed) \(metric): hierarchy \(x) vs Dijkstra \(y)")
                    compared += 1
                } else {
                    unreachable += 1
                }
            }
        }
        #expect(compared >= 550, "too few connected pairs (\(compared)) for the test to mean much")
    }

    @Test func unpackedRoutesAreConnectedAndWeighWhatTheSearchCost() throws {
        let graph = RandomRoadGraph.make(seed: 3)
        let router = try Self.contracted(graph)
        let workspace = router.makeWorkspace()
        var checked = 0
        for (a, b) in try Self.randomPairs(router, count: 150, seed: 31) {
            guard let route = try? router.route(through: [a, b], algorithm: .contractionHierarchy, workspace: workspace) else { continue }
            let cost = try #require(router.cost(from: a, to: b, algorithm: .dijkstra, workspace: workspace))
            #expect(route.weight == cost)
            #expect(Self.isConnected(route.legs[0], in: graph))
            // Every turn on the path is one the state model allows (no restriction is broken).
            let dijkstraRoute = try router.route(through: [a, b], algorithm: .dijkstra, workspace: workspace)
            #expect(route.duration == dijkstraRoute.duration)
            checked += 1
        }
        #expect(checked >= 80)
    }

    @Test func viaPointsWithAndWithoutContinueStraightMatchDijkstra() throws {
        let graph = RandomRoadGraph.make(seed: 6)
        let router = try Self.contracted(graph)
        let workspace = router.makeWorkspace()
        var rng = SeededGenerator(seed: 5)
        var checked = 0
        for _ in 0..<60 {
            let points = try (0..<3).map { _ in try router.snap(AStarPropertyTests.randomPoint(in: graph, using: &rng)) }
            for straight in [false, true] {
                let ch = try? router.route(through: points, algorithm: .contractionHierarchy, continueStraight: straight, workspace: workspace)
                let dijkstra = try? router.route(through: points, algorithm: .dijkstra, continueStraight: straight, workspace: workspace)
                #expect((ch == nil) == (dijkstra == nil))
                if let ch, let dijkstra {
                    #expect(zip(ch.legs, dijkstra.legs).allSatisfy { $0.duration == $1.duration })
                    checked += 1
                }
            }
        }
        #expect(checked >= 40)
    }

    /// ```
    /// a---b---c
    /// |       |
    /// d-------e
    /// ```
    /// Oneway `a → b → c → e → d → a`: from 3/4 of the way along `a-b` back to 1/4 of it, the route
    /// drives around the whole block, and the hierarchy must not stop at the start edge's own state.
    @Test func aTargetBehindTheStartOnTheSameOnewayEdgeDrivesAroundTheBlock() throws {
        let net = try FixtureNetwork("""
            a---b---c
            |       |
            d-------e
            """, ways: [.init("abced", ["highway": "residential", "oneway": "yes"]), .init("da", ["highway": "residential", "oneway": "yes"])])
        let route = try net.route([net.point("a", "b", 0.75), net.point("a", "b", 0.25)], algorithm: .contractionHierarchy)
        #expect(net.letters(of: route) == "bceda")
        let ahead = try net.route([net.point("a", "b", 0.25), net.point("a", "b", 0.75)], algorithm: .contractionHierarchy)
        #expect(net.letters(of: ahead) == "")
        #expect(abs(ahead.distance - net.distance("a", "b") / 2) < 0.01)
    }

    @Test(arguments: RoutingMetric.allCases)
    func tableEntriesEqualPairwiseRoutes(metric: RoutingMetric) throws {
        let graph = RandomRoadGraph.make(seed: 8)
        let router = try Self.contracted(graph)
        let plain = Router(graph: graph)
        let workspace = router.makeWorkspace()
        var rng = SeededGenerator(seed: 12)
        let sources = try (0..<7).map { _ in try router.snap(AStarPropertyTests.randomPoint(in: graph, using: &rng)) }
        let destinations = try (0..<9).map { _ in try router.snap(AStarPropertyTests.randomPoint(in: graph, using: &rng)) } + [sources[0]]
        let table = router.table(from: sources, to: destinations, metric: metric, workspace: workspace)
        let pairwise = plain.table(from: sources, to: destinations, metric: metric)
        var reachable = 0
        for i in sources.indices {
            for j in destinations.indices {
                let route = try? router.route(through: [sources[i], destinations[j]], metric: metric, algorithm: .dijkstra, workspace: workspace)
                #expect((table.duration(from: i, to: j) == nil) == (route == nil), "pair \(i) \(j)")
                #expect((pairwise.duration(from: i, to: j) == nil) == (route == nil), "pair \(i) \(j)")
                guard let route else { continue }
                reachable += 1
                let weight = metric == .time ? table.duration(from: i, to: j) : table.distance(from: i, to: j)
                #expect(weight == route.weight, "pair \(i) \(j): table \(weight ?? -1) vs route \(route.weight)")
                #expect(pairwise.duration(from: i, to: j) == route.duration || metric == .distance)
                // The other quantity belongs to one of the best routes: never below the best in its own metric.
                if metric == .time, let distance = table.distance(from: i, to: j),
                   let shortest = router.cost(from: sources[i], to: destinations[j], metric: .distance, algorithm: .dijkstra, workspace: workspace) {
                    #expect(distance >= shortest)
                }
            }
        }
        #expect(reachable >= 40)
        #expect(table.duration(from: 0, to: destinations.count - 1) == 0)
    }

    @Test func storedHierarchiesRoundTripAndRouteTheSame() throws {
        let graph = RandomRoadGraph.make(seed: 4)
        let built = try Self.contracted(graph)
        var stored: [RoutingMetric: [String: [UInt32]]] = [:]
        for metric in RoutingMetric.allCases {
            let hierarchy = try #require(built.hierarchy(for: metric))
            #expect(hierarchy.contractionSeconds != nil)
            stored[metric] = Dictionary(uniqueKeysWithValues: hierarchy.storedArrays.map { ($0.name, $0.values) })
        }
        let loaded = try Router(graph: graph, hierarchies: .stored(stored))
        #expect(loaded.hasHierarchies)
        #expect(loaded.hierarchy(for: .time)?.contractionSeconds == nil)
        let workspace = loaded.makeWorkspace()
        for (a, b) in try Self.randomPairs(loaded, count: 40, seed: 2) {
            #expect(loaded.cost(from: a, to: b, workspace: workspace) == built.cost(from: a, to: b, algorithm: .dijkstra, workspace: workspace))
        }
    }

    @Test func aDamagedStoredHierarchyIsRefusedNotRoutedOn() throws {
        let graph = RandomRoadGraph.make(seed: 4)
        let built = try Self.contracted(graph)
        var arrays = Dictionary(uniqueKeysWithValues: try #require(built.hierarchy(for: .time)).storedArrays.map { ($0.name, $0.values) })
        arrays["upward_arcs"]![1] &+= 1  // one arc's weight
        #expect(throws: ContractionHierarchyError.self) { try Router(graph: graph, hierarchies: .stored([.time: arrays])) }
        arrays.removeValue(forKey: "rank")
        #expect(throws: ContractionHierarchyError.damaged(array: "rank", reason: "missing")) {
            try Router(graph: graph, hierarchies: .stored([.time: arrays]))
        }
    }

    @Test func withoutAHierarchyTheRouterFallsBackToAStar() throws {
        let graph = RandomRoadGraph.make(seed: 2)
        let router = Router(graph: graph)
        #expect(!router.hasHierarchies)
        let workspace = router.makeWorkspace()
        for (a, b) in try Self.randomPairs(router, count: 30, seed: 9) {
            #expect(router.cost(from: a, to: b, algorithm: .contractionHierarchy, workspace: workspace)
                    == router.cost(from: a, to: b, algorithm: .aStar, workspace: workspace))
        }
    }

    @Test(.enabled(if: SharedExtracts.available("monaco.osm.bz2")))
    func hierarchyEqualsDijkstraOnMonaco() throws {
        #expect(try Self.compareHierarchyWithDijkstra(extract: "monaco", pairs: 200, seed: 17) > 200)
    }

    /// The smaller shared extracts (each skipped when absent): cities, suburbs and a rural town, with
    /// their own mixes of oneways, restrictions, destination-only roads and islands.
    static let smallExtracts = ["kirchberg-an-der-iller-tiny", "west-oakland", "bautzen-west", "washington-dc-ledroit-park",
                                "aguascalientes", "hoyerswerda", "krems", "enschede-roads-overpass", "north-bayreuth", "andorra-2013"]

    @Test(.enabled(if: SharedExtracts.available(RouterHierarchyTests.smallExtracts.map { "\($0).osm.bz2" })), arguments: smallExtracts)
    func hierarchyEqualsDijkstraOnSmallExtracts(name: String) throws {
        #expect(try Self.compareHierarchyWithDijkstra(extract: name, pairs: 60, seed: 23) > 0, "\(name): no pair routed")
    }

    /// Imports `extract.osm.bz2`, contracts it, and expects the hierarchy's cost to equal Dijkstra's in
    /// both metrics for `pairs` random snapped pairs; returns how many of those costs were routes.
    static func compareHierarchyWithDijkstra(extract: String, pairs: Int, seed: UInt64) throws -> Int {
        let graph = try OSMImporter.importFile(path: SharedExtracts.require("\(extract).osm.bz2")).graph
        let router = try contracted(graph)
        let workspace = router.makeWorkspace()
        var compared = 0
        for (a, b) in try RoutingRealExtractTests.randomPairs(router: router, count: pairs, seed: seed) {
            for metric in RoutingMetric.allCases {
                let x = router.cost(from: a, to: b, metric: metric, algorithm: .contractionHierarchy, workspace: workspace)
                let y = router.cost(from: a, to: b, metric: metric, algorithm: .dijkstra, workspace: workspace)
                #expect(x == y, "\(extract) \(metric): hierarchy \(x ?? -1) vs Dijkstra \(y ?? -1) for \(a.input) -> \(b.input)")
                if x != nil { compared += 1 }
            }
        }
        return compared
    }
}
