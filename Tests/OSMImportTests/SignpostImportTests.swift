import Geodesy
import RoadNetwork
import Testing
import TestSupport
@testable import OSMImport

/// Destinations and exit numbers: what the profile reads from way and node tags (OSRM's car profile
/// rules), and how the import puts them on the directed edges and the junction nodes.
@Suite struct SignpostImportTests {
    let profile = CarProfile()

    func signposts(_ pairs: [String: String]) -> WaySignposts? {
        profile.interpret(tags(pairs))?.signposts
    }

    @Test func refAndDestinationAreJoinedAsOSRMDoesAndSemicolonsBecomeCommas() {
        let link = ["highway": "motorway_link", "oneway": "yes"]
        #expect(signposts(link.merging(["destination:ref": "A1", "destination": "Porto;Lisboa"]) { $1 })?.destinations
            == "A1: Porto, Lisboa")
        #expect(signposts(link.merging(["destination:ref": "A1;A20", "destination": "Porto"]) { $1 })?.destinations
            == "A1, A20: Porto")
        #expect(signposts(link.merging(["destination:ref": "A3"]) { $1 })?.destinations == "A3")
        #expect(signposts(link.merging(["destination": "Braga; Viana do Castelo"]) { $1 })?.destinations == "Braga, Viana do Castelo")
        // The street is the last resort, never added to a destination.
        #expect(signposts(link.merging(["destination:street": "Rua Nova"]) { $1 })?.destinations == "Rua Nova")
        #expect(signposts(link.merging(["destination:street": "Rua Nova", "destination": "Porto"]) { $1 })?.destinations == "Porto")
        #expect(signposts(link)?.destinations == "")
    }

    @Test func listsAreTrimmedAndEmptyItemsDropped() {
        #expect(CarProfile.canonicalList(" a ;b;; c ", separator: ";") == "a; b; c")
        #expect(CarProfile.canonicalList("Porto,  Lisboa ,", separator: ",") == "Porto, Lisboa")
        #expect(CarProfile.canonicalList(" ; ", separator: ";") == "")
        let tagged = ["highway": "primary", "oneway": "yes", "destination": "Porto;;Lisboa ", "destination:ref": ""]
        // An empty destination:ref is no ref: no leading ": ".
        #expect(signposts(tagged)?.destinations == "Porto, Lisboa")
    }

    @Test func theDirectionDrivenPicksForwardOrBackwardTags() {
        let tagged = ["highway": "primary", "destination": "Both", "destination:forward": "Ahead",
                      "destination:backward": "Behind", "destination:ref:backward": "N13"]
        #expect(signposts(tagged.merging(["oneway": "yes"]) { $1 })?.destinations == "Ahead")
        #expect(signposts(tagged.merging(["oneway": "-1"]) { $1 })?.destinations == "N13: Behind")
        // Without a directional value the plain tag applies to either direction.
        #expect(signposts(["highway": "primary", "oneway": "-1", "destination": "Both"])?.destinations == "Both")
        // An implied oneway (a motorway) counts as one.
        #expect(signposts(["highway": "motorway", "destination": "Lisboa"])?.destinations == "Lisboa")
    }

    @Test func twoWayRoadsHaveNoDestinationsAsInOSRM() {
        #expect(signposts(["highway": "primary", "destination": "Porto", "destination:forward": "Braga"])?.destinations == "")
        #expect(signposts(["highway": "motorway", "oneway": "no", "destination": "Porto"])?.destinations == "")
    }

    @Test func junctionRefOfAWayIsItsExitsInBothDirections() {
        #expect(signposts(["highway": "primary", "junction:ref": "12;12a"])?.exits == "12; 12a")
        #expect(signposts(["highway": "motorway_link", "junction:ref": "7"]) == WaySignposts(destinations: "", exits: "7"))
        #expect(profile.interpretFerry(tags(["route": "ferry", "oneway": "yes", "destination": "Cres"]))?.signposts.destinations == "Cres")
    }

    @Test func onlyAMotorwayJunctionsRefIsAnExitNumber() {
        #expect(profile.junctionExit(tags(["highway": "motorway_junction", "ref": "12"])) == "12")
        #expect(profile.junctionExit(tags(["highway": "motorway_junction", "ref": "3a;3b"])) == "3a; 3b")
        #expect(profile.junctionExit(tags(["highway": "motorway_junction", "name": "Porto Norte"])) == nil)
        #expect(profile.junctionExit(tags(["highway": "motorway_junction", "ref": " "])) == nil)
        #expect(profile.junctionExit(tags(["highway": "bus_stop", "ref": "12"])) == nil)
    }

    /// A motorway (a → d) with exit 12 at b onto a slip road (b → e), a two-way street (e – f) with
    /// destinations signed only in one direction, and a oneway tagged against its drawing (g ← h).
    ///
    ///     a ---- b ---- c ---- d
    ///             \
    ///              e ---- f
    ///
    ///     g ---- h
    static let map = MapFixture("""
        a ---- b ---- c ---- d
                \\
                 e ---- f

        g ---- h
        """)

    @Test func importPutsDestinationsOnTheDrivenDirectionAndExitNumbersOnJunctions() throws {
        let map = Self.map
        let ways: [MapFixture.Way] = [
            .init("abcd", ["highway": "motorway", "ref": "A1", "destination:ref": "A1", "destination": "Lisboa"]),
            .init("be", ["highway": "motorway_link", "destination:ref": "N13", "destination": "Matosinhos;Maia"]),
            .init("ef", ["highway": "primary", "destination:forward": "Maia", "destination:backward": "Porto"]),
            .init("gh", ["highway": "primary", "oneway": "-1", "destination:forward": "Ahead", "destination:backward": "Braga",
                         "junction:ref": "5"]),
        ]
        let xml = map.osmXML(ways: ways, nodeTags: [
            "b": ["highway": "motorway_junction", "ref": "12", "name": "Maia"],
            "c": ["highway": "motorway_junction", "name": "No number"],
        ])
        let g = try OSMImporter.importXML(xml).graph
        func edge(_ from: Character, _ to: Character) throws -> EdgeIndex {
            try #require(g.edges(fromOSM: map.nodeID(from), toOSM: map.nodeID(to)).first)
        }
        #expect(g.destinations(of: try edge("a", "b")) == "A1: Lisboa")
        #expect(g.destinations(of: try edge("b", "e")) == "N13: Matosinhos, Maia")
        let ef = try edge("e", "f"), fe = try edge("f", "e"), hg = try edge("h", "g"), be = try edge("b", "e")
        #expect(g.destinations(of: ef) == "" && g.destinations(of: fe) == "")
        #expect(g.destinations(of: hg) == "Braga")
        #expect(g.exits(of: hg) == "5" && g.exits(of: be) == "")
        let b = try #require(g.node(osmID: map.nodeID("b")))
        #expect(g.junctionExit(at: b) == "12")
        #expect(g.junctionExits.count == 1, "c has no number (and is no routing node); a, d … are no junctions")
        #expect(g.junctionExit(at: try #require(g.node(osmID: map.nodeID("a")))) == "")
        // Edges of one way share one signpost.
        #expect(g.signpostIndex[Int(try edge("a", "b"))] == g.signpostIndex[Int(try edge("b", "d"))])
        #expect(g.validate() == nil)
    }
}
