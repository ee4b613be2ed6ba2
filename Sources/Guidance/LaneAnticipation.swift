import Geodesy

/// OSRM's lane anticipation (`anticipateLaneChange`): where a turn with lanes follows a junction with
/// lanes closely, a driver has no time to change lanes between them, so the lanes valid at the junction
/// are narrowed to those that lead into the valid lanes of the turn after it.
///
/// Walking back over the junctions, a turn to the left keeps the previous junction's leftmost valid lanes
/// (as many as the turn uses, shifted right by the lanes left of the turn), a turn to the right its
/// rightmost. A turn constrains the junction before it when the turn itself is close to the maneuver
/// after it (within `laneChangeDistance` per lane a driver may have to cross there: OSRM's adaptive
/// threshold; so a turn every lane of its road takes constrains nothing) and the junction before lies
/// within `reach`. A junction passed straight on constrains nothing, so a long row of straight junctions
/// keeps all its lanes; nor is a junction narrowed where every lane of its road leads on, or where the
/// turn ahead uses as many lanes.
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

    /// The distance a driver needs per lane to cross (OSRM's 200 m `min_distance_needed_for_lane_change`;
    /// OSRM's scenarios drawn 200 m apart measure up to 201.2 m along the ground, hence the slack).
    static let laneChangeDistance: Meters = 205
    /// How far back a turn still narrows a junction's lanes (OSRM's scenarios narrow junctions 500 m back).
    static let reach: Meters = 3 * laneChangeDistance

    /// Narrows the valid lanes of `sites`, in route order, in place.
    /// - Complexity: O(sites).
    static func apply(to sites: inout [Site]) {
        // Which turns are close to the maneuver after them, judged on their own lanes before any narrowing.
        let close = sites.map(isCloseToNextManeuver)
        // Backwards, so a turn's narrowed lanes narrow the junction before it in turn.
        for k in sites.indices.dropLast().reversed() where close[k + 1] && sites[k].distanceToNext < reach {
            let current = sites[k + 1]
            constrain(&sites[k], by: current)
        }
    }

    /// Whether a site's turn is close to the next maneuver for the lanes a driver may have to cross there.
    static func isCloseToNextManeuver(_ site: Site) -> Bool {
        guard let match = site.match else { return false }
        let lanesToCross = max(match.lanesLeftOfValid, match.lanesRightOfValid)
        return site.distanceToNext < Double(lanesToCross) * laneChangeDistance
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
