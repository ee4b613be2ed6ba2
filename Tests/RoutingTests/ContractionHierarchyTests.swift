import TestSupport
import Testing
@_spi(Experiments) @testable import Routing

/// Contraction hierarchies against an independent Dijkstra on random digraphs with zero-weight,
/// parallel, looping and one-way arcs and disconnected parts.
@Suite struct ContractionHierarchyTests {
    /// Option sets that exercise different hierarchies: defaults, witness searches so short that
    /// many needless shortcuts appear, no lazy updates.
    static let optionSets: [ContractionOptions] = [
        ContractionOptions(),
        ContractionOptions(witnessSettledLimit: 1, simulationSettledLimit: 1),
        ContractionOptions(witnessSettledLimit: 3, simulationSettledLimit: 2, lazyUpdates: false),
    ]

    static func randomSeeds(_ count: ClosedRange<Int>, vertices: Int, using rng: inout SeededGenerator) -> [SearchSeed] {
        (0..<Int.random(in: count, using: &rng)).map { _ in
            SearchSeed(vertex: UInt32.random(in: 0..<UInt32(vertices), using: &rng), cost: UInt32.random(in: 0...15, using: &rng))
        }
    }

    @Test(arguments: 0..<3)
    func singlePairCostsAndPathsEqualDijkstra(optionIndex: Int) throws {
        var rng = SeededGenerator(seed: 1000 + UInt64(optionIndex))
        var reachable = 0, unreachable = 0
        for graphSeed in UInt64(1)...120 {
            let graph = RandomDigraph.make(seed: graphSeed)
            let hierarchy = try ContractionHierarchy(graph: graph, options: Self.optionSets[optionIndex])
            let workspace = hierarchy.makeWorkspace()
            let tails = graph.tails()
            for _ in 0..<25 {
                let s = [SearchSeed(vertex: UInt32.random(in: 0..<UInt32(graph.vertexCount), using: &rng))]
                let t = [SearchSeed(vertex: UInt32.random(in: 0..<UInt32(graph.vertexCount), using: &rng))]
                let expected = RandomDigraph.dijkstra(graph, from: s, to: t)
                let path = hierarchy.shortestPath(from: s, to: t, workspace: workspace)
                #expect(path?.cost == expected, "graph \(graphSeed): \(s[0].vertex) -> \(t[0].vertex)")
                #expect(hierarchy.shortestCost(from: s, to: t, workspace: workspace) == expected)
                if let path {
                    let problem = RandomDigraph.pathProblem(path, in: graph, tails: tails, sources: s, targets: t)
                    #expect(problem == nil, "graph \(graphSeed): \(problem ?? "")")
                    reachable += 1
                } else {
                    unreachable += 1
                }
            }
        }
        // Both outcomes must be common, or the test proves little.
        #expect(reachable > 1000 && unreachable > 200, "reachable \(reachable), unreachable \(unreachable)")
    }

    /// Larger graphs give deeper hierarchies (shortcuts of shortcuts many levels down).
    @Test func deepHierarchiesOnLargerGraphsStayExact() throws {
        var rng = SeededGenerator(seed: 2024)
        for graphSeed in UInt64(900)...903 {
            let graph = RandomDigraph.make(seed: graphSeed, maxVertices: 900, zeroShare: 0.3)
            let hierarchy = try ContractionHierarchy(graph: graph)
            #expect(hierarchy.shortcutCount > 0)
            let workspace = hierarchy.makeWorkspace()
            let tails = graph.tails()
            var longest = 0
            for _ in 0..<30 {
                let s = ContractionHierarchyTests.randomSeeds(1...2, vertices: graph.vertexCount, using: &rng)
                let t = ContractionHierarchyTests.randomSeeds(1...2, vertices: graph.vertexCount, using: &rng)
                let path = hierarchy.shortestPath(from: s, to: t, workspace: workspace)
                #expect(path?.cost == RandomDigraph.dijkstra(graph, from: s, to: t), "graph \(graphSeed)")
                if let path {
                    #expect(RandomDigraph.pathProblem(path, in: graph, tails: tails, sources: s, targets: t) == nil)
                    longest = max(longest, path.arcs.count)
                }
            }
            #expect(longest >= 15, "graph \(graphSeed): paths too short (\(longest) arcs) to exercise deep unpacking")
        }
    }

