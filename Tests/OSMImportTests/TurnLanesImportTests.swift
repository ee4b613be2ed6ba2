import Geodesy
import RoadNetwork
import Testing
import TestSupport
@testable import OSMImport

/// Lanes: how the profile reads `turn:lanes` for each direction (OSRM's car profile rules), what makes a
/// way's lanes malformed, and how the import puts them on the directed edges.
@Suite struct TurnLanesImportTests {
    let profile = CarProfile()

    func lanes(_ pairs: [String: String]) -> WayTurnLanes? {
        profile.interpret(tags(pairs))?.turnLanes
    }

    @Test func eachLaneIsOneMaskAndAnEmptyLaneHasNoArrows() throws {
        let read = try CarProfile.parseLanes("left|through;right||none|reverse|slight_left;;sharp_right")
        #expect(read == [.left, [.straight, .right], .none, .none, .uturn, [.slightLeft, .sharpRight]])
        #expect(try CarProfile.parseLanes("") == [])
        #expect(try CarProfile.parseLanes(" left | through ") == [.left, .straight])
        #expect(try CarProfile.parseLanes("merge_to_left|through") == [.mergeToLeft, .straight])
    }

    @Test func theDirectionDrivenPicksForwardOrBackwardValues() {
        #expect(lanes(["highway": "primary", "turn:lanes:forward": "left|through", "turn:lanes:backward": "through|right"])
                == WayTurnLanes(forward: [.left, .straight], backward: [.straight, .right]))
        // A oneway road's plain `turn:lanes` is its driven direction's, against the drawing too.
        #expect(lanes(["highway": "primary", "oneway": "yes", "turn:lanes": "left|through"])
                == WayTurnLanes(forward: [.left, .straight]))
        #expect(lanes(["highway": "primary", "oneway": "-1", "turn:lanes": "left|through"])
                == WayTurnLanes(backward: [.left, .straight]))
        // On a two-way road OSRM reads the plain value for both directions.
        #expect(lanes(["highway": "primary", "turn:lanes": "through|right"])
                == WayTurnLanes(forward: [.straight, .right], backward: [.straight, .right]))
        #expect(lanes(["highway": "primary"]) == WayTurnLanes())
    }

    @Test func lanesClosedToCarsAndBusLanesAreLeftOut() {
        // `vehicle:lanes` closes a lane; `lanes:psv` trims bus lanes off the kerb side.
        #expect(lanes(["highway": "primary", "oneway": "yes", "turn:lanes": "through|through|right", "vehicle:lanes": "yes|no|yes"])
                == WayTurnLanes(forward: [.straight, .right]))
        #expect(lanes(["highway": "primary", "oneway": "yes", "turn:lanes:forward": "left|through|", "lanes:psv:forward": "1"])
                == WayTurnLanes(forward: [.left, .straight]))
    }

    @Test func anUnknownArrowDropsTheWaysLanes() {
        #expect(lanes(["highway": "primary", "oneway": "yes", "turn:lanes": "left|strait"]) == WayTurnLanes(problem: .unknownIndication))
        #expect(lanes(["highway": "primary", "turn:lanes:forward": "left", "turn:lanes:backward": "right|up"])
                == WayTurnLanes(problem: .unknownIndication))
    }

    @Test func aLaneCountThatDisagreesWithTheLanesTagDropsTheWaysLanes() {
        let oneway = ["highway": "primary", "oneway": "yes", "turn:lanes": "left|through|right"]
        #expect(lanes(oneway.merging(["lanes": "2"]) { $1 }) == WayTurnLanes(problem: .laneCountMismatch))
        #expect(lanes(oneway.merging(["lanes": "3"]) { $1 })?.forward.count == 3)
        // A value that is no count checks nothing.
        #expect(lanes(oneway.merging(["lanes": "3;2"]) { $1 })?.problem == nil)
        let twoWay = ["highway": "primary", "turn:lanes:forward": "left|through", "turn:lanes:backward": "through"]
        #expect(lanes(twoWay.merging(["lanes:forward": "3"]) { $1 }) == WayTurnLanes(problem: .laneCountMismatch))
        #expect(lanes(twoWay.merging(["lanes": "3"]) { $1 })?.problem == nil)
        #expect(lanes(twoWay.merging(["lanes": "1"]) { $1 }) == WayTurnLanes(problem: .laneCountMismatch))
    }

    /// A two-way street with lanes each way and a oneway with a bad arrow, imported:
    ///
    ///     a ---- b ---- c
    ///
    ///     d ---- e
    @Test func importPutsEachDirectionsLanesOnItsEdgesAndCountsMalformedWays() throws {
        let map = MapFixture("""
            a ---- b ---- c

            d ---- e
            """)
        let xml = map.osmXML(ways: [
            .init("abc", ["highway": "primary", "turn:lanes:forward": "left|through", "turn:lanes:backward": "through;right"]),
            .init("de", ["highway": "primary", "oneway": "yes", "turn:lanes": "left|sideways"]),
        ])
        let result = try OSMImporter.importXML(xml)
        let g = result.graph
        func edge(_ from: Character, _ to: Character) throws -> EdgeIndex {
            try #require(g.edges(fromOSM: map.nodeID(from), toOSM: map.nodeID(to)).first)
        }
        #expect(Array(g.turnLanes(of: try edge("a", "c"))) == [.left, .straight])
        #expect(Array(g.turnLanes(of: try edge("c", "a"))) == [[.straight, .right]])
        #expect(g.turnLanes(of: try edge("d", "e")).isEmpty)
        #expect(result.statistics.waysWithTurnLanes == 1)
        #expect(result.statistics.turnLaneWaysWithUnknownIndication == 1 && result.statistics.turnLaneWaysDropped == 1)
        #expect(g.validate() == nil)
    }
}
