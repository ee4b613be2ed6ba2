import Geodesy
import RoadNetwork

/// The guidance rules for changes of travel mode (boarding or leaving a car ferry), applied on top of
/// `TurnClassifier`'s decision at a junction.
///
/// What drivers expect (OSRM's `notification` and `collapse-ferry` behaviour):
/// - boarding or leaving a ferry is always announced, even where the road simply goes on: where the
///   classifier would say nothing, `new name` or `continue`, it is a `notification` with the direction;
///   where it saw a decision (a fork, the end of a road), the driver hears a plain `turn` with the
///   direction's own band (a ferry slip is no fork and no end of road; the same holds when changing
///   from one ferry line to another);
/// - junctions between pieces of one ferry line (same name) are the boat's business, not the
///   driver's: no step while on the ferry.
enum ModeChangeRule {
    /// The classifier's turn at junction `i` (between `edges[i - 1]` and `edges[i]`), adjusted for a mode
    /// change; nil when no step is due.
    static func adjust(_ classified: ClassifiedTurn?, at i: Int, edges: [EdgeIndex], graph: RoadGraph,
                       index: GuidanceIndex) -> ClassifiedTurn? {
        let inEdge = edges[i - 1], outEdge = edges[i]
        let before = TravelMode(of: inEdge, in: graph), after = TravelMode(of: outEdge, in: graph)
        if before == .ferry && after == .ferry && graph.nameIndex[Int(inEdge)] == graph.nameIndex[Int(outEdge)] { return nil }
        let modeChanges = before != after
        guard modeChanges || before == .ferry else { return classified }
        if var turn = classified {
            switch turn.type {
            case _ where turn.isSilent:
                guard modeChanges else { return turn }
                turn.type = .notification
                turn.isSilent = false
                turn.modifier = TurnAngleBands.modifier(forDeviation: turn.bearingBefore.turnAngle(to: turn.bearingAfter))
            case .newName, .continue:
                if modeChanges { turn.type = .notification }
            case .fork, .endOfRoad:
                turn.type = .turn
                turn.modifier = TurnAngleBands.modifier(forDeviation: turn.bearingBefore.turnAngle(to: turn.bearingAfter))
            default: break
            }
            return turn
        }
        guard modeChanges else { return nil }
        let bearingBefore = index.arrival(edges: edges, at: i - 1).bearing
        let bearingAfter = index.departure(edges: edges, at: i).bearing
        return ClassifiedTurn(type: .notification,
                              modifier: TurnAngleBands.modifier(forDeviation: bearingBefore.turnAngle(to: bearingAfter)),
                              bearingBefore: bearingBefore, bearingAfter: bearingAfter)
    }
}
