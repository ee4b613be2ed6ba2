import Geodesy
@testable import Guidance
import Testing

/// How links meeting links, forks, nearly straight rivals and a turn followed by a change of name are told
/// (OSRM's turn handler and turn collapsing).
@Suite struct LinkForkAndNameChangeRuleTests {
    /// A slip road (On link, from a) runs into the Ring link (x-b-c-j), which goes on straight at c while
    /// the Airport link branches off to the right. No motorway carriageway is there, so the links are
    /// ordinary roads: joining the Ring link is silent, and leaving it is a turn, not a fork.
    static let linksMeetingLinks = """
        i    a
        j cb x
        """

    func linksFixture() throws -> GuidanceFixture {
        let link = { (name: String) in road(name, "motorway_link", ["oneway": "yes"]) }
        return try GuidanceFixture(Self.linksMeetingLinks, ways: [
            .init("xb", link("Ring link")), .init("bc", link("Ring link")), .init("cj", link("Ring link")),
            .init("ci", link("Airport link")), .init("ab", link("On link")),
        ], gridSize: 5)
    }

    @Test func slipRoadRunningIntoALinkThatGoesOnIsSilent() throws {
        let f = try linksFixture()
        #expect(f.turns(try f.route("aj")).isEmpty)
    }

    @Test func branchLeavingALinkThatCarriesItsNameOnIsATurnNotAFork() throws {
        let f = try linksFixture()
        let turns = f.turns(try f.route("ai"))
        #expect(turns.map(\.type) == [.turn])
        #expect(turns.first?.roadName == "Airport link")
        #expect(turns.first.map { TurnAngleBands.direction(for: $0.modifier) } == .right)
    }

    /// Two roads leaving 45° to either side: neither goes on straight, so they are a left and a right turn.
    @Test func roadsFortyFiveDegreesEitherSideAreTurnsNotAFork() throws {
        let f = try GuidanceFixture("""
                    h
                   /
              e - g
                   \\
                    j
            """, ways: [.init("eg", road("Main", "primary")), .init("gh", road("Top", "primary")),
                        .init("gj", road("Bottom", "primary"))])
        let left = f.turns(try f.route("eh")), right = f.turns(try f.route("ej"))
        #expect(left.map(\.type) == [.turn] && left.first?.modifier == .left)
        #expect(right.map(\.type) == [.turn] && right.first?.modifier == .right)
    }

    /// A slip road splits: one branch runs straight on, the other leaves 5° off it. The other is too near
    /// straight for the straight one to be the obvious way, so the slip road forks, though no carriageway
    /// is there.
    @Test func slipRoadSplittingNearlyStraightIsAFork() throws {
        let link = road("", "motorway_link", ["oneway": "yes"])
        let f = try GuidanceFixture("""
                             c
            a     b          d
            """, ways: [.init("ab", link), .init("bc", link), .init("bd", link)], gridSize: 5)
        #expect(f.turns(try f.route("ad")).map(\.type) == [.fork])
        #expect(f.turns(try f.route("ac")).map(\.type) == [.fork])
    }

    /// Top turns right at b onto its own continuation, which becomes Main at e 28 m on; Main then passes
    /// the junction f before the destination g. One turn onto Main, named by the turn at b (right), not by
    /// the total angle (straight) and not as a zig-zag of two instructions.
    @Test func turnFollowedByANameChangeIsOneTurnNamedByTheTurn() throws {
        let f = try GuidanceFixture("""
            a - b - q
                 \\
                  e - f - g
                      |
                      t
            """, ways: [.init("ab", road("Top", "primary")), .init("be", road("Top", "primary")),
                        .init("bq", road("Off", "primary")), .init("efg", road("Main", "primary")),
                        .init("ft", road("Side", "primary"))])
        let turns = f.turns(try f.route("ag"))
        #expect(turns.map(\.type) == [.turn])
        #expect(turns.first?.modifier == .right)
        #expect(turns.first?.roadName == "Main")
    }

    /// The unnamed stretch b-c between two turns leads back onto Road: the turn at b is kept (the name's
    /// return at c is not announced), not merged away as a straight.
    @Test func turnThroughAnUnnamedStretchBackOntoTheRoadIsKept() throws {
        let f = try GuidanceFixture("""
            a - b - e

                c - d
            """, ways: [.init("ab", road("Road", "tertiary")), .init("bc", road("", "tertiary")),
                        .init("cd", road("Road", "tertiary")), .init("be", road("Other", "tertiary"))])
        let turns = f.turns(try f.route("ad"))
        #expect(turns.count == 1)
        #expect(turns.first?.modifier == .right)
    }

    /// Two left turns 20 m apart reverse the direction. Back onto Main (the road left at b) they are one
    /// U-turn; onto another road, where the driver could also have gone on at c, they are two turns.
    static let twoLeftTurns = """
            e
            |
        d - c
            |
        a - b - f
        """

    @Test func twoCloseTurnsBackOntoAnotherRoadAreTwoTurns() throws {
        let f = try GuidanceFixture(Self.twoLeftTurns, ways: [
            .init("abf", road("Main")), .init("bce", road("Cross")), .init("cd", road("Other"))])
        let turns = f.turns(try f.route("ad"))
        #expect(turns.map(\.modifier) == [.left, .left])
        #expect(turns.map(\.roadName) == ["Cross", "Other"])
    }

    @Test func twoCloseTurnsBackOntoTheSameRoadAreOneUTurn() throws {
        let f = try GuidanceFixture(Self.twoLeftTurns, ways: [
            .init("abf", road("Main")), .init("bce", road("Cross")), .init("cd", road("Main"))])
        #expect(f.turns(try f.route("ad")).map(\.modifier) == [.uturn])
    }
}
