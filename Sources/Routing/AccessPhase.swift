/// Where a leg is relative to `destinationOnly` edges; part of every search state.
///
/// A state arrived over a public edge is always `through`; one arrived over a destination-only edge is
/// `leaving` or `arriving` (so `TurnExpandedGraph` stores the phase only for those).
/// Destination-only roads may be driven at the start of a leg (to leave a place on them) or at its end
/// (to reach one), never in between. The phase records which of those is still possible:
/// `leaving -> through -> arriving`, never backwards; `arriving` may not return to a public road.
enum AccessPhase: UInt32 {
    /// Only destination-only edges driven so far (the leg started on one).
    case leaving = 0
    /// A public edge has been driven; destination-only edges now end the leg's public part.
    case through = 1
    /// A destination-only edge entered after public ones: only destination-only edges may follow.
    case arriving = 2

    /// The phase after driving an edge, or nil when the edge may not be driven in this phase.
    @inline(__always)
    func next(enteringDestinationOnly destinationOnly: Bool) -> AccessPhase? {
        switch self {
        case .leaving: destinationOnly ? .leaving : .through
        case .through: destinationOnly ? .arriving : .through
        case .arriving: destinationOnly ? .arriving : nil
        }
    }

    /// The phase at the start of a leg on an edge.
    static func initial(onDestinationOnly destinationOnly: Bool) -> AccessPhase {
        destinationOnly ? .leaving : .through
    }
}
