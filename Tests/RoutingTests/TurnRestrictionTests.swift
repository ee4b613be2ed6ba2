import Geodesy
import Testing
import TestSupport
@_spi(Experiments) @testable import Routing

/// Every OSM restriction kind, at a four-way junction `j` inside a block, so a legal detour exists.
/// Routes start halfway up the south arm heading for `j`; metres are the metric so detours are exact.
@Suite struct TurnRestrictionTests {
    static let grid = """
        a---n---b
        |   |   |
        |   |   |
        |   |   |
        w---j---e
        |   |   |
        |   |   |
        |   |   |
        c---s---d
        """

    // Way indexes: 0 south arm s-j, 1 north arm j-n, 2 east arm j-e, 3 west arm j-w, then the block.
    static let ways: [MapFixture.Way] = [
        .init("sj", ["highway": "residential", "name": "South Arm"]),
        .init("jn", ["highway": "residential", "name": "North Arm"]),
        .init("je", ["highway": "residential", "name": "East Arm"]),
        .init("jw", ["highway": "residential", "name": "West Arm"]),
        .init("anb", ["highway": "residential", "name": "Top"]),
        .init("csd", ["highway": "residential", "name": "Bottom"]),
        .init("awc", ["highway": "residential", "name": "Left"]),
        .init("bed", ["highway": "residential", "name": "Right"]),
    ]

    static func network(_ restrictions: [MapFixture.Restriction]) throws -> FixtureNetwork {
        try FixtureNetwork(grid, ways: ways, restrictions: restrictions)
    }

    /// From halfway up the south arm to halfway along the arm `to` (letter at its far end).
    static func routeFromSouthArm(to arm: Character, in net: FixtureNetwork) throws -> Route {
        try net.route([net.point("s", "j", 0.75), net.point("j", arm, 0.5)])
    }

    @Test func unrestrictedJunctionTurnsDirectly() throws {
        let net = try Self.network([])
        for arm: Character in ["w", "e", "n"] {
            let route = try Self.routeFromSouthArm(to: arm, in: net)
            #expect(net.letters(of: route) == "j", "to \(arm): \(net.letters(of: route))")
            #expect(abs(route.distance - 30) < 0.5)
        }
    }

    @Test func noLeftTurnForcesDetour() throws {
        let net = try Self.network([.init("no_left_turn", from: 0, via: "j", to: 3)])
        let route = try Self.routeFromSouthArm(to: "w", in: net)
        #expect(!net.letters(of: route).hasPrefix("jw"))
        #expect(route.distance > 60, "\(net.letters(of: route)) \(route.distance)")
        // Other turns stay direct.
        #expect(abs(try Self.routeFromSouthArm(to: "e", in: net).distance - 30) < 0.5)
    }

    @Test func noRightTurnForcesDetour() throws {
        let net = try Self.network([.init("no_right_turn", from: 0, via: "j", to: 2)])
        let route = try Self.routeFromSouthArm(to: "e", in: net)
        #expect(route.distance > 60, "\(net.letters(of: route)) \(route.distance)")
        #expect(abs(try Self.routeFromSouthArm(to: "w", in: net).distance - 30) < 0.5)
    }

    @Test func noStraightOnForcesDetour() throws {
        let net = try Self.network([.init("no_straight_on", from: 0, via: "j", to: 1)])
        let route = try Self.routeFromSouthArm(to: "n", in: net)
        #expect(route.distance > 60, "\(net.letters(of: route)) \(route.distance)")
        #expect(abs(try Self.routeFromSouthArm(to: "w", in: net).distance - 30) < 0.5)
    }

    @Test func onlyLeftTurnAllowsNothingElse() throws {
        let net = try Self.network([.init("only_left_turn", from: 0, via: "j", to: 3)])
        let toEast = try Self.routeFromSouthArm(to: "e", in: net)
        #expect(!net.letters(of: toEast).hasPrefix("je"), "\(net.letters(of: toEast))")
        #expect(toEast.distance > 60)
        #expect(abs(try Self.routeFromSouthArm(to: "w", in: net).distance - 30) < 0.5)
    }

    @Test func onlyRightTurnAllowsNothingElse() throws {
        let net = try Self.network([.init("only_right_turn", from: 0, via: "j", to: 2)])
        let toWest = try Self.routeFromSouthArm(to: "w", in: net)
        #expect(toWest.distance > 60, "\(net.letters(of: toWest)) \(toWest.distance)")
        let toNorth = try Self.routeFromSouthArm(to: "n", in: net)
        #expect(toNorth.distance > 60)
        #expect(abs(try Self.routeFromSouthArm(to: "e", in: net).distance - 30) < 0.5)
    }

    @Test func onlyStraightOnAllowsNothingElse() throws {
        let net = try Self.network([.init("only_straight_on", from: 0, via: "j", to: 1)])
        #expect(try Self.routeFromSouthArm(to: "w", in: net).distance > 60)
        #expect(try Self.routeFromSouthArm(to: "e", in: net).distance > 60)
        #expect(abs(try Self.routeFromSouthArm(to: "n", in: net).distance - 30) < 0.5)
    }

    @Test func restrictionsHoldForDijkstraToo() throws {
        let net = try Self.network([.init("no_left_turn", from: 0, via: "j", to: 3)])
        let points = [net.point("s", "j", 0.75), net.point("j", "w", 0.5)]
        let aStar = try net.route(points, algorithm: .aStar)
        let dijkstra = try net.route(points, algorithm: .dijkstra)
        #expect(abs(aStar.distance - dijkstra.distance) < 1e-6)
    }

    /// A dual carriageway: northbound `s -> j` and southbound `j -> t` meet at `j`; the u-turn between
    /// them is banned, so the car must turn round at the end of a side road.
    @Test func noUTurnBetweenCarriageways() throws {
        let drawing = """
            a---j---b
                |\\
                | \\
                s  t
            """
        let ways: [MapFixture.Way] = [
            .init("sj", ["highway": "primary", "oneway": "yes", "name": "Northbound"]),
            .init("jt", ["highway": "primary", "oneway": "yes", "name": "Southbound"]),
            .init("aj", ["highway": "residential", "name": "West"]),
            .init("jb", ["highway": "residential", "name": "East"]),
        ]
        let open = try FixtureNetwork(drawing, ways: ways)
        let direct = try open.route([open.point("s", "j"), open.point("j", "t")])
        #expect(open.letters(of: direct) == "j")
        let banned = try FixtureNetwork(drawing, ways: ways, restrictions: [.init("no_u_turn", from: 0, via: "j", to: 1)])
        let detour = try banned.route([banned.point("s", "j"), banned.point("j", "t")])
        let letters = banned.letters(of: detour)
        #expect(letters.contains("a") || letters.contains("b"), "\(letters)")
        #expect(detour.distance > direct.distance + 50)
    }
}
