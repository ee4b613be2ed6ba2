import Geodesy
import Testing
import TestSupport
@_spi(Experiments) @testable import Routing

/// Via-way restrictions on a 3 × 3 block grid: the upper blocks are 60 m tall, the lower ones 30 m,
/// every block 80 m wide, so each detour has one exact length. Routes start halfway down `a-d`
/// (heading for `d`); metres are the metric.
@Suite struct ViaWayRestrictionTests {
    static let grid = """
        a-------b-------c
        |       |       |
        |       |       |
        |       |       |
        |       |       |
        |       |       |
        d-------e-------f
        |       |       |
        |       |       |
        g-------h-------i
        """

    // Way indexes: 0 ad, 1 de, 2 ef, 3 eh, 4 fi, 5 cf, then the rest of the grid.
    static let ways: [MapFixture.Way] = ["ad", "de", "ef", "eh", "fi", "cf", "ab", "bc", "be", "dg", "gh", "hi"].map {
        .init($0, ["highway": "residential", "name": "Street \($0.uppercased())"])
    }

    static func network(_ restrictions: [MapFixture.Restriction]) throws -> FixtureNetwork {
        try FixtureNetwork(grid, ways: ways, restrictions: restrictions)
    }

    /// The length of the route from halfway down `a-d` to `fraction` of the way from `p` to `q`, by A*,
    /// checked against Dijkstra.
    static func distance(to p: Character, _ q: Character, _ fraction: Double = 0.5, in net: FixtureNetwork) throws -> Meters {
        let points = [net.point("a", "d", 0.5), net.point(p, q, fraction)]
        let aStar = try net.route(points, algorithm: .aStar)
        let dijkstra = try net.route(points, algorithm: .dijkstra)
        #expect(abs(aStar.distance - dijkstra.distance) < 1e-6, "A* \(aStar.distance) m, Dijkstra \(dijkstra.distance) m")
        return aStar.distance
    }

    @Test func unrestrictedGridTakesTheDirectPaths() throws {
        let net = try Self.network([])
        #expect(abs(try Self.distance(to: "e", "h", in: net) - 125) < 0.5)
        #expect(abs(try Self.distance(to: "f", "i", in: net) - 205) < 0.5)
        #expect(abs(try Self.distance(to: "c", "f", 0.8, in: net) - 202) < 0.5)
    }

    @Test func noTurnOverOneViaWayForcesTheDetourOnlyAfterTheWholePath() throws {
        // From a-d along d-e, no right turn onto e-h.
        let net = try Self.network([.init("no_right_turn", from: 0, viaWays: [1], to: 3)])
        #expect(net.graph.viaWayRestrictions.count == 1)
        #expect(abs(try Self.distance(to: "e", "h", in: net) - 155) < 0.5)
        // The other turns at e stay direct, and a car that joined d-e elsewhere may still turn.
        #expect(abs(try Self.distance(to: "e", "f", in: net) - 150) < 0.5)
        let fromG = try net.route([net.point("d", "g", 0.5), net.point("e", "h", 0.5)])
        #expect(abs(fromG.distance - 110) < 0.5, "\(net.letters(of: fromG))")
    }

    @Test func onlyTurnOverOneViaWayAllowsNothingElseAtItsEnd() throws {
        // From a-d along d-e, only straight on to e-f.
        let net = try Self.network([.init("only_straight_on", from: 0, viaWays: [1], to: 2)])
        #expect(abs(try Self.distance(to: "e", "h", in: net) - 155) < 0.5)
        #expect(abs(try Self.distance(to: "e", "f", in: net) - 150) < 0.5)
        // The rule binds at its last junction only: turning off before the via way is free.
        #expect(abs(try Self.distance(to: "g", "h", in: net) - 100) < 0.5)
    }

    @Test func noTurnOverTwoViaWays() throws {
        // From a-d along d-e and e-f, no right turn onto f-i.
        let net = try Self.network([.init("no_right_turn", from: 0, viaWays: [1, 2], to: 4)])
        #expect(abs(try Self.distance(to: "f", "i", in: net) - 235) < 0.5)
        // Onto c-f at the same junction is still allowed.
        #expect(abs(try Self.distance(to: "c", "f", 0.8, in: net) - 202) < 0.5)
        // Leaving the via ways part-way (d-e then e-h) ends the restriction.
        let route = try net.route([net.point("a", "d", 0.5), net.point("h", "i", 0.5)])
        #expect(abs(route.distance - 180) < 0.5, "\(net.letters(of: route))")
    }

    @Test func onlyTurnOverTwoViaWays() throws {
        // From a-d along d-e and e-f, only a right turn onto f-i.
        let net = try Self.network([.init("only_right_turn", from: 0, viaWays: [1, 2], to: 4)])
        #expect(abs(try Self.distance(to: "f", "i", in: net) - 205) < 0.5)
        // North onto f-c is forbidden at f: round by a, b and c instead (238 m).
        #expect(abs(try Self.distance(to: "c", "f", 0.8, in: net) - 238) < 0.5)
    }

    @Test func viaNodeAndViaWayRestrictionsWorkTogether() throws {
        let net = try Self.network([
            .init("no_right_turn", from: 0, viaWays: [1], to: 3),
            .init("no_left_turn", from: 0, via: "d", to: 9),
        ])
        #expect(net.graph.restrictions.count == 1 && net.graph.viaWayRestrictions.count == 1)
        // Neither d-e-h nor d-g-h: round by a-b-e (185 m).
        #expect(abs(try Self.distance(to: "e", "h", in: net) - 185) < 0.5)
    }

    /// Where the restriction binds, the route comes round another way: from West along Stem the turn
    /// onto East is banned. Turning round at b is no option (a U-turn only where nothing else is left), so
    /// the car drives on to the end of Through, turns round there and enters Stem from c, an approach the
    /// restriction does not bind (20 + 40 + 40 + 30 + 20 m; turning round at e and again at the end of
    /// Spur would be 230 m).
    @Test func restrictedRouteTurnsRoundWhereThatIsTheOnlyWay() throws {
        let drawing = """
                    f
                    |
                    |
            a---b---c
                |
                |
                e---d
            """
        let ways: [MapFixture.Way] = [
            .init("ab", ["highway": "primary", "name": "West"]),
            .init("be", ["highway": "primary", "name": "Stem"]),
            .init("ed", ["highway": "primary", "name": "East"]),
            .init("bc", ["highway": "primary", "name": "Through"]),
            .init("bf", ["highway": "primary", "name": "Spur"]),
        ]
        let open = try FixtureNetwork(drawing, ways: ways)
        let direct = try open.route([open.point("a", "b", 0.5), open.point("e", "d", 0.5)])
        #expect(abs(direct.distance - 20 - 30 - 20) < 0.5)
        let net = try FixtureNetwork(drawing, ways: ways, restrictions: [.init("no_left_turn", from: 0, viaWays: [1], to: 2)])
        let route = try net.route([net.point("a", "b", 0.5), net.point("e", "d", 0.5)])
        let letters = net.letters(of: route)
        #expect(letters == "bcbe", "\(letters)")
        #expect(abs(route.distance - (20 + 40 + 40 + 30 + 20)) < 0.5, "\(letters) \(route.distance)")
    }
}
