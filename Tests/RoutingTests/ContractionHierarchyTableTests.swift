import TestSupport
import Testing
@_spi(Experiments) @testable import Routing

/// The bucket-based many-to-many table against pairwise hierarchy queries and Dijkstra.
@Suite struct ContractionHierarchyTableTests {
    static func seedLists(_ count: Int, vertices: Int, using rng: inout SeededGenerator) -> [[SearchSeed]] {
        (0..<count).map { _ in
            (0..<Int.random(in: 1...2, using: &rng)).map { _ in
                SearchSeed(vertex: UInt32.random(in: 0..<UInt32(vertices), using: &rng), cost: UInt32.random(in: 0...9, using: &rng),
                           annotation: UInt32.random(in: 0...9, using: &rng))
            }
        }
    }

    @Test(arguments: 0..<2)
    func tableEntriesEqualPairwiseQueriesAndDijkstra(optionIndex: Int) throws {
        var rng = SeededGenerator(seed: 31 + UInt64(optionIndex))
        var reachable = 0, unreachable = 0
        for graphSeed in UInt64(500)...560 {
            let graph = RandomDigraph.make(seed: graphSeed)
            let hierarchy = try ContractionHierarchy(graph: graph, options: ContractionHierarchyTests.optionSets[optionIndex])
            let workspace = hierarchy.makeWorkspace()
            let sources = Self.seedLists(Int.random(in: 0...7, using: &rng), vertices: graph.vertexCount, using: &rng)
            let targets = Self.seedLists(Int.random(in: 0...7, using: &rng), vertices: graph.vertexCount, using: &rng)
            let table = hierarchy.table(from: sources, to: targets, workspace: workspace)
            #expect(table.sourceCount == sources.count && table.targetCount == targets.count && table.annotations == nil)
            for (i, s) in sources.enumerated() {
                for (j, t) in targets.enumerated() {
                    let pairwise = hierarchy.shortestCost(from: s, to: t, workspace: workspace)
                    #expect(table[i, j] == pairwise, "graph \(graphSeed) [\(i), \(j)]")
                    #expect(table[i, j] == RandomDigraph.dijkstra(graph, from: s, to: t), "graph \(graphSeed) [\(i), \(j)]")
                    if pairwise == nil { unreachable += 1 } else { reachable += 1 }
                }
            }
        }
        #expect(reachable > 300 && unreachable > 50, "reachable \(reachable), unreachable \(unreachable)")
    }

    /// With positive weights from a million values ties are practically impossible, so each entry has one
    /// shortest path and its annotation must be that path's sum plus the seeds' annotations.
    @Test func tableAnnotationsAreSummedAlongTheChosenPaths() throws {
        var rng = SeededGenerator(seed: 41)
        var checked = 0
        for graphSeed in UInt64(600)...640 {
            let graph = RandomDigraph.make(seed: graphSeed, maxWeight: 1_000_000, zeroShare: 0)
            let hierarchy = try ContractionHierarchy(graph: graph)
            let workspace = hierarchy.makeWorkspace()
            let values = (0..<graph.arcCount).map { _ in UInt32.random(in: 0...1000, using: &rng) }
            let annotation = HierarchyAnnotation(hierarchy: hierarchy, arcValues: values)
            let sources = Self.seedLists(6, vertices: graph.vertexCount, using: &rng)
            let targets = Self.seedLists(6, vertices: graph.vertexCount, using: &rng)
            let table = hierarchy.table(from: sources, to: targets, annotation: annotation, workspace: workspace)
            for (i, s) in sources.enumerated() {
                for (j, t) in targets.enumerated() {
                    let path = hierarchy.shortestPath(from: s, to: t, workspace: workspace)
                    #expect(table[i, j] == path?.cost)
                    guard let path else {
                        #expect(table.annotation(source: i, target: j) == nil)
                        continue
                    }
                    let sum = s[path.sourceSeed].annotation + path.arcs.reduce(0) { $0 + values[Int($1)] } + t[path.targetSeed].annotation
                    #expect(table.annotation(source: i, target: j) == sum, "graph \(graphSeed) [\(i), \(j)]")
                    checked += 1
                }
            }
        }
        #expect(checked > 200)
    }

    @Test func rowsShowUnreachablePairsAsNil() throws {
        // Two vertices, one arc 0 -> 1: 1 cannot reach 0.
        let graph = try WeightedDigraph(firstOut: [0, 1, 1], head: [1], weight: [4])
        let hierarchy = try ContractionHierarchy(graph: graph)
        let seeds = [[SearchSeed(vertex: 0)], [SearchSeed(vertex: 1)]]
        let table = hierarchy.table(from: seeds, to: seeds, annotation: HierarchyAnnotation(hierarchy: hierarchy, arcValues: [7]),
                                    workspace: hierarchy.makeWorkspace())
        #expect(table.costRows == [[0, 4], [nil, 0]])
        #expect(table.annotationRows == [[0, 7], [nil, 0]])
    }
}
