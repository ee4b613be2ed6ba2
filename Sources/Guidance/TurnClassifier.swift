import Geodesy
import RoadNetwork

/// What the classifier decided at one routing node of a route.
struct ClassifiedTurn: Sendable, Hashable {
    var type: ManeuverType
    var modifier: ManeuverModifier?
    var bearingBefore: Bearing
    var bearingAfter: Bearing
    /// Roundabout exit number (1-based) for `.roundabout`.
    var exit: Int?
    /// For `.roundabout`: the index into the leg's edges of the first edge after the roundabout
    /// (nil when the route ends inside it). The classifier skips the nodes in between.
    var resumeIndex: Int?
}

/// Classifies the turn at each routing node of a leg by the angles of the roads meeting there.
///
/// The junction `i` (1 ..< edges.count) is the node between `edges[i - 1]` and `edges[i]`. Bearings
/// are measured `probeDistance` along the original geometry (see `RoadGraph.bearingInto`); competing
/// branches are the node's other out-edges, except the U-turn back onto the arriving way and turns a
/// restriction forbids. Rules, in order:
/// 1. entering a roundabout -> `roundabout` with the exit number (out-edges leaving the ring at each
///    node passed, plus one for the exit taken); leaving one that the route started on -> `exit roundabout`;
/// 2. motorway/trunk to a link -> `off ramp`; a lower road to a motorway/trunk link -> `on ramp`;
///    a motorway/trunk link into the motorway/trunk -> `merge`;
/// 3. no competing branch: same road -> nothing (a bend); another name -> `new name`;
/// 4. two or more branches ahead (|deviation| <= 40°) where neither keeps the road, or both do and
///    the road has neither name nor ref (links splitting) or the taken branch is not the straighter
///    -> `fork`;
///    the taken branch alone keeping the road -> nothing;
/// 5. same road, and it is the straightest way on, or straight (<= 20°) -> nothing; same road turning
///    while another branch is straighter -> `continue` with the modifier;
/// 6. no branch ahead, the taken road turns and another branch leaves on the other side (a T) ->
///    `end of road`;
/// 7. otherwise straight ahead onto another road -> `new name` (a `turn` with modifier `straight`
///    when the road followed carries on elsewhere, in any direction), else `turn`.
struct TurnClassifier {
    let graph: RoadGraph
    let edges: [EdgeIndex]
    /// How far along the roads bearings are measured.
    var probeDistance: Meters = 10

    init(graph: RoadGraph, edges: [EdgeIndex]) {
        self.graph = graph
        self.edges = edges
    }

    /// A branch leaving the junction node, with its deviation from the arriving direction.
    struct Branch {
        var edge: EdgeIndex
        var deviation: Degrees
        var sameRoad: Bool
    }

