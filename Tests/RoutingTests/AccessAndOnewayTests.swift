import Geodesy
import Testing
import TestSupport
@_spi(Experiments) @testable import Routing

/// Oneway roads and destination-only access: reach into, leave from, never through.
@Suite struct AccessAndOnewayTests {
    // A private shortcut b-c (80 m) beside the public detour b-e-f-c (160 m).
    static let drawing = """
        a---b-------c---d
            |       |
            |       |
            |       |
            e-------f
        """
    static func accessNetwork(shortcutTags: [String: String]) throws -> FixtureNetwork {
        try FixtureNetwork(drawing, ways: [
            .init("ab", ["highway": "residential", "name": "West Street"]),
            .init("bc", ["highway": "service", "name": "Private Lane"].merging(shortcutTags) { $1 }),
            .init("cd", ["highway": "residential", "name": "East Street"]),
            .init("befc", ["highway": "residential", "name": "Detour"]),
        ])
    }

    @Test func publicShortcutIsTaken() throws {
        let net = try Self.accessNetwork(shortcutTags: [:])
        let route = try net.route([net.point("a", "b"), net.point("c", "d")])
        #expect(net.letters(of: route) == "bc")
    }

    @Test(arguments: ["destination", "private"])
    func destinationOnlyRoadIsNeverPassedThrough(access: String) throws {
        let net = try Self.accessNetwork(shortcutTags: ["access": access])
        let route = try net.route([net.point("a", "b"), net.point("c", "d")])
        #expect(net.letters(of: route) == "befc", "\(net.letters(of: route))")
        let dijkstra = try net.route([net.point("a", "b"), net.point("c", "d")], algorithm: .dijkstra)
        #expect(net.letters(of: dijkstra) == "befc")
    }

    @Test func destinationOnlyRoadCanBeReached() throws {
        let net = try Self.accessNetwork(shortcutTags: ["access": "destination"])
        let route = try net.route([net.point("a", "b"), net.point("b", "c")])
        #expect(net.letters(of: route) == "b")
        #expect(abs(route.distance - 60) < 0.5)
    }

    @Test func destinationOnlyRoadCanBeLeft() throws {
        let net = try Self.accessNetwork(shortcutTags: ["access": "destination"])
        let route = try net.route([net.point("b", "c"), net.point("c", "d")])
        #expect(net.letters(of: route) == "c")
        #expect(abs(route.distance - 60) < 0.5)
    }

    @Test func throughTrafficBlockedWhenNoPublicDetourExists() throws {
        let net = try FixtureNetwork("a---b---c---d", ways: [
            .init("ab", ["highway": "residential"]),
            .init("bc", ["highway": "residential", "access": "destination"]),
            .init("cd", ["highway": "residential"]),
        ])
        #expect(throws: RoutingError.self) { try net.route([net.point("a", "b"), net.point("c", "d")]) }
    }

    // A oneway a -> b -> c with a two-way loop c-e-d-a back.
    static let onewayDrawing = """
        a-------b-------c
        |               |
        |               |
        d---------------e
        """
    static func onewayNetwork() throws -> FixtureNetwork {
        try FixtureNetwork(onewayDrawing, ways: [
            .init("abc", ["highway": "residential", "oneway": "yes", "name": "One Way"]),
            .init("ceda", ["highway": "residential", "name": "Loop"]),
        ])
    }

    @Test func onewayIsDrivenOnlyForwards() throws {
        let net = try Self.onewayNetwork()
        let forward = try net.route([net.point("a", "b"), net.point("b", "c")])
        #expect(abs(forward.distance - 80) < 0.5)
        let backward = try net.route([net.point("b", "c"), net.point("a", "b")])
        #expect(net.letters(of: backward) == "ceda", "\(net.letters(of: backward))")
        #expect(backward.distance > 200)
    }

    @Test func midEdgeStartAndEndOnOneOnewayEdgeInBothOrders() throws {
        let net = try Self.onewayNetwork()
        let p = net.point("a", "b", 0.25), q = net.point("a", "b", 0.75)
        let ahead = try net.route([p, q])
        #expect(abs(ahead.distance - 40) < 0.5)
        #expect(ahead.legs[0].edges.count == 1)
        #expect(ahead.legs[0].coordinates.count == 2)
        let behind = try net.route([q, p])
        #expect(net.letters(of: behind) == "bceda", "\(net.letters(of: behind))")
        #expect(behind.legs[0].edges.first == behind.legs[0].edges.last, "leaves and re-enters the same edge")
        #expect(behind.distance > 280)
    }

    /// A point exactly on a junction may leave over any of its roads, whichever edge snapping reported.
    @Test func startAndEndOnAJunctionNodeUseEveryRoadThere() throws {
        let net = try FixtureNetwork("a-------j-------b", ways: [
            .init("jb", ["highway": "residential", "oneway": "yes", "name": "Out"]),
            .init("ja", ["highway": "residential", "name": "Back"]),
        ])
        let j = net.map.coordinate("j")
        let west = try net.route([j, net.point("j", "a")])
        #expect(abs(west.distance - 40) < 0.5)
        let east = try net.route([j, net.point("j", "b")])
        #expect(abs(east.distance - 40) < 0.5)
        let arrive = try net.route([net.point("a", "j"), j])
        #expect(abs(arrive.distance - 40) < 0.5)
        #expect(arrive.legs[0].coordinates.last == arrive.legs[0].to.location)
        // Starting on the oneway into the dead end b: with 30 m the point cannot move to j (40 m away).
        #expect(throws: RoutingError.self) { try net.router.route(from: net.point("j", "b"), to: j, maxSnapDistance: 30) }
    }

    @Test func midEdgeStartAndEndOnOneTwoWayEdgeInBothOrders() throws {
        let net = try Self.onewayNetwork()
        let p = net.point("d", "e", 0.25), q = net.point("d", "e", 0.75)
        let ahead = try net.route([p, q]), behind = try net.route([q, p])
        #expect(abs(ahead.distance - 80) < 0.5)
        #expect(abs(behind.distance - 80) < 0.5)
        #expect(behind.legs[0].edges.count == 1)
        #expect(behind.legs[0].coordinates.first == behind.legs[0].from.location)
        #expect(behind.legs[0].coordinates.last == behind.legs[0].to.location)
    }
}
