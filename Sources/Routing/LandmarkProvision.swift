import CMalloc
import RoadNetwork
import Synchronization

/// A router's ALT landmark tables (`LandmarkTable`, one per metric), built when the router is set up or
/// on the first A* search that reads them, and shareable by routers over the same graph.
///
/// The tables are computed on the node graph with every edge's integer cost before any exclusion
/// (`Router.integerEdgeCosts`), so a router that leaves road classes out (`exclude=`) may share its
/// parent's: its paths are a subset of the parent's, and a lower bound there stays one.
///
/// A router with contraction or potential hierarchies routes by them and reads landmarks only on the
/// rare A* search (an `exclude=` router sharing them, a fallback past the hierarchy's 32 bits): for
/// Porto the tables are 16.4 MB of a 140 MB server, so such a router builds them on first use.
/// Building is once per provision: the first search that needs them builds them while holding a lock,
/// and searches arriving meanwhile wait for that build rather than starting their own.
public final class LandmarkProvision: Sendable {
    /// When the tables are built.
    public enum Timing: Sendable {
        /// With the router: every A* search, the first too, has the landmarks' bound at no wait.
        case atSetUp
        /// On the first A* search that reads them; until then they take no memory.
        case onFirstUse
    }

    /// The two metrics' tables once built.
    struct Tables: Sendable {
        let time: LandmarkTable
        let distance: LandmarkTable
    }

    /// The number of landmarks asked for (the tables may hold fewer: see `LandmarkTable.init`).
    public let requestedCount: Int
    /// The graph the tables are for.
    private let graph: RoadGraph
    private let built: Mutex<Tables?>
    /// How many times the tables were built (at most once; read by tests).
    private let buildCount = Atomic<Int>(0)

    /// Landmarks for `graph`: `count` of them (0: none), built now or on first use.
    /// - Complexity: O(count × (edges + nodes log nodes)) now with `.atSetUp`, O(1) otherwise.
    public init(graph: RoadGraph, count: Int, timing: Timing = .atSetUp) {
        requestedCount = max(0, count)
        self.graph = graph
        built = Mutex(nil)
        if timing == .atSetUp { _ = tables() }
    }

    /// No landmarks: A* uses the geometric bound alone.
    public static func none(for graph: RoadGraph) -> LandmarkProvision { LandmarkProvision(graph: graph, count: 0) }

    /// Whether the tables exist (always false without landmarks).
    public var isBuilt: Bool { built.withLock { $0 != nil } }

    /// The number of times the tables have been built: 0 or 1.
    var timesBuilt: Int { buildCount.load(ordering: .acquiring) }

    /// The number of landmarks the bound uses: those chosen once built, those asked for before.
    public var count: Int { built.withLock { $0?.time.count } ?? requestedCount }

    /// Whether this provision is for a graph shaped like `other` (same nodes and edges), so that a
    /// router over `other` may share it.
    func fits(_ other: RoadGraph) -> Bool { other.nodeCount == graph.nodeCount && other.edgeCount == graph.edgeCount }

    /// The table for `metric`, built now (for both metrics) if it was not yet; nil without landmarks.
    /// - Complexity: O(1) once built; the first call O(count × (edges + nodes log nodes)).
    func table(for metric: RoutingMetric) -> LandmarkTable? {
        guard let tables = tables() else { return nil }
        return metric == .time ? tables.time : tables.distance
    }

    /// The tables already built, without building them (for memory reports).
    var tablesIfBuilt: Tables? { built.withLock { $0 } }

    /// Both tables, built under the lock on the first call.
    private func tables() -> Tables? {
        guard requestedCount > 0 else { return nil }
        return built.withLock { tables in
            if let tables { return tables }
            let made = Self.build(graph: graph, count: requestedCount)
            buildCount.add(1, ordering: .releasing)
            tables = made
            return made
        }
    }

    /// Runs the landmark searches of both metrics.
    private static func build(graph: RoadGraph, count: Int) -> Tables {
        let timeCosts = Router.integerEdgeCosts(of: graph, metric: .time)
        let distanceCosts = Router.integerEdgeCosts(of: graph, metric: .distance)
        let tables = Tables(time: LandmarkTable(graph: graph, count: count) { Double(timeCosts[$0]) },
                            distance: LandmarkTable(graph: graph, count: count) { Double(distanceCosts[$0]) })
        // The searches' distance arrays (8 bytes per node and landmark, twice) are freed by now; built
        // while a server answers, their pages would otherwise stay resident.
        waymark_release_freed_memory()
        return tables
    }
}
