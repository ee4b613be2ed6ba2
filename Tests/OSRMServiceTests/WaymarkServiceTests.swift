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
