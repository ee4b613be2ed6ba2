import Geodesy
import RoadNetwork
import Routing
import SeededRandom
import TestSupport
import Testing
@testable import MapMatching

/// Property tests: drive random routes across a block grid, sample them with GPS noise, match, and
/// compare the matched drive with the driven one.
@Suite struct DrivenTraceMatchingTests {
    // A 5 × 5 grid of two-way streets, 60 m blocks (grid cells of 10 m), avenues one-way on alternate
    // rows so that direction matters.
    static let grid: MatchingFixture = {
        var rows: [String] = []
        let letters = Array("abcdefghijklmnopqrstuvwxy")
        for r in 0..<5 {
            rows.append(letters[(r * 5)..<(r * 5 + 5)].map(String.init).joined(separator: "-----"))
            if r < 4 { for _ in 0..<5 { rows.append(Array(repeating: "|", count: 5).joined(separator: "     ")) } }
        }
        var ways: [MapFixture.Way] = []
        for r in 0..<5 {
            let row = String(letters[(r * 5)..<(r * 5 + 5)])
            ways.append(.init(r % 2 == 1 ? String(row.reversed()) : row,
                              ["highway": "residential", "name": "Row \(r)"].merging(r == 1 || r == 3 ? ["oneway": "yes"] : [:]) { $1 }))
        }
        for c in 0..<5 {
            ways.append(.init(String((0..<5).map { letters[$0 * 5 + c] }), ["highway": "residential", "name": "Column \(c)"]))
        }
        // swiftlint:disable:next force_try
        return try! MatchingFixture(rows.joined(separator: "\n"), gridSize: 10, ways: ways)
    }()

    /// Random routes between points on the grid's streets, sampled every 25 m with noise.
    func matchedShares(sigma: Meters, seed: UInt64, count: Int) throws -> [Double] {
        let net = Self.grid
        var generator = SplitMix64(seed: seed)
        let letters = net.map.letters
        let workspace = net.router.makeWorkspace()
        var shares: [Double] = []
        while shares.count < count {
            let a = letters[generator.next(below: letters.count)], b = letters[generator.next(below: letters.count)]
            let c = letters[generator.next(below: letters.count)], d = letters[generator.next(below: letters.count)]
            guard a != b, c != d, net.graph.nodeCount > 0 else { continue }
            let from = net.point(a, b, 0), to = net.point(c, d, 0)
            guard GreatCircle.distance(from: from, to: to) > 100,
                  let driven = try? net.router.route(from: from, to: to, metric: .distance, workspace: workspace) else { continue }
            let trace = DrivenTrace(route: driven, spacing: 25, sigma: sigma, generator: &generator)
            let match = MapMatcher(router: net.router).match(
                try MatchTrace(coordinates: trace.coordinates, timestamps: trace.timestamps, precision: max(sigma, 5)),
                workspace: workspace)
            let matched = try match.matchings.map { try net.router.route(through: $0.locations, metric: .distance, workspace: workspace) }
            shares.append(matchedShare(driven: driven, matched: matched, graph: net.graph))
        }
        return shares
    }

    @Test func exactTracesMatchEveryDrivenEdge() throws {
        let shares = try matchedShares(sigma: 0, seed: 7, count: 20)
        #expect(shares.allSatisfy { $0 > 0.999 }, "\(shares)")
    }

    @Test func noisyTracesMatchNearlyAllOfTheDrivenLength() throws {
        let shares = try matchedShares(sigma: 5, seed: 11, count: 20)
        let mean = shares.reduce(0, +) / Double(shares.count)
        #expect(mean > 0.95, "mean \(mean), \(shares)")
    }

    @Test func confidenceIsHighForAnExactTraceAndLowForADetour() {
        #expect(MatchingConfidence.confidence(traceLength: 1000, matchedLength: 1005) > 0.9)
        #expect(MatchingConfidence.confidence(traceLength: 1000, matchedLength: 2000) < 0.2)
        #expect(MatchingConfidence.confidence(traceLength: 0, matchedLength: 10) == 0)
    }

    @Test func traceErrorsNameThePointAtFault() {
        let a = Coordinate(latitude: 45.8, longitude: 15.97), b = Coordinate(latitude: 45.801, longitude: 15.97)
        #expect(throws: MatchTraceError.tooFewPoints(1)) { try MatchTrace(coordinates: [a], precision: 5) }
        #expect(throws: MatchTraceError.invalidPrecision(index: 1)) { try MatchTrace(coordinates: [a, b], precisions: [5, 0]) }
        #expect(throws: MatchTraceError.timestampsNotIncreasing(index: 2)) {
            try MatchTrace(coordinates: [a, b, a], timestamps: [1, 2, 2], precision: 5)
        }
    }
}
