import Foundation
import Geodesy
import OSMImport
import OSRMService
import RoadNetwork
import Testing
import TestSupport

/// The service's `/route/v1` body (what `waymark serve` and `waymark route --format osrm` print) carries
/// the steps' `destinations` and `exits`.
///
///     a ------ b ------ c
///               \
///                e ------ f
///
/// A motorway with exit 12 at b onto a slip road signed "N13: Maia".
@Suite struct SignpostRouteTests {
    static let map = MapFixture("""
        a ------ b ------ c
                  \\
                   e ------ f
        """, gridSize: 40)

    @Test func routeStepsNameTheExitAndTheDestinations() throws {
        let xml = Self.map.osmXML(ways: [
            .init("abc", ["highway": "motorway", "destination": "Lisboa"]),
            .init("be", ["highway": "motorway_link", "destination:ref": "N13", "destination": "Maia"]),
            .init("ef", ["highway": "primary", "name": "Rua Nova"]),
        ], nodeTags: ["b": ["highway": "motorway_junction", "ref": "12"]])
        let graph = try OSMImporter.importXML(xml, sourceName: "signposts").graph
        let service = RoutingService(graph: graph, pointsOfInterest: [], limits: ServiceLimits())
        let (a, f) = (Self.map.coordinate("a"), Self.map.coordinate("f"))
        let response = service.respond(to: "/route/v1/driving/\(a.longitude),\(a.latitude);\(f.longitude),\(f.latitude)?steps=true",
                                       workspace: service.makeWorkspace())
        #expect(response.status == 200)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any])
        let routes = try #require(body["routes"] as? [[String: Any]])
        let steps = try #require((routes.first?["legs"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]])
        #expect(steps.map { $0["destinations"] as? String } == ["Lisboa", "N13: Maia"] + Array(repeating: nil, count: steps.count - 2))
        #expect(steps.map { $0["exits"] as? String } == [nil, "12"] + Array(repeating: nil, count: steps.count - 2))
    }
}
