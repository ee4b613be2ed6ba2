import Foundation
import Geodesy
import OSRMService
import Routing
import Testing

/// `/trip/v1` on the service fixture's town:
///
///     a-----b-----c-----d
///           |     |
///           e     f
///           |     |
///     g-----h-----i-----j
///
/// The corners are dead ends, so the best round trip through a, d, g and j drives round the loop
/// (a → d → j → g or its mirror) and never crosses from a to j or from d to g.
@Suite struct TripServiceTests {
    typealias F = ServiceFixture
    /// The corners in a scrambled order: a, j, d, g.
    static let corners: [Character] = ["a", "j", "d", "g"]
    static func target(_ stops: [Character], _ query: String = "") -> String {
        "/trip/v1/driving/" + stops.map { F.lonLat($0, north: 5) }.joined(separator: ";") + query
    }

    static func trip(_ json: [String: Any]) throws -> [String: Any] {
        try #require((json["trips"] as? [[String: Any]])?.first)
    }

    /// `waypoint_index` of every input stop, in input order.
    static func positions(_ json: [String: Any]) throws -> [Int] {
        let waypoints = try #require(json["waypoints"] as? [[String: Any]])
        #expect(waypoints.allSatisfy { $0["trips_index"] as? Int == 0 && $0["location"] is [Double] && $0["name"] is String })
        return waypoints.compactMap { $0["waypoint_index"] as? Int }
    }

    @Test func roundTripDrivesRoundTheLoop() throws {
        let answer = try F.ask(Self.target(Self.corners))
        #expect(answer.status == 200 && answer.json["code"] as? String == "Ok", "\(answer.body)")
        let positions = try Self.positions(answer.json)
        #expect(positions.count == 4 && positions[0] == 0, "a round trip starts at the first stop")
        #expect(positions[1] == 2, "j is opposite a on the loop: \(positions)")
        let legs = try #require(try Self.trip(answer.json)["legs"] as? [[String: Any]])
        #expect(legs.count == 4, "a round trip returns to its first stop")
    }

    /// The trip's duration equals the fastest `/route` through the stops in any order (a fixed first,
    /// back to a): the service's answer against brute force over the route service.
    @Test func roundTripEqualsTheFastestRouteOverEveryOrder() throws {
        let trip = try #require(try Self.trip(F.ask(Self.target(Self.corners)).json)["duration"] as? Double)
        var best = Double.infinity
        for rest in [["j", "d", "g"], ["j", "g", "d"], ["d", "j", "g"], ["d", "g", "j"], ["g", "j", "d"], ["g", "d", "j"]] as [[Character]] {
            let route = "/route/v1/driving/" + (["a"] + rest + ["a"]).map { F.lonLat($0, north: 5) }.joined(separator: ";")
            let duration = try #require((F.ask(route).json["routes"] as? [[String: Any]])?.first?["duration"] as? Double)
            best = min(best, duration)
        }
        #expect(abs(trip - best) < 0.11, "trip \(trip) s, best order \(best) s")
    }

    @Test func openTripKeepsFirstAndLastStops() throws {
        let answer = try F.ask(Self.target(["a", "j", "d", "g", "b"], "?roundtrip=false&source=first&destination=last&steps=true"))
        let positions = try Self.positions(answer.json)
        #expect(positions.first == 0 && positions.last == 4, "\(positions)")
        #expect(Set(positions) == Set(0..<5))
        let legs = try #require(try Self.trip(answer.json)["legs"] as? [[String: Any]])
        #expect(legs.count == 4, "an open trip has one leg fewer than stops")
        #expect(legs.allSatisfy { ($0["steps"] as? [Any])?.isEmpty == false })
    }

    @Test func roundTripToTheLastStopStartsThere() throws {
        let positions = try Self.positions(F.ask(Self.target(Self.corners, "?destination=last")).json)
        #expect(positions.last == 0, "\(positions)")
    }

    @Test func skipWaypointsLeavesThemOut() throws {
        let answer = try F.ask(Self.target(Self.corners, "?skip_waypoints=true"))
        #expect(answer.json["waypoints"] == nil && answer.json["trips"] != nil)
    }

