import Geodesy
import RoadNetwork

/// A classified junction of a leg, before the maneuvers close together are merged.
struct LegTurn: Sendable {
    var turn: ClassifiedTurn
    /// Index into the leg's edges of the edge driven after the maneuver point (the junction is its tail).
    var junction: Int
    /// Index into the leg's edges of the edge whose road the maneuver announces.
    var roadEdge: Int
    /// Distance along the leg of the maneuver point.
    var distance: Meters
}

/// Merges maneuvers that a driver perceives as one (OSRM's turn collapsing).
///
/// Junctions a few metres apart are one decision on the road: turning onto a divided road crosses its first
/// carriageway at one node and joins the second at the next; a U-turn through the gap of a dual carriageway
/// is two left turns 10 m apart; a short stretch under another name (a bridge, an unnamed link) ends in the
/// real turn. Announcing each node would give the driver two instructions for one movement, the second
/// before the first is finished.
struct StepCollapsing {
    let graph: RoadGraph
    let labels: RoadLabels
    let edges: [EdgeIndex]

    /// Maneuvers closer than this are one.
    static let collapseDistance: Meters = 30
    /// A stretch under another name shorter than this does not get its own instruction when a turn ends it.
    static let nameSegmentCutoff: Meters = 105
    /// Longest turning road or link whose forced end still belongs to the turn onto it (a jughandle, a
    /// loop ramp); OSRM never merges maneuvers further apart than a short link.
    static let forcedTurnAroundLength: Meters = 200
    /// Bearings before and after two turns at least this far apart are a U-turn.
    static let uTurnDeviation: Degrees = 145

    /// The announced maneuvers, silent ones dropped and close ones merged; `arrival` is the distance along
    /// the leg of its end.
    func collapse(_ turns: [LegTurn], departure: Int, arrival: Meters) -> [LegTurn] {
        let announced = dropShortNameSegments(mergeSliproads(mergeCloseManeuvers(turns), passed: turns), arrival: arrival)
        return dropReturningNames(endsOfRoadAfterFollowing(announced, passed: turns), departure: departure)
    }

    /// Longest link that still counts as a sliproad.
    static let sliproadLength: Meters = 250

    /// A sliproad (a link cutting the corner of a junction: the road left at its start crosses the road
    /// joined at its end) is taken as one turn at its start, onto the road joined, with the total angle:
    /// the driver turns at the junction, the link is only where the turn lane runs. A motorway link
    /// counts too when the two roads meet at grade (a real interchange's roads meet only over links, so
    /// the triangle test below never holds there).
    private func mergeSliproads(_ turns: [LegTurn], passed all: [LegTurn]) -> [LegTurn] {
        var result: [LegTurn] = []
        for current in turns {
            if let previous = result.last, isSliproad(from: previous, to: current, passed: all) {
                var merged = current
                merged.junction = previous.junction
                merged.distance = previous.distance
                merged.turn.bearingBefore = previous.turn.bearingBefore
                merged.turn.type = .turn
                merged.turn.modifier = TurnAngleBands.modifier(forDeviation: previous.turn.bearingBefore.turnAngle(to: current.turn.bearingAfter))
                result[result.count - 1] = merged
            } else {
                result.append(current)
            }
        }
        return result
    }

    private func isSliproad(from first: LegTurn, to second: LegTurn, passed all: [LegTurn]) -> Bool {
        guard [.turn, .continue, .newName, .onRamp, .offRamp].contains(first.turn.type),
              [.turn, .continue, .newName, .endOfRoad, .merge].contains(second.turn.type),
              second.distance - first.distance <= Self.sliproadLength else { return false }
        // Every edge between the two maneuvers is a link, with no choice on the way.
        guard (first.junction..<second.junction).allSatisfy({ graph.highway[Int(edges[$0])].isLink }) else { return false }
        if all.contains(where: { $0.junction > first.junction && $0.junction < second.junction && $0.turn.choices > 1 }) { return false }
        // The triangle: from the junction the link leaves, the road not taken reaches the road joined.
        let target = edges[second.roadEdge]
        guard graph.nameIndex[Int(target)] != 0 else { return false }
        // Boarding a ferry where the link ends is a maneuver of its own, never folded into the turn.
        guard !graph.flags[Int(target)].contains(.ferry) else { return false }
        let start = graph.tail[Int(edges[first.junction])]
        return reachesRoad(named: graph.nameIndex[Int(target)], from: start, avoiding: edges[first.junction])
    }

