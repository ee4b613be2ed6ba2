import Foundation
import RoadNetwork

/// A contraction hierarchy of the road graph's junctions without turn states, whose distances are exact A*
/// potentials for the router's turn-expanded search (Strasser & Zeitz's CH-Potentials).
///
/// Why: some graphs do not contract over turn states (a generated grid city fills in, see
/// `ContractionOptions.denseRemainderLimits`), while their junction graph contracts like any road
/// graph. Every transition costs its turn (never negative) plus its edge, and restrictions and access
/// phases only remove paths, so the junction graph's shortest distance from a node to the target's goal
/// nodes never exceeds the router's true remaining cost, and it is consistent (an edge costs at least the
/// difference of its ends' distances). A* with it settles only the states that turn costs make
/// competitive: on a generated 100 k-node city about 260 (mean) instead of 35,000 with the geometric bound.
///
/// The potential of one query is computed lazily (`HierarchyPotentialSearch`): one backward upward search
/// from the goal nodes, then, per node A* asks about, the minimum over its upward arcs of arc plus the
/// potential of the arc's head, memoised. That search reads `searchGraph`, the hierarchy's arcs renumbered
/// for its memory access, which is all this value keeps and all a database stores besides a hash of the
/// junction graph it contracted: potentials never unpack a path, so the arrays for unpacking shortcuts
/// are dropped once contracted. The hash ties stored potentials to the graph and cost model they were
/// built for: since the shortcuts' halves are gone, their weights can no longer be checked arc by arc,
/// and potentials of another graph or of older turn costs could exceed the true remaining cost.
///
/// Invariant: `searchGraph` holds the arcs of a contraction hierarchy of the graph whose vertices are the
/// road graph's nodes and whose arcs are its edges in edge order, each weighing the router's cheapest
/// transition onto it in `metric` (`junctionGraph(of:metric:)`).
public struct PotentialHierarchy: Sendable {
    public let metric: RoutingMetric
    /// What the potential search reads.
    let searchGraph: PotentialSearchGraph
    /// `junctionGraphHash(of:)` of the contracted graph.
    let junctionGraphHash: UInt64
    /// Wall-clock seconds the contraction (and the search graph's layout) took, when this value was
    /// contracted rather than loaded.
    public let contractionSeconds: Double?

    /// Contracts the router's junction graph in `metric`.
    /// - Throws: `ContractionHierarchyError` when the costs overflow 32 bits (not for real roads) or the
    ///   graph fills in (`options.denseRemainderLimits`).
    /// - Complexity: that of `ContractionHierarchy(graph:options:)` on nodes and edges.
    public init(router: Router, metric: RoutingMetric,
                options: ContractionOptions = ContractionOptions(levelWeight: ContractionOptions.potentialLevelWeight))
        throws(ContractionHierarchyError) {
        let started = Date()
        let junctions = try Self.junctionGraph(of: router, metric: metric)
        let hierarchy = try ContractionHierarchy(graph: junctions, options: options)
        searchGraph = PotentialSearchGraph(hierarchy: hierarchy, coordinates: router.graph.nodeCoordinates,
                                           box: router.graph.boundingBox)
        junctionGraphHash = Self.junctionGraphHash(of: junctions)
        self.metric = metric
        contractionSeconds = Date().timeIntervalSince(started)
    }

    /// Accepts stored arrays (`storedArrays`' names) after checking that they were built for the router's
    /// junction graph in `metric` (its hash) and their shape (`PotentialSearchGraph.init(validating:vertexCount:)`).
    /// - Throws: `ContractionHierarchyError.damaged` naming the first missing, foreign or malformed array.
    /// - Complexity: O(states + transitions + arcs).
    public init(validating storedArrays: [String: [UInt32]], router: Router, metric: RoutingMetric)
        throws(ContractionHierarchyError) {
        guard let stored = storedArrays[Self.hashName] else { throw .damaged(array: Self.hashName, reason: "missing") }
        let expected = Self.junctionGraphHash(of: try Self.junctionGraph(of: router, metric: metric))
        guard stored == Self.words(expected) else {
            throw .damaged(array: Self.hashName, reason: "built for another graph or other \(metric.rawValue) costs")
        }
        searchGraph = try PotentialSearchGraph(validating: storedArrays, vertexCount: router.nodeCount)
        junctionGraphHash = expected
        self.metric = metric
        contractionSeconds = nil
    }

    /// The graph the hierarchy contracts: nodes, and each edge at the cost of the cheapest transition
    /// onto it in `metric` (the edge plus the cheapest turn and wait at its tail), or at its own cost when
    /// no transition leads onto it.
    ///
    /// Why the turn: every remaining path from a state at a node enters each of its edges over a
    /// transition, so the cheapest one is still a lower bound, and it is what a junction costs whatever
    /// the way in: traffic signals, stop and give-way signs facing every arrival, the turn into a side road
    /// from a T-junction. Without it the bound misses every signal along an artery (the generated cities
    /// have them at every secondary crossing), and A* searches a band around the route as wide as all of
    /// them together. Consistent, since each transition costs at least its edge's weight here.
    /// - Complexity: O(states + transitions).
    @_spi(Experiments) public static func junctionGraph(of router: Router, metric: RoutingMetric) throws(ContractionHierarchyError) -> WeightedDigraph {
        let graph = router.graph
        var weight = Router.integerEdgeCosts(of: graph, metric: metric)
        var cheapestEntry = [UInt32](repeating: .max, count: weight.count)
        for s in 0..<router.searchStateCount {
            router.forEachTransition(from: SearchState(index: UInt32(s))) { t in
                let e = Int(t.edge)
                cheapestEntry[e] = min(cheapestEntry[e], t.cost(metric))
            }
        }
        for e in weight.indices where cheapestEntry[e] != .max { weight[e] = cheapestEntry[e] }
        return try WeightedDigraph(firstOut: graph.firstOut, head: graph.head, weight: weight)
    }

    /// The arrays by their stored names (what a database keeps).
    public var storedArrays: [(name: String, values: [UInt32])] {
        searchGraph.storedArrays + [(Self.hashName, Self.words(junctionGraphHash))]
    }

    static let hashName = "junction_graph_hash"

    /// A 64-bit FNV-1a-style hash (over 32-bit words) of the junction graph's arrays (offsets, heads, weights), so that potentials of
    /// another graph, or of the same roads under other turn costs, are refused rather than used as a bound.
    /// - Complexity: O(nodes + edges).
    static func junctionGraphHash(of graph: WeightedDigraph) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for array in [graph.firstOut, graph.head, graph.weight] {
            hash = (hash ^ UInt64(array.count)) &* 0x100_0000_01B3
            for value in array { hash = (hash ^ UInt64(value)) &* 0x100_0000_01B3 }
        }
        return hash
    }

    /// `value` as its low and high 32-bit words (how the hash is stored).
    private static func words(_ value: UInt64) -> [UInt32] { [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)] }

    /// Arcs of the hierarchy: the junction graph's edges and the shortcuts.
    @_spi(Experiments) public var arcCount: Int { searchGraph.arcCount }

    /// Bytes held after loading.
    public var byteCount: Int { searchGraph.byteCount }
}
