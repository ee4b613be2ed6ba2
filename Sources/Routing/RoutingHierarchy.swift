import CMalloc
import Foundation
import RoadNetwork

/// A contraction hierarchy of a router's turn-expanded graph for one metric, with what a router needs
/// to turn its paths back into road edges and to report the other metric along them.
///
/// The hierarchy contracts exactly the states, transitions and integer costs `Router.search` uses
/// (`TransitionArrays`), so its shortest paths cost what A* and Dijkstra find, to the unit. Its arrays
/// (`storedArrays`) are the only part worth storing: the transitions' road edges and the other metric's
/// costs are re-derived from the router in O(transitions) when a stored hierarchy is loaded.
///
/// Invariant: `arcEdge` and `otherMetric(router:)` come from the same router as the hierarchy's graph
/// (one entry per transition; `init(validating:)` checks the stored arrays against that graph).
public struct RoutingHierarchy: Sendable {
    /// The metric the hierarchy's weights are in.
    public let metric: RoutingMetric
    /// The hierarchy over the router's search states.
    let hierarchy: ContractionHierarchy
    /// The road edge each transition (original arc) drives.
    let arcEdge: [EdgeIndex]
    /// The other metric's cost summed over every search arc (a table's durations come with the
    /// distances of the same routes, as OSRM's do): made on the first table, as routes never read it
    /// (Porto: 3.4 MB per metric).
    private let otherMetricAnnotation = BuiltOnce<HierarchyAnnotation>()
    /// Wall-clock seconds the contraction took, when this value was contracted rather than loaded.
    public let contractionSeconds: Double?

    /// Contracts the router's turn-expanded graph in `metric`.
    /// - Throws: `ContractionHierarchyError` when the costs overflow 32 bits (not for real roads).
    /// - Complexity: that of `ContractionHierarchy(graph:options:)` on states and transitions.
    public init(router: Router, metric: RoutingMetric, options: ContractionOptions = ContractionOptions())
        throws(ContractionHierarchyError) {
        let started = Date()
        let transitions = TransitionArrays(router: router, metric: metric)
        let graph = try WeightedDigraph(firstOut: transitions.firstOut, head: transitions.target, weight: transitions.cost)
        let hierarchy = try ContractionHierarchy(graph: graph, options: options)
        self.init(metric: metric, hierarchy: hierarchy, transitions: transitions,
                  contractionSeconds: Date().timeIntervalSince(started))
    }

    /// Accepts stored arrays (`storedArrays`' names) after checking them against the router's graph.
    /// - Throws: `ContractionHierarchyError.damaged` naming the first missing or inconsistent array.
    /// - Complexity: O(states + transitions + shortcuts).
    public init(validating storedArrays: [String: [UInt32]], router: Router, metric: RoutingMetric)
        throws(ContractionHierarchyError) {
        let transitions = TransitionArrays(router: router, metric: metric)
        let graph = try WeightedDigraph(firstOut: transitions.firstOut, head: transitions.target, weight: transitions.cost)
        let hierarchy = try ContractionHierarchy(validating: graph, storedArrays: storedArrays)
        self.init(metric: metric, hierarchy: hierarchy, transitions: transitions, contractionSeconds: nil)
    }

    private init(metric: RoutingMetric, hierarchy: ContractionHierarchy, transitions: TransitionArrays,
                 contractionSeconds: Double?) {
        self.metric = metric
        self.hierarchy = hierarchy
        // A copy of exactly its count: the transitions' array grew by appending (up to twice that).
        arcEdge = transitions.edge.withUnsafeBufferPointer { Array($0) }
        self.contractionSeconds = contractionSeconds
    }

    /// The other metric's annotation of the search arcs, made now from `router` (the router this
    /// hierarchy was made for) on the first call.
    /// - Complexity: O(1) once made; the first call O(states + transitions + shortcuts).
    func otherMetric(router: Router) -> HierarchyAnnotation {
        otherMetricAnnotation.value {
            let annotation = HierarchyAnnotation(hierarchy: hierarchy, arcValues: TransitionArrays(router: router, metric: metric).otherCost)
            // The transitions' other arrays were temporaries; a server answering would keep their pages.
            waymark_release_freed_memory()
            return annotation
        }
    }

    /// The hierarchy's arrays by their stored names (what a database keeps).
    public var storedArrays: [(name: String, values: [UInt32])] { hierarchy.storedArrays }

    /// Bytes held: the hierarchy's arrays, the transitions' edges and, once a table made it, the other
    /// metric's annotation of the search arcs.
    public var byteCount: Int {
        let annotation = otherMetricAnnotation.valueIfMade.map { 4 * ($0.upward.count + $0.downward.count) } ?? 0
        return hierarchy.memoryBytes + 4 * arcEdge.count + annotation
    }
}
