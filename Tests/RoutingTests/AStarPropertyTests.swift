import TestSupport
import Geodesy
import RoadNetwork
import Testing
@_spi(Experiments) @testable import Routing

/// A* must find exactly Dijkstra's optimum (the heuristic never overestimates, and integer costs make
/// sums exact), and both must agree with an independent edge-based reference on random graphs with
/// oneways, access, restrictions and turn costs.
@Suite struct AStarPropertyTests {
    /// A random point near the graph (so snapping lands on various edges, at various fractions).
    static func randomPoint(in graph: RoadGraph, using rng: inout SeededGenerator) -> Coordinate {
        let box = graph.boundingBox
        return Coordinate(latitude: Double.random(in: box.minLatitude...box.maxLatitude, using: &rng),
                          longitude: Double.random(in: box.minLongitude...box.maxLongitude, using: &rng))
    }

    @Test(arguments: [(RoutingMetric.time, 0), (.distance, 0), (.time, 4), (.distance, 4)])
    func aStarCostEqualsDijkstraExactlyOnThousandRandomPairsWithTurnCosts(metric: RoutingMetric, landmarks: Int) throws {
        var rng = SeededGenerator(seed: 42)
        var compared = 0, unreachable = 0
        for graphSeed in UInt64(1)...10 {
            let graph = RandomRoadGraph.make(seed: graphSeed)
            let router = Router(graph: graph, landmarks: landmarks)
            #expect(router.landmarkCount == landmarks)
            let workspace = router.makeWorkspace()
            for _ in 0..<100 {
                let a = try router.snap(Self.randomPoint(in: graph, using: &rng))
                let b = try router.snap(Self.randomPoint(in: graph, using: &rng))
                let aStar = router.cost(from: a, to: b, metric: metric, algorithm: .aStar, workspace: workspace)
                let dijkstra = router.cost(from: a, to: b, metric: metric, algorithm: .dijkstra, workspace: workspace)
                #expect((aStar == nil) == (dijkstra == nil), "graph \(graphSeed): reachability differs for \(a.input) -> \(b.input)")
                if let x = aStar, let y = dijkstra {
                    // Integer edge and turn costs: the same optimum is the same number, not merely close.
                    #expect(x == y, "graph \(graphSeed): A* \(x) vs Dijkstra \(y)")
                    compared += 1
                } else {
                    unreachable += 1
                }
            }
        }
        #expect(compared >= 700, "too few connected pairs (\(compared)) for the test to mean much")
        #expect(unreachable > 0 || compared == 1000)
    }

