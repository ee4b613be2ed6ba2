import Foundation
import Geodesy
import OSMImport
import OSRMService
import RoadNetwork
import TestSupport

/// A small town for the service tests: Main Street a–d with a toll stretch b–c, two side streets down
/// to South Road g–j, so a route that avoids the toll exists.
///
///     a-----b-----c-----d
///           |     |
///           e     f
///           |     |
///     g-----h-----i-----j
enum ServiceFixture {
    static let map = MapFixture("""
    a-----b-----c-----d
    .......p..........
    ......e.....f......
    ..................
    g-----h-----i-----j
    """, gridSize: 20)

    static let imported = {
        let xml = map.osmXML(ways: [
            .init("ab", ["highway": "residential", "name": "Main Street"]),
            .init("bc", ["highway": "residential", "name": "Main Street", "toll": "yes"]),
            .init("cd", ["highway": "residential", "name": "Main Street"]),
            .init("beh", ["highway": "residential", "name": "West Lane"]),
            .init("cfi", ["highway": "residential", "name": "East Lane"]),
            .init("ghij", ["highway": "residential", "name": "South Road"]),
        ], nodeTags: ["p": ["amenity": "cafe", "name": "Corner Café"]])
        // swiftlint:disable:next force_try
        return try! OSMImporter.importXML(xml, sourceName: "service-fixture")
    }()

    static var graph: RoadGraph { imported.graph }

    static func service(limits: ServiceLimits = ServiceLimits()) -> RoutingService {
        RoutingService(graph: graph, pointsOfInterest: imported.pointsOfInterest, limits: limits)
    }

    /// `lon,lat` of a fixture node, moved `north` metres (to sit beside the road, not on it).
    static func lonLat(_ letter: Character, north: Meters = 0) -> String {
        let c = GreatCircle.destination(from: map.coordinate(letter), bearing: Bearing(degrees: 0), distance: north)
        return "\(c.longitude),\(c.latitude)"
    }

    /// Answers a request target and parses the JSON body.
    static func ask(_ target: String, service: RoutingService = service()) throws -> (status: Int, json: [String: Any], body: String) {
        let response = service.respond(to: target, workspace: service.makeWorkspace())
        let object = try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any] ?? [:]
        return (response.status, object, response.body)
    }
}