    @Test func multipleSeedsWithCostsEqualDijkstraAndReportTheSeedsUsed() throws {
        var rng = SeededGenerator(seed: 77)
        var compared = 0
        for graphSeed in UInt64(200)...300 {
            let graph = RandomDigraph.make(seed: graphSeed)
            let hierarchy = try ContractionHierarchy(graph: graph)
            let workspace = hierarchy.makeWorkspace()
            let tails = graph.tails()
            for _ in 0..<20 {
                let sources = Self.randomSeeds(1...3, vertices: graph.vertexCount, using: &rng)
                let targets = Self.randomSeeds(1...3, vertices: graph.vertexCount, using: &rng)
                let expected = RandomDigraph.dijkstra(graph, from: sources, to: targets)
                let path = hierarchy.shortestPath(from: sources, to: targets, workspace: workspace)
                #expect(path?.cost == expected, "graph \(graphSeed)")
                if let path {
                    let problem = RandomDigraph.pathProblem(path, in: graph, tails: tails, sources: sources, targets: targets)
                    #expect(problem == nil, "graph \(graphSeed): \(problem ?? "")")
                    compared += 1
                }
            }
        }
        #expect(compared > 1000)
    }

    @Test func aPathFromAVertexToItselfIsEmptyAndCostsTheSeeds() throws {
        let graph = RandomDigraph.make(seed: 3)
        let hierarchy = try ContractionHierarchy(graph: graph)
        let path = hierarchy.shortestPath(from: [SearchSeed(vertex: 4, cost: 3)], to: [SearchSeed(vertex: 4, cost: 5)],
                                          workspace: hierarchy.makeWorkspace())
        #expect(path == HierarchyPath(cost: 8, sourceSeed: 0, targetSeed: 0, arcs: []))
    }

    /// The alternatives' T-test asks only whether a path cheaper than a known one exists: a search
    /// bounded by a cost finds the shortest path exactly when it is cheaper than the bound.
    @Test func aBoundedSearchFindsOnlyPathsCheaperThanTheBound() throws {
        var rng = SeededGenerator(seed: 12)
        var found = 0
        for graphSeed in UInt64(500)...540 {
            let graph = RandomDigraph.make(seed: graphSeed)
            let hierarchy = try ContractionHierarchy(graph: graph)
            let workspace = hierarchy.makeWorkspace()
            for _ in 0..<20 {
                let s = Self.randomSeeds(1...2, vertices: graph.vertexCount, using: &rng)
                let t = Self.randomSeeds(1...2, vertices: graph.vertexCount, using: &rng)
                guard let expected = RandomDigraph.dijkstra(graph, from: s, to: t) else { continue }
                found += 1
                let above = hierarchy.search(from: s, to: t, workspace: workspace, below: UInt64(expected) + 1)
                #expect(above?.cost == expected, "graph \(graphSeed)")
                #expect(hierarchy.search(from: s, to: t, workspace: workspace, below: UInt64(expected)) == nil, "graph \(graphSeed)")
            }
        }
        #expect(found > 300, "reachable pairs \(found)")
    }

    @Test func emptySeedListsAndUnreachableSeedCostsFindNothing() throws {
        let graph = RandomDigraph.make(seed: 4)
        let hierarchy = try ContractionHierarchy(graph: graph)
        let workspace = hierarchy.makeWorkspace()
        #expect(hierarchy.shortestPath(from: [], to: [SearchSeed(vertex: 0)], workspace: workspace) == nil)
        #expect(hierarchy.shortestPath(from: [SearchSeed(vertex: 0)], to: [], workspace: workspace) == nil)
        let blocked = SearchSeed(vertex: 0, cost: ContractionHierarchy.unreachable)
        #expect(hierarchy.shortestPath(from: [blocked], to: [SearchSeed(vertex: 0)], workspace: workspace) == nil)
    }

    @Test func aSecondMetricContractedInTheFirstMetricsOrderStaysExact() throws {
        var rng = SeededGenerator(seed: 5)
        for graphSeed in UInt64(400)...440 {
            let first = RandomDigraph.make(seed: graphSeed)
            // The same arcs, other weights.
            let second = try WeightedDigraph(firstOut: first.firstOut, head: first.head,
                                             weight: first.weight.map { _ in UInt32.random(in: 0...30, using: &rng) })
            let order = try ContractionHierarchy(graph: first).rank
            let hierarchy = try ContractionHierarchy(graph: second, options: ContractionOptions(rank: order))
            #expect(hierarchy.rank == order)
            let workspace = hierarchy.makeWorkspace()
            for _ in 0..<20 {
                let s = Self.randomSeeds(1...2, vertices: second.vertexCount, using: &rng)
                let t = Self.randomSeeds(1...2, vertices: second.vertexCount, using: &rng)
                #expect(hierarchy.shortestCost(from: s, to: t, workspace: workspace) == RandomDigraph.dijkstra(second, from: s, to: t))
            }
        }
    }

