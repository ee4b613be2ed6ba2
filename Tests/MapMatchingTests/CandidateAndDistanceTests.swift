import Geodesy
import RoadNetwork
import Routing
import SeededRandom
import TestSupport
import Testing

/// The two router services the matcher is built on, against brute force: every road in reach, and the
/// length of the shortest drive.
@Suite struct CandidateAndDistanceTests {
    static var grid: MatchingFixture { DrivenTraceMatchingTests.grid }

    @Test func candidatesAreEveryIndexedRoadInReachNearestFirst() {
        let net = Self.grid
        var generator = SplitMix64(seed: 3)
        for _ in 0..<50 {
            let a = net.map.letters[generator.next(below: net.map.letters.count)]
            let p = GreatCircle.destination(from: net.map.coordinate(a), bearing: Bearing(degrees: generator.nextUnit() * 360),
                                            distance: generator.nextUnit() * 40)
            let radius = 5 + generator.nextUnit() * 40
            let found = net.router.snapIndex.candidates(near: p, in: net.graph, maxDistance: radius, limit: 100)
            // Brute force: the nearest point of every edge, one edge of each twin pair (the smaller index).
            var expected: [EdgeIndex: Meters] = [:]
            for e in 0..<net.graph.edgeCount {
                let edge = EdgeIndex(e)
                if let twin = net.router.twin(of: edge), twin < edge { continue }
                let points = net.graph.geometry(of: edge)
                let d = zip(points, points.dropFirst()).map { GreatCircle.closestPoint(to: p, onSegmentFrom: $0, to: $1).distance }.min()!
                if d <= radius { expected[edge] = d }
            }
            #expect(Set(found.map(\.edge)) == Set(expected.keys))
            for c in found { #expect(abs(c.distance - (expected[c.edge] ?? -1)) < 1e-6) }
            #expect(zip(found, found.dropFirst()).allSatisfy { $0.distance <= $1.distance })
        }
    }

    @Test func roadDistancesEqualTheLengthsOfShortestRoutes() throws {
        let net = Self.grid
        var generator = SplitMix64(seed: 5)
        let workspace = net.router.makeWorkspace()
        func randomPoint() -> SnappedLocation {
            let a = net.map.letters[generator.next(below: net.map.letters.count)]
            let p = GreatCircle.destination(from: net.map.coordinate(a), bearing: Bearing(degrees: generator.nextUnit() * 360),
                                            distance: generator.nextUnit() * 30)
            return try! net.router.snap(p)
        }
        for _ in 0..<40 {
            let source = randomPoint()
            let targets = (0..<4).map { _ in randomPoint() }
            let limit = 150 + generator.nextUnit() * 300
            let lengths = net.router.roadDistances(from: source, to: targets, within: limit, workspace: workspace)
            for (target, length) in zip(targets, lengths) {
                let route = try? net.router.route(through: [source, target], metric: .distance, algorithm: .dijkstra, workspace: workspace)
                let reference = route.map(\.distance).flatMap { $0 <= limit ? $0 : nil }
                if let reference, let length {
                    #expect(abs(reference - length) < 0.01, "route \(reference) m, search \(length) m")
                } else {
                    #expect(reference == nil && length == nil, "route \(String(describing: reference)), search \(String(describing: length))")
                }
            }
        }
    }
}