    /// The classification at junction `i`, or nil when nothing is announced there.
    /// - Complexity: O(degree × probe walk) for ordinary nodes; O(ring length) when entering a roundabout.
    func classify(at i: Int) -> ClassifiedTurn? {
        let inEdge = edges[i - 1], outEdge = edges[i]
        let inFlags = graph.flags[Int(inEdge)], outFlags = graph.flags[Int(outEdge)]
        let before = graph.bearingInto(edges: edges, at: i - 1, distance: probeDistance)
        let after = graph.bearingOutOf(edges: edges, at: i, distance: probeDistance)
        let deviation = before.turnAngle(to: after)

        // 1. Roundabouts.
        if outFlags.contains(.roundabout) && !inFlags.contains(.roundabout) {
            return enterRoundabout(at: i, before: before)
        }
        if outFlags.contains(.roundabout) && inFlags.contains(.roundabout) { return nil }
        if inFlags.contains(.roundabout) {
            // Only reached when the route started on the ring (entries skip to their exit).
            return ClassifiedTurn(type: .exitRoundabout, modifier: TurnAngleBands.modifier(forDeviation: deviation),
                                  bearingBefore: before, bearingAfter: after)
        }

        // 2. Ramps.
        let inClass = graph.highway[Int(inEdge)], outClass = graph.highway[Int(outEdge)]
        if let rampType = Self.rampType(from: inClass, to: outClass) {
            var modifier = TurnAngleBands.modifier(forDeviation: deviation)
            switch rampType {
            case .offRamp where modifier == .straight:
                // Leaving a carriageway is always to one side; say which, as OSRM does.
                modifier = deviation >= 0 ? .slightRight : .slightLeft
            case .merge:
                // A merge names the direction of the lane change (OSRM): a ramp joining from the right
                // bends right into the carriageway (positive deviation) and merges to the left.
                modifier = deviation >= 0 ? .slightLeft : .slightRight
            default:
                break
            }
            return ClassifiedTurn(type: rampType, modifier: modifier, bearingBefore: before, bearingAfter: after)
        }

        let sameRoad = isSameRoad(inEdge, outEdge)
        let competitors = branches(at: i, before: before)
        let modifier = TurnAngleBands.modifier(forDeviation: deviation)

        // Turning back is always announced, even at a dead end with no other branch.
        if modifier == .uturn {
            return ClassifiedTurn(type: sameRoad ? .continue : .turn, modifier: .uturn, bearingBefore: before, bearingAfter: after)
        }

        // 3. No choice at this node.
        if competitors.isEmpty {
            if sameRoad { return nil }
            return ClassifiedTurn(type: .newName, modifier: modifier, bearingBefore: before, bearingAfter: after)
        }

        // 4. Forks.
        let aheadCompetitors = competitors.filter { TurnAngleBands.isAhead($0.deviation) }
        if TurnAngleBands.isAhead(deviation) && !aheadCompetitors.isEmpty {
            let competitorKeepsRoad = aheadCompetitors.contains { $0.sameRoad }
            if sameRoad && !competitorKeepsRoad { return nil }
            // Neither branch carries the road on: a fork. Both do (a link splitting, a carriageway
            // dividing under one name): a fork too, unless the road is named and the taken branch is
            // the straighter one, which then needs no word.
            let unnamed = graph.nameIndex[Int(outEdge)] == 0 && graph.refIndex[Int(outEdge)] == 0
            let straightestAhead = aheadCompetitors.allSatisfy { abs(deviation) <= abs($0.deviation) }
            if (!sameRoad && !competitorKeepsRoad) || (sameRoad && competitorKeepsRoad && (unnamed || !straightestAhead)) {
                let leftmost = aheadCompetitors.allSatisfy { deviation < $0.deviation }
                let rightmost = aheadCompetitors.allSatisfy { deviation > $0.deviation }
                let forkModifier: ManeuverModifier = leftmost ? .slightLeft : rightmost ? .slightRight : .straight
                return ClassifiedTurn(type: .fork, modifier: forkModifier, bearingBefore: before, bearingAfter: after)
            }
        }

        // 5. Staying on the road.
        let straightest = competitors.allSatisfy { abs(deviation) <= abs($0.deviation) }
        if sameRoad {
            if straightest && TurnAngleBands.isAhead(deviation) { return nil }
            // Straight on along the same road needs no word even when a side branch is a little straighter.
            if modifier == .straight && !aheadCompetitors.contains(where: { $0.sameRoad }) { return nil }
            return ClassifiedTurn(type: .continue, modifier: modifier, bearingBefore: before, bearingAfter: after)
        }

        // 6. End of road (T-junction).
        if !TurnAngleBands.isAhead(deviation) && aheadCompetitors.isEmpty && abs(deviation) < TurnAngleBands.uturn {
            let otherSide = competitors.contains {
                !TurnAngleBands.isAhead($0.deviation) && ($0.deviation > 0) != (deviation > 0)
            }
            if otherSide {
                let side: ManeuverModifier = deviation > 0 ? .right : .left
                return ClassifiedTurn(type: .endOfRoad, modifier: side, bearingBefore: before, bearingAfter: after)
            }
        }

        // 7. Another road: straight on is only a change of name unless the road being followed goes
        // on elsewhere, which the driver must be told to leave ("Go straight onto …").
        // (OSRM: where "abc" turns left and "bd" goes straight on, a -> d is "turn straight".)
        if modifier == .straight && straightest && !competitors.contains(where: { $0.sameRoad }) {
            return ClassifiedTurn(type: .newName, modifier: .straight, bearingBefore: before, bearingAfter: after)
        }
        return ClassifiedTurn(type: .turn, modifier: modifier, bearingBefore: before, bearingAfter: after)
    }

