import Foundation
import Geodesy
import Guidance
import OSMImport
import RoadNetwork
import Routing
import TestSupport
import Testing
@testable import RouteFormats

/// OSRM step `destinations` and `exits`: the destinations signed on the road a step drives, the exit
/// number of the motorway junction where a step takes the slip road, and no key when nothing is signed.
///
/// A motorway (a → d, destinations "A1: Lisboa") with exit 12 at b onto a slip road (b → e, signed
/// "N13: Matosinhos, Maia"), which ends on a two-way street (e – f) with no signs.
@Suite struct OSRMSignpostTests {
    static let map = MapFixture("""
        a ------ b ------ c ------ d
                  \\
                   \\
                    e ------ f
        """, gridSize: 40)

    static func steps(to destination: Character) throws -> [[String: Any]] {
        let xml = map.osmXML(ways: [
            .init("abcd", ["highway": "motorway", "ref": "A1", "destination:ref": "A1", "destination": "Lisboa"]),
            .init("be", ["highway": "motorway_link", "destination:ref": "N13", "destination": "Matosinhos;Maia"]),
            .init("ef", ["highway": "primary", "name": "Rua Nova"]),
        ], nodeTags: ["b": ["highway": "motorway_junction", "ref": "12", "name": "Maia"]])
        let graph = try OSMImporter.importXML(xml, sourceName: "signposts").graph
        let route = try Router(graph: graph).route(from: map.coordinate("a"), to: map.coordinate(destination))
        var options = OSRMRouteResponse.Options()
        options.steps = true
        let json = OSRMRouteResponse(route: route, steps: RouteGuidance.steps(for: route, in: graph), options: options).json(graph: graph)
        let response = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let routes = try #require(response["routes"] as? [[String: Any]])
        let legs = try #require(routes.first?["legs"] as? [[String: Any]])
        return try #require(legs.first?["steps"] as? [[String: Any]])
    }

    static func type(_ step: [String: Any]) -> String? { (step["maneuver"] as? [String: Any])?["type"] as? String }

    @Test func takingTheExitCarriesTheJunctionNumberAndTheSlipRoadsDestinations() throws {
        let steps = try Self.steps(to: "f")
        let depart = try #require(steps.first)
        #expect(Self.type(depart) == "depart")
        #expect(depart["destinations"] as? String == "A1: Lisboa")
        #expect(depart["exits"] == nil, "departing is no exit, though a junction follows")
        let exitIndex = try #require(steps.firstIndex { ($0["maneuver"] as? [String: Any])?["location"] as? [Double] == Self.position("b") })
        let exit = steps[exitIndex]
        #expect(exit["exits"] as? String == "12")
        #expect(exit["destinations"] as? String == "N13: Matosinhos, Maia")
        // Onto the unsigned street and arriving there: no keys at all, as in OSRM.
        #expect(steps.count > exitIndex + 1)
        for step in steps[(exitIndex + 1)...] {
            #expect(step["destinations"] == nil && step["exits"] == nil, "\(Self.type(step) ?? "?")")
        }
    }

    /// A map letter as OSRM writes a location: [lon, lat], six decimals.
    static func position(_ letter: Character) -> [Double] {
        let c = map.coordinate(letter)
        return [(c.longitude * 1e6).rounded() / 1e6, (c.latitude * 1e6).rounded() / 1e6]
    }
}
