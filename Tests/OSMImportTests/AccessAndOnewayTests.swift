import RoadNetwork
import Testing
@testable import OSMImport

/// Which ways a car may use and in which direction.
@Suite struct AccessAndOnewayTests {
    let profile = CarProfile()

    @Test func everyCarHighwayClassIsDrivable() {
        for highway in HighwayClass.allCases {
            #expect(profile.interpret(tags(["highway": highway.osmValue]))?.highway == highway)
        }
    }

    @Test func nonCarHighwaysAreNotDrivable() {
        for value in ["footway", "cycleway", "path", "track", "steps", "pedestrian", "construction", "proposed", "bus_guideway"] {
            #expect(profile.interpret(tags(["highway": value])) == nil, "\(value)")
        }
        #expect(profile.interpret(tags(["building": "yes"])) == nil)
    }

    @Test func areaHighwaysAreNotRoads() {
        #expect(profile.interpret(tags(["highway": "service", "area": "yes"])) == nil)
        #expect(profile.interpret(tags(["highway": "service", "area": "no"])) != nil)
    }

    @Test func emergencyAccessServiceRoadsAreNotForCars() {
        #expect(profile.interpret(tags(["highway": "service", "service": "emergency_access"])) == nil)
        #expect(profile.interpret(tags(["highway": "service", "service": "driveway"])) != nil)
    }

    @Test func mostSpecificAccessKeyWins() {
        #expect(profile.interpret(tags(["highway": "service", "access": "no", "motorcar": "yes"])) != nil)
        #expect(profile.interpret(tags(["highway": "service", "access": "no", "motor_vehicle": "yes"])) != nil)
        #expect(profile.interpret(tags(["highway": "service", "access": "no", "vehicle": "yes"])) != nil)
        #expect(profile.interpret(tags(["highway": "service", "access": "yes", "motor_vehicle": "no"])) == nil)
        #expect(profile.interpret(tags(["highway": "residential", "vehicle": "no", "motorcar": "destination"]))?.flags.contains(.destinationOnly) == true)
        #expect(profile.interpret(tags(["highway": "residential", "motor_vehicle": "no", "motorcar": "yes"])) != nil)
    }

    @Test func forbiddingValuesExclude() {
        for value in ["no", "agricultural", "forestry", "agricultural;forestry", "emergency", "psv", "bus"] {
            #expect(profile.interpret(tags(["highway": "unclassified", "motor_vehicle": value])) == nil, "\(value)")
        }
    }

    @Test func restrictedValuesMarkDestinationOnly() {
        for value in ["private", "destination", "delivery", "customers"] {
            let w = profile.interpret(tags(["highway": "residential", "access": value]))
            #expect(w?.flags.contains(.destinationOnly) == true, "\(value)")
        }
        #expect(profile.interpret(tags(["highway": "residential", "access": "permissive"]))?.flags.contains(.destinationOnly) == false)
    }

    @Test func onewayForms() {
        func direction(_ t: [String: String]) -> WayInterpretation.Direction? { profile.interpret(tags(t))?.direction }
        #expect(direction(["highway": "residential", "oneway": "yes"]) == .forward)
        #expect(direction(["highway": "residential", "oneway": "true"]) == .forward)
        #expect(direction(["highway": "residential", "oneway": "1"]) == .forward)
        #expect(direction(["highway": "residential", "oneway": "-1"]) == .backward)
        #expect(direction(["highway": "residential", "oneway": "no"]) == .both)
        #expect(direction(["highway": "residential"]) == .both)
        #expect(direction(["highway": "residential", "oneway": "reversible"]) == nil)
        #expect(direction(["highway": "residential", "oneway": "alternating"]) == nil)
    }

    @Test func onewayIsImpliedOnMotorwaysAndRoundabouts() {
        func direction(_ t: [String: String]) -> WayInterpretation.Direction? { profile.interpret(tags(t))?.direction }
        #expect(direction(["highway": "motorway"]) == .forward)
        #expect(direction(["highway": "motorway_link"]) == .forward)
        #expect(direction(["highway": "primary", "junction": "roundabout"]) == .forward)
        #expect(direction(["highway": "primary", "junction": "circular"]) == .forward)
        #expect(direction(["highway": "trunk"]) == .both)
        #expect(direction(["highway": "motorway", "oneway": "no"]) == .both)
        #expect(direction(["highway": "tertiary", "junction": "roundabout", "oneway": "no"]) == .both)
    }

    @Test func flagsComeFromTags() throws {
        let w = try #require(profile.interpret(tags(["highway": "primary_link", "junction": "roundabout", "toll": "yes",
                                                      "tunnel": "yes", "bridge": "viaduct"])))
        #expect(w.flags == [.roundabout, .link, .toll, .tunnel, .bridge])
        let plain = try #require(profile.interpret(tags(["highway": "primary", "tunnel": "no", "bridge": "no"])))
        #expect(plain.flags.isEmpty)
    }

    @Test func onewayWaysMakeOneEdgeWithTheRightFlags() throws {
        let xml = osmDocument("""
          <node id="1" lat="45.8" lon="15.97"/>
          <node id="2" lat="45.801" lon="15.97"/>
          <node id="3" lat="45.802" lon="15.97"/>
          <way id="10"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="oneway" v="-1"/></way>
          <way id="11"><nd ref="2"/><nd ref="3"/><tag k="highway" v="residential"/></way>
        """)
        let graph = try OSMImporter.importXML(xml).graph
        #expect(graph.edges(fromOSM: 1, toOSM: 2).isEmpty)
        let against = try #require(graph.edges(fromOSM: 2, toOSM: 1).first)
        #expect(graph.flags[Int(against)] == [.oneway, .againstWayDirection])
        let forward = try #require(graph.edges(fromOSM: 2, toOSM: 3).first)
        let backward = try #require(graph.edges(fromOSM: 3, toOSM: 2).first)
        #expect(graph.flags[Int(forward)] == [])
        #expect(graph.flags[Int(backward)] == [.againstWayDirection])
    }
}
