import Foundation
import Geodesy
import OSRMService
import Testing

private typealias F = ServiceFixture

/// `/match/v1`: OSRM's response shape and its errors, on the service fixture's town.
@Suite struct MatchServiceTests {
    /// A trace along Main Street from a to d, `north` metres beside it, one point every `fraction` step.
    static func mainStreet(_ fractions: [Double], north: [Meters]) -> String {
        let a = F.map.coordinate("a"), d = F.map.coordinate("d")
        return zip(fractions, north).map { f, n in
            let c = GreatCircle.destination(from: GreatCircle.intermediate(from: a, to: d, fraction: f),
                                            bearing: Bearing(degrees: 0), distance: n)
            return "\(c.longitude),\(c.latitude)"
        }.joined(separator: ";")
    }

    static let trace = mainStreet([0.05, 0.25, 0.5, 0.75, 0.95], north: [2, -3, 1, 3, -2])

    @Test func matchedTraceHasMatchingsWithConfidenceAndTracepoints() throws {
        let answer = try F.ask("/match/v1/driving/\(Self.trace)?timestamps=100;104;108;112;116&radiuses=5;5;5;5;5")
        #expect(answer.status == 200, "\(answer.body)")
        #expect(answer.json["code"] as? String == "Ok")
        let matchings = try #require(answer.json["matchings"] as? [[String: Any]])
        #expect(matchings.count == 1)
        let matching = try #require(matchings.first)
        let confidence = try #require(matching["confidence"] as? Double)
        #expect(confidence > 0.8 && confidence <= 1)
        #expect((matching["legs"] as? [Any])?.count == 4)
        #expect(matching["geometry"] is String)
        let distance = try #require(matching["distance"] as? Double)
        let mainStreet = GreatCircle.distance(from: F.map.coordinate("a"), to: F.map.coordinate("d"))
        #expect(abs(distance - 0.9 * mainStreet) < 2, "\(distance) m")
        let tracepoints = try #require(answer.json["tracepoints"] as? [Any])
        #expect(tracepoints.count == 5)
        for (i, point) in tracepoints.enumerated() {
            let object = try #require(point as? [String: Any])
            #expect(object["matchings_index"] as? Int == 0)
            #expect(object["waypoint_index"] as? Int == i)
            #expect(object["alternatives_count"] is Int)
            #expect(object["name"] as? String == "Main Street")
            #expect((object["location"] as? [Double])?.count == 2)
            #expect((object["distance"] as? Double).map { $0 <= 3.01 } == true)
        }
        #expect(answer.json["waypoints"] == nil && answer.json["routes"] == nil)
    }

    @Test func stepsAndAnnotationsAreThoseOfARoute() throws {
        let answer = try F.ask("/match/v1/driving/\(Self.trace)?steps=true&annotations=distance&geometries=geojson&overview=full")
        let matching = try #require((answer.json["matchings"] as? [[String: Any]])?.first)
        let legs = try #require(matching["legs"] as? [[String: Any]])
        #expect(legs.allSatisfy { ($0["steps"] as? [Any])?.isEmpty == false })
        #expect(legs.allSatisfy { (($0["annotation"] as? [String: Any])?["distance"] as? [Double]) != nil })
        #expect((matching["geometry"] as? [String: Any])?["type"] as? String == "LineString")
    }

    @Test func pointFarFromEveryRoadIsANullTracepoint() throws {
        let trace = Self.mainStreet([0.05, 0.3, 0.5, 0.7, 0.95], north: [1, 1, 30, 1, 1])
        let answer = try F.ask("/match/v1/driving/\(trace)")
        let tracepoints = try #require(answer.json["tracepoints"] as? [Any])
        #expect(tracepoints.map { $0 is NSNull } == [false, false, true, false, false])
        #expect((tracepoints[3] as? [String: Any])?["waypoint_index"] as? Int == 2)
    }

    @Test func traceNowhereNearARoadIsNoMatch() throws {
        let answer = try F.ask("/match/v1/driving/\(Self.mainStreet([0.2, 0.8], north: [60, 60]))")
        #expect(answer.status == 400)
        #expect(answer.json["code"] as? String == "NoMatch", "\(answer.body)")
    }

    @Test(arguments: [
        ("?radiuses=5;5;0;5;5", "InvalidValue", "radius 2"),
        ("?radiuses=5;5;5;5;101", "InvalidValue", "radius 4"),
        ("?timestamps=1;2;2;3;4", "InvalidValue", "timestamp 2"),
        ("?timestamps=1;2;4;3;5", "InvalidValue", "timestamp 3"),
        ("?timestamps=1;2;3", "InvalidOptions", "timestamps"),
        ("?gaps=sometimes", "InvalidQuery", "gaps"),
        ("?tidy=maybe", "InvalidQuery", "tidy"),
    ])
    func badOptionsHaveOSRMsCodesAndNameTheIndex(query: String, code: String, named: String) throws {
        let answer = try F.ask("/match/v1/driving/\(Self.trace)\(query)")
        #expect(answer.status == 400)
        #expect(answer.json["code"] as? String == code, "\(answer.body)")
        #expect((answer.json["message"] as? String)?.contains(named) == true, "\(answer.body)")
    }

    @Test func tooFewAndTooManyPointsAreRefused() throws {
        let one = try F.ask("/match/v1/driving/\(Self.mainStreet([0.5], north: [0]))")
        #expect(one.json["code"] as? String == "InvalidValue", "\(one.body)")
        var limits = ServiceLimits()
        limits.matchCoordinates = 4
        let many = try F.ask("/match/v1/driving/\(Self.trace)", service: F.service(limits: limits))
        #expect(many.json["code"] as? String == "TooBig", "\(many.body)")
        #expect((many.json["message"] as? String)?.contains("(4)") == true)
    }
}

/// A request built in code rather than parsed: lists of the wrong length are refused, not trapped on.
@Suite struct MatchRequestInCodeTests {
    @Test func timestampsOfTheWrongLengthAreInvalidOptions() throws {
        let service = F.service()
        var request = try MatchRequest.parse(coordinates: MatchServiceTests.trace, options: [], limits: ServiceLimits())
        request.timestamps = [1, 2]
        #expect(throws: ServiceError(.invalidOptions, "Number of timestamps (2) does not match number of coordinates (5)")) {
            try service.match(request, workspace: service.makeWorkspace())
        }
        request.timestamps = [1, 2, 3, 3, 4]
        #expect(throws: ServiceError(.invalidValue, "timestamp 3 is not later than timestamp 2 (timestamps must increase)")) {
            try service.match(request, workspace: service.makeWorkspace())
        }
    }
}
