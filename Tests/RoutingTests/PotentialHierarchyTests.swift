import Geodesy
import RoadNetwork
import Testing
import TestSupport
@testable import Routing

/// Where the turn states do not contract, the router contracts its junction graph instead and runs A* on
/// that hierarchy's exact distances: the routes stay exactly Dijkstra's on the full state model (turn
/// costs, oneways, destination-only phases, via-node and via-way restrictions, both metrics), the
/// potentials are the junction graph's true distances, and stored potentials round-trip or are refused.
@Suite struct PotentialHierarchyTests {
    /// Options under which the turn-expanded graph is given up at once, as a filling-in grid city is.
    static var givingUpAtOnce: ContractionOptions {
        var options = ContractionOptions(denseRemainderLimits: [DenseRemainderLimit(arcsPerVertex: 0, minimumShareLeft: 0)])
        options.denseRemainderMinimumVertices = 0
        return options
    }

    static func withPotentials(_ graph: RoadGraph) throws -> Router {
        try Router(graph: graph, hierarchies: .contract(givingUpAtOnce))
    }

    @Test(arguments: RoutingMetric.allCases)
    func aStarOnPotentialsEqualsDijkstraOnRandomCitiesWithRestrictions(metric: RoutingMetric) throws {
        var compared = 0, settledWithPotentials = 0, settledGeometrically = 0
        for graphSeed in UInt64(1)...8 {
            let graph = RandomRoadGraph.make(seed: graphSeed)
            let router = try Self.withPotentials(graph)
            let plain = Router(graph: graph)
            #expect(router.hierarchiesLeftOut != nil && !router.hasHierarchies && router.hasPotentialHierarchies)
            let workspace = router.makeWorkspace()
            for (a, b) in try RouterHierarchyTests.randomPairs(router, count: 100, seed: graphSeed) {
                let dijkstra = router.cost(from: a, to: b, metric: metric, algorithm: .dijkstra, workspace: workspace)
                _ = plain.cost(from: a, to: b, metric: metric, algorithm: .aStar, workspace: workspace)
                settledGeometrically += workspace.lastSettledCount
                let aStar = router.cost(from: a, to: b, metric: metric, algorithm: .aStar, workspace: workspace)
                settledWithPotentials += workspace.lastSettledCount
                let hierarchy = router.cost(from: a, to: b, metric: metric, algorithm: .contractionHierarchy, workspace: workspace)
                #expect(aStar == dijkstra && hierarchy == dijkstra,
                        "graph \(graphSeed) \(metric): A* \(aStar ?? -1), ch \(hierarchy ?? -1), Dijkstra \(dijkstra ?? -1) for \(a.input) -> \(b.input)")
                if dijkstra != nil { compared += 1 }
            }
        }
        #expect(compared >= 550, "too few connected pairs (\(compared)) for the test to mean much")
        // The potentials are what A* ran on: tighter than the geometric bound, so fewer states.
        #expect(settledWithPotentials < settledGeometrically, "potentials \(settledWithPotentials) vs geometric \(settledGeometrically) states")
    }

    @Test func routesOnPotentialsAreConnectedAndTakeDijkstrasTime() throws {
        let graph = RandomRoadGraph.make(seed: 3)
        let router = try Self.withPotentials(graph)
        let workspace = router.makeWorkspace()
        var checked = 0
        for (a, b) in try RouterHierarchyTests.randomPairs(router, count: 100, seed: 31) {
            guard let route = try? router.route(through: [a, b], workspace: workspace) else { continue }
            let dijkstra = try router.route(through: [a, b], algorithm: .dijkstra, workspace: workspace)
            #expect(route.weight == dijkstra.weight && route.duration == dijkstra.duration)
            #expect(RouterHierarchyTests.isConnected(route.legs[0], in: graph))
            checked += 1
        }
        #expect(checked >= 50)
    }

    /// The potential of every node is its distance to the nearest goal in the junction graph (edges at
    /// their integer cost, no turns), which a plain backward Dijkstra computes.
    @Test(arguments: RoutingMetric.allCases)
    func potentialIsTheJunctionGraphDistanceToTheNearestGoal(metric: RoutingMetric) throws {
        let graph = RandomRoadGraph.make(seed: 5)
        let router = try Self.withPotentials(graph)
        let potentials = try #require(router.potentialHierarchy(for: metric))
        let search = HierarchyPotentialSearch(nodeCount: graph.nodeCount)
        var rng = SeededGenerator(seed: 12)
        for _ in 0..<10 {
            let goals = (0..<2).map { _ in UInt32.random(in: 0..<UInt32(graph.nodeCount), using: &rng) }
            search.begin(hierarchy: potentials.hierarchy, goals: goals)
            let expected = Self.backwardDistances(graph: graph, router: router, metric: metric, goals: goals)
            for v in 0..<graph.nodeCount {
                #expect(search.potential(at: UInt32(v)) == expected[v], "node \(v) towards \(goals)")
            }
        }
    }

    /// Distances to the nearest goal over reversed edges, `ContractionHierarchy.unreachable` where none.
    static func backwardDistances(graph: RoadGraph, router: Router, metric: RoutingMetric, goals: [UInt32]) -> [UInt32] {
        var distance = [UInt64](repeating: UInt64(ContractionHierarchy.unreachable), count: graph.nodeCount)
        var done = [Bool](repeating: false, count: graph.nodeCount)
        for g in goals { distance[Int(g)] = 0 }
        while let v = (0..<graph.nodeCount).filter({ !done[$0] && distance[$0] < UInt64(ContractionHierarchy.unreachable) })
                .min(by: { distance[$0] < distance[$1] }) {
            done[v] = true
            for e in graph.incomingEdges(of: NodeIndex(v)) {
                let u = Int(graph.tail[Int(e)])
                distance[u] = min(distance[u], distance[v] + UInt64(router.edgeCost(e, metric: metric)))
            }
        }
        return distance.map { UInt32($0) }
    }

    @Test func storedPotentialsRoundTripAndAreRefusedWhenDamaged() throws {
        let graph = RandomRoadGraph.make(seed: 4)
        let built = try Self.withPotentials(graph)
        var byName: [String: [String: [UInt32]]] = [:]
        for metric in RoutingMetric.allCases {
            let potentials = try #require(built.potentialHierarchy(for: metric))
            #expect(potentials.contractionSeconds != nil)
            byName[HierarchySource.potentialName(of: metric)] = Dictionary(uniqueKeysWithValues: potentials.storedArrays.map { ($0.name, $0.values) })
        }
        let loaded = try Router(graph: graph, hierarchies: .stored(byMetricName: byName))
        #expect(loaded.hasPotentialHierarchies && !loaded.hasHierarchies)
        let workspace = loaded.makeWorkspace()
        for (a, b) in try RouterHierarchyTests.randomPairs(loaded, count: 40, seed: 2) {
            #expect(loaded.cost(from: a, to: b, workspace: workspace) == built.cost(from: a, to: b, algorithm: .dijkstra, workspace: workspace))
        }
        var damaged = byName
        damaged["potential_time"]!["upward_arcs"]![1] &+= 1  // one arc's weight
        #expect(throws: ContractionHierarchyError.self) { try Router(graph: graph, hierarchies: .stored(byMetricName: damaged)) }
    }

    @Test func storedHierarchyNamesSayTheirKind() throws {
        #expect(HierarchySource.storedKind(of: "time")! == (RoutingMetric.time, false))
        #expect(HierarchySource.storedKind(of: "potential_distance")! == (RoutingMetric.distance, true))
        #expect(HierarchySource.storedKind(of: "potential_speed") == nil)
        #expect(throws: ContractionHierarchyError.self) { try HierarchySource.stored(byMetricName: ["potential_speed": [:]]) }
        #expect(throws: ContractionHierarchyError.self) {
            try HierarchySource.stored(byMetricName: ["time": [:], "potential_time": [:]])
        }
    }
}
