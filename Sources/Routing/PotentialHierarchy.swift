import Foundation
import RoadNetwork

/// A contraction hierarchy of the road graph's junctions without turns, whose distances are exact A*
/// potentials for the router's turn-expanded search (Strasser & Zeitz's CH-Potentials).
///
/// Why: some graphs do not contract over turn states (a generated grid city fills in, see
/// `ContractionOptions.denseRemainderLimits`), while their junction graph contracts like any road
/// graph. Every transition costs its turn (never negative) plus its edge, and restrictions and access
/// phases only remove paths, so the junction graph's shortest distance from a node to the target's goal
/// nodes never exceeds the router's true remaining cost, and it is consistent (an edge costs at least the
/// difference of its ends' distances). A* with it settles only the states that turn costs make
/// competitive: on a generated 100 k-node city about 500 instead of 40,000 with the geometric bound.
///
/// The potential of one query is computed lazily (`HierarchyPotentialSearch`): one backward upward search
/// from the goal nodes, then, per node A* asks about, the minimum over its upward arcs of arc plus the
/// potential of the arc's head, memoised.
///
/// Invariant: `hierarchy` contracts the graph whose vertices are the road graph's nodes and whose arcs
/// are its edges in edge order, weighing the router's integer cost of each edge in `metric`.
public struct PotentialHierarchy: Sendable {
    public let metric: RoutingMetric
    public let hierarchy: ContractionHierarchy
    /// Wall-clock seconds the contraction took, when this value was contracted rather than loaded.
    public let contractionSeconds: Double?

    /// Contracts the router's junction graph in `metric`.
    /// - Throws: `ContractionHierarchyError` when the costs overflow 32 bits (not for real roads) or the
    ///   graph fills in (`options.denseRemainderLimits`).
    /// - Complexity: that of `ContractionHierarchy(graph:options:)` on nodes and edges.
    public init(router: Router, metric: RoutingMetric, options: ContractionOptions = ContractionOptions())
        throws(ContractionHierarchyError) {
        let started = Date()
        hierarchy = try ContractionHierarchy(graph: Self.junctionGraph(of: router, metric: metric), options: options)
        self.metric = metric
        contractionSeconds = Date().timeIntervalSince(started)
    }

    /// Accepts stored arrays (`storedArrays`' names) after checking them against the router's graph.
    /// - Throws: `ContractionHierarchyError.damaged` naming the first missing or inconsistent array.
    /// - Complexity: O(nodes + edges + shortcuts).
    public init(validating storedArrays: [String: [UInt32]], router: Router, metric: RoutingMetric)
        throws(ContractionHierarchyError) {
        hierarchy = try ContractionHierarchy(validating: Self.junctionGraph(of: router, metric: metric), storedArrays: storedArrays)
        self.metric = metric
        contractionSeconds = nil
    }

    /// The graph the hierarchy contracts: nodes, and edges at their integer cost in `metric` (edges a
    /// router excludes included: they only lower the bound).
    static func junctionGraph(of router: Router, metric: RoutingMetric) throws(ContractionHierarchyError) -> WeightedDigraph {
        let graph = router.graph
        return try WeightedDigraph(firstOut: graph.firstOut, head: graph.head,
                                   weight: Router.integerEdgeCosts(of: graph, metric: metric))
    }

    /// The hierarchy's arrays by their stored names (what a database keeps).
    public var storedArrays: [(name: String, values: [UInt32])] { hierarchy.storedArrays }

    /// Bytes held after loading.
    public var byteCount: Int { hierarchy.memoryBytes }
}
