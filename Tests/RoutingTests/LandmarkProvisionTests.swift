import TestSupport
import Foundation
import Geodesy
import Synchronization
import Testing
@_spi(Experiments) @testable import Routing

/// Landmarks built on first use: nothing at set-up, one build however many searches arrive at once, the
/// same A* answers as landmarks built at set-up, and shared by a router that excludes edges.
@Suite struct LandmarkProvisionTests {
    /// Random pairs snapped on `router`'s graph.
    static func pairs(on router: Router, count: Int) throws -> [(SnappedLocation, SnappedLocation)] {
        var rng = SeededGenerator(seed: 11)
        return try (0..<count).map { _ in
            (try router.snap(AStarPropertyTests.randomPoint(in: router.graph, using: &rng)),
             try router.snap(AStarPropertyTests.randomPoint(in: router.graph, using: &rng)))
        }
    }

    @Test func hierarchyRoutesLeaveLandmarksUnbuiltAndTheFirstAStarSearchBuildsThem() throws {
        let graph = RandomRoadGraph.make(seed: 3)
        let router = try Router(graph: graph, landmarks: 4, landmarkTiming: .onFirstUse, hierarchies: .contract(ContractionOptions()))
        #expect(!router.landmarkProvision.isBuilt && router.landmarkByteCount == 0)
        let workspace = router.makeWorkspace()
        let (a, b) = try Self.pairs(on: router, count: 1)[0]
        _ = router.cost(from: a, to: b, algorithm: .contractionHierarchy, workspace: workspace)
        _ = router.cost(from: a, to: b, algorithm: .dijkstra, workspace: workspace)
        #expect(!router.landmarkProvision.isBuilt, "only A* reads landmarks")
        _ = router.cost(from: a, to: b, algorithm: .aStar, workspace: workspace)
        #expect(router.landmarkProvision.isBuilt && router.landmarkProvision.timesBuilt == 1)
        #expect(router.landmarkCount == 4 && router.landmarkByteCount > 0)
    }

    @Test func concurrentFirstSearchesBuildTheLandmarksOnceAndAnswerAsLandmarksBuiltAtSetUp() throws {
        let graph = RandomRoadGraph.make(seed: 4)
        let eager = Router(graph: graph, landmarks: 4)
        let lazy = Router(graph: graph, landmarks: 4, landmarkTiming: .onFirstUse)
        let pairs = try Self.pairs(on: eager, count: 40)
        let eagerWorkspace = eager.makeWorkspace()
        let expected = pairs.map { eager.cost(from: $0.0, to: $0.1, algorithm: .aStar, workspace: eagerWorkspace) ?? -1 }

        // Eight threads released at once, so that several reach the unbuilt tables together.
        let threads = 8
        let gate = DispatchSemaphore(value: 0), done = DispatchGroup()
        let results = Mutex([[Double]](repeating: [], count: threads))
        for t in 0..<threads {
            done.enter()
            Thread {
                let workspace = lazy.makeWorkspace()
                gate.wait()
                let answers = pairs.map { lazy.cost(from: $0.0, to: $0.1, algorithm: .aStar, workspace: workspace) ?? -1 }
                results.withLock { $0[t] = answers }
                done.leave()
            }.start()
        }
        for _ in 0..<threads { gate.signal() }
        done.wait()
        #expect(lazy.landmarkProvision.timesBuilt == 1)
        for (t, answers) in results.withLock({ $0 }).enumerated() { #expect(answers == expected, "thread \(t) differs") }
        #expect(lazy.landmarkProvision.tablesIfBuilt?.time.landmarks == eager.landmarkProvision.tablesIfBuilt?.time.landmarks)
    }

    @Test func aRouterExcludingEdgesSharesItsParentsLandmarksAndFindsDijkstrasCosts() throws {
        let graph = RandomRoadGraph.make(seed: 5)
        let parent = Router(graph: graph, landmarks: 3, landmarkTiming: .onFirstUse)
        let excluding = Router(graph: graph, landmarkProvision: parent.landmarkProvision) { $0 % 7 == 0 }
        let workspace = excluding.makeWorkspace()
        var compared = 0
        for (a, b) in try Self.pairs(on: parent, count: 60) {
            let aStar = excluding.cost(from: a, to: b, algorithm: .aStar, workspace: workspace)
            let dijkstra = excluding.cost(from: a, to: b, algorithm: .dijkstra, workspace: workspace)
            #expect(aStar == dijkstra)
            if aStar != nil { compared += 1 }
        }
        #expect(compared > 20)
        #expect(parent.landmarkProvision.isBuilt && parent.landmarkProvision.timesBuilt == 1)
    }
}
