import Geodesy

/// OSRM's lane anticipation (`anticipateLaneChange`): where junctions with lanes follow each other
/// closely, a driver has no time to change lanes between them, so the lanes valid at a junction are
/// narrowed to those that lead into the valid lanes of the turn right after it.
///
/// Walking back over each run of close junctions, a turn to the left keeps the previous junction's
/// leftmost valid lanes (as many as the turn uses, shifted right by the lanes left of the turn), a turn
/// to the right its rightmost. A junction passed straight on constrains nothing, so a long row of
/// straight junctions keeps all its lanes; nor is a junction narrowed where every lane of its road
/// leads on (a forced turn), or where the turn ahead uses as many lanes.
enum LaneAnticipation {
    /// A junction of the route as anticipation sees it.
    struct Site {
        /// The lanes there, with the valid ones (nil: no lanes).
        var match: JunctionLaneMatch?
        /// Which way the route turns there.
        var turn: TurnSide
        /// How far the next junction (or the leg's end) lies ahead.
        var distanceToNext: Meters
    }

    /// The side of a turn, for anticipation: straight on covers every maneuver without a left or right.
    enum TurnSide { case left, right, straight }

    /// Junctions closer than this to the next one form a run (OSRM's `min_distance_needed_for_lane_change`).
    static let laneChangeDistance: Meters = 200

    /// Narrows the valid lanes of `sites`, in route order, in place.
    /// - Complexity: O(sites).
    static func apply(to sites: inout [Site]) {
        // Backwards, so a turn's narrowed lanes narrow the junction before it in turn.
        for k in sites.indices.dropLast().reversed() where isQuickWithLanes(sites[k]) && isQuickWithLanes(sites[k + 1]) {
            constrain(&sites[k], by: sites[k + 1])
        }
    }

    /// Whether a site takes part in anticipation: it has lanes and the next junction is close.
    static func isQuickWithLanes(_ site: Site) -> Bool {
        site.match != nil && site.distanceToNext < laneChangeDistance
    }

    /// Narrows `previous`'s valid lanes to those leading into `current`'s turn.
    static func constrain(_ previous: inout Site, by current: Site) {
        guard current.turn != .straight, var before = previous.match, let after = current.match else { return }
        let available = before.valid.count, needed = after.valid.count
        guard available > 1, available > needed, available < before.laneCount else { return }
        var first = before.valid.lowerBound
        if current.turn == .left {
            first += available - needed - min(after.lanesLeftOfValid, needed)
        } else {
            first += min(after.lanesRightOfValid, needed)
        }
        first = min(max(first, before.valid.lowerBound), before.valid.upperBound - needed + 1)
        before.valid = first...(first + needed - 1)
        previous.match = before
    }
}
