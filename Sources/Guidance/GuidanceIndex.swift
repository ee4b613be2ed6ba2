import Geodesy
import RoadNetwork

/// A road graph with what guidance measures of it once rather than for every route: the bearing of each
/// edge at both of its ends, every roundabout ring, the change of labels between every two roads that
/// meet, and the instruction of every turn that depends on its two edges alone.
///
/// A route's steps judge each junction on the route by the bearings of every road meeting it and each
/// ring the route touches by the roads joining it. For a server answering many routes over one graph,
/// measuring those once (`init(graph:)`) makes the steps of a Porto route take a third of the time
/// (Benchmarks/notebook, *Measuring the junctions once: the guidance index*); for a single route, measuring the whole graph would cost more than the
/// route (`measuringOnDemand(_:)`). Both give the same steps, bit for bit: the tables hold the values the
/// probes and rules themselves give.
///
/// An index is immutable and `Sendable`: build it once beside the router and share it between threads.
public final class GuidanceIndex: Sendable {
    public let graph: RoadGraph
    /// The columns that junction rules read, shared by every junction.
    let labels: RoadLabels
    /// Each edge's bearings over the classifier's probe; nil when measured on demand.
    let bearings: EdgeBearingTable?
    /// Every ring of the graph (nil when it has none); on demand, the rings a route touches are found for
    /// each route instead.
    private let everyRing: RoundaboutCatalogue?
    /// The instruction of every turn that depends on its two edges alone; nil when measured on demand.
    let turns: TurnInstructionTable?

    /// Measures the whole graph: each edge's bearings and every roundabout ring, decides the change of
    /// labels between every two roads that meet, then the instruction of every turn those make a function
    /// of its two edges (the bearings and the turns on all cores).
    /// - Complexity: O(edges × degree² + shape points + ring nodes × degree); Porto (148,490 edges): 0.13 s
    ///   and 6.7 MB, the generated 5 M-node city (6.3 M edges) 7 s and 381 MB, on two cores.
    public convenience init(graph: RoadGraph) {
        let labels = RoadLabels(graph: graph, decidingChangesAtJunctions: true)
        let bearings = EdgeBearingTable(graph: graph, probeDistance: TurnClassifier.probeDistance)
        let rings = RoundaboutCatalogue(graph: graph, bearings: bearings)
        // The turns are decided by the junction rules over an index of everything else.
        let measured = GuidanceIndex(graph: graph, labels: labels, bearings: bearings, everyRing: rings, turns: nil)
        self.init(graph: graph, labels: labels, bearings: bearings, everyRing: rings, turns: TurnInstructionTable(index: measured))
    }

    private init(graph: RoadGraph, labels: RoadLabels, bearings: EdgeBearingTable?, everyRing: RoundaboutCatalogue?,
                 turns: TurnInstructionTable?) {
        self.graph = graph
        self.labels = labels
        self.bearings = bearings
        self.everyRing = everyRing
        self.turns = turns
    }

    /// An index that measures nothing ahead: each route measures the junctions and rings it passes.
    /// - Complexity: O(1).
    public static func measuringOnDemand(_ graph: RoadGraph) -> GuidanceIndex {
        GuidanceIndex(graph: graph, labels: RoadLabels(graph: graph), bearings: nil, everyRing: nil, turns: nil)
    }

    /// Whether the index holds the graph's bearings, rings, label changes and turns (`init(graph:)`).
    public var isPrecomputed: Bool { bearings != nil }

    /// How many of the graph's turns the index decided (`decided`, of `all`); 0 of 0 on demand.
    public var decidedTurns: (decided: Int, all: Int) { (turns?.decidedCount ?? 0, turns?.count ?? 0) }

    /// How many changes of labels between roads that meet the index decided.
    public var decidedLabelChanges: Int { labels.decidedChangeCount }

    /// Bytes held besides the graph: the bearings, the rings, the label changes and the turns.
    public var byteCount: Int {
        (bearings?.byteCount ?? 0) + (everyRing?.byteCount ?? 0) + labels.byteCount + (turns?.byteCount ?? 0)
    }
}

/// The bearings and rings classification reads, from the tables when there are some, measured otherwise.
/// Every bearing is over the classifier's probe, `TurnClassifier.probeDistance`.
extension GuidanceIndex {
    /// The bearing out of `tailNode` along the edge `e` alone (`RoadGraph.bearingOutOf(edge:leaving:distance:)`).
    /// - Precondition: `tailNode == graph.tail[e]`.
    func bearingLeaving(_ e: EdgeIndex, from tailNode: NodeIndex) -> Bearing {
        if let bearings { return bearings.leaving(e) }
        return graph.bearingOutOf(edge: e, leaving: tailNode, distance: TurnClassifier.probeDistance)
    }

    /// The bearing from the head of `e` back along it (`RoadGraph.bearingBackAlong(edge:distance:)`).
    func bearingBackAlong(_ e: EdgeIndex) -> Bearing {
        if let bearings { return bearings.backAlong(e) }
        return graph.bearingBackAlong(edge: e, distance: TurnClassifier.probeDistance)
    }

    /// The bearing of travel into the head of `edges[index]` along the route (`RoadGraph.arrivalProbe`).
    func arrival(edges: [EdgeIndex], at index: Int) -> ProbedBearing {
        let e = edges[index]
        if let bearing = bearings?.arrival(e) { return ProbedBearing(bearing: bearing, staysOnEdge: true) }
        return graph.arrivalProbe(edges: edges, at: index, distance: TurnClassifier.probeDistance)
    }

    /// The bearing of travel out of the tail of `edges[index]` along the route (`RoadGraph.departureProbe`);
    /// `tailNode` is that tail when the caller knows it.
    func departure(edges: [EdgeIndex], at index: Int, tailNode: NodeIndex? = nil) -> ProbedBearing {
        let e = edges[index]
        if let bearing = bearings?.departure(e) { return ProbedBearing(bearing: bearing, staysOnEdge: true) }
        return graph.departureProbe(edges: edges, at: index, distance: TurnClassifier.probeDistance, tailNode: tailNode)
    }

    /// Whether `node` lies on a ring of the index's own catalogue.
    func isOnIndexedRing(_ node: NodeIndex) -> Bool { everyRing?.ring(at: node) != nil }

    /// The rings that the nodes of `edges` lie on (nil when none): looked up in the index, or found and
    /// classified for these edges.
    func rings(touching edges: [EdgeIndex]) -> RoundaboutCatalogue? {
        isPrecomputed ? everyRing : RoundaboutCatalogue(graph: graph, edges: edges, bearings: nil)
    }
}
