import Foundation
import Geodesy
import Guidance
import RouteFormats
import Routing
import Testing
import TestSupport
@testable import WaymarkKit

/// `waymark waypoints --trace`: the trace is matched to the roads, followed along the planned route, and
/// re-routed when the car leaves it.
///
///     a-------b-------c
///     |       |       |
///     |       |       |
///     |       |       |
///     s-------e-------d
///
/// The planned route runs along the bottom from s to d (160 m). The detour drives s → e, turns north up
/// e → b, then b → c → d round the block; the straight drive stays on s → e → d. One grid cell is 10 m.
@Suite struct TraceRerouteTests {
    static let map = MapFixture("""
        a-------b-------c
        |       |       |
        |       |       |
        |       |       |
        s-------e-------d
        """)
    static let ways: [MapFixture.Way] = [
        .init("sed", ["highway": "residential", "name": "Bottom"]), .init("abc", ["highway": "residential", "name": "Top"]),
        .init("as", ["highway": "residential", "name": "West"]), .init("be", ["highway": "residential", "name": "Middle"]),
        .init("cd", ["highway": "residential", "name": "East"]),
    ]
    static let spacing: Meters = 10

    /// The navigator over the map, the planned route s → d and its waypoints.
    struct Drive {
        let navigator: Navigator
        let route: Route
        let waypoints: [Waypoint]
        let options = GuidanceOptions(plannedSpeed: 30)

        init() throws {
            let directory = try TestFiles.scratchDirectory(prefix: "trace-reroute")
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("block.osm")
            try map.osmXML(ways: ways).write(to: file, atomically: true, encoding: .utf8)
            navigator = try Navigator(source: .osmFile(path: file.path))
            route = try navigator.route(from: map.coordinate("s"), to: map.coordinate("d"))
            waypoints = navigator.waypoints(for: route, options: options)
        }

