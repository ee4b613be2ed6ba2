import Geodesy
import RoadNetwork
import Testing
import TestSupport
@testable import OSMImport

/// Traffic signals, stop and give-way signs: what the profile reads from node tags, and how the import
/// records them (routing nodes with a `TrafficControl`, counted).
@Suite struct TrafficControlImportTests {
    @Test func profileReadsSignalsStopAndGiveWayWithTheirDirection() {
        let profile = CarProfile()
        #expect(profile.interpretNode(tags(["highway": "traffic_signals"])) == TrafficControl(kind: .trafficSignals))
        // traffic_signals:direction rules over direction, as in OSRM.
        #expect(profile.interpretNode(tags(["highway": "traffic_signals", "traffic_signals:direction": "forward", "direction": "backward"]))
            == TrafficControl(kind: .trafficSignals, direction: .forward))
        #expect(profile.interpretNode(tags(["highway": "stop", "direction": "backward"])) == TrafficControl(kind: .stop, direction: .backward))
        #expect(profile.interpretNode(tags(["highway": "stop", "stop": "minor"])) == TrafficControl(kind: .stopMinor))
        #expect(profile.interpretNode(tags(["highway": "give_way", "direction": "forward"])) == TrafficControl(kind: .giveWay, direction: .forward))
        // A compass direction or `both` faces everyone.
        #expect(profile.interpretNode(tags(["highway": "give_way", "direction": "NE"])) == TrafficControl(kind: .giveWay))
        #expect(profile.interpretNode(tags(["highway": "crossing", "crossing": "traffic_signals"])) == nil)
        #expect(profile.interpretNode(tags(["highway": "street_lamp"])) == nil)
        #expect(profile.interpretNode(tags(["traffic_signals": "signal"])) == nil)
    }

    @Test func controlStoredByteRoundTrips() {
        for kind in TrafficControl.Kind.allCases {
            for direction in TrafficControl.Direction.allCases where kind != .none || direction == .both {
                let control = TrafficControl(kind: kind, direction: direction)
                #expect(TrafficControl(rawValue: control.rawValue) == control)
            }
        }
        #expect(TrafficControl(rawValue: 0x07) == nil)
        #expect(TrafficControl(rawValue: 0x30) == nil)
        #expect(TrafficControl(rawValue: 0x10) == nil, "no control has no direction")
    }

    @Test func controlsOnDrivableWaysBecomeRoutingNodesAndAreCounted() throws {
        // b and e stand in the middle of ways (they would be shape points); f is on a footway only.
        let map = MapFixture("""
            a---b---c---d
                    |
                    e
                    |
                    f---g
            """)
        let ways: [MapFixture.Way] = [
            .init("abcd", ["highway": "primary"]),
            .init("cef", ["highway": "residential"]),
            .init("fg", ["highway": "footway"]),
        ]
        let xml = map.osmXML(ways: ways, nodeTags: [
            "b": ["highway": "traffic_signals", "traffic_signals:direction": "backward"],
            "c": ["highway": "stop", "stop": "minor"],
            "e": ["highway": "give_way"],
            "g": ["highway": "traffic_signals"],
        ])
        let result = try OSMImporter.importXML(xml)
        let g = result.graph
        let b = try #require(g.node(osmID: map.nodeID("b")))
        let c = try #require(g.node(osmID: map.nodeID("c")))
        let e = try #require(g.node(osmID: map.nodeID("e")))
        #expect(g.nodeControls[Int(b)] == TrafficControl(kind: .trafficSignals, direction: .backward))
        #expect(g.nodeControls[Int(c)] == TrafficControl(kind: .stopMinor))
        #expect(g.nodeControls[Int(e)] == TrafficControl(kind: .giveWay))
        #expect(g.node(osmID: map.nodeID("g")) == nil)
        #expect(g.nodeControls.filter { $0 != .none }.count == 3)
        #expect(result.statistics.trafficSignalNodes == 1 && result.statistics.stopNodes == 1 && result.statistics.giveWayNodes == 1)
        // The signal splits abcd at b: a-b and b-c are edges of their own.
        #expect(g.edges(fromOSM: map.nodeID("a"), toOSM: map.nodeID("b")).count == 1)
    }
}
