import RoadNetwork

/// The lanes of the road arriving at one junction of a route, matched to the junction's roads: which of
/// them lead onto the road the route takes.
struct JunctionLaneMatch: Sendable {
    /// The arrows of every lane, left to right.
    var pattern: [TurnLaneMask]
    /// The lanes leading on, counted from the right (0 is the rightmost lane).
    var valid: ClosedRange<Int>
    /// The groups whose lanes lead onto the route's road (or on past the junction), which a junction
    /// close ahead without lanes of its own takes over (`LaneAssignment`).
    var leadingOn: [LaneGroup]

    var laneCount: Int { pattern.count }
    /// Lanes to the right of the valid ones.
    var lanesRightOfValid: Int { valid.lowerBound }
    /// Lanes to the left of the valid ones.
    var lanesLeftOfValid: Int { pattern.count - 1 - valid.upperBound }

    /// Matches `groups` to the junction's roads OSRM's way and keeps those that lead onto `routeRoad`:
    /// each arrow goes to the road a car may take that it points to best (right arrows to turns right
    /// …), the lanes without arrows to the turns no arrow serves (`LaneGroups.assignUnmarkedLanes`,
    /// when `assigningUnmarkedLanes`), and arrows no road here takes are lanes for a junction further on,
    /// so they lead on when the route drives straight on (unless `requiringEveryArrowMatched`, when there
    /// are then no lanes). Nil when no lane leads onto the route's road.
    /// - Complexity: O(groups × exits).
    init?(pattern: [TurnLaneMask], groups: LaneGroups, exits: [LaneExit], routeRoad: Int, assigningUnmarkedLanes: Bool,
          requiringEveryArrowMatched: Bool = false) {
        let enterable = exits.filter(\.entryAllowed)
        var groups = groups
        if assigningUnmarkedLanes {
            let claimed = Set(groups.groups.compactMap { $0.tag == .none ? nil : Self.bestRoad(for: $0, among: enterable) })
            groups.assignUnmarkedLanes(exits: enterable.filter { $0.direction != .uturn }, claimed: { claimed.contains($0.road) })
        }
        guard let route = exits.first(where: { $0.road == routeRoad }) else { return nil }
        let continuesThrough = route.isLed(by: .straight)
        // As many arrows as roads to take: an arrow pointing to none of them stands for the road in its place
        // from the right (OSRM's trivial match), so a ramp that bends the other way still gets its lane.
        let inOrder = enterable.filter { $0.direction != .uturn }.sorted { $0.angle < $1.angle }
        let pairsInOrder = inOrder.count == groups.groups.count
        var leading: [LaneGroup] = []
        for (n, group) in groups.groups.enumerated() {
            var road = group.servedRoad ?? Self.bestRoad(for: group, among: enterable)
            if road == nil, pairsInOrder, inOrder[n].couldPair(with: group.tag) { road = inOrder[n].road }
            if road == nil && requiringEveryArrowMatched { return nil }
            if road == routeRoad || (road == nil && continuesThrough) { leading.append(group) }
        }
        guard let first = leading.map(\.first).min(), let last = leading.map(\.last).max() else { return nil }
        self.pattern = pattern
        valid = first...last
        leadingOn = leading
    }

    /// The road an arrow leads onto: among the roads a car may take that it points to, the nearest to
    /// its direction (OSRM's `findBestMatch`); nil when it points to none of them.
    static func bestRoad(for group: LaneGroup, among exits: [LaneExit]) -> Int? {
        exits.filter { $0.isLed(by: group.tag) }.min { $0.deviation(from: group.tag) < $1.deviation(from: group.tag) }?.road
    }

    /// The arrow by which lane `lane` (from the right) leads on, nil when it does not.
    func leadingArrow(ofLane lane: Int) -> TurnLaneMask? {
        guard valid.contains(lane) else { return nil }
        return leadingOn.first { $0.lanes.contains(lane) }?.tag
    }
}
