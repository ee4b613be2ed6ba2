import Foundation
import Geodesy
import OSMImport
@testable import OSRMService
import RoadNetwork
import Testing
import TestSupport

/// The map page's base map: `/roads/v1?bbox=…&zoom=…` and `/roads/v1/info`.
@Suite struct RoadLayerTests {
    /// A motorway a–c, a one-way primary c–f, a residential street d–f (posted 30 km/h) with a service
    /// road a–d, and a residential street g–h 1.3 km east of the rest; 100 m cells. Only d–f has a
    /// `maxspeed`: the other limits are estimated.
    ///
    ///     a - b - c
    ///     |       |
    ///     d - e - f           g - h
    static let map = MapFixture("""
    a-b-c
    |...|
    d-e-f.......g-h
    """, gridSize: 100)

    static let graph: RoadGraph = {
        let xml = map.osmXML(ways: [
            .init("abc", ["highway": "motorway"]),
            .init("cf", ["highway": "primary", "oneway": "yes"]),
            .init("def", ["highway": "residential", "name": "Rua Nova", "maxspeed": "30"]),
            .init("ad", ["highway": "service"]),
            .init("gh", ["highway": "residential"]),
        ])
        // swiftlint:disable:next force_try
        return try! OSMImporter.importXML(xml, sourceName: "roads-fixture").graph
    }()

    static let service = RoutingService(graph: graph)

    /// The box around the whole fixture, as `minLon,minLat,maxLon,maxLat`.
    static func box(_ letters: String, margin: Meters = 20) -> String {
        var box = BoundingBox()
        for letter in letters {
            let c = map.coordinate(letter)
            for bearing in [0.0, 90, 180, 270] {
                box.include(GreatCircle.destination(from: c, bearing: Bearing(degrees: bearing), distance: margin))
            }
        }
        return "\(box.minLongitude),\(box.minLatitude),\(box.maxLongitude),\(box.maxLatitude)"
    }

