import Geodesy
@testable import Guidance
import RoadNetwork
import Testing

/// The lane groups of a pattern (OSRM's lane data) and how lanes without arrows are given to turns.
@Suite struct LaneGroupsTests {
    func exit(_ road: Int, _ direction: TurnLaneMask) -> LaneExit {
        let angle: Degrees = switch direction { case .right: 90; case .left: 270; default: 180 }
        return LaneExit(road: road, angle: angle, direction: direction, entryAllowed: true)
    }

    @Test func groupsCountLanesFromTheRightAndOrderRightToLeft() throws {
        let groups = try #require(LaneGroups(pattern: [.left, [.left, .straight], .straight, .right]))
        #expect(groups.groups.map { "\($0.tag.rawValue):\($0.first)-\($0.last)" }
                == ["\(TurnLaneMask.right.rawValue):0-0", "\(TurnLaneMask.straight.rawValue):1-2", "\(TurnLaneMask.left.rawValue):2-3"])
    }

    @Test func patternsWithoutUsableArrowsGiveNoGroups() {
        #expect(LaneGroups(pattern: []) == nil)
        #expect(LaneGroups(pattern: [.none, .none]) == nil)
        #expect(LaneGroups(pattern: [.straight, .mergeToLeft]) == nil)
        // Left lanes on both sides of a through lane would cross it.
        #expect(LaneGroups(pattern: [.left, .straight, .left]) == nil)
    }

    @Test func unmarkedLanesServeEveryUnclaimedTurnButTurnOnlyFromTheOuterLaneBesideThroughTraffic() throws {
        var groups = try #require(LaneGroups(pattern: [.none, .none, .right]))
        let exits = [exit(1, .right), exit(2, .straight), exit(3, .left)]
        groups.assignUnmarkedLanes(exits: exits, claimed: { $0.road == 1 })
        let left = try #require(groups.groups.first { $0.tag == .left })
        let through = try #require(groups.groups.first { $0.tag == .straight })
        #expect(left.lanes == 2...2 && left.servedRoad == 3)
        #expect(through.lanes == 1...2 && through.servedRoad == 2)
    }

    @Test func anUnmarkedLaneBesideASingleTurnWidensItsNeighbour() throws {
        // `left|through||` where only straight on and left are possible: the two unmarked lanes go through.
        var groups = try #require(LaneGroups(pattern: [.left, .straight, .none, .none]))
        groups.assignUnmarkedLanes(exits: [exit(1, .straight), exit(2, .left)], claimed: { _ in true })
        #expect(groups.groups.map(\.lanes) == [0...2, 3...3])
    }
}
