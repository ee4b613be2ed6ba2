import Synchronization
import Testing
@_spi(Experiments) @testable import Routing

/// A workspace's `shouldStop` ends a single leg's search and a table partway, not only between legs: a
/// server's timed-out request stops its work within one check interval instead of running to the end.
@Suite struct StoppedSearchTests {
    /// A grid large enough that a corner-to-corner search settles many times the check interval.
    static let graph = RandomRoadGraph.make(seed: 11, columns: 80, rows: 80)

    /// Counts the checks and answers true from the `stopAt`-th on.
    final class StopAfter: Sendable {
        let checks = Atomic<Int>(0)
        let stopAt: Int
        init(_ stopAt: Int) { self.stopAt = stopAt }
        var check: @Sendable () -> Bool { { self.checks.add(1, ordering: .relaxed).newValue >= self.stopAt } }
    }

    static func corners(_ router: Router) throws -> [SnappedLocation] {
        [try router.snap(graph.nodeCoordinates[0]), try router.snap(graph.nodeCoordinates[graph.nodeCount - 1])]
    }

    @Test(arguments: [SearchAlgorithm.dijkstra, .aStar])
    func aSingleLegStopsWithinOneCheckIntervalAndReturnsNoPath(_ algorithm: SearchAlgorithm) throws {
        let router = Router(graph: Self.graph)
        let ends = try Self.corners(router)
        let ws = router.makeWorkspace()
        let full = try router.route(through: ends, algorithm: algorithm, workspace: ws)
        #expect(full.settledNodes > 2 * PointToPointSearch.stopCheckInterval, "\(full.settledNodes) settled")
        // The check before the leg passes; the search's first check (after 4,096 settled states) stops it.
        let stop = StopAfter(2)
        ws.shouldStop = stop.check
        #expect(throws: RoutingError.self) { try router.route(through: ends, algorithm: algorithm, workspace: ws) }
        #expect(ws.lastSettledCount == PointToPointSearch.stopCheckInterval)
        #expect(stop.checks.load(ordering: .relaxed) == 2)
        // Never stopped: the same route as before (the checks change nothing else).
        ws.shouldStop = { false }
        let again = try router.route(through: ends, algorithm: algorithm, workspace: ws)
        #expect(again.duration == full.duration && again.distance == full.distance && again.settledNodes == full.settledNodes)
    }

    @Test func aTableStopsBeforeItsNextSearch() throws {
        let router = Router(graph: Self.graph)
        let ends = try Self.corners(router)
        let points = ends + ends + ends
        let ws = router.makeWorkspace()
        let full = router.table(from: points, to: points, workspace: ws)
        #expect(full.durations.allSatisfy { $0 != nil })
        let stop = StopAfter(3)
        ws.shouldStop = stop.check
        let stopped = router.table(from: points, to: points, workspace: ws)
        #expect(stopped == .unreachable(points.count, points.count))
        // The third check (before a search or inside one) stops it; at most one more, before the next
        // search, ends the table: the 36 searches do not all run.
        #expect(stop.checks.load(ordering: .relaxed) <= 4)
        ws.shouldStop = { false }
        #expect(router.table(from: points, to: points, workspace: ws) == full)
    }
}
