import Foundation
import OSRMService
import Testing

/// Waymark's own services: the waypoint stream, AR markers and places nearby.
@Suite struct WaymarkServiceTests {
    typealias F = ServiceFixture
    static let coordinates = "\(F.lonLat("a", north: 3));\(F.lonLat("d", north: 3))"

    @Test func waypointsAreJSONLinesInChunksEndingWithTheSummary() throws {
        let service = F.service()
        let response = service.respond(to: "/waypoints/v1/driving/\(Self.coordinates)?speed=40&spacing=10", workspace: service.makeWorkspace())
        #expect(response.status == 200 && response.contentType.hasPrefix("application/x-ndjson"))
        let lines = response.body.split(separator: "\n")
        #expect(lines.count > 6)   // 180 m every 10 m, and the summary
        #expect(response.parts.count == (lines.count + 63) / 64)
        for line in lines { #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil) }
        #expect(lines.last?.hasPrefix("{\"summary\":{\"format\":\"waymark-waypoints\"") == true)
        #expect(lines.first?.contains("\"speed\":40") == true)
    }

    @Test(arguments: [("json", "{"), ("geojson", "{\"type\": \"FeatureCollection\""), ("csv", "index,batch,kind"), ("gpx", "<?xml")])
    func markersInEachFormat(format: String, prefix: String) throws {
        let service = F.service()
        let response = service.respond(to: "/markers/v1/driving/\(Self.coordinates)?format=\(format)&pois=cafe&corridor=50",
                                       workspace: service.makeWorkspace())
        #expect(response.status == 200, "\(response.body.prefix(300))")
        #expect(response.body.hasPrefix(prefix), "\(response.body.prefix(100))")
        #expect(response.body.contains("Corner Caf"), "the café beside Main Street is labelled")
    }

    @Test func badMarkerSettingsAreInvalidValue() throws {
        let answer = try F.ask("/markers/v1/driving/\(Self.coordinates)?camera_height=500")
        #expect(answer.status == 400 && answer.json["code"] as? String == "InvalidValue")
        #expect((answer.json["message"] as? String ?? "").contains("camera height"))
        let unknown = try F.ask("/markers/v1/driving/\(Self.coordinates)?dem=/etc")
        #expect(unknown.json["code"] as? String == "InvalidQuery", "a request never names a file to read")
    }

    /// The waypoint lines and summary of a `/waypoints/v1` answer.
    static func stream(_ query: String) throws -> (lines: [[String: Any]], summary: [String: Any]) {
        let service = F.service()
        let answer = service.respond(to: "/waypoints/v1/driving/\(Self.coordinates)?\(query)", workspace: service.makeWorkspace())
        #expect(answer.status == 200, "\(answer.body.prefix(300))")
        let objects = try answer.body.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        return (Array(objects.dropLast()), try #require(objects.last?["summary"] as? [String: Any]))
    }

    // The fixture's streets carry no maxspeed: every limit is estimated (Croatia's legal default, or the
    // residential class's default).
    static let estimatedSources: Set<String> = ["legal_default", "neighbours", "class_default"]

    @Test func warnOnBothFlagsWarningsAgainstEstimatedLimits() throws {
        let (lines, summary) = try Self.stream("speed=40")
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(Self.estimatedSources.contains((line["speed_limit"] as? [String: Any])?["source"] as? String ?? ""))
            #expect((line["speed_limit"] as? [String: Any])?["estimated"] as? Bool == true)
            #expect(line["warning_estimated"] as? Bool == (line["warning"] as? String != "unknown"))
        }
        #expect(summary["warn_on"] as? String == "both")
        let estimated = try #require(summary["estimated_warnings"] as? [String: Int])
        #expect(estimated.values.reduce(0, +) == lines.count)
    }

    @Test func warnOnPostedLeavesEstimatedLimitsUnchecked() throws {
        let (lines, summary) = try Self.stream("speed=40&warn_on=posted")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0["warning"] as? String == "unchecked" && $0["color"] as? String == "grey" })
        #expect(lines.allSatisfy { $0["warning_estimated"] as? Bool == false })
        #expect(summary["warn_on"] as? String == "posted")
        #expect((summary["warnings"] as? [String: Int])?["unchecked"] == lines.count)
        let estimated = try Self.stream("speed=40&warn_on=estimated").lines
        #expect(estimated.allSatisfy { $0["warning"] as? String != "unchecked" })
    }

    @Test func markersFollowWarnOnToo() throws {
        let posted = try F.ask("/markers/v1/driving/\(Self.coordinates)?speed=40&warn_on=posted")
        #expect(posted.status == 200)
        let markers = try #require(posted.json["markers"] as? [[String: Any]])
        #expect(!markers.isEmpty)
        #expect(markers.allSatisfy { $0["warning"] as? String == "unchecked" && Self.estimatedSources.contains($0["speed_limit_source"] as? String ?? "") })
        let both = try #require(try F.ask("/markers/v1/driving/\(Self.coordinates)?speed=40").json["markers"] as? [[String: Any]])
        #expect(both.allSatisfy { $0["warning_estimated"] as? Bool == true && $0["speed_limit_estimated"] as? Bool == true })
    }

    @Test(arguments: ["waypoints", "markers"])
    func aBadWarnOnIsInvalidValueNamingTheOption(service: String) throws {
        let answer = try F.ask("/\(service)/v1/driving/\(Self.coordinates)?speed=40&warn_on=signs")
        #expect(answer.status == 400 && answer.json["code"] as? String == "InvalidValue")
        #expect(answer.json["message"] as? String == "warn_on 'signs' is invalid (expected posted, estimated or both)")
    }

    @Test func poisNearAPoint() throws {
        let found = try F.ask("/pois/v1/\(F.lonLat("b"))?radius=100&category=cafe")
        #expect(found.status == 200 && found.json["count"] as? Int == 1)
        let none = try F.ask("/pois/v1/\(F.lonLat("j"))?radius=10")
        #expect(none.json["count"] as? Int == 0)
        let bad = try F.ask("/pois/v1/\(F.lonLat("b"))?category=spaceport")
        #expect(bad.json["code"] as? String == "InvalidValue")
        let far = try F.ask("/pois/v1/\(F.lonLat("b"))?radius=50000")
        #expect(far.json["code"] as? String == "TooBig")
    }
}
