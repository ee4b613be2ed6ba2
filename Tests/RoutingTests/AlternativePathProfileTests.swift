import RoadNetwork
import Testing
import TestSupport
@_spi(Experiments) @testable import Routing

/// The per-path edge table the alternatives' sharing and loop tests read, against a plain dictionary
/// count of the same edge lists (any edge list: the table does not need a drivable path).
@Suite struct AlternativePathProfileTests {
    /// The driven cost of every edge of `edges`, summed per edge, as the sharing limit counts it.
    static func reference(_ path: SearchResult, router: Router) -> [EdgeIndex: UInt64] {
        var costs: [EdgeIndex: UInt64] = [:]
        for (i, edge) in path.edges.enumerated() {
            costs[edge, default: 0] += UInt64(Router.drivenCost(router.edgeCost(edge, metric: .time),
                                                                from: path.startFraction(ofEdgeAt: i), to: path.endFraction(ofEdgeAt: i)))
        }
        return costs
    }

    static func randomPath(edgeCount: Int, using rng: inout SeededGenerator) -> SearchResult {
        // Few distinct edges for the length, so that paths overlap and edges repeat.
        let edges = (0..<Int.random(in: 1...60, using: &rng)).map { _ in EdgeIndex.random(in: 0..<EdgeIndex(edgeCount), using: &rng) }
        return SearchResult(cost: 0, edges: edges, startFraction: Double.random(in: 0...1, using: &rng),
                            endFraction: Double.random(in: 0...1, using: &rng), settled: 0)
    }

    @Test func sharedCostsAndRepeatedEdgesMatchADictionaryCount() {
        let graph = RandomRoadGraph.make(seed: 5, columns: 6, rows: 6)
        let router = Router(graph: graph)
        var rng = SeededGenerator(seed: 5)
        var repeating = 0
        for _ in 0..<200 {
            let a = Self.randomPath(edgeCount: graph.edgeCount, using: &rng)
            let b = Self.randomPath(edgeCount: graph.edgeCount, using: &rng)
            let pa = AlternativePathProfile(a, router: router, metric: .time)
            let pb = AlternativePathProfile(b, router: router, metric: .time)
            let ra = Self.reference(a, router: router), rb = Self.reference(b, router: router)
            let expected = ra.reduce(UInt64(0)) { $0 + min($1.value, rb[$1.key] ?? 0) }
            #expect(pa.sharedCost(with: pb) == expected)
            #expect(pb.sharedCost(with: pa) == expected)
            #expect(pa.sharedCost(with: pa) == ra.values.reduce(0, +))
            let allowed = a.edges.count > 2 && a.edges.first == a.edges.last ? 1 : 0
            #expect(pa.drivesEachEdgeOnce == (a.edges.count - ra.count <= allowed))
            if !pa.drivesEachEdgeOnce { repeating += 1 }
        }
        #expect(repeating > 20, "some paths repeat an edge")
    }

    @Test func aPathLeavingAndReturningOnItsStartEdgeDrivesEachEdgeOnce() {
        let graph = RandomRoadGraph.make(seed: 6, columns: 4, rows: 4)
        let router = Router(graph: graph)
        let around = SearchResult(cost: 0, edges: [3, 7, 9, 3], startFraction: 0.6, endFraction: 0.4, settled: 0)
        #expect(AlternativePathProfile(around, router: router, metric: .time).drivesEachEdgeOnce)
        let loop = SearchResult(cost: 0, edges: [3, 7, 9, 7, 3], startFraction: 0.6, endFraction: 0.4, settled: 0)
        #expect(!AlternativePathProfile(loop, router: router, metric: .time).drivesEachEdgeOnce)
    }
}
