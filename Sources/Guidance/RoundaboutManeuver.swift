import Geodesy
import RoadNetwork

/// What guidance says where a route meets a roundabout ring, by the ring's kind (see `Roundabout`).
///
/// * Entering: `roundabout` / `rotary` with the exit number, then a separate `exit roundabout` /
///   `exit rotary` step where the driver leaves (so the AR arrow stands at the exit and points the way
///   out); a roundabout intersection is one `roundabout turn` step with the direction from the entry
///   to the exit road. A route that ends on the ring gets the entry without an exit number.
/// * Starting on the ring: only the exit step.
/// * Passing a ring node on roads that are not the ring: `exit roundabout` / `exit rotary` with the turn
///   made there (OSRM's "enter and exit").
///
/// Exits are counted as OSRM counts them: every ring node passed where a road leaves the ring is one
/// exit (however many roads leave there), service roads off a ring of a higher class are not counted
/// (drivers do not see a driveway as an exit), and when a road leaves the entry node itself on the
/// near side of the ring entry (to its right where the ring runs anticlockwise, to its left where it
/// runs clockwise), that road is the first exit. Nodes are counted along the edges the route drives,
/// so rings running either way (clockwise in left-hand traffic) count alike.
///
/// Following the same road through a ring node, when it is the straightest way on (a through lane
/// across a rotary), needs no word; any other way through the node is announced as leaving the ring.
struct RoundaboutManeuver {
    let graph: RoadGraph
    let index: GuidanceIndex
    let edges: [EdgeIndex]
    /// The rings the leg touches (or every ring of the graph); nil when there are none.
    let catalogue: RoundaboutCatalogue?

    /// How far along a ring edge its direction is measured where the driver leaves the ring. A ring
    /// curves, so only the stretch next to the exit node tells the direction the driver comes from
    /// (OSRM likewise measures ring edges over their first metres); a longer probe on a small ring
    /// would reach round the curve and turn a right exit into "straight".
    static let ringProbeDistance: Meters = 2

    /// Bearings along ordinary roads are measured over the classifier's probe, from `index`.
    init(index: GuidanceIndex, edges: [EdgeIndex]) {
        self.index = index
        graph = index.graph
        self.edges = edges
        catalogue = index.rings(touching: edges)
    }

    /// The step leaving a ring.
    struct Exit: Sendable, Hashable {
        var type: ManeuverType
        var modifier: ManeuverModifier
        var bearingBefore: Bearing
        var bearingAfter: Bearing
    }

    enum Outcome {
        /// Not a roundabout junction: ordinary classification applies.
        case notRoundabout
        /// On the ring: nothing to say here.
        case silent
        case turn(ClassifiedTurn)
    }

    /// The roundabout maneuver at junction `i` (between `edges[i - 1]` and `edges[i]`), if it is one;
    /// `before` and `after` are the route's bearings into and out of the junction.
    /// - Complexity: O(degree) for ordinary junctions; O(ring nodes passed × degree) on entry.
    func classify(at i: Int, before: Bearing, after: Bearing) -> Outcome {
        let inRing = isRing(edges[i - 1]), outRing = isRing(edges[i])
        let node = graph.head[Int(edges[i - 1])]
        switch (inRing, outRing) {
        case (false, true):
            return .turn(enter(at: i, before: before))
        case (true, true):
            return .silent
        case (true, false):
            // Only reached when the route started on the ring (entries skip to their exit).
            let exit = leave(at: i, kind: catalogue?.ring(at: node)?.kind ?? .roundabout)
            return .turn(ClassifiedTurn(type: exit.type, modifier: exit.modifier,
                                        bearingBefore: exit.bearingBefore, bearingAfter: exit.bearingAfter))
        case (false, false):
            guard let ring = catalogue?.ring(at: node) else { return .notRoundabout }
            let modifier = TurnAngleBands.modifier(forDeviation: before.turnAngle(to: after))
            if isSameRoad(edges[i - 1], edges[i]) && isStraightest(at: i, deviation: before.turnAngle(to: after), before: before) {
                return .silent
            }
            return .turn(ClassifiedTurn(type: Self.exitType(ring.kind), modifier: modifier,
                                        bearingBefore: before, bearingAfter: after))
        }
    }