    // MARK: Bad input

    @Test(arguments: [
        ("?roundtrip=false", "NotImplemented", "roundtrip=false"),
        ("?roundtrip=false&source=any&destination=any", "NotImplemented", "source=first"),
        ("?source=middle", "InvalidQuery", "source"),
        ("?roundtrip=maybe", "InvalidQuery", "roundtrip"),
        ("?waypoints=0;3", "InvalidOptions", "waypoints"),
        ("?radiuses=10;10", "InvalidOptions", "radiuses"),
    ])
    func refusedOptionsNameTheOption(query: String, code: String, named: String) throws {
        let answer = try F.ask(Self.target(Self.corners, query))
        #expect(answer.status == 400 && answer.json["code"] as? String == code, "\(query): \(answer.body)")
        #expect((answer.json["message"] as? String)?.contains(named) == true, "\(query): \(answer.body)")
    }

    @Test func moreStopsThanTheLimitIsTooBig() throws {
        var limits = ServiceLimits()
        limits.tripStops = 3
        let answer = try F.ask(Self.target(Self.corners), service: F.service(limits: limits))
        #expect(answer.json["code"] as? String == "TooBig" && answer.body.contains("(3)"), "\(answer.body)")
        #expect(try F.ask(Self.target(["a", "d", "g"]), service: F.service(limits: limits)).status == 200)
    }

    @Test func coordinateOutOfRangeIsInvalidValueWithItsIndex() throws {
        let answer = try F.ask("/trip/v1/driving/\(F.lonLat("a"));7.4,95")
        #expect(answer.json["code"] as? String == "InvalidValue" && answer.body.contains("coordinate 1"), "\(answer.body)")
    }

    /// A table in which stop 2 cannot reach stop 0 (a one-way trap): no trip visits every stop.
    @Test func unreachableStopIsNoTripsNamingThePair() throws {
        let service = RoutingService(graph: F.graph, table: OneWayTrapTable(from: 2, to: 0))
        let answer = try F.ask(Self.target(Self.corners), service: service)
        #expect(answer.status == 400 && answer.json["code"] as? String == "NoTrips", "\(answer.body)")
        #expect(answer.body.contains("from coordinate 2 to coordinate 0"), "\(answer.body)")
    }

    /// A stop signal raised while the table is computed stops the trip before its routes.
    @Test func stopSignalDuringTheTableIsTimeout() throws {
        let service = RoutingService(graph: F.graph, table: CancellingTable())
        let response = RequestCancellation.$current.withValue(RequestCancellation()) {
            service.respond(to: Self.target(Self.corners), workspace: service.makeWorkspace())
        }
        #expect(response.status == 503 && response.body.hasPrefix("{\"code\":\"Timeout\""), "\(response.body)")
    }

    @Test func unsupportedServicesNoLongerIncludeTrip() throws {
        #expect(try F.ask("/tile/v1/driving/\(F.lonLat("a"));\(F.lonLat("d"))").json["code"] as? String == "InvalidService")
        #expect(try F.ask(Self.target(["a", "d"])).json["code"] as? String == "Ok")
    }
}

/// The router's table with one cell missing, as if a one-way street trapped the route.
struct OneWayTrapTable: TravelTable {
    let from: Int, to: Int

    func cells(from sources: [SnappedLocation], to destinations: [SnappedLocation], router: Router,
               workspace: RoutingWorkspace) -> [[TableCell?]] {
        var cells = RouterTable().cells(from: sources, to: destinations, router: router, workspace: workspace)
        cells[from][to] = nil
        return cells
    }
}

/// The router's table, after which the request's time runs out.
struct CancellingTable: TravelTable {
    func cells(from sources: [SnappedLocation], to destinations: [SnappedLocation], router: Router,
               workspace: RoutingWorkspace) -> [[TableCell?]] {
        let cells = RouterTable().cells(from: sources, to: destinations, router: router, workspace: workspace)
        RequestCancellation.current?.cancel()
        return cells
    }
}
