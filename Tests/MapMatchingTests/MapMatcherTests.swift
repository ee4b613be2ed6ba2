import Geodesy
import RoadNetwork
import Routing
import SeededRandom
import TestSupport
import Testing
@testable import MapMatching

/// The hidden Markov model on drawn networks: which road a trace is matched to, where it breaks.
@Suite struct MapMatcherTests {
    // Main Street a–d (two-way) and, 16 m north of it, Back Lane e–h, one-way westward (h to e).
    // A car driving east keeps to Main Street even where its noisy points lie nearer Back Lane: driving
    // Back Lane eastward is not allowed, and reaching it costs a detour.
    static let parallel = """
        e-------f-------g-------h

        a-------b-------c-------d
        """

    static func parallelNetwork() throws -> MatchingFixture {
        try MatchingFixture(parallel, gridSize: 8, ways: [
            .init("abcd", ["highway": "primary", "name": "Main Street"]),
            .init("hgfe", ["highway": "residential", "name": "Back Lane", "oneway": "yes"]),
            .init("ae", ["highway": "residential", "name": "West Link"]),
            .init("dh", ["highway": "residential", "name": "East Link"]),
        ])
    }

    @Test func eastboundTraceNearerTheWestboundOnewayStaysOnTheTwoWayRoad() throws {
        let net = try Self.parallelNetwork()
        // Points at 20 %, 35 % … of the road, alternately 4 m and 10 m north of Main Street: the second
        // kind lies nearer Back Lane (6 m) than Main Street.
        let fractions = [0.1, 0.25, 0.4, 0.55, 0.7, 0.85]
        let points = fractions.enumerated().map { i, f in net.point("a", "d", f, north: i % 2 == 0 ? 4 : 10) }
        let trace = try MatchTrace(coordinates: points, timestamps: points.indices.map { Double($0) * 2 }, precision: 5)
        let result = MapMatcher(router: net.router).match(trace, workspace: net.router.makeWorkspace())
        #expect(result.matchings.count == 1)
        let names = result.matchings.first?.locations.map(net.name(of:)) ?? []
        #expect(names == Array(repeating: "Main Street", count: points.count), "\(names)")
        // Nearest-road snapping would have put every second point on Back Lane: the model is what keeps it.
        let nearest = try points.map { try net.router.snap($0) }.map(net.name(of:))
        #expect(nearest.contains("Back Lane"))
    }

    @Test func westboundTraceBetweenTheRoadsFollowsTheOneway() throws {
        let net = try Self.parallelNetwork()
        // Driving west between the two roads, a little nearer Back Lane: both roads allow it, and Back Lane
        // is nearer, so every point goes there.
        let points = [0.9, 0.75, 0.6, 0.45, 0.3, 0.15].map { net.point("a", "d", $0, north: 10) }
        let trace = try MatchTrace(coordinates: points, precision: 5)
        let result = MapMatcher(router: net.router).match(trace, workspace: net.router.makeWorkspace())
        let names = result.matchings.first?.locations.map(net.name(of:)) ?? []
        #expect(names == Array(repeating: "Back Lane", count: points.count), "\(names)")
    }

    @Test func pointWithoutARoadInReachIsLeftOut() throws {
        let net = try Self.parallelNetwork()
        // The third point lies 40 m south of Main Street, beyond 3 × 5 m.
        let points = [0.1, 0.3, 0.5, 0.7, 0.9].enumerated().map { i, f in net.point("a", "d", f, north: i == 2 ? -40 : 1) }
        let result = MapMatcher(router: net.router).match(try MatchTrace(coordinates: points, precision: 5),
                                                          workspace: net.router.makeWorkspace())
        #expect(result.tracepoints.map { $0 == nil } == [false, false, true, false, false])
        #expect(result.matchings.count == 1)
        #expect(result.matchings.first?.pointIndices == [0, 1, 3, 4])
        #expect(result.tracepoints[3]?.waypointIndex == 2)
    }

