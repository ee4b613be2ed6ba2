import RoadNetwork

/// One arrow of a road's lanes and the lanes showing it, counted from the right-hand edge of the
/// carriageway (0 is the rightmost lane), as OSRM's lane data: `first ... last` (OSRM's `from`, `to`).
///
/// A lane with several arrows (`left;through`) belongs to a group for each; two neighbouring groups
/// may share one lane, never more (a wider overlap would cross turning traffic).
struct LaneGroup: Sendable, Hashable {
    /// One arrow (a single bit of `TurnLaneMask`).
    var tag: TurnLaneMask
    var first: Int
    var last: Int
    /// The road these lanes serve when the junction's lanes without arrows were given to it
    /// (`LaneGroups.assignUnmarkedLanes`); nil for the lanes of an arrow, matched by where it points.
    var servedRoad: Int? = nil

    var lanes: ClosedRange<Int> { first...last }
}

/// The lane groups of a road arriving at a junction: its `turn:lanes` turned into arrows with the lanes
/// showing them (OSRM's `laneDataFromDescription`), then the lanes without arrows (`none`) given to the
/// turns they serve at that junction (OSRM's `handleNoneValueAtSimpleTurn`).
struct LaneGroups: Sendable {
    /// The groups, from the rightmost lanes to the leftmost (OSRM's order).
    private(set) var groups: [LaneGroup]

    /// The groups of a lane pattern (left to right); nil when it says nothing a junction can use: no
    /// lanes, lanes without any arrow, lanes that merge (OSRM gives no lanes then), or groups that
    /// overlap by more than one lane.
    /// - Complexity: O(lanes).
    init?(pattern: ArraySlice<TurnLaneMask>) {
        guard !pattern.isEmpty, !pattern.contains(where: { !$0.isDisjoint(with: [.mergeToLeft, .mergeToRight]) }) else { return nil }
        var byTag: [TurnLaneMask: LaneGroup] = [:]
        for (position, mask) in pattern.enumerated() {
            let lane = pattern.count - 1 - position
            for arrow in mask.arrows {
                byTag[arrow, default: LaneGroup(tag: arrow, first: lane, last: lane)].first = lane
            }
        }
        groups = byTag.values.sorted(by: Self.rightToLeft)
        if groups.count == 1 && groups[0].tag == .none { return nil }
        for (a, b) in zip(groups, groups.dropFirst()) where a.last > b.first { return nil }
    }

    /// The groups of lanes that led on at the junction before, for a junction close ahead whose road has
    /// no lanes of its own; nil when there are none.
    init?(leadingOn carried: [LaneGroup]) {
        guard !carried.isEmpty else { return nil }
        groups = carried.map { LaneGroup(tag: $0.tag, first: $0.first, last: $0.last) }.sorted(by: Self.rightToLeft)
    }

    /// OSRM's order of lane data: by lanes from the right, then by arrow from right to left.
    static func rightToLeft(_ a: LaneGroup, _ b: LaneGroup) -> Bool {
        if a.first != b.first { return a.first < b.first }
        if a.last != b.last { return a.last < b.last }
        return arrowOrder(a.tag) < arrowOrder(b.tag)
    }

    /// The arrows from right to left (`none` after them all).
    static func arrowOrder(_ tag: TurnLaneMask) -> Int {
        let order: [TurnLaneMask] = [.sharpRight, .right, .slightRight, .straight, .slightLeft, .left, .sharpLeft, .uturn]
        return order.firstIndex(of: tag) ?? order.count
    }

    /// Gives the lanes without arrows (`none`) to the turns they serve, OSRM's way: with more turns than
    /// groups, the none lanes serve every turn no arrow claims (and a turn beside a possible through lane
    /// gets only the outermost of them); with one group too many they widen their neighbours; with as
    /// many they become the missing turn (right, through or left, by where they lie).
    ///
    /// `exits` are the junction's turns a car may take, right to left; `claimed` tells which of them an
    /// arrow already serves.
    /// - Complexity: O(groups × exits).
    mutating func assignUnmarkedLanes(exits: [LaneExit], claimed: (LaneExit) -> Bool) {
        guard let noneIndex = groups.firstIndex(where: { $0.tag == .none }) else { return }
        if exits.count > groups.count {
            serveUnclaimedExits(noneIndex: noneIndex, exits: exits.filter { !claimed($0) })
        } else if exits.count + 1 == groups.count {
            widenNeighbours(of: noneIndex)
        } else if exits.count == groups.count {
            rename(noneIndex: noneIndex, exits: exits)
        }
        groups.sort(by: Self.rightToLeft)
    }

    /// OSRM's `augmentMultiple`: a group for each unclaimed turn over the none lanes; a turn to the side of
    /// a through movement keeps to the outermost none lane (one does not turn across a through lane).
    private mutating func serveUnclaimedExits(noneIndex: Int, exits: [LaneExit]) {
        let none = groups.remove(at: noneIndex)
        let servesThrough = exits.contains { $0.direction == .straight }
        for exit in exits {
            var group = LaneGroup(tag: exit.direction, first: none.first, last: none.last, servedRoad: exit.road)
            if servesThrough && TurnLaneMask.anyLeft.contains(exit.direction) { group.first = none.last }
            if servesThrough && TurnLaneMask.anyRight.contains(exit.direction) { group.last = none.first }
            groups.append(group)
        }
    }

    /// OSRM's `mergeNoneTag`: the none lanes join the group beside them (both, sharing a lane each, in
    /// the middle).
    private mutating func widenNeighbours(of noneIndex: Int) {
        let none = groups[noneIndex]
        if noneIndex == 0 {
            groups[1].first = none.first
        } else if noneIndex == groups.count - 1 {
            groups[noneIndex - 1].last = none.last
        } else if none.last - none.first <= 1 {
            groups[noneIndex - 1].last = none.first
            groups[noneIndex + 1].first = none.last
        } else {
            return
        }
        groups.remove(at: noneIndex)
    }

    /// OSRM's `handleRenamingSituations`: the none lanes at the right edge turn right when the junction
    /// has a right turn no arrow covers, else lead through; at the left edge likewise to the left; between
    /// a right and a left arrow they lead through.
    private mutating func rename(noneIndex: Int, exits: [LaneExit]) {
        let hasRight = exits.contains { TurnLaneMask.anyRight.contains($0.direction) }
        let hasLeft = exits.contains { TurnLaneMask.anyLeft.contains($0.direction) }
        let hasThrough = exits.contains { $0.direction == .straight }
        let last = groups.count - 1
        if noneIndex == 0 {
            let next = groups.count > 1 ? groups[1].tag : nil
            if hasRight && next != .sharpRight && next != .right {
                groups[0].tag = .right
                if next == .straight {
                    groups[1].first = groups[0].first
                    groups[0].last = groups[0].first
                }
            } else if hasThrough && next != .straight {
                groups[0].tag = .straight
            }
        } else if noneIndex == last {
            let previous = groups[last - 1].tag
            if hasLeft && previous != .sharpLeft && previous != .left {
                groups[last].tag = .left
                if previous == .straight {
                    groups[last - 1].last = groups[last].last
                    groups[last].first = groups[last].last
                }
            } else if hasThrough && previous != .straight {
                groups[last].tag = .straight
            }
        } else if TurnLaneMask.anyLeft.contains(groups[noneIndex + 1].tag) && TurnLaneMask.anyRight.contains(groups[noneIndex - 1].tag) {
            groups[noneIndex].tag = .straight
        }
    }
}
