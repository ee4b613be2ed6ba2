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
    let edges: [EdgeIndex]

    /// Maneuvers closer than this are one.
    static let collapseDistance: Meters = 30
    /// A stretch under another name shorter than this does not get its own instruction when a turn ends it.
    static let nameSegmentCutoff: Meters = 105
    /// Bearings before and after two turns at least this far apart are a U-turn.
    static let uTurnDeviation: Degrees = 145

    /// The announced maneuvers, silent ones dropped and close ones merged; `arrival` is the distance along
    /// the leg of its end.
    func collapse(_ turns: [LegTurn], arrival: Meters) -> [LegTurn] {
        dropShortNameSegments(mergeCloseManeuvers(turns), arrival: arrival)
    }

    /// A name announced for a stretch shorter than `nameSegmentCutoff` that ends at the destination or at
    /// another name is not worth saying: the driver hears the name that lasts (a bridge, a short link).
    private func dropShortNameSegments(_ turns: [LegTurn], arrival: Meters) -> [LegTurn] {
        var result: [LegTurn] = []
        for (k, t) in turns.enumerated() {
            if t.turn.type == .newName {
                let next = k + 1 < turns.count ? turns[k + 1] : nil
                let end = next?.distance ?? arrival
                if end - t.distance < Self.nameSegmentCutoff && (next == nil || next?.turn.type == .newName) { continue }
            }
            result.append(t)
        }
        return result
    }

    private func mergeCloseManeuvers(_ turns: [LegTurn]) -> [LegTurn] {
        var result: [LegTurn] = []
        for current in turns {
            guard var previous = result.last else {
                if !current.turn.isSilent { result.append(current) }
                continue
            }
            if current.turn.isSilent || current.turn.type == .roundabout || previous.turn.type == .roundabout
                || current.turn.type == .exitRoundabout || previous.turn.type == .exitRoundabout {
                if !current.turn.isSilent { result.append(current) }
                continue
            }
            let gap = current.distance - previous.distance
            if let merged = merge(previous, current, gap: gap) {
                previous = merged
                result[result.count - 1] = previous
            } else {
                result.append(current)
            }
        }
        return result
    }

    /// The single maneuver that `first` then `second`, `gap` metres apart, make together, or nil when both stand.
    private func merge(_ first: LegTurn, _ second: LegTurn, gap: Meters) -> LegTurn? {
        let totalDeviation = first.turn.bearingBefore.turnAngle(to: second.turn.bearingAfter)
        let firstIsNonTurn = first.turn.type == .newName
            || ((first.turn.type == .turn || first.turn.type == .continue) && first.turn.modifier == .straight)
        // A short stretch under another name ending in a turn: one turn onto the final road.
        if firstIsNonTurn && gap < Self.nameSegmentCutoff && second.turn.type != .newName {
            var merged = second
            merged.junction = first.junction
            merged.distance = first.distance
            merged.turn.bearingBefore = first.turn.bearingBefore
            merged.turn.type = [.turn, .endOfRoad, .continue].contains(second.turn.type) ? .turn : second.turn.type
            merged.turn.modifier = TurnAngleBands.modifier(forDeviation: totalDeviation)
            return merged
        }
        guard gap < Self.collapseDistance else { return nil }
        // A turn and, a few metres on, a change of name: one turn onto the final road.
        if second.turn.type == .newName && first.turn.type != .newName {
            var merged = first
            merged.roadEdge = second.roadEdge
            merged.turn.bearingAfter = second.turn.bearingAfter
            merged.turn.modifier = TurnAngleBands.modifier(forDeviation: totalDeviation)
            if first.turn.type == .continue { merged.turn.type = .turn }
            return merged
        }
        // Turning around in two short steps (through the gap of a divided road).
        if abs(totalDeviation) >= Self.uTurnDeviation && isTurn(first) && isTurn(second)
            && first.turn.modifier.map(TurnAngleBands.direction(for:)) == second.turn.modifier.map(TurnAngleBands.direction(for:)) {
            var merged = second
            merged.junction = first.junction
            merged.distance = first.distance
            merged.turn.bearingBefore = first.turn.bearingBefore
            let sameName = !NameChange.requiresAnnouncement(
                fromName: graph.name(of: edges[max(0, first.junction - 1)]), fromRef: graph.ref(of: edges[max(0, first.junction - 1)]),
                toName: graph.name(of: edges[second.roadEdge]), toRef: graph.ref(of: edges[second.roadEdge]))
            merged.turn.type = sameName && graph.nameIndex[Int(edges[second.roadEdge])] != 0 ? .continue : .turn
            merged.turn.modifier = .uturn
            return merged
        }
        return nil
    }

    private func isTurn(_ t: LegTurn) -> Bool {
        [.turn, .continue, .endOfRoad, .newName].contains(t.turn.type) && t.turn.modifier != .straight
    }
}