    /// Entering at junction `i`: scans the ring to the exit, counting exits.
    private func enter(at i: Int, before: Bearing) -> ClassifiedTurn {
        let entry = graph.head[Int(edges[i - 1])]
        let ring = catalogue?.ring(at: entry)
        let kind = ring?.kind ?? .roundabout
        let onRing = graph.bearingOutOf(edges: edges, at: i, distance: Self.ringProbeDistance)
        let firstRingName = graph.name(of: edges[i])
        let rotaryName = kind == .rotary ? (ring?.name ?? (firstRingName.isEmpty ? nil : firstRingName)) : nil

        var exitNumber = canLeave(atEntry: i, before: before, clockwise: ring?.isClockwise ?? false) ? 1 : 0
        var k = i + 1
        while k < edges.count && isRing(edges[k]) {
            if hasCountedExit(at: graph.head[Int(edges[k - 1])], ringEdge: edges[k]) { exitNumber += 1 }
            k += 1
        }
        guard k < edges.count else {
            // The route ends on the ring: enter it, no exit to name (a roundabout intersection has no
            // turn to name then either, so it is entered as a roundabout). The modifier is then OSRM's
            // "direction of entering the roundabout", since its clients need one on every such step.
            let entering = TurnAngleBands.modifier(forDeviation: before.turnAngle(to: onRing))
            return ClassifiedTurn(type: kind == .rotary ? .rotary : .roundabout, modifier: entering, bearingBefore: before,
                                  bearingAfter: onRing, exit: nil, resumeIndex: nil, rotaryName: rotaryName)
        }
        let exit = leave(at: k, kind: kind)
        // The direction of the whole maneuver, from the road arrived on to the road taken.
        let overall = TurnAngleBands.modifier(forDeviation: before.turnAngle(to: exit.bearingAfter))
        switch kind {
        case .intersection:
            return ClassifiedTurn(type: .roundaboutTurn, modifier: overall, bearingBefore: before, bearingAfter: onRing,
                                  exit: exitNumber + 1, resumeIndex: k)
        case .roundabout, .rotary:
            return ClassifiedTurn(type: kind == .rotary ? .rotary : .roundabout, modifier: overall, bearingBefore: before,
                                  bearingAfter: onRing, exit: exitNumber + 1, resumeIndex: k, rotaryName: rotaryName,
                                  exitStep: exit)
        }
    }

    /// The step leaving the ring at junction `k` (the ring edge `edges[k - 1]` into the road `edges[k]`).
    private func leave(at k: Int, kind: Roundabout.Kind) -> Exit {
        let before = graph.bearingInto(edges: edges, at: k - 1, distance: Self.ringProbeDistance)
        let after = index.departure(edges: edges, at: k).bearing
        return Exit(type: Self.exitType(kind), modifier: TurnAngleBands.modifier(forDeviation: before.turnAngle(to: after)),
                    bearingBefore: before, bearingAfter: after)
    }

    static func exitType(_ kind: Roundabout.Kind) -> ManeuverType {
        kind == .rotary ? .exitRotary : .exitRoundabout
    }

    private func isRing(_ edge: EdgeIndex) -> Bool { graph.flags[Int(edge)].contains(.roundabout) }

    /// Whether the driver stays on the same road from `a` to `b` (no name change worth announcing).
    private func isSameRoad(_ a: EdgeIndex, _ b: EdgeIndex) -> Bool {
        !index.labels.requiresAnnouncement(from: a, to: b)
    }


    /// Whether a road other than the one arrived on (and allowed from it) leaves the ring at the entry
    /// node on the near side of the ring entry: OSRM then counts the entry as the first exit. (A road
    /// beyond the ring entry is the other carriageway of the road arrived on, reached only by a U-turn.)
    private func canLeave(atEntry i: Int, before: Bearing, clockwise: Bool) -> Bool {
        let inEdge = edges[i - 1]
        let ringDeviation = before.turnAngle(to: graph.bearingOutOf(edge: edges[i], distance: Self.ringProbeDistance))
        let restrictions = graph.restrictions(from: inEdge)
        let mandatory = restrictions.first { $0.kind == .mandatory }
        for e in graph.outgoingEdges(of: graph.head[Int(inEdge)]) where !isRing(e) {
            if graph.wayID[Int(e)] == graph.wayID[Int(inEdge)] && graph.head[Int(e)] == graph.tail[Int(inEdge)] { continue }
            if let mandatory, mandatory.toEdge != e { continue }
            if restrictions.contains(where: { $0.kind == .prohibitive && $0.toEdge == e }) { continue }
            if isMinorExit(e, from: edges[i]) { continue }
            let deviation = before.turnAngle(to: index.bearingLeaving(e, from: graph.head[Int(inEdge)]))
            if clockwise ? deviation < ringDeviation : deviation > ringDeviation { return true }
        }
        return false
    }

    /// Whether no other road leaving the node of junction `i` (but the way back) is straighter than `deviation`.
    private func isStraightest(at i: Int, deviation: Degrees, before: Bearing) -> Bool {
        let inEdge = edges[i - 1]
        for e in graph.outgoingEdges(of: graph.head[Int(inEdge)]) where e != edges[i] {
            if graph.wayID[Int(e)] == graph.wayID[Int(inEdge)] && graph.head[Int(e)] == graph.tail[Int(inEdge)] { continue }
            if abs(before.turnAngle(to: index.bearingLeaving(e, from: graph.head[Int(inEdge)]))) < abs(deviation) { return false }
        }
        return true
    }

    /// Whether a road the driver would count as an exit leaves the ring at `node`.
    private func hasCountedExit(at node: NodeIndex, ringEdge: EdgeIndex) -> Bool {
        graph.outgoingEdges(of: node).contains { !isRing($0) && !isMinorExit($0, from: ringEdge) }
    }

    /// A service road off a ring of a higher class (a driveway, a car park entrance).
    private func isMinorExit(_ edge: EdgeIndex, from ringEdge: EdgeIndex) -> Bool {
        graph.highway[Int(edge)] == .service && graph.highway[Int(ringEdge)] != .service
    }
}
