import TestSupport
import Foundation
import Geodesy
import Synchronization
import Testing
@_spi(Experiments) @testable import Routing

/// One shared `Router`, one workspace per thread: concurrent queries give the sequential answers.
@Suite struct ConcurrentRoutingTests {
    @Test func concurrentQueriesMatchSequentialOnes() throws {
        let graph = RandomRoadGraph.make(seed: 3)
        let router = Router(graph: graph)
        var rng = SeededGenerator(seed: 5)
        var pairs: [(SnappedLocation, SnappedLocation)] = []
        for _ in 0..<400 {
            pairs.append((try router.snap(AStarPropertyTests.randomPoint(in: graph, using: &rng)),
                          try router.snap(AStarPropertyTests.randomPoint(in: graph, using: &rng))))
        }
        let sequentialWorkspace = router.makeWorkspace()
        let expected = pairs.map { router.cost(from: $0.0, to: $0.1, workspace: sequentialWorkspace) ?? -1 }

        let threads = 4
        // Each thread hands its answers over under a lock: writing one shared array from several threads,
        // even at different indices, is a data race.
        let results = Mutex([[Double]](repeating: [], count: threads))
        let sharedPairs = pairs
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            let workspace = router.makeWorkspace()
            // Each thread runs every pair, from a different starting pair, so searches interleave.
            var out = [Double](repeating: 0, count: sharedPairs.count)
            for k in 0..<sharedPairs.count {
                let i = (k + t * 97) % sharedPairs.count
                out[i] = router.cost(from: sharedPairs[i].0, to: sharedPairs[i].1, workspace: workspace) ?? -1
            }
            results.withLock { $0[t] = out }
        }
        let values = results.withLock { $0 }
        for t in 0..<threads { #expect(values[t] == expected, "thread \(t) differs") }
    }
}