    @Test(arguments: [0, 3])
    func routerMatchesIndependentEdgeBasedReference(landmarks: Int) throws {
        var rng = SeededGenerator(seed: 7)
        var compared = 0
        for graphSeed in UInt64(20)...24 {
            let graph = RandomRoadGraph.make(seed: graphSeed, columns: 7, rows: 7)
            #expect(!graph.restrictions.isEmpty && !graph.viaWayRestrictions.isEmpty)
            let router = Router(graph: graph, landmarks: landmarks)
            let workspace = router.makeWorkspace()
            for _ in 0..<60 {
                let a = try router.snap(Self.randomPoint(in: graph, using: &rng))
                let b = try router.snap(Self.randomPoint(in: graph, using: &rng))
                for metric in RoutingMetric.allCases {
                    let fast = router.cost(from: a, to: b, metric: metric, workspace: workspace)
                    let reference = ReferenceRouter.cost(in: graph, router: router, from: a, to: b, metric: metric)
                    #expect((fast == nil) == (reference == nil), "graph \(graphSeed): reachability differs")
                    if let x = fast, let y = reference {
                        #expect(abs(x - y) <= 1e-6 * max(1, y), "graph \(graphSeed) \(metric): router \(x) vs reference \(y)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared >= 300)
    }

    /// The queue keeps superseded entries until they surface, so it may need more room than it began
    /// with: a workspace whose queue starts with one entry grows it and finds the same routes, settling
    /// the same states, as one with the usual room; so does a workspace whose query stamps wrap round.
    @Test func aQueueThatOutgrowsItsRoomAndStampsThatWrapRoundRouteAlike() throws {
        var rng = SeededGenerator(seed: 7)
        var routed = 0
        for graphSeed in UInt64(11)...13 {
            let graph = RandomRoadGraph.make(seed: graphSeed)
            let router = Router(graph: graph)
            let usual = router.makeWorkspace()
            let tight = RoutingWorkspace(stateCount: router.searchStateCount, initialHeapCapacity: 1)
            let wrapping = router.makeWorkspace()
            wrapping.generation = UInt32.max / 2 - 2
            for metric in RoutingMetric.allCases {
                for _ in 0..<20 {
                    let a = Self.randomPoint(in: graph, using: &rng), b = Self.randomPoint(in: graph, using: &rng)
                    let expected = try? router.route(from: a, to: b, metric: metric, algorithm: .aStar, workspace: usual)
                    for workspace in [tight, wrapping] {
                        let route = try? router.route(from: a, to: b, metric: metric, algorithm: .aStar, workspace: workspace)
                        #expect((route == nil) == (expected == nil))
                        guard let route, let expected else { continue }
                        #expect(route.legs.map(\.edges) == expected.legs.map(\.edges))
                        #expect(route.duration == expected.duration && route.distance == expected.distance)
                        #expect(workspace.lastSettledCount == usual.lastSettledCount)
                        routed += 1
                    }
                }
            }
            #expect(tight.heap.capacity > 1, "the queue grew")
            #expect(wrapping.generation < 100, "the stamps wrapped round")
        }
        #expect(routed >= 150)
    }

    @Test func routeWeightEqualsSearchCostAndLegIsWellFormed() throws {
        var rng = SeededGenerator(seed: 99)
        let graph = RandomRoadGraph.make(seed: 5)
        let router = Router(graph: graph)
        let workspace = router.makeWorkspace()
        var checked = 0
        for _ in 0..<200 {
            let a = try router.snap(Self.randomPoint(in: graph, using: &rng))
            let b = try router.snap(Self.randomPoint(in: graph, using: &rng))
            guard let cost = router.cost(from: a, to: b, workspace: workspace) else { continue }
            let route = try router.route(through: [a, b], workspace: workspace)
            let leg = route.legs[0]
            #expect(abs(route.weight - cost) <= 1e-6 * max(1, cost))
            #expect(leg.coordinates.first == a.location)
            if leg.distance > 0 {
                #expect(leg.coordinates.last == b.location)
                #expect(leg.coordinates.count == leg.segmentEdge.count + 1)
                #expect(zip(leg.segmentEdge, leg.segmentEdge.dropFirst()).allSatisfy { $0 <= $1 })
                #expect(leg.segmentEdge.allSatisfy { $0 >= 0 && $0 < leg.edges.count })
                // Consecutive edges connect head to tail.
                for (e, f) in zip(leg.edges, leg.edges.dropFirst()) { #expect(graph.head[Int(e)] == graph.tail[Int(f)]) }
                // The polyline is as long as the driven distance (edge lengths are measured on it).
                #expect(abs(GreatCircle.length(of: leg.coordinates) - leg.distance) <= 0.01 * leg.distance + 0.5)
            }
            checked += 1
        }
        #expect(checked > 100)
    }

    @Test func landmarksSettleFewerStatesThanTheGeometricBound() throws {
        var rng = SeededGenerator(seed: 17)
        let graph = RandomRoadGraph.make(seed: 8, columns: 14, rows: 14)
        let plain = Router(graph: graph), alt = Router(graph: graph, landmarks: 6)
        let w1 = plain.makeWorkspace(), w2 = alt.makeWorkspace()
        var settledPlain = 0, settledALT = 0
        for _ in 0..<200 {
            let a = try plain.snap(Self.randomPoint(in: graph, using: &rng))
            let b = try plain.snap(Self.randomPoint(in: graph, using: &rng))
            let x = plain.cost(from: a, to: b, workspace: w1)
            settledPlain += w1.lastSettledCount
            let y = alt.cost(from: a, to: b, workspace: w2)
            settledALT += w2.lastSettledCount
            #expect(x == y || abs((x ?? 0) - (y ?? 0)) <= 1e-6 * max(1, x ?? 0))
        }
        #expect(settledALT < settledPlain, "ALT \(settledALT) vs geometric \(settledPlain)")
    }
}
