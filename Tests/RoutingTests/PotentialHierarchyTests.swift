import Geodesy
import OSMImport
import RoadNetwork
import Testing
import TestSupport
@_spi(Experiments) @testable import Routing

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

    /// The potential of every node is its distance to the nearest goal in the junction graph (each edge
    /// at the cheapest transition onto it), which a plain backward Dijkstra computes, also where the
    /// hierarchy's backward search stalled vertices.
    @Test(arguments: RoutingMetric.allCases)
    func potentialIsTheJunctionGraphDistanceToTheNearestGoal(metric: RoutingMetric) throws {
        let graph = RandomRoadGraph.make(seed: 5)
        let router = try Self.withPotentials(graph)
        let potentials = try #require(router.potentialHierarchy(for: metric))
        let search = HierarchyPotentialSearch(nodeCount: graph.nodeCount)
        // Three queries before the per-query stamps run out and every label is rewritten, seven after.
        search.reachedStamp = UInt32.max - 7
        var rng = SeededGenerator(seed: 12)
        var stalled = 0
        for _ in 0..<10 {
            let goals = (0..<2).map { _ in UInt32.random(in: 0..<UInt32(graph.nodeCount), using: &rng) }
            search.begin(graph: potentials.searchGraph, goals: goals)
            stalled += search.stalledCount
            let expected = Self.backwardDistances(graph: graph, router: router, metric: metric, goals: goals)
            for v in 0..<graph.nodeCount {
                #expect(search.potential(at: UInt32(v)) == expected[v], "node \(v) towards \(goals)")
            }
        }
        // The backward search stalls vertices it has a shorter way from; the potentials above are exact
        // with those vertices left unexpanded.
        #expect(stalled > 0, "no vertex was stalled, so the test did not exercise stalling")
        #expect(search.reachedStamp < 20, "the stamps wrapped round")
    }

    /// A query towards the goals of the query before, on the same graph, keeps its labels: no new stamp,
    /// no backward search, and the potentials memoised so far stay. Other goals, or the same goals on the
    /// other metric's graph, start afresh. Every potential is the junction-graph distance to its own goals.
    @Test func aQueryTowardsTheSameGoalsOnTheSameGraphKeepsItsPotentials() throws {
        let graph = RandomRoadGraph.make(seed: 6)
        let router = try Self.withPotentials(graph)
        let time = try #require(router.potentialHierarchy(for: .time))
        let distance = try #require(router.potentialHierarchy(for: .distance))
        let n = UInt32(graph.nodeCount)
        let first: [UInt32] = [0, n / 2], other: [UInt32] = [n / 2, n - 1]
        let search = HierarchyPotentialSearch(nodeCount: graph.nodeCount)
        let queries: [(PotentialHierarchy, RoutingMetric, [UInt32])] =
            [(time, .time, first), (time, .time, first), (time, .time, other), (distance, .distance, other), (time, .time, first)]
        var stamps: [UInt32] = []
        for (potentials, metric, goals) in queries {
            search.begin(graph: potentials.searchGraph, goals: goals)
            stamps.append(search.reachedStamp)
            let expected = Self.backwardDistances(graph: graph, router: router, metric: metric, goals: goals)
            for v in 0..<graph.nodeCount {
                #expect(search.potential(at: UInt32(v)) == expected[v], "node \(v) towards \(goals), \(metric)")
            }
        }
        #expect(stamps[1] == stamps[0], "the same goals on the same graph started a new query")
        #expect(stamps[2] > stamps[1] && stamps[3] > stamps[2] && stamps[4] > stamps[3], "stamps \(stamps)")
    }

    /// A table without routing hierarchies runs A* per pair, a destination's column at a time on one set
    /// of potentials: every entry is the best route's, as Dijkstra finds it pair by pair.
    @Test(arguments: RoutingMetric.allCases)
    func aTableOnPotentialsEqualsDijkstraPairByPair(metric: RoutingMetric) throws {
        var reachable = 0
        for graphSeed in UInt64(21)...23 {
            let graph = RandomRoadGraph.make(seed: graphSeed)
            let router = try Self.withPotentials(graph)
            #expect(router.potentialHierarchy(for: metric) != nil)
            var rng = SeededGenerator(seed: graphSeed)
            let sources = try (0..<6).map { _ in try router.snap(AStarPropertyTests.randomPoint(in: graph, using: &rng)) }
            let destinations = try (0..<5).map { _ in try router.snap(AStarPropertyTests.randomPoint(in: graph, using: &rng)) } + [sources[2]]
            let table = router.table(from: sources, to: destinations, metric: metric, workspace: router.makeWorkspace())
            let workspace = router.makeWorkspace()
            for i in sources.indices {
                for j in destinations.indices {
                    let route = try? router.route(through: [sources[i], destinations[j]], metric: metric, algorithm: .dijkstra,
                                                  workspace: workspace)
                    #expect((table.duration(from: i, to: j) == nil) == (route == nil), "graph \(graphSeed) pair \(i) \(j)")
                    guard let route else { continue }
                    reachable += 1
                    let weight = metric == .time ? table.duration(from: i, to: j) : table.distance(from: i, to: j)
                    #expect(weight == route.weight, "graph \(graphSeed) pair \(i) \(j): table \(weight ?? -1) vs Dijkstra \(route.weight)")
                }
            }
        }
        #expect(reachable >= 60, "too few connected pairs (\(reachable)) for the test to mean much")
    }

    /// Distances to the nearest goal over reversed edges, each edge weighing the cheapest of the router's
    /// transitions onto it (its own cost where none leads onto it); `ContractionHierarchy.unreachable`
    /// where no goal is reachable.
    static func backwardDistances(graph: RoadGraph, router: Router, metric: RoutingMetric, goals: [UInt32]) -> [UInt32] {
        var weight = (0..<graph.edgeCount).map { UInt64(router.edgeCost(EdgeIndex($0), metric: metric)) }
        var entered = [Bool](repeating: false, count: graph.edgeCount)
        for s in 0..<router.searchStateCount {
            router.forEachTransition(from: SearchState(index: UInt32(s))) { t in
                let e = Int(t.edge)
                weight[e] = entered[e] ? min(weight[e], UInt64(t.cost(metric))) : UInt64(t.cost(metric))
                entered[e] = true
            }
        }
        var distance = [UInt64](repeating: UInt64(ContractionHierarchy.unreachable), count: graph.nodeCount)
        var done = [Bool](repeating: false, count: graph.nodeCount)
        for g in goals { distance[Int(g)] = 0 }
        while let v = (0..<graph.nodeCount).filter({ !done[$0] && distance[$0] < UInt64(ContractionHierarchy.unreachable) })
                .min(by: { distance[$0] < distance[$1] }) {
            done[v] = true
            for e in graph.incomingEdges(of: NodeIndex(v)) {
                let u = Int(graph.tail[Int(e)])
                distance[u] = min(distance[u], distance[v] + weight[Int(e)])
            }
        }
        return distance.map { UInt32($0) }
    }

    /// Signals at b and c, a side road at c:
    ///
    ///     a---b---c---d
    ///             |
    ///             e
    ///
    /// Every way on from a car at b waits at both signals, so the potential counts both waits (and the
    /// straight-on turn at c), not only the edges: it is then the exact remaining time.
    @Test func thePotentialCountsTheWaitsEveryWayThroughAJunctionPays() throws {
        let map = MapFixture("""
            a---b---c---d
                    |
                    e
            """)
        let xml = map.osmXML(ways: [.init("abcd", ["highway": "primary"]), .init("ce", ["highway": "residential"])],
                             nodeTags: ["b": ["highway": "traffic_signals"], "c": ["highway": "traffic_signals"]])
        let graph = try OSMImporter.importXML(xml, options: ImportOptions()).graph
        let router = try Router(graph: graph, hierarchies: .contract(Self.givingUpAtOnce))
        let potentials = try #require(router.potentialHierarchy(for: .time))
        func node(_ letter: Character) throws -> NodeIndex {
            try #require(graph.nodeOSMIDs.firstIndex(of: Int64(map.letters.firstIndex(of: letter)! + 1)).map { NodeIndex($0) })
        }
        func edge(_ from: Character, _ to: Character) throws -> EdgeIndex {
            let (u, v) = (try node(from), try node(to))
            return try #require((0..<graph.edgeCount).map { EdgeIndex($0) }.first { graph.tail[Int($0)] == u && graph.head[Int($0)] == v })
        }
        let (ab, bc, cd) = (try edge("a", "b"), try edge("b", "c"), try edge("c", "d"))
        let search = HierarchyPotentialSearch(nodeCount: graph.nodeCount)
        search.begin(graph: potentials.searchGraph, goals: [try node("d")])
        let edges = router.edgeCost(bc, metric: .time) + router.edgeCost(cd, metric: .time)
        let turns = router.turnMilliseconds(from: ab, to: bc) + router.turnMilliseconds(from: bc, to: cd)
        #expect(turns >= 4000, "both signals wait 2 s: \(turns) ms")
        #expect(search.potential(at: try node("b")) == edges + turns)
    }

    @Test func storedPotentialsRoundTripAndAreRefusedWhenMalformed() throws {
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
        // Shapes a search would run off or loop in are refused by the array's name (a changed weight is
        // the stored checksums' to catch).
        let time = try #require(byName["potential_time"])
        let first = try #require(time["upward_first"]), n = graph.nodeCount
        let climbing = try #require((0..<n).first { first[$0] < first[$0 + 1] })
        var damages: [(name: String, arrays: [String: [UInt32]], array: String)] = []
        var missing = time
        missing["downward_arcs"] = nil
        damages.append(("missing", missing, "downward_arcs"))
        var beyond = time
        beyond["upward_arcs"]![2 * Int(first[climbing])] = UInt32(n)
        damages.append(("an arc ending beyond the vertices", beyond, "upward_arcs"))
        var loop = time
        loop["upward_arcs"]![2 * Int(first[climbing])] = UInt32(climbing)
        damages.append(("an arc climbing back to its own vertex", loop, "upward_arcs"))
        var repeated = time
        repeated["position"]![1] = repeated["position"]![0]
        damages.append(("two nodes at one position", repeated, "position"))
        var unending = time
        unending["downward_first"]![n] += 1
        damages.append(("offsets past the arcs", unending, "downward_first"))
        var foreign = time
        foreign["junction_graph_hash"]![0] &+= 1
        damages.append(("another graph's hash", foreign, "junction_graph_hash"))
        for damage in damages {
            var stored = byName
            stored["potential_time"] = damage.arrays
            do {
                _ = try Router(graph: graph, hierarchies: .stored(byMetricName: stored))
                Issue.record("\(damage.name) was accepted")
            } catch {
                guard case .damaged(let array, _) = error else { Issue.record("\(damage.name): \(error)"); continue }
                #expect(array == damage.array, "\(damage.name): \(error)")
            }
        }
    }

    /// Potentials are tied to the junction graph they were built for: the time metric's, offered as the
    /// distance metric's (same nodes, same shape, other weights), are refused by their hash.
    @Test func potentialsOfOtherCostsAreRefused() throws {
        let graph = RandomRoadGraph.make(seed: 4)
        let built = try Self.withPotentials(graph)
        let time = try #require(built.potentialHierarchy(for: .time))
        let asDistance = Dictionary(uniqueKeysWithValues: time.storedArrays.map { ($0.name, $0.values) })
        #expect(throws: ContractionHierarchyError.damaged(array: "junction_graph_hash", reason: "built for another graph or other distance costs")) {
            try PotentialHierarchy(validating: asDistance, router: built, metric: .distance)
        }
        _ = try PotentialHierarchy(validating: asDistance, router: built, metric: .time)
    }

    /// The search graph is the hierarchy's arcs renumbered: every node has a position of its own, and its
    /// upward and downward arcs, read as (node, node, weight), are exactly the hierarchy's.
    @Test func theSearchGraphKeepsEveryHierarchyArcUnderNewNumbers() throws {
        let graph = RandomRoadGraph.make(seed: 9)
        let router = try Self.withPotentials(graph)
        let searchGraph = try #require(router.potentialHierarchy(for: .time)).searchGraph
        // Contracted as the router contracts its potential hierarchies.
        let options = ContractionOptions(levelWeight: ContractionOptions.potentialLevelWeight, denseRemainderLimits: [])
        let hierarchy = try ContractionHierarchy(graph: PotentialHierarchy.junctionGraph(of: router, metric: .time),
                                                 options: options)
        #expect(Set(searchGraph.position).count == graph.nodeCount)
        #expect(searchGraph.arcCount == hierarchy.searchArcCount)
        // The same arcs as (lower node, higher node, weight) triples, whatever the numbering.
        func triples(first: [UInt32], ends: [UInt32], nodeAt: (Int) -> Int) -> [[Int]] {
            (0 ..< first.count - 1).flatMap { v in
                (Int(first[v]) ..< Int(first[v + 1])).map { i in [nodeAt(v), nodeAt(Int(ends[2 * i])), Int(ends[2 * i + 1])] }
            }.sorted { $0.lexicographicallyPrecedes($1) }
        }
        var nodeAtRank = [Int](repeating: 0, count: graph.nodeCount), nodeAtPosition = nodeAtRank
        for v in 0..<graph.nodeCount {
            nodeAtRank[Int(hierarchy.rank[v])] = v
            nodeAtPosition[Int(searchGraph.position[v])] = v
        }
        #expect(triples(first: searchGraph.upwardFirst, ends: searchGraph.upwardArcs, nodeAt: { nodeAtPosition[$0] })
                == triples(first: hierarchy.upwardFirstOut, ends: hierarchy.upwardArcs, nodeAt: { nodeAtRank[$0] }))
        #expect(triples(first: searchGraph.downwardFirst, ends: searchGraph.downwardArcs, nodeAt: { nodeAtPosition[$0] })
                == triples(first: hierarchy.downwardFirstIn, ends: hierarchy.downwardArcs, nodeAt: { nodeAtRank[$0] }))
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