    /// The maneuver type for a change of road class that makes a ramp maneuver, if any.
    static func rampType(from inClass: HighwayClass, to outClass: HighwayClass) -> ManeuverType? {
        func isMotorwayLike(_ c: HighwayClass) -> Bool { c == .motorway || c == .trunk }
        if !inClass.isLink && isMotorwayLike(inClass) && outClass.isLink { return .offRamp }
        if !inClass.isLink && !isMotorwayLike(inClass) && outClass.isLink && isMotorwayLike(outClass.mainClass) { return .onRamp }
        if inClass.isLink && isMotorwayLike(inClass.mainClass) && !outClass.isLink && isMotorwayLike(outClass) { return .merge }
        return nil
    }

    /// Whether two edges belong to the same road as a driver sees it: the same name (a ref change
    /// under one name, common where a numbered route joins a street, is not a new road); unnamed edges
    /// compare their refs, and two edges with neither count as one road when their class is the same.
    func isSameRoad(_ a: EdgeIndex, _ b: EdgeIndex) -> Bool {
        let an = graph.nameIndex[Int(a)], bn = graph.nameIndex[Int(b)]
        if an != 0 || bn != 0 { return an == bn }
        let ar = graph.refIndex[Int(a)], br = graph.refIndex[Int(b)]
        if ar != 0 || br != 0 { return ar == br }
        return graph.highway[Int(a)].mainClass == graph.highway[Int(b)].mainClass
    }

    /// The other branches a driver arriving over `edges[i - 1]` could take at its head node.
    func branches(at i: Int, before: Bearing) -> [Branch] {
        let inEdge = edges[i - 1], outEdge = edges[i]
        let node = graph.head[Int(inEdge)]
        let arrivedFrom = graph.tail[Int(inEdge)]
        let restrictions = graph.restrictions(from: inEdge)
        let mandatory = restrictions.first { $0.kind == .mandatory }
        var result: [Branch] = []
        for e in graph.outgoingEdges(of: node) where e != outEdge {
            // The U-turn back onto the arriving way is not a competing road.
            if graph.head[Int(e)] == arrivedFrom && graph.wayID[Int(e)] == graph.wayID[Int(inEdge)] { continue }
            if let mandatory, mandatory.toEdge != e { continue }
            if restrictions.contains(where: { $0.kind == .prohibitive && $0.toEdge == e }) { continue }
            let bearing = graph.bearingOutOf(edge: e, distance: probeDistance)
            result.append(Branch(edge: e, deviation: before.turnAngle(to: bearing), sameRoad: isSameRoad(inEdge, e)))
        }
        return result
    }

    /// Scans the ring from junction `i` (the first roundabout edge) to the exit and counts exits.
    private func enterRoundabout(at i: Int, before: Bearing) -> ClassifiedTurn {
        var exitCount = 0
        var k = i + 1
        while k < edges.count && graph.flags[Int(edges[k])].contains(.roundabout) {
            // Node between edges[k - 1] and edges[k], still on the ring: every drivable way leaving
            // the ring here is an exit passed.
            exitCount += exitsLeavingRing(at: graph.tail[Int(edges[k])])
            k += 1
        }
        guard k < edges.count else {
            let after = graph.bearingOutOf(edges: edges, at: i, distance: probeDistance)
            return ClassifiedTurn(type: .roundabout, modifier: nil, bearingBefore: before, bearingAfter: after,
                                  exit: nil, resumeIndex: nil)
        }
        let after = graph.bearingOutOf(edges: edges, at: k, distance: probeDistance)
        let modifier = TurnAngleBands.modifier(forDeviation: before.turnAngle(to: after))
        return ClassifiedTurn(type: .roundabout, modifier: modifier, bearingBefore: before, bearingAfter: after,
                              exit: exitCount + 1, resumeIndex: k)
    }

    /// The number of out-edges of `node` that leave the roundabout.
    private func exitsLeavingRing(at node: NodeIndex) -> Int {
        var n = 0
        for e in graph.outgoingEdges(of: node) where !graph.flags[Int(e)].contains(.roundabout) { n += 1 }
        return n
    }
}