        /// Streams a replay of `trace`; the parsed lines, the last being the summary.
        func replay(_ trace: Trace) throws -> [[String: Any]] {
            var lines: [[String: Any]] = []
            let session = WaypointStreamSession(waypoints: waypoints, route: route, options: options, trace: trace, navigator: navigator)
            try session.run { line in
                lines.append(try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any])
                return true
            }
            return lines
        }
    }

    /// Points every `spacing` metres along the letters' roads, one second apart, `north` metres off per point.
    static func trace(through letters: String, north: (Int) -> Meters = { _ in 0 }) -> Trace {
        var points: [Coordinate] = []
        let stops = letters.map { map.coordinate($0) }
        for (a, b) in zip(stops, stops.dropFirst()) {
            let steps = Int((GreatCircle.distance(from: a, to: b) / spacing).rounded())
            for k in 0..<steps { points.append(GreatCircle.intermediate(from: a, to: b, fraction: Double(k) / Double(steps))) }
        }
        points.append(stops.last!)
        return Trace(points: points.enumerated().map { i, c in
            let off = north(i)
            let moved = GreatCircle.destination(from: c, bearing: Bearing(degrees: off < 0 ? 180 : 0), distance: abs(off))
            return TracePoint(coordinate: moved, time: Double(i), line: i + 1)
        }, sourceName: "drive.csv")
    }

    static func reroutes(_ lines: [[String: Any]]) -> [[String: Any]] { lines.compactMap { $0["reroute"] as? [String: Any] } }
    static func summaryTrace(_ lines: [[String: Any]]) -> [String: Any]? {
        (lines.last?["summary"] as? [String: Any])?["trace"] as? [String: Any]
    }

    @Test func aDriveRoundTheBlockReroutesOnceWhereItLeavesTheRouteAndArrives() throws {
        let drive = try Drive()
        let trace = Self.trace(through: "sebcd")
        let lines = try drive.replay(trace)
        let reroutes = Self.reroutes(lines)
        try #require(reroutes.count == 1)
        // s → e is 8 points (0…7), e is point 8; the second point up Middle (20 m north of e) is point 10.
        #expect(reroutes[0]["point"] as? Int == 10)
        let start = Coordinate(latitude: reroutes[0]["matched_lat"] as! Double, longitude: reroutes[0]["matched_lon"] as! Double)
        #expect(GreatCircle.distance(from: start, to: Self.map.coordinate("e")) > 15)
        // The new route goes on north to b, round by c to d: 20 + 80 + 40 m.
        #expect(abs((reroutes[0]["distance"] as! Double) - 140) < 3)
        #expect(Self.summaryTrace(lines)?["reroutes"] as? Int == 1)
        let rerouteLine = lines.firstIndex { $0["reroute"] != nil }!
        let before = lines[..<rerouteLine], after = lines[(rerouteLine + 1)..<(lines.count - 1)]
        #expect(before.allSatisfy { ($0["distance"] as! Double) <= 80 + 1 })
        #expect((after.first?["distance"] as? Double) == 0)
        let last = try #require(after.last)
        let arrived = Coordinate(latitude: last["lat"] as! Double, longitude: last["lon"] as! Double)
        #expect(GreatCircle.distance(from: arrived, to: Self.map.coordinate("d")) < 1)
        #expect((last["instruction"] as? [String: Any])?["type"] as? String == "arrive")
    }

    @Test func aTraceAlongTheRouteDoesNotRerouteAndStreamsTheWaypointsTheRouteMatcherDid() throws {
        let drive = try Drive()
        let trace = Self.trace(through: "sed")
        let lines = try drive.replay(trace)
        #expect(Self.reroutes(lines).isEmpty)
        #expect(Self.summaryTrace(lines)?["reroutes"] as? Int == 0)
        #expect(Self.summaryTrace(lines)?["matched"] as? Int == trace.points.count)
        var expected: [Int] = []
        GuidanceReplay.replay(waypoints: drive.waypoints, match: TraceMatcher().match(trace, to: drive.route.coordinates)) { record in
            expected.append(record.waypoint.sequence)
        }
        #expect(lines.dropLast().map { $0["seq"] as! Int } == expected)
        #expect(expected.count == drive.waypoints.count)
    }

    @Test func aNoisyTraceAlongTheRouteDoesNotReroute() throws {
        let drive = try Drive()
        var random = SeededGenerator(seed: 38)
        let noise = (0..<40).map { _ in Double.random(in: -8...8, using: &random) }
        let lines = try drive.replay(Self.trace(through: "sed") { noise[$0] })
        #expect(Self.reroutes(lines).isEmpty)
        let last = try #require(lines.dropLast().last)
        #expect((last["instruction"] as? [String: Any])?["type"] as? String == "arrive")
    }

    @Test func oneStrayPositionOnASideRoadDoesNotRerouteButTwoInARowDo() throws {
        let drive = try Drive()
        let router = drive.navigator.router
        let bottom = Self.trace(through: "sed").points.map { try! router.snap($0.coordinate, maxDistance: 1) }
        // 10 m up Middle: off the route (10 m from its line), on a road the route does not use.
        let stray = try router.snap(GreatCircle.destination(from: Self.map.coordinate("e"), bearing: Bearing(degrees: 0), distance: 10),
                                    maxDistance: 1)
        let further = try router.snap(GreatCircle.destination(from: Self.map.coordinate("e"), bearing: Bearing(degrees: 0), distance: 20),
                                      maxDistance: 1)
        var follower = RouteFollower(trace: Self.trace(through: "sed"), navigator: drive.navigator, options: drive.options,
                                     workspace: router.makeWorkspace())
        func legs(_ positions: [SnappedLocation]) -> [ReplayLeg] {
            follower.follow(route: drive.route, waypoints: drive.waypoints, positions: positions.enumerated().map { ($0, $1) })
        }
        #expect(legs(bottom).count == 1)
        var once = bottom
        once[9] = stray
        #expect(legs(once).count == 1)
        var twice = bottom
        twice[9] = stray
        twice[10] = further
        // Up to the second position up Middle: one re-route there (driving back afterwards would be another).
        let rerouted = legs(Array(twice.prefix(11)))
        try #require(rerouted.count == 2)
        #expect(rerouted[1].reroute?.traceIndex == 10)
    }

    @Test func aTraceNowhereNearARoadIsAnErrorNamingTheFile() throws {
        let drive = try Drive()
        let far = Trace(points: (0..<5).map { i in
            TracePoint(coordinate: GreatCircle.destination(from: Self.map.coordinate("a"), bearing: Bearing(degrees: 0),
                                                           distance: 1000 + Double(i) * 10))
        }, sourceName: "far.gpx")
        #expect(throws: WaypointStreamError.traceUnmatched(source: "far.gpx", points: 5, searchRadius: 15)) { try drive.replay(far) }
        let single = Trace(points: [TracePoint(coordinate: Self.map.coordinate("s"))], sourceName: "one.csv")
        #expect(throws: WaypointStreamError.traceInvalid(source: "one.csv", reason: "a trace needs at least 2 points (got 1)")) {
            try drive.replay(single)
        }
    }
}