    @Test func aGivenOrderThatIsNotAPermutationIsRefused() throws {
        let graph = RandomDigraph.make(seed: 6)
        var order = try ContractionHierarchy(graph: graph).rank
        order[1] = order[0]
        #expect(throws: ContractionHierarchyError.self) { try ContractionHierarchy(graph: graph, options: ContractionOptions(rank: order)) }
        #expect(throws: ContractionHierarchyError.self) { try ContractionHierarchy(graph: graph, options: ContractionOptions(rank: [0])) }
    }

    @Test func aShortcutHeavierThanThirtyTwoBitsIsAnErrorNotAWrongRoute() throws {
        let big = ContractionHierarchy.unreachable / 2 + 1
        let (graph, _) = try WeightedDigraph.fromArcs(vertexCount: 3, arcs: [(0, 1, big), (1, 2, big)])
        #expect(throws: ContractionHierarchyError.weightOverflow(shortcutFrom: 0, to: 2)) {
            try ContractionHierarchy(graph: graph, options: ContractionOptions(rank: [1, 0, 2]))
        }
    }

    @Test func malformedGraphArraysAreRefusedWithTheReason() {
        #expect(throws: ContractionHierarchyError.malformedGraph("firstOut is empty (it needs vertexCount + 1 entries)")) {
            try WeightedDigraph(firstOut: [], head: [], weight: [])
        }
        #expect(throws: ContractionHierarchyError.malformedGraph("arc 0 leads to vertex 5 of 2")) {
            try WeightedDigraph(firstOut: [0, 1, 1], head: [5], weight: [1])
        }
        #expect(throws: ContractionHierarchyError.malformedGraph("firstOut decreases at vertex 1")) {
            try WeightedDigraph(firstOut: [0, 2, 1, 2], head: [0, 1], weight: [1, 1])
        }
        #expect(throws: ContractionHierarchyError.malformedGraph("arc 0 has the reserved weight 4294967295")) {
            try WeightedDigraph(firstOut: [0, 1], head: [0], weight: [.max])
        }
        #expect(throws: ContractionHierarchyError.malformedGraph("2 weights for 1 arcs")) {
            try WeightedDigraph(firstOut: [0, 1], head: [0], weight: [1, 1])
        }
    }

    @Test func anEmptyGraphAndASingleVertexHaveHierarchies() throws {
        let empty = try ContractionHierarchy(graph: WeightedDigraph(firstOut: [0], head: [], weight: []))
        #expect(empty.vertexCount == 0 && empty.searchArcCount == 0)
        #expect(empty.table(from: [], to: [], workspace: empty.makeWorkspace()).costs.isEmpty)
        let single = try ContractionHierarchy(graph: WeightedDigraph(firstOut: [0, 1], head: [0], weight: [3]))
        #expect(single.shortestPath(from: [SearchSeed(vertex: 0)], to: [SearchSeed(vertex: 0)], workspace: single.makeWorkspace())?.cost == 0)
    }

    @Test func oneWorkspaceServesManyQueriesAndHierarchiesOfItsSize() throws {
        let a = RandomDigraph.make(seed: 8), b = RandomDigraph.make(seed: 9)
        let ha = try ContractionHierarchy(graph: a), hb = try ContractionHierarchy(graph: b)
        let workspace = (ha.vertexCount >= hb.vertexCount ? ha : hb).makeWorkspace()
        var rng = SeededGenerator(seed: 10)
        for _ in 0..<300 {
            let (graph, hierarchy) = Bool.random(using: &rng) ? (a, ha) : (b, hb)
            let s = Self.randomSeeds(1...2, vertices: graph.vertexCount, using: &rng)
            let t = Self.randomSeeds(1...2, vertices: graph.vertexCount, using: &rng)
            #expect(hierarchy.shortestCost(from: s, to: t, workspace: workspace) == RandomDigraph.dijkstra(graph, from: s, to: t))
        }
    }
}
