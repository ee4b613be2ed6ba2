import Foundation
import Geodesy
import OSMImport
import OSRMService
import RoadNetwork
import Routing
import TestSupport
import Testing

/// `alternatives` on `/route/v1` and `alternative` on `/waypoints` and `/markers`, on a town with two
/// ways between its west and east ends (top b–c, bottom h–i, a toll road), each with side streets making
/// junctions:
///
///             k         l
///             |         |
///     e-------b---------c-------f
///     |                         |
///     a                         d
///     |                         |
///     |                         |
///     g-------h---------i-------j
///             |         |
///             m         n
@Suite struct AlternativesServiceTests {
    static let map = MapFixture(TestMaps.twoWays, gridSize: 10)

    /// The service over the town, routing on contraction hierarchies (alternatives need one).
    static let service: RoutingService = {
        let xml = map.osmXML(ways: [
            .init("aebcfd", ["highway": "residential", "name": "Top Road"]),
            .init("aghijd", ["highway": "residential", "name": "Bottom Road", "toll": "yes"]),
            .init("bk", ["highway": "residential", "name": "North Lane"]), .init("cl", ["highway": "residential", "name": "North Lane"]),
            .init("hm", ["highway": "residential", "name": "South Lane"]), .init("in", ["highway": "residential", "name": "South Lane"]),
        ])
        // swiftlint:disable:next force_try
        let graph = try! OSMImporter.importXML(xml, sourceName: "alternatives-fixture").graph
        // swiftlint:disable:next force_try
        return RoutingService(router: try! Router(graph: graph, hierarchies: .contract(ContractionOptions())))
    }()

    static func lonLat(_ a: Character, _ b: Character) -> String {
        let c = GreatCircle.intermediate(from: map.coordinate(a), to: map.coordinate(b), fraction: 0.5)
        return "\(c.longitude),\(c.latitude)"
    }

    static let ends = "\(lonLat("a", "e"));\(lonLat("d", "f"))"