    /// Whether a road named `name` is reached from `node` within `sliproadLength`, over roads that are not
    /// links (the main roads of the junction), without taking `avoided`.
    /// - Complexity: O(edges within `sliproadLength` of `node`).
    private func reachesRoad(named name: UInt32, from node: NodeIndex, avoiding avoided: EdgeIndex) -> Bool {
        var frontier: [(NodeIndex, Meters)] = [(node, 0)]
        var seen: Set<NodeIndex> = [node]
        while let (v, travelled) = frontier.popLast() {
            for e in graph.outgoingEdges(of: v) where e != avoided && !graph.highway[Int(e)].isLink {
                if graph.nameIndex[Int(e)] == name { return true }
                let next = travelled + Meters(graph.lengthMeters[Int(e)])
                let w = graph.head[Int(e)]
                if next <= Self.sliproadLength && seen.insert(w).inserted { frontier.append((w, next)) }
            }
        }
        return false
    }

    /// A name that comes back after an unannounced stretch (an unnamed bridge or link) is the road the
    /// driver was told about: no new name. `departure` is the index of the edge the leg departs on.
    private func dropReturningNames(_ turns: [LegTurn], departure: Int) -> [LegTurn] {
        var current = edges[departure]
        var result: [LegTurn] = []
        for t in turns {
            let road = edges[t.roadEdge]
            if t.turn.type == .newName && !labels.requiresAnnouncement(from: current, to: road) {
                continue
            }
            current = road
            result.append(t)
        }
        return result
    }

    /// `end of road` tells a driver that the road they have been following ends; right after turning onto a
    /// connecting road (no other junction passed since the last maneuver or the start), the T ahead is
    /// an ordinary turn.
    private func endsOfRoadAfterFollowing(_ announced: [LegTurn], passed all: [LegTurn]) -> [LegTurn] {
        var result = announced
        var previousJunction = 0
        for k in result.indices {
            let junction = result[k].junction
            if result[k].turn.type == .endOfRoad {
                let followed = all.contains { $0.junction > previousJunction && $0.junction < junction && $0.turn.roadCount >= 3 }
                if !followed { result[k].turn.type = continuesRoad(from: junction - 1, to: result[k].roadEdge) ? .continue : .turn }
            }
            previousJunction = junction
        }
        return result
    }

    /// A name announced for a stretch shorter than `nameSegmentCutoff` that ends at the destination or at
    /// another name is not worth saying: the driver hears the name that lasts (a bridge, a short link).
    /// Unless the road arriving there maps lanes: then the step shows which lanes to take (OSRM keeps a
    /// name change with lanes).
    private func dropShortNameSegments(_ turns: [LegTurn], arrival: Meters) -> [LegTurn] {
        var result: [LegTurn] = []
        for (k, t) in turns.enumerated() {
            if t.turn.type == .newName {
                let next = k + 1 < turns.count ? turns[k + 1] : nil
                let end = next?.distance ?? arrival
                if end - t.distance < Self.nameSegmentCutoff && (next == nil || next?.turn.type == .newName)
                    && graph.lanes(arrivingAt: t.junction, along: edges).pattern.isEmpty { continue }
            }
            result.append(t)
        }
        return result
    }

    /// Whether the road of `edges[to]` carries the name of `edges[from]` on (both named).
    private func continuesRoad(from: Int, to: Int) -> Bool {
        let a = edges[max(0, from)], b = edges[to]
        return graph.nameIndex[Int(a)] != 0 && graph.nameIndex[Int(b)] != 0
            && !labels.requiresAnnouncement(from: a, to: b)
    }

