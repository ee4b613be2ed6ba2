import Foundation
import Geodesy
import OSRMService
import RouteFormats
import Routing
import Testing

@Suite struct RoutingServiceTests {
    typealias F = ServiceFixture
    static let aToD = "/route/v1/driving/\(F.lonLat("a", north: 5));\(F.lonLat("d", north: 5))"

    static func route(_ json: [String: Any]) throws -> [String: Any] {
        try #require((json["routes"] as? [[String: Any]])?.first)
    }

    @Test func defaultBodyHasPolylineSimplifiedGeometryNoStepsNoAnnotation() throws {
        let answer = try F.ask(Self.aToD)
        #expect(answer.status == 200 && answer.json["code"] as? String == "Ok")
        let route = try Self.route(answer.json)
        let geometry = try #require(route["geometry"] as? String)
        // Main Street is straight: the simplified overview keeps only its ends.
        #expect(CoordinateList.decodePolyline(geometry, precision: 5)?.count == 2)
        let leg = try #require((route["legs"] as? [[String: Any]])?.first)
        #expect((leg["steps"] as? [Any])?.isEmpty == true)
        #expect(leg["summary"] as? String == "")
        #expect(leg["annotation"] == nil)
        #expect((answer.json["waypoints"] as? [Any])?.count == 2)
    }

    @Test func fullOverviewKeepsEveryPointAndFalseDropsIt() throws {
        let full = try Self.route(F.ask(Self.aToD + "?overview=full&geometries=geojson").json)
        let coordinates = try #require((full["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])
        #expect(coordinates.count == 4)   // snapped start, b, c, snapped end
        #expect(try Self.route(F.ask(Self.aToD + "?overview=false").json)["geometry"] == nil)
    }

    @Test func everyJunctionPassedIsAnIntersectionOfTheStep() throws {
        let route = try Self.route(F.ask(Self.aToD + "?steps=true").json)
        let steps = try #require((route["legs"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]])
        #expect(steps.count == 2)   // depart along Main Street, arrive
        let intersections = try #require(steps[0]["intersections"] as? [[String: Any]])
        #expect(intersections.count == 3)   // the departure, then b and c
        let b = F.map.coordinate("b"), c = F.map.coordinate("c")
        for (intersection, node) in zip(intersections.dropFirst(), [b, c]) {
            let location = try #require(intersection["location"] as? [Double])
            #expect(abs(location[0] - node.longitude) < 1e-6 && abs(location[1] - node.latitude) < 1e-6)
            #expect((intersection["bearings"] as? [Int])?.count == 3)
            #expect(intersection["in"] != nil && intersection["out"] != nil)
        }
        #expect(steps[0]["driving_side"] as? String == "right")
        #expect(!(route["legs"] as? [[String: Any]] ?? [])[0].isEmpty)
    }

    @Test func annotationsOnlyThoseAskedWithNodes() throws {
        let route = try Self.route(F.ask(Self.aToD + "?annotations=nodes,duration").json)
        let annotation = try #require((route["legs"] as? [[String: Any]])?.first?["annotation"] as? [String: Any])
        #expect(Set(annotation.keys) == ["nodes", "duration"])
        let nodes = try #require(annotation["nodes"] as? [Int])
        #expect(nodes == ["a", "b", "c", "d"].map { Int(F.map.nodeID($0)) })
    }

    @Test func excludeTollAvoidsTheTollStretch() throws {
        let direct = try Self.route(F.ask(Self.aToD).json)
        let avoiding = try Self.route(F.ask(Self.aToD + "?exclude=toll").json)
        let directDistance = try #require(direct["distance"] as? Double)
        let avoidingDistance = try #require(avoiding["distance"] as? Double)
        // Down West Lane, along South Road and up East Lane: 2 × 80 m more.
        #expect(abs(avoidingDistance - directDistance - 160) < 2, "\(directDistance) vs \(avoidingDistance)")
    }

    @Test func smallRadiusIsNoSegmentNamingTheCoordinate() throws {
        let answer = try F.ask("/route/v1/driving/\(F.lonLat("a", north: 15));\(F.lonLat("d"))?radiuses=5;")
        #expect(answer.status == 400 && answer.json["code"] as? String == "NoSegment")
        #expect((answer.json["message"] as? String ?? "").contains("coordinate 0"))
    }

    @Test func bearingChoosesTheRoadRunningThatWay() throws {
        // Beside b, nearer Main Street (east-west) than West Lane (north-south); a bearing of 180
        // (south, ±20) leaves only West Lane.
        let near = F.lonLat("b", north: -4)
        let plain = try F.ask("/nearest/v1/driving/\(near)").json
        let filtered = try F.ask("/nearest/v1/driving/\(near)?bearings=180,20").json
        let plainName = (plain["waypoints"] as? [[String: Any]])?.first?["name"] as? String
        let filteredName = (filtered["waypoints"] as? [[String: Any]])?.first?["name"] as? String
        #expect(plainName == "Main Street" || plainName == "West Lane")
        #expect(filteredName == "West Lane")
    }

