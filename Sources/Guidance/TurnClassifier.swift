import Geodesy
import RoadNetwork

/// What the classifier decided at one routing node of a route.
struct ClassifiedTurn: Sendable, Hashable {
    var type: ManeuverType
    var modifier: ManeuverModifier?
    var bearingBefore: Bearing
    var bearingAfter: Bearing
    /// Roundabout exit number (1-based) for `.roundabout`, `.rotary` and `.roundaboutTurn`.
    var exit: Int?
    /// For those: the index into the leg's edges of the first edge after the ring (nil when the route
    /// ends on it). The classifier skips the nodes in between.
    var resumeIndex: Int?
    /// Nothing is announced (the obvious way on), but later passes may combine it with a nearby maneuver.
    var isSilent: Bool = false
    /// How many roads meet at the node (a bend in the road has 2).
    var roadCount: Int = 0
    /// For `.rotary`: the ring's name.
    var rotaryName: String?
    /// For `.roundabout` and `.rotary`: the separate step where the route leaves the ring.
    var exitStep: RoundaboutManeuver.Exit?
    /// How many roads a car may take there besides turning back (1: the turn is forced).
    var choices: Int = 0
}

/// Classifies the turn at each routing node of a leg.
///
/// The junction `i` (1 ..< edges.count) is the node between `edges[i - 1]` and `edges[i]`. Bearings
/// are measured `probeDistance` along the original geometry (see `RoadGraph.bearingInto`). Roundabouts
/// (`RoundaboutManeuver`) and motorway ramps have their own rules; every other junction is judged as a
/// whole by `JunctionTurns`.
struct TurnClassifier {
    let graph: RoadGraph
    let edges: [EdgeIndex]
    /// How far along the roads bearings are measured.
    var probeDistance: Meters = TurnClassifier.standardProbeDistance
    /// Far enough that a short first piece of a road (a ramp leaving at a shallow angle before it bends
    /// away, a kink at the junction) does not decide the turn, near enough that a road curving away later
    /// does not. 15 m matched OSRM's junction scenarios best (10 m: 450 exact of 676, 15 m: 454, 20 m: 446).
    static let standardProbeDistance: Meters = 15
    let roundabouts: RoundaboutManeuver
    /// What `JunctionTurns` reads, shared by every junction of the leg.
    let labels: RoadLabels

    init(graph: RoadGraph, edges: [EdgeIndex]) {
        self.graph = graph
        labels = RoadLabels(graph: graph)
        self.edges = edges
        roundabouts = RoundaboutManeuver(graph: graph, edges: edges, probeDistance: Self.standardProbeDistance)
    }

    /// The classification at junction `i`, or nil when nothing is announced there.
    /// - Complexity: O(degree × probe walk) for ordinary nodes; O(ring length) when entering a roundabout.
    func classify(at i: Int) -> ClassifiedTurn? {
        let inEdge = edges[i - 1], outEdge = edges[i]
        let before = graph.bearingInto(edges: edges, at: i - 1, distance: probeDistance)
        // `bearingOutOf(edges:at:distance:)`, keeping what the junction's own bearing of the same edge
        // would compute again: the two agree whenever the probe ends on the edge's first segment.
        let node = graph.nodeCoordinates[Int(graph.head[Int(inEdge)])]
        let alongFirstSegment = graph.bearingAlongFirstSegment(of: outEdge, from: node, distance: probeDistance)
        let after = alongFirstSegment
            ?? graph.bearingOutOfBeyondFirstSegment(edges: edges, at: i, from: node, distance: probeDistance)

        // 1. Roundabouts.
        switch roundabouts.classify(at: i, before: before) {
        case .turn(let turn): return turn
        case .silent: return nil
        case .notRoundabout: break
        }

        let junction = Junction(graph: graph, inEdge: inEdge, arrival: before, probeDistance: probeDistance,
                                knownBearing: alongFirstSegment.map { (outEdge, $0) })
        guard let taken = junction.index(ofOutEdge: outEdge) else { return nil }
        let instruction = JunctionTurns(labels: labels, junction: junction).instruction(for: taken)
        return ClassifiedTurn(type: instruction.type, modifier: instruction.modifier, bearingBefore: before, bearingAfter: after,
                              isSilent: instruction.isSilent, roadCount: junction.roads.count,
                              choices: junction.roads.dropFirst().filter(\.entryAllowed).count)
    }
}