    /// Merges each run of maneuvers less than `collapseDistance` apart into one, then a short stretch under
    /// another name into the turn that ends it.
    private func mergeCloseManeuvers(_ turns: [LegTurn]) -> [LegTurn] {
        var chains: [[LegTurn]] = []
        for current in turns where !current.turn.isSilent {
            if let last = chains.last?.last, isCollapsible(last), isCollapsible(current),
               current.distance - last.distance < Self.collapseDistance
                || isForcedTurnAround(from: chains.last![0], to: current, passed: turns) {
                chains[chains.count - 1].append(current)
            } else {
                chains.append([current])
            }
        }
        var result: [LegTurn] = []
        for chain in chains {
            guard chain.count > 1 else { result.append(chain[0]); continue }
            if isStaggered(chain) || isTurnBackOntoAnotherRoad(chain) {
                result.append(contentsOf: chain)
            } else if let merged = combine(chain, passed: turns) {
                result.append(merged)
            }
        }
        return mergeNameStretches(result)
    }

    /// A turn the driver cannot avoid (the only way on), with no junction since `first` and within
    /// `forcedTurnAroundLength` of it, completing a reversal of direction: a U-turn along a short turning
    /// road or link is one maneuver. Further on, the road between is a stretch of its own, with its name;
    /// and turning back at a dead end is a U-turn of its own, however close.
    private func isForcedTurnAround(from first: LegTurn, to current: LegTurn, passed all: [LegTurn]) -> Bool {
        guard current.turn.choices == 1, isCollapsible(first), isCollapsible(current), current.turn.modifier != .uturn,
              current.distance - first.distance <= Self.forcedTurnAroundLength else { return false }
        guard abs(first.turn.bearingBefore.turnAngle(to: current.turn.bearingAfter)) >= Self.uTurnDeviation else { return false }
        return !all.contains { $0.junction > first.junction && $0.junction < current.junction && $0.turn.choices > 1 }
    }

    /// Turns and name changes merge; roundabouts, ramps, merges and forks keep their own steps (each is a
    /// lane choice the driver makes).
    private func isCollapsible(_ t: LegTurn) -> Bool {
        [.turn, .continue, .newName, .endOfRoad].contains(t.turn.type)
    }

    /// Two turns to opposite sides further apart than `staggeredDistance` (right onto a cross street, then
    /// left back onto the road): the driver sees two junctions and is told both.
    /// A turn followed by a change of name onto a new road is not a zig-zag but one turn onto that road
    /// (OSRM's `maneuverSucceededByNameChange`), however the road bends there; when the name is the one
    /// the driver turned off, both turns stay (the name's return is dropped later).
    private func isStaggered(_ chain: [LegTurn]) -> Bool {
        guard chain.count == 2, chain[1].distance - chain[0].distance >= Self.staggeredDistance else { return false }
        if chain[1].turn.type == .newName
            && labels.requiresAnnouncement(from: edges[max(0, chain[0].junction - 1)], to: edges[chain[1].roadEdge]) {
            return false
        }
        let sides = chain.map { t -> TurnDirection? in
            guard let m = t.turn.modifier, [.left, .right, .sharpLeft, .sharpRight].contains(m) else { return nil }
            return TurnAngleBands.direction(for: m)
        }
        guard let first = sides[0], let second = sides[1] else { return false }
        return first != second
    }

    /// Two turns that together reverse the direction but leave the road the driver came on for another
    /// (or an unnamed one), where the driver had a choice at the second: two turns, not a U-turn (OSRM's
    /// `isUTurn` needs the same name before and after). A forced second turn still merges.
    private func isTurnBackOntoAnotherRoad(_ chain: [LegTurn]) -> Bool {
        guard chain.count == 2, chain[1].turn.choices > 1, chain[1].turn.type != .newName else { return false }
        let first = chain[0], last = chain[1]
        guard abs(first.turn.bearingBefore.turnAngle(to: last.turn.bearingAfter)) >= Self.uTurnDeviation else { return false }
        let fromEdge = edges[max(0, first.junction - 1)], toEdge = edges[last.roadEdge]
        let sameRoad = graph.nameIndex[Int(fromEdge)] != 0 && !labels.requiresAnnouncement(from: fromEdge, to: toEdge)
        return !sameRoad
    }

    /// Opposite turns closer than this are one zig-zag (a staggered junction), said as one maneuver.
    static let staggeredDistance: Meters = 3