    @Test func nearestListsDistinctSegmentsNearestFirstWithNodes() throws {
        let json = try F.ask("/nearest/v1/driving/\(F.lonLat("b", north: -3))?number=3").json
        let waypoints = try #require(json["waypoints"] as? [[String: Any]])
        #expect(waypoints.count == 3)
        let distances = waypoints.compactMap { $0["distance"] as? Double }
        #expect(distances == distances.sorted())
        let pairs = waypoints.compactMap { $0["nodes"] as? [Int] }
        #expect(Set(pairs.map { $0.sorted() }).count == 3)
    }

    @Test func tableEqualsPairwiseRoutes() throws {
        let points: [Character] = ["a", "d", "h"]
        let coordinates = points.map { F.lonLat($0, north: 3) }.joined(separator: ";")
        let json = try F.ask("/table/v1/driving/\(coordinates)?annotations=duration,distance").json
        let durations = try #require(json["durations"] as? [[Double]])
        let distances = try #require(json["distances"] as? [[Double]])
        for i in 0..<3 {
            for j in 0..<3 {
                let route = try Self.route(F.ask("/route/v1/driving/\(F.lonLat(points[i], north: 3));\(F.lonLat(points[j], north: 3))").json)
                #expect(abs(durations[i][j] - (route["duration"] as? Double ?? -1)) < 0.11, "\(i)->\(j)")
                #expect(abs(distances[i][j] - (route["distance"] as? Double ?? -1)) < 0.11, "\(i)->\(j)")
            }
        }
        #expect((json["sources"] as? [Any])?.count == 3 && (json["destinations"] as? [Any])?.count == 3)
        let partial = try F.ask("/table/v1/driving/\(coordinates)?sources=2&destinations=0;1").json
        #expect((partial["durations"] as? [[Double]])?.first?.count == 2 && partial["distances"] == nil)
    }

    @Test func waypointsOptionJoinsLegs() throws {
        let three = "/route/v1/driving/\(F.lonLat("a", north: 3));\(F.lonLat("c", north: 3));\(F.lonLat("d", north: 3))"
        let split = try Self.route(F.ask(three).json)
        let joined = try F.ask(three + "&waypoints=0;2".replacingOccurrences(of: "&", with: "?"))
        let route = try Self.route(joined.json)
        #expect((split["legs"] as? [Any])?.count == 2)
        #expect((route["legs"] as? [Any])?.count == 1)
        #expect(abs((route["distance"] as? Double ?? 0) - (split["distance"] as? Double ?? 1)) < 0.11)
        #expect((joined.json["waypoints"] as? [Any])?.count == 2)
    }

    @Test func continueStraightFalseMayTurnAroundAtAVia() throws {
        // From a east to a via halfway between b and c, then back west to a: turning around at the via is
        // shorter than driving on round the block, which continue_straight (the default) requires. (A via
        // on a junction node may be left along any road, so it sits mid-edge.)
        let b = F.map.coordinate("b"), c = F.map.coordinate("c")
        let via = "\((b.longitude + c.longitude) / 2),\((b.latitude + c.latitude) / 2 + 0.00002)"
        let target = "/route/v1/driving/\(F.lonLat("a", north: 2));\(via);\(F.lonLat("a", north: 2))"
        let straight = try Self.route(F.ask(target).json)["distance"] as? Double ?? 0
        let turning = try Self.route(F.ask(target + "?continue_straight=false").json)["distance"] as? Double ?? 0
        #expect(turning < straight, "\(turning) vs \(straight)")
    }

    @Test func unknownServiceAndVersionHaveOSRMsCodes() throws {
        let service = try F.ask("/tile/v1/driving/1,1;2,2")
        #expect(service.status == 400 && service.json["code"] as? String == "InvalidService")
        let version = try F.ask("/route/v2/driving/1,1;2,2")
        #expect(version.json["code"] as? String == "InvalidVersion")
        var limits = ServiceLimits()
        limits.urlBytes = 40
        let long = try F.ask(Self.aToD, service: F.service(limits: limits))
        #expect(long.json["code"] as? String == "TooBig")
    }

    @Test func skipWaypointsLeavesThemOut() throws {
        let json = try F.ask(Self.aToD + "?skip_waypoints=true").json
        #expect(json["waypoints"] == nil && json["routes"] != nil)
    }
}
