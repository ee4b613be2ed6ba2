import Foundation
import Geodesy
import OSMImport
import RoadNetwork
import Testing
import TestSupport
@_spi(Experiments) @testable import Routing

/// A* against Dijkstra on real OpenStreetMap data (oneways, access tags and turn restrictions as mapped).
@Suite struct RoutingRealExtractTests {
    /// Random pairs of graph nodes, drawn with a fixed seed, snapped (nodes lie on roads, so snapping
    /// never fails).
    static func randomPairs(router: Router, count: Int, seed: UInt64) throws -> [(SnappedLocation, SnappedLocation)] {
        var rng = SeededGenerator(seed: seed)
        let graph = router.graph
        var pairs: [(SnappedLocation, SnappedLocation)] = []
        for _ in 0..<count {
            let a = graph.nodeCoordinates[Int.random(in: 0..<graph.nodeCount, using: &rng)]
            let b = graph.nodeCoordinates[Int.random(in: 0..<graph.nodeCount, using: &rng)]
            pairs.append((try router.snap(a), try router.snap(b)))
        }
        return pairs
    }

    static func compareAStarWithDijkstra(extract: String, pairs count: Int, landmarks: Int = 0) throws {
        let path = try SharedExtracts.require(extract)
        let graph = try OSMImporter.importFile(path: path).graph
        let router = Router(graph: graph, landmarks: landmarks)
        let workspace = router.makeWorkspace()
        var compared = 0, aStarSettled = 0, dijkstraSettled = 0
        for (a, b) in try randomPairs(router: router, count: count, seed: 11) {
            let x = router.cost(from: a, to: b, algorithm: .aStar, workspace: workspace)
            aStarSettled += workspace.lastSettledCount
            let y = router.cost(from: a, to: b, algorithm: .dijkstra, workspace: workspace)
            dijkstraSettled += workspace.lastSettledCount
            #expect((x == nil) == (y == nil), "\(extract): reachability differs for \(a.input) -> \(b.input)")
            if let x, let y {
                #expect(abs(x - y) <= 1e-6 * max(1, y), "\(extract): A* \(x) s vs Dijkstra \(y) s for \(a.input) -> \(b.input)")
                compared += 1
            }
        }
        #expect(compared > count / 2, "\(extract): only \(compared) of \(count) pairs connected")
        #expect(aStarSettled < dijkstraSettled, "A* should settle fewer states than Dijkstra")
        print("\(extract) (\(landmarks) landmarks): \(compared)/\(count) connected pairs equal; settled A* \(aStarSettled / count) vs Dijkstra \(dijkstraSettled / count) per query")
    }

    @Test(.enabled(if: SharedExtracts.available("krems.osm.bz2"))) func aStarEqualsDijkstraOnThousandPairsInKrems() throws {
        try Self.compareAStarWithDijkstra(extract: "krems.osm.bz2", pairs: 1000)
    }

    @Test(.enabled(if: SharedExtracts.available("monaco.osm.bz2"))) func aStarEqualsDijkstraOnMonaco() throws {
        try Self.compareAStarWithDijkstra(extract: "monaco.osm.bz2", pairs: 200)
    }

    @Test(.enabled(if: SharedExtracts.available("andorra-2021.osm.bz2"))) func aStarWithLandmarksEqualsDijkstraOnAndorra() throws {
        try Self.compareAStarWithDijkstra(extract: "andorra-2021.osm.bz2", pairs: 300, landmarks: 8)
    }
}

/// Timing report (no assertions on time): set WAYMARK_TIMING=1 and run in release:
/// `WAYMARK_TIMING=1 swift test -c release --scratch-path .build-routing --filter RoutingTimingReport`.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["WAYMARK_TIMING"] == "1"))
struct RoutingTimingReport {
    @Test(.enabled(if: SharedExtracts.available(["monaco.osm.bz2", "andorra-2021.osm.bz2", "milan.osm.bz2", "porto-roads.osm.bz2"])), arguments: ["monaco.osm.bz2", "andorra-2021.osm.bz2", "milan.osm.bz2", "porto-roads.osm.bz2"])
    func report(extract: String) throws {
        let path = try SharedExtracts.require(extract)
        let graph = try OSMImporter.importFile(path: path).graph
        for landmarks in [0, 8] { try measure(extract: extract, graph: graph, landmarks: landmarks) }
    }

    func measure(extract: String, graph: RoadGraph, landmarks: Int) throws {
        let prepareStart = DispatchTime.now().uptimeNanoseconds
        let router = Router(graph: graph, landmarks: landmarks)
        let prepareMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - prepareStart) / 1e6
        let workspace = router.makeWorkspace()
        let pairs = try RoutingRealExtractTests.randomPairs(router: router, count: 1000, seed: 2026)
        var times: [Double] = [], settled: [Int] = []
        var noRoute = 0
        let allStart = DispatchTime.now().uptimeNanoseconds
        for (a, b) in pairs {
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                let route = try router.route(through: [a, b], workspace: workspace)
                settled.append(route.settledNodes)
            } catch {
                noRoute += 1
                settled.append(workspace.lastSettledCount)
            }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let total = Double(DispatchTime.now().uptimeNanoseconds - allStart) / 1e9
        var dijkstraTimes: [Double] = []
        for (a, b) in pairs.prefix(100) {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = router.cost(from: a, to: b, algorithm: .dijkstra, workspace: workspace)
            dijkstraTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        func percentile(_ values: [Double], _ p: Double) -> Double {
            let sorted = values.sorted()
            return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
        }
        let f = { (v: Double) in String(format: "%.3f", v) }
        print("""
            TIMING \(extract) [\(landmarks) landmarks]: nodes \(graph.nodeCount), edges \(graph.edgeCount), restrictions \(graph.restrictions.count), \
            router prepare \(f(prepareMilliseconds)) ms
            TIMING \(extract) [\(landmarks) landmarks]: A* 1000 random pairs: median \(f(percentile(times, 0.5))) ms, p95 \(f(percentile(times, 0.95))) ms, \
            max \(f(times.max() ?? 0)) ms, \(Int(Double(pairs.count) / total)) routes/s, \
            settled median \(Int(percentile(settled.map(Double.init), 0.5))) mean \(settled.reduce(0, +) / settled.count), no route \(noRoute)
            TIMING \(extract) [\(landmarks) landmarks]: Dijkstra (first 100 pairs): median \(f(percentile(dijkstraTimes, 0.5))) ms
            """)
    }
}