    /// The one maneuver a run of close maneuvers makes: judged by the total angle from the bearing before the
    /// first to the bearing after the last, onto the last one's road; nil when it amounts to going straight
    /// on along the same road.
    private func combine(_ chain: [LegTurn], passed all: [LegTurn]) -> LegTurn? {
        let first = chain[0], last = chain[chain.count - 1]
        let total = combinedAngle(chain, passed: all)
        let fromEdge = edges[max(0, first.junction - 1)], toEdge = edges[last.roadEdge]
        let announce = labels.requiresAnnouncement(from: fromEdge, to: toEdge)
        let continues = !announce && graph.nameIndex[Int(toEdge)] != 0
        var merged = last
        merged.junction = first.junction
        merged.distance = first.distance
        merged.turn.bearingBefore = first.turn.bearingBefore
        if abs(total) >= Self.uTurnDeviation {
            merged.turn.type = continues ? .continue : .turn
            merged.turn.modifier = .uturn
            return merged
        }
        let modifier = TurnAngleBands.modifier(forDeviation: total)
        merged.turn.modifier = modifier
        if modifier == .straight {
            if !announce { return nil }
            merged.turn.type = .newName
            return merged
        }
        let leading = chain.first { $0.turn.type != .newName }?.turn.type ?? .turn
        merged.turn.type = leading == .newName || (leading == .continue && !continues) ? .turn : leading
        return merged
    }

    /// The angle a run of close maneuvers is named by: from the bearing before the first to the bearing
    /// after the last. A turn followed by a change of name is named by the turn alone when neither of the two
    /// goes nearly straight and the renamed road passes junctions before the next maneuver (OSRM's
    /// `findTotalTurnAngle`): the driver turns at the first junction, the road then bends as it will.
    private func combinedAngle(_ chain: [LegTurn], passed all: [LegTurn]) -> Degrees {
        let first = chain[0], last = chain[chain.count - 1]
        let total = first.turn.bearingBefore.turnAngle(to: last.turn.bearingAfter)
        guard chain.count == 2, last.turn.type == .newName else { return total }
        let entry = first.turn.bearingBefore.turnAngle(to: first.turn.bearingAfter)
        let exit = last.turn.bearingBefore.turnAngle(to: last.turn.bearingAfter)
        if abs(entry) <= Self.nearlyStraight || abs(exit) <= Self.nearlyStraight { return total }
        let next = all.first { $0.junction > last.junction && !$0.turn.isSilent }?.junction ?? Int.max
        let passesJunction = all.contains { $0.junction > last.junction && $0.junction < next && $0.turn.roadCount >= 3 }
        return passesJunction ? entry : total
    }

    /// A turn within this of straight on counts as going straight when close maneuvers are combined (OSRM
    /// allows 5° either side of 180).
    static let nearlyStraight: Degrees = 5

    /// A short stretch under another name (a bridge, a link) ending in a turn: one turn onto the final road.
    private func mergeNameStretches(_ turns: [LegTurn]) -> [LegTurn] {
        var result: [LegTurn] = []
        for current in turns {
            if let previous = result.last, isCollapsible(previous), isCollapsible(current),
               isNonTurn(previous), current.turn.type != .newName,
               current.distance - previous.distance < Self.nameSegmentCutoff {
                var merged = current
                merged.junction = previous.junction
                merged.distance = previous.distance
                merged.turn.bearingBefore = previous.turn.bearingBefore
                merged.turn.type = [.turn, .endOfRoad, .continue].contains(current.turn.type) ? .turn : current.turn.type
                merged.turn.modifier = TurnAngleBands.modifier(forDeviation: previous.turn.bearingBefore.turnAngle(to: current.turn.bearingAfter))
                result[result.count - 1] = merged
            } else {
                result.append(current)
            }
        }
        return result
    }

    /// A change of name, or a turn straight on: not a change of direction.
    private func isNonTurn(_ t: LegTurn) -> Bool {
        t.turn.type == .newName || ((t.turn.type == .turn || t.turn.type == .continue) && t.turn.modifier == .straight)
    }
}