    @Test func longTimeGapSplitsTheTraceUnlessGapsAreIgnored() throws {
        let net = try Self.parallelNetwork()
        let points = [0.1, 0.25, 0.4, 0.6, 0.75, 0.9].map { net.point("a", "d", $0, north: 1) }
        // 61 s between the third and the fourth point: beyond OSRM's 60 s.
        let times: [Double] = [0, 2, 4, 65, 67, 69]
        let trace = try MatchTrace(coordinates: points, timestamps: times, precision: 5)
        let split = MapMatcher(router: net.router).match(trace, workspace: net.router.makeWorkspace())
        #expect(split.matchings.map(\.pointIndices) == [[0, 1, 2], [3, 4, 5]])
        #expect(split.tracepoints[4]?.matchingIndex == 1)
        #expect(split.tracepoints[4]?.waypointIndex == 1)
        var ignoring = MatchingParameters()
        ignoring.splitsAtTimeGaps = false
        let whole = MapMatcher(router: net.router, parameters: ignoring).match(trace, workspace: net.router.makeWorkspace())
        #expect(whole.matchings.map(\.pointIndices) == [[0, 1, 2, 3, 4, 5]])
    }

    // Two roads that do not meet: a–b in the west and c–d, 300 m east. A trace that jumps from one to the
    // other has no transition there and is split into two matchings.
    @Test func traceAcrossUnconnectedRoadsIsSplit() throws {
        let net = try MatchingFixture("a----b" + String(repeating: " ", count: 30) + "c----d", gridSize: 10, ways: [
            .init("ab", ["highway": "residential", "name": "West Road"]),
            .init("cd", ["highway": "residential", "name": "East Road"]),
        ])
        let points = [net.point("a", "b", 0.2), net.point("a", "b", 0.8), net.point("c", "d", 0.2), net.point("c", "d", 0.8)]
        var parameters = MatchingParameters()
        parameters.maximumBrokenPoints = 1
        let result = MapMatcher(router: net.router, parameters: parameters)
            .match(try MatchTrace(coordinates: points, precision: 5), workspace: net.router.makeWorkspace())
        #expect(result.matchings.map(\.pointIndices) == [[0, 1], [2, 3]])
        #expect(result.matchings.map { $0.locations.map(net.name(of:)) } == [["West Road", "West Road"], ["East Road", "East Road"]])
    }

    @Test func singleOutlierBetweenMatchedPointsIsDroppedNotSplit() throws {
        let net = try MatchingFixture("a----b" + String(repeating: " ", count: 30) + "c----d", gridSize: 10, ways: [
            .init("ab", ["highway": "residential", "name": "West Road"]),
            .init("cd", ["highway": "residential", "name": "East Road"]),
        ])
        // The third point jumps onto East Road and back: no road connects it, so it is an outlier.
        let points = [net.point("a", "b", 0.1), net.point("a", "b", 0.3), net.point("c", "d", 0.5),
                      net.point("a", "b", 0.6), net.point("a", "b", 0.9)]
        let result = MapMatcher(router: net.router).match(try MatchTrace(coordinates: points, precision: 5),
                                                          workspace: net.router.makeWorkspace())
        #expect(result.matchings.map(\.pointIndices) == [[0, 1, 3, 4]])
        #expect(result.tracepoints[2] == nil)
    }

    @Test func tidyLeavesOutPointsOfACarStandingStill() throws {
        let net = try Self.parallelNetwork()
        // Three points within 2 m of each other (a car waiting at a signal), then moving on.
        let points = [net.point("a", "d", 0.1, north: 1), net.point("a", "d", 0.105, north: 2), net.point("a", "d", 0.11, north: 1),
                      net.point("a", "d", 0.4, north: 1), net.point("a", "d", 0.7, north: 1)]
        let trace = try MatchTrace(coordinates: points, precision: 5)
        let tidied = MapMatcher(router: net.router).match(trace, tidy: true, workspace: net.router.makeWorkspace())
        #expect(tidied.tracepoints.map { $0 == nil } == [false, true, true, false, false])
        #expect(tidied.matchings.first?.pointIndices == [0, 3, 4])
        let untidied = MapMatcher(router: net.router).match(trace, workspace: net.router.makeWorkspace())
        #expect(untidied.tracepoints.allSatisfy { $0 != nil })
    }

    @Test func stopSignalEndsTheMatchEarly() throws {
        let net = try Self.parallelNetwork()
        let points = [0.1, 0.3, 0.5, 0.7, 0.9].map { net.point("a", "d", $0, north: 1) }
        let workspace = net.router.makeWorkspace()
        workspace.shouldStop = { true }
        let result = MapMatcher(router: net.router).match(try MatchTrace(coordinates: points, precision: 5), workspace: workspace)
        #expect(result.matchings.isEmpty)
    }
}