    static func ask(_ target: String) throws -> (status: Int, json: [String: Any], contentType: String) {
        let response = service.respond(to: target, workspace: service.makeWorkspace())
        let json = try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any] ?? [:]
        return (response.status, json, response.contentType)
    }

    /// The features of a roads answer: class name -> its lines (each a list of `[lon, lat]`), over all
    /// the class's features (one per speed limit).
    static func lines(_ json: [String: Any]) -> [String: [[[Double]]]] {
        var result: [String: [[[Double]]]] = [:]
        for feature in json["features"] as? [[String: Any]] ?? [] {
            let properties = feature["properties"] as? [String: Any] ?? [:]
            let geometry = feature["geometry"] as? [String: Any] ?? [:]
            result[properties["highway"] as? String ?? "?", default: []] += geometry["coordinates"] as? [[[Double]]] ?? []
        }
        return result
    }

    @Test func eachFeatureSaysItsRoadsSpeedLimitAndWhetherItIsEstimated() throws {
        let answer = try Self.ask("/roads/v1?bbox=\(Self.box("abcdefgh"))&zoom=16")
        let features = try #require(answer.json["features"] as? [[String: Any]])
        let properties = features.compactMap { $0["properties"] as? [String: Any] }
        #expect(properties.count == features.count)
        for p in properties {
            #expect(p["speed_limit_source"] is String && p["estimated"] is Bool && p["speed_limit_kind"] is String)
            #expect((p["lines"] as? Int ?? 0) > 0)
        }
        // The residential class splits in two: Rua Nova's posted 30, and g–h's estimate (it joins no posted road).
        let residential = properties.filter { $0["highway"] as? String == "residential" }
        #expect(residential.count == 2)
        let posted = try #require(residential.first { $0["speed_limit_source"] as? String == "posted" })
        #expect(posted["speed_limit_kmh"] as? Int == 30 && posted["estimated"] as? Bool == false && posted["lines"] as? Int == 1)
        let estimated = try #require(residential.first { $0["estimated"] as? Bool == true })
        #expect(["legal_default", "class_default"].contains(estimated["speed_limit_source"] as? String ?? ""), "\(estimated)")
        #expect(estimated["lines"] as? Int == 1)
        #expect(estimated["speed_limit_kind"] as? String == "limited" && (estimated["speed_limit_kmh"] as? Int ?? 0) > 30)
        // Within a class, features go by limit: the lower first.
        let limits = residential.compactMap { $0["speed_limit_kmh"] as? Int }
        #expect(limits.count == 2 && limits.first == 30 && limits == limits.sorted())
        let motorway = try #require(properties.first { $0["highway"] as? String == "motorway" })
        #expect(motorway["estimated"] as? Bool == true && motorway["speed_limit_source"] as? String != "posted")
    }

    @Test func everyRoadIsDrawnOnceWhateverItsDirections() throws {
        let answer = try Self.ask("/roads/v1?bbox=\(Self.box("abcdefgh"))&zoom=16")
        #expect(answer.status == 200)
        #expect(answer.contentType.hasPrefix("application/geo+json"))
        #expect(answer.json["code"] as? String == "Ok")
        #expect(answer.json["type"] as? String == "FeatureCollection")
        let lines = Self.lines(answer.json)
        // Two-way roads have two directed edges per stretch between nodes; each is drawn once.
        #expect(lines["motorway"]?.count == 1)   // a-b-c is one edge (b joins nothing)
        #expect(lines["primary"]?.count == 1)    // one-way: one edge
        #expect(lines["residential"]?.count == 2) // d-e-f and g-h
        #expect(lines["service"]?.count == 1)
        let drawnEdges = lines.values.reduce(0) { $0 + $1.count }
        #expect(drawnEdges < Self.graph.edgeCount)
    }

    @Test func onlyRoadsMeetingTheBoxAreSent() throws {
        let west = Self.lines(try Self.ask("/roads/v1?bbox=\(Self.box("abcdef"))&zoom=16").json)
        #expect(west["residential"]?.count == 1) // g-h lies 600 m east of the box
        let east = Self.lines(try Self.ask("/roads/v1?bbox=\(Self.box("gh"))&zoom=16").json)
        #expect(Set(east.keys) == ["residential"])
        let far = try Self.ask("/roads/v1?bbox=10,10,10.01,10.01&zoom=16")
        #expect(far.status == 200)
        #expect(Self.lines(far.json).isEmpty)
    }

    @Test func aBoxInsideOneLongRoadStillShowsIt() throws {
        // A box between a and c, touching neither node: the motorway passes through it.
        let a = Self.map.coordinate("a"), c = Self.map.coordinate("c")
        let midLon = (a.longitude + c.longitude) / 2, lat = a.latitude
        let answer = try Self.ask("/roads/v1?bbox=\(midLon - 0.0001),\(lat - 0.0001),\(midLon + 0.0001),\(lat + 0.0001)&zoom=18")
        #expect(Set(Self.lines(answer.json).keys) == ["motorway"])
    }

    @Test func lowZoomsLeaveOutMinorRoadClasses() throws {
        let box = Self.box("abcdefgh")
        let classes = { (zoom: Int) throws -> Set<String> in Set(Self.lines(try Self.ask("/roads/v1?bbox=\(box)&zoom=\(zoom)").json).keys) }
        #expect(try classes(5) == ["motorway"])
        #expect(try classes(9) == ["motorway", "primary"])
        #expect(try classes(13) == ["motorway", "primary", "residential"])
        #expect(try classes(15) == ["motorway", "primary", "residential", "service"])
        #expect(RoadsRequest.minimumZoom(of: .motorwayLink) == RoadsRequest.minimumZoom(of: .motorway))
    }

    @Test func linesAreSimplifiedToThePixelsOfTheZoom() {
        // A zig-zag of 10 m steps: a pixel is 0.15 m at zoom 20, 2.4 km at zoom 6.
        let start = Coordinate(latitude: 41.15, longitude: -8.61)
        let points = (0..<20).map { i in
            GreatCircle.destination(from: GreatCircle.destination(from: start, bearing: Bearing(degrees: 90), distance: Double(i) * 50),
                                    bearing: Bearing(degrees: 0), distance: i % 2 == 0 ? 0 : 10)
        }
        #expect(RoadLayer.simplified(points, scale: 256 * Double(1 << 20)).count == points.count)
        #expect(RoadLayer.simplified(points, scale: 256 * Double(1 << 6)) == [points[0], points[19]])
    }

    @Test func anAnswerOverTheSizeLimitLeavesOutWholeClassesLeastImportantFirst() throws {
        let box = Self.box("abcdefgh")
        let full = try Self.ask("/roads/v1?bbox=\(box)&zoom=16")
        #expect(full.json["truncated"] as? Bool == false)
        #expect((full.json["omitted_classes"] as? [String]) == [])
        // Find a limit that holds the motorway but not everything.
        let layer = Self.service.roadLayer
        let bbox = try RoadsRequest.parse(options: [("bbox", box), ("zoom", "16")]).bbox
        let whole = layer.answer(RoadsRequest(bbox: bbox, zoom: 16))
        let limit = whole.body.utf8.count - 1
        let cut = layer.answer(RoadsRequest(bbox: bbox, zoom: 16, maxBytes: limit))
        #expect(cut.body.utf8.count <= limit)
        #expect(!cut.omittedClasses.isEmpty)
        #expect(cut.omittedClasses.last == "service")
        let json = try JSONSerialization.jsonObject(with: Data(cut.body.utf8)) as? [String: Any] ?? [:]
        #expect(json["truncated"] as? Bool == true)
        #expect(Self.lines(json)["motorway"]?.count == 1)
        #expect(Set(Self.lines(json).keys).isDisjoint(with: cut.omittedClasses))
        // Through the URL: the smallest limit keeps nothing of this fixture but says so.
        let tiny = try Self.ask("/roads/v1?bbox=\(box)&zoom=16&max_bytes=1000")
        #expect(tiny.status == 200)
        #expect(tiny.json["truncated"] as? Bool == (whole.body.utf8.count > 1000))
    }

    @Test(arguments: [
        ("/roads/v1?zoom=12", "InvalidQuery"),
        ("/roads/v1?bbox=1,2,3&zoom=12", "InvalidQuery"),
        ("/roads/v1?bbox=a,b,c,d&zoom=12", "InvalidQuery"),
        ("/roads/v1?bbox=1,2,3,4", "InvalidQuery"),
        ("/roads/v1?bbox=1,2,3,4&zoom=23", "InvalidQuery"),
        ("/roads/v1?bbox=1,2,3,4&zoom=-1", "InvalidQuery"),
        ("/roads/v1?bbox=1,2,3,4&zoom=12&colour=red", "InvalidQuery"),
        ("/roads/v1?bbox=1,2,3,4&bbox=1,2,3,4&zoom=12", "InvalidQuery"),
        ("/roads/v1?bbox=1,2,3,4&zoom=12&max_bytes=10", "InvalidQuery"),
        ("/roads/v1?bbox", "InvalidQuery"),
        ("/roads/v1?bbox=3,2,1,4&zoom=12", "InvalidValue"),
        ("/roads/v1?bbox=1,4,3,2&zoom=12", "InvalidValue"),
        ("/roads/v1?bbox=-181,2,3,4&zoom=12", "InvalidValue"),
        ("/roads/v1?bbox=1,-91,3,4&zoom=12", "InvalidValue"),
        ("/roads/v2?bbox=1,2,3,4&zoom=12", "InvalidVersion"),
        ("/roads/v1/tiles?bbox=1,2,3,4&zoom=12", "InvalidUrl"),
        ("/roads/v1/info?x=1", "InvalidQuery"),
        ("/roads", "InvalidUrl"),
    ])
    func aBadRoadsRequestGetsOSRMsErrorBody(target: String, code: String) throws {
        let answer = try Self.ask(target)
        #expect(answer.status == 400)
        #expect(answer.json["code"] as? String == code, "\(target)")
        #expect((answer.json["message"] as? String)?.isEmpty == false)
    }

    @Test func infoGivesTheExtentClassesAndDrivingSide() throws {
        let answer = try Self.ask("/roads/v1/info")
        #expect(answer.status == 200)
        #expect(answer.json["code"] as? String == "Ok")
        let bbox = try #require(answer.json["bbox"] as? [Double])
        #expect(bbox.count == 4)
        let a = Self.map.coordinate("a"), h = Self.map.coordinate("h")
        #expect(abs(bbox[0] - a.longitude) < 1e-6 && abs(bbox[2] - h.longitude) < 1e-6)
        #expect(abs(bbox[1] - h.latitude) < 1e-6 && abs(bbox[3] - a.latitude) < 1e-6)
        let classes = (answer.json["classes"] as? [[String: Any]] ?? []).compactMap { $0["highway"] as? String }
        #expect(classes == ["motorway", "primary", "residential", "service"])
        #expect(answer.json["driving_side"] as? String == "right")
        #expect(answer.json["roads"] as? Int == 5)
    }
}