    static func ask(_ target: String) throws -> (status: Int, json: [String: Any], body: String) {
        let response = service.respond(to: target, workspace: service.makeWorkspace())
        let object = try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any] ?? [:]
        return (response.status, object, response.body)
    }

    static func routes(_ json: [String: Any]) -> [[String: Any]] { json["routes"] as? [[String: Any]] ?? [] }

    @Test func alternativesAnswerTheOtherWayAsASecondFullRoute() throws {
        let answer = try Self.ask("/route/v1/driving/\(Self.ends)?alternatives=3&steps=true&geometries=geojson")
        #expect(answer.status == 200, "\(answer.body.prefix(300))")
        let routes = Self.routes(answer.json)
        #expect(routes.count == 2)
        for route in routes {
            #expect(route["weight_name"] as? String == "duration")
            #expect((route["geometry"] as? [String: Any])?["type"] as? String == "LineString")
            let legs = route["legs"] as? [[String: Any]] ?? []
            #expect(legs.count == 1 && !((legs.first?["steps"] as? [Any]) ?? []).isEmpty)
        }
        let names = routes.map { (($0["legs"] as? [[String: Any]])?.first?["summary"] as? String) ?? "" }
        #expect(names.first == "Top Road" && names.last?.contains("Bottom Road") == true, "\(names)")
        let durations = routes.compactMap { $0["duration"] as? Double }
        #expect(durations.count == 2 && durations[0] <= durations[1] && durations[1] <= 1.25 * durations[0])
        #expect((answer.json["waypoints"] as? [Any])?.count == 2)
    }

    /// `exclude` routes on a router without a hierarchy: alternatives come from the A* fallback there,
    /// and never drive an excluded road.
    @Test func anExclusionOffBothWaysStillAnswersTheOtherWay() throws {
        let answer = try Self.ask("/route/v1/driving/\(Self.ends)?alternatives=2&exclude=motorway&steps=true")
        #expect(answer.status == 200, "\(answer.body.prefix(300))")
        let routes = Self.routes(answer.json)
        #expect(routes.count == 2)
        let names = routes.map { (($0["legs"] as? [[String: Any]])?.first?["summary"] as? String) ?? "" }
        #expect(names.first == "Top Road" && names.last?.contains("Bottom Road") == true, "\(names)")
    }

    @Test func anExcludedWayIsNoAlternative() throws {
        let answer = try Self.ask("/route/v1/driving/\(Self.ends)?alternatives=2&exclude=toll&steps=true")
        #expect(answer.status == 200, "\(answer.body.prefix(300))")
        let names = Self.routes(answer.json).map { (($0["legs"] as? [[String: Any]])?.first?["summary"] as? String) ?? "" }
        #expect(names == ["Top Road"])
    }

    @Test(arguments: ["alternatives=false", "alternatives=0", ""])
    func withoutAlternativesOneRoute(_ query: String) throws {
        let answer = try Self.ask("/route/v1/driving/\(Self.ends)?\(query)")
        #expect(answer.status == 200 && Self.routes(answer.json).count == 1)
    }

    @Test func aTrueAsksForOneAlternative() throws {
        let answer = try Self.ask("/route/v1/driving/\(Self.ends)?alternatives=true")
        #expect(Self.routes(answer.json).count == 2)
    }

    @Test func moreAlternativesThanTheLimitAreTooBig() throws {
        let answer = try Self.ask("/route/v1/driving/\(Self.ends)?alternatives=4")
        #expect(answer.status == 400 && answer.json["code"] as? String == "TooBig")
        #expect((answer.json["message"] as? String ?? "").contains("alternatives"))
    }

    @Test func aViaPointGivesOneRoute() throws {
        let answer = try Self.ask("/route/v1/driving/\(Self.lonLat("a", "e"));\(Self.lonLat("h", "i"));\(Self.lonLat("d", "f"))?alternatives=2")
        #expect(answer.status == 200 && Self.routes(answer.json).count == 1)
    }

    @Test func theWaypointStreamFollowsTheSelectedAlternative() throws {
        let routes = Self.routes(try Self.ask("/route/v1/driving/\(Self.ends)?alternatives=1").json)
        for k in 0..<2 {
            let answer = Self.service.respond(to: "/waypoints/v1/driving/\(Self.ends)?alternative=\(k)", workspace: Self.service.makeWorkspace())
            #expect(answer.status == 200, "\(answer.body.prefix(300))")
            let last = try #require(answer.body.split(separator: "\n").last)
            let summary = try #require((try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])?["summary"] as? [String: Any])
            let distance = try #require(summary["distance"] as? Double)
            #expect(abs(distance - (routes[k]["distance"] as? Double ?? -1)) < 0.5, "alternative \(k)")
        }
    }

    @Test func markersFollowTheSelectedAlternative() throws {
        let best = Self.service.respond(to: "/markers/v1/driving/\(Self.ends)", workspace: Self.service.makeWorkspace())
        let other = Self.service.respond(to: "/markers/v1/driving/\(Self.ends)?alternative=1", workspace: Self.service.makeWorkspace())
        #expect(best.status == 200 && other.status == 200, "\(other.body.prefix(300))")
        #expect(best.body != other.body)
    }

    @Test func anAlternativePastTheOnesFoundIsNoRouteNamingIt() throws {
        let answer = try Self.ask("/waypoints/v1/driving/\(Self.ends)?alternative=2")
        #expect(answer.status == 400 && answer.json["code"] as? String == "NoRoute")
        #expect((answer.json["message"] as? String ?? "").contains("alternative=2: this route has 1 admissible alternative;"))
        let tooMany = try Self.ask("/markers/v1/driving/\(Self.ends)?alternative=4")
        #expect(tooMany.json["code"] as? String == "InvalidQuery" || tooMany.json["code"] as? String == "InvalidValue")
        #expect((tooMany.json["message"] as? String ?? "").contains("alternative"))
    }
}
