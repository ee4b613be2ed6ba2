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
    let index: GuidanceIndex
    let edges: [EdgeIndex]
    /// How far along the roads bearings are measured: far enough that a short first piece of a road (a
    /// ramp leaving at a shallow angle before it bends away, a kink at the junction) does not decide the
    /// turn, near enough that a road curving away later does not. 15 m matched OSRM's junction scenarios
    /// best (10 m: 450 exact of 676, 15 m: 454, 20 m: 446).
    static let probeDistance: Meters = 15
    let roundabouts: RoundaboutManeuver

    init(index: GuidanceIndex, edges: [EdgeIndex]) {
        self.index = index
        graph = index.graph
        self.edges = edges
        roundabouts = RoundaboutManeuver(index: index, edges: edges)
    }

    /// The classification at junction `i`, or nil when nothing is announced there.
    /// - Complexity: O(degree × probe walk) for ordinary nodes; O(ring length) when entering a roundabout.
    func classify(at i: Int) -> ClassifiedTurn? {
        let inEdge = edges[i - 1], outEdge = edges[i]
        let junctionNode = graph.head[Int(inEdge)]
        let before = index.arrival(edges: edges, at: i - 1).bearing
        let departure = index.departure(edges: edges, at: i, tailNode: junctionNode)
        let after = departure.bearing

        // A turn that depends on its two edges alone was decided with the index (never one at a ring).
        if let decided = index.turns?.decision(from: inEdge, to: outEdge, firstOutOfJunction: graph.firstOut[Int(junctionNode)]) {
            return ClassifiedTurn(type: decided.instruction.type, modifier: decided.instruction.modifier, bearingBefore: before,
                                  bearingAfter: after, isSilent: decided.instruction.isSilent, roadCount: decided.roadCount,
                                  choices: decided.choices)
        }

        // 1. Roundabouts.
        switch roundabouts.classify(at: i, before: before, after: after) {
        case .turn(let turn): return turn
        case .silent: return nil
        case .notRoundabout: break
        }

        // A departure that stayed on the edge measured the junction's own bearing of that road.
        let junction = Junction(graph: graph, index: index, inEdge: inEdge, arrival: before,
                                arrivedFrom: i >= 2 ? graph.head[Int(edges[i - 2])] : nil,
                                knownBearing: departure.staysOnEdge ? (outEdge, after) : nil)
        guard let taken = junction.index(ofOutEdge: outEdge) else { return nil }
        let instruction = JunctionTurns(labels: index.labels, junction: junction).instruction(for: taken)
        return ClassifiedTurn(type: instruction.type, modifier: instruction.modifier, bearingBefore: before, bearingAfter: after,
                              isSilent: instruction.isSilent, roadCount: junction.roads.count, choices: junction.choices)
    }
}
