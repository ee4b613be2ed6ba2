import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Geodesy
import Testing
import TestSupport

/// `waymark route` end to end on the Krems extract: every output format, and every kind of bad input.
@Suite struct RouteCommandTests {
    static let from = "48.4100,15.6100"
    static let to = "48.4050,15.6200"
    static let via = "48.4090,15.6000"

    /// Runs `waymark route --osm krems …` (tests calling it carry the `krems` trait).
    static func route(_ arguments: [String]) throws -> CLI.Result {
        let krems = try SharedExtracts.require("krems.osm.bz2")
        return try CLI.run(["route", "--osm", krems] + arguments)
    }

    static func json(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any])
    }

    /// Checks a [lon, lat] position lies in the Krems extract (so the order is not swapped).
    static func expectKremsPosition(_ value: Any?) {
        guard let pair = value as? [Double], pair.count == 2 else {
            Issue.record("not a [lon, lat] pair: \(String(describing: value))")
            return
        }
        #expect((15.5...15.9).contains(pair[0]), "longitude \(pair[0])")
        #expect((48.3...48.5).contains(pair[1]), "latitude \(pair[1])")
    }

    @Test(.enabled(if: SharedExtracts.available("krems.osm.bz2"))) func textSummaryListsRoadsAndTotals() throws {
        let result = try Self.route(["--from", Self.from, "--to", Self.to])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("Route: "))
        #expect(result.stdout.contains(" km, "))
        #expect(result.stdout.contains("Austraße"), "\(result.stdout)")
    }

    @Test(.enabled(if: SharedExtracts.available("krems.osm.bz2"))) func osrmResponseHasOSRMShape() throws {
        let result = try Self.route(["--from", Self.from, "--to", Self.to, "--via", Self.via, "--format", "osrm",
                                     "--steps", "true", "--geometries", "geojson", "--overview", "full", "--annotations", "true"])
        #expect(result.status == 0, "\(result)")
        let body = try Self.json(result.stdout)
        #expect(body["code"] as? String == "Ok")
        let routes = try #require(body["routes"] as? [[String: Any]])
        let route = try #require(routes.first)
        let distance = try #require(route["distance"] as? Double)
        #expect(distance > 1000)
        #expect((route["duration"] as? Double ?? 0) > 0)
        #expect(route["weight"] as? Double == route["duration"] as? Double)
        #expect(route["weight_name"] as? String == "duration")
        let geometry = try #require(route["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "LineString")
        let coordinates = try #require(geometry["coordinates"] as? [[Double]])
        for c in coordinates { Self.expectKremsPosition(c) }

        let legs = try #require(route["legs"] as? [[String: Any]])
        #expect(legs.count == 2)
        let legDistances = legs.compactMap { $0["distance"] as? Double }
        #expect(abs(legDistances.reduce(0, +) - distance) < 0.5)
        for leg in legs {
            #expect(leg["summary"] is String)
            let steps = try #require(leg["steps"] as? [[String: Any]])
            #expect(steps.count >= 2)
            let types = steps.compactMap { ($0["maneuver"] as? [String: Any])?["type"] as? String }
            #expect(types.first == "depart")
            #expect(types.last == "arrive")
            for step in steps {
                #expect(step["mode"] as? String == "driving")
                #expect(step["driving_side"] as? String == "right")
                #expect(step["name"] is String)
                #expect(step["distance"] is Double && step["duration"] is Double && step["weight"] is Double)
                if let ref = step["ref"] as? String { #expect(!ref.isEmpty) }
                let maneuver = try #require(step["maneuver"] as? [String: Any])
                Self.expectKremsPosition(maneuver["location"])
                #expect(maneuver["bearing_before"] is Int && maneuver["bearing_after"] is Int)
                let intersections = try #require(step["intersections"] as? [[String: Any]])
                let first = try #require(intersections.first)
                let bearings = try #require(first["bearings"] as? [Int])
                #expect((first["entry"] as? [Bool])?.count == bearings.count)
                #expect(first["in"] != nil || first["out"] != nil)
            }
            let annotation = try #require(leg["annotation"] as? [String: Any])
            let count = (annotation["distance"] as? [Double])?.count ?? -1
            #expect(count > 0)
            #expect((annotation["duration"] as? [Double])?.count == count)
            #expect((annotation["speed"] as? [Double])?.count == count)
            #expect((annotation["nodes"] as? [Int])?.isEmpty == false)
            let maxspeeds = try #require(annotation["maxspeed"] as? [[String: Any]])
            #expect(maxspeeds.count == count)
            for m in maxspeeds {
                let valid = (m["speed"] is Int && ["km/h", "mph"].contains(m["unit"] as? String ?? ""))
                    || m["none"] as? Bool == true || m["unknown"] as? Bool == true
                #expect(valid, "\(m)")
            }
        }
        let waypoints = try #require(body["waypoints"] as? [[String: Any]])
        #expect(waypoints.count == 3)
        for w in waypoints {
            Self.expectKremsPosition(w["location"])
            #expect(w["name"] is String && w["distance"] is Double)
        }
    }

    /// Decodes Google's polyline format (for checking the encoder).
    static func decodePolyline(_ text: String, factor: Double) -> [(lat: Double, lon: Double)] {
        var values: [Int] = [], result = 0, shift = 0
        for byte in text.utf8 {
            let chunk = Int(byte) - 63
            result |= (chunk & 0x1f) << shift
            shift += 5
            if chunk < 0x20 {
                values.append((result & 1) != 0 ? ~(result >> 1) : result >> 1)
                result = 0; shift = 0
            }
        }
        var points: [(Double, Double)] = [], lat = 0, lon = 0
        var i = 0
        while i + 1 < values.count {
            lat += values[i]; lon += values[i + 1]
            points.append((Double(lat) / factor, Double(lon) / factor))
            i += 2
        }
        return points
    }

    @Test(.enabled(if: SharedExtracts.available("krems.osm.bz2")), arguments: [("polyline", 1e5), ("polyline6", 1e6)])
    func osrmEncodedGeometries(format: String, factor: Double) throws {
        let result = try Self.route(["--from", Self.from, "--to", Self.to, "--format", "osrm", "--geometries", format])
        #expect(result.status == 0, "\(result)")
        let body = try Self.json(result.stdout)
        let route = try #require((body["routes"] as? [[String: Any]])?.first)
        let encoded = try #require(route["geometry"] as? String)
        let points = Self.decodePolyline(encoded, factor: factor)
        #expect(points.count >= 2)
        let start = try #require((body["waypoints"] as? [[String: Any]])?.first?["location"] as? [Double])
        #expect(abs(points[0].lat - start[1]) < 2 / factor && abs(points[0].lon - start[0]) < 2 / factor)
    }

    @Test(.enabled(if: SharedExtracts.available("krems.osm.bz2"))) func geoJSONIsAFeatureCollectionInLonLatOrder() throws {
        let result = try Self.route(["--from", Self.from, "--to", Self.to, "--via", Self.via, "--format", "geojson"])
        #expect(result.status == 0, "\(result)")
        let body = try Self.json(result.stdout)
        #expect(body["type"] as? String == "FeatureCollection")
        let features = try #require(body["features"] as? [[String: Any]])
        #expect(features.count == 4)
        for feature in features { #expect(feature["type"] as? String == "Feature") }
        let line = try #require(features[0]["geometry"] as? [String: Any])
        #expect(line["type"] as? String == "LineString")
        let coordinates = try #require(line["coordinates"] as? [[Double]])
        #expect(coordinates.count >= 2)
        for c in coordinates { Self.expectKremsPosition(c) }
        let properties = try #require(features[0]["properties"] as? [String: Any])
        #expect((properties["distance"] as? Double ?? 0) > 0 && (properties["duration"] as? Double ?? 0) > 0)
        #expect(properties["metric"] as? String == "time")
        var roles: [String] = []
        for point in features.dropFirst() {
            let geometry = try #require(point["geometry"] as? [String: Any])
            #expect(geometry["type"] as? String == "Point")
            Self.expectKremsPosition(geometry["coordinates"])
            let p = try #require(point["properties"] as? [String: Any])
            roles.append(p["role"] as? String ?? "?")
            Self.expectKremsPosition(p["input"])
            #expect((p["snap_distance"] as? Double ?? -1) >= 0)
        }
        #expect(roles == ["start", "via", "end"])
    }

    /// Collects the GPX elements and attributes the test checks.
    final class GPXCollector: NSObject, XMLParserDelegate {
        var root: (name: String, attributes: [String: String])?
        var namespace: String?
        var path: [String] = []
        var routePoints: [[String: String]] = []
        var trackPoints: [[String: String]] = []
        var trackSegments = 0

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if root == nil { root = (name, attributes); namespace = namespaceURI }
            if name == "rtept" && path.last == "rte" { routePoints.append(attributes) }
            if name == "trkseg" && path.last == "trk" { trackSegments += 1 }
            if name == "trkpt" && path.last == "trkseg" { trackPoints.append(attributes) }
            path.append(name)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            path.removeLast()
        }
    }

    @Test(.enabled(if: SharedExtracts.available("krems.osm.bz2"))) func gpxIsValidVersion11() throws {
        let result = try Self.route(["--from", Self.from, "--to", Self.to, "--via", Self.via, "--format", "gpx"])
        #expect(result.status == 0, "\(result)")
        let parser = XMLParser(data: Data(result.stdout.utf8))
        parser.shouldProcessNamespaces = true
        let collector = GPXCollector()
        parser.delegate = collector
        #expect(parser.parse(), "GPX does not parse: \(String(describing: parser.parserError))")
        #expect(collector.root?.name == "gpx")
        #expect(collector.root?.attributes["version"] == "1.1")
        #expect(collector.namespace == "http://www.topografix.com/GPX/1/1")
        #expect(collector.root?.attributes["creator"]?.isEmpty == false)
        #expect(collector.routePoints.count >= 3)
        #expect(collector.trackSegments == 2)
        #expect(collector.trackPoints.count >= 2)
        for point in collector.routePoints + collector.trackPoints {
            let lat = Double(point["lat"] ?? "") ?? 0, lon = Double(point["lon"] ?? "") ?? 0
            #expect((48.3...48.5).contains(lat) && (15.5...15.9).contains(lon), "\(point)")
        }
    }

    @Test(.enabled(if: SharedExtracts.available("krems.osm.bz2")), arguments: [
        ("abc,15.61", "--from", "not a number"),
        ("48.41", "--from", "LAT,LON"),
        ("95.0,15.61", "--from", "outside -90...90"),
        ("120.5,45.2", "--from", "swapped"),
        ("48.41,190", "--from", "outside -180...180"),
    ])
    func badCoordinatesFailWithAClearMessage(value: String, option: String, phrase: String) throws {
        let result = try Self.route(["--from", value, "--to", Self.to])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(option) && result.stderr.contains(phrase), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test(.enabled(if: SharedExtracts.available("krems.osm.bz2"))) func badOptionValuesNameTheOption() throws {
        for (option, value) in [("--format", "kml"), ("--metric", "fuel"), ("--geometries", "wkt"), ("--max-snap", "far"), ("--language", "de")] {
            let result = try Self.route(["--from", Self.from, "--to", Self.to, option, value])
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains(option) && result.stderr.contains("expected"), "\(result.stderr)")
        }
    }

    @Test func missingOSMFileIsNamed() throws {
        let result = try CLI.run(["route", "--osm", "/nonexistent/city.osm.bz2", "--from", Self.from, "--to", Self.to])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("/nonexistent/city.osm.bz2"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(.enabled(if: SharedExtracts.available("krems.osm.bz2"))) func pointFarFromRoadsExitsFourWithOSRMNoSegment() throws {
        let result = try Self.route(["--from", "48.0,15.0", "--to", Self.to, "--format", "osrm"])
        #expect(result.status == 4, "\(result)")
        #expect(result.stderr.contains("48,15"), "\(result.stderr)")
        #expect(try Self.json(result.stdout)["code"] as? String == "NoSegment")
    }

    @Test(.enabled(if: SharedExtracts.available("krems.osm.bz2"))) func negativeCoordinatesAreValuesNotOptions() throws {
        let result = try Self.route(["--from", "-33.9,151.2", "--to", Self.to, "--via", "-34.0,151.0"])
        #expect(result.status == 4, "\(result)")
        #expect(result.stderr.contains("-33.9,151.2"), "\(result.stderr)")
    }

    @Test(.enabled(if: SharedExtracts.available("krems.osm.bz2"))) func snapLimitIsAnOption() throws {
        // 232 m from the nearest road (see the text output): fine by default, too far for 100 m.
        let result = try Self.route(["--from", Self.from, "--to", Self.to, "--max-snap", "100"])
        #expect(result.status == 4, "\(result)")
        #expect(result.stderr.contains("100 m"), "\(result.stderr)")
    }

    @Test(.enabled(if: SharedExtracts.available("krems.osm.bz2"))) func disconnectedPointsExitThreeWithOSRMNoRoute() throws {
        // The destination's nearest road (within 300 m) is a small island; the main network is 411 m
        // away, out of reach, so the island point is kept and no route connects the two.
        let result = try Self.route(["--from", "48.4120,15.6150", "--to", "48.3950,15.6000", "--max-snap", "300",
                                           "--format", "osrm"])
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("no route"), "\(result.stderr)")
        #expect(try Self.json(result.stdout)["code"] as? String == "NoRoute")
    }

    @Test(.enabled(if: SharedExtracts.available("krems.osm.bz2"))) func identicalStartAndEndIsAZeroLengthRoute() throws {
        let result = try Self.route(["--from", Self.from, "--to", Self.from, "--format", "osrm", "--geometries", "geojson"])
        #expect(result.status == 0, "\(result)")
        let route = try #require((try Self.json(result.stdout)["routes"] as? [[String: Any]])?.first)
        #expect(route["distance"] as? Double == 0)
        let geometry = try #require(route["geometry"] as? [String: Any])
        #expect((geometry["coordinates"] as? [[Double]])?.count == 2)
    }

    @Test(.enabled(if: SharedExtracts.available("krems.osm.bz2"))) func distanceMetricIsNoLongerThanTimeMetric() throws {
        let fastest = try Self.route(["--from", Self.from, "--to", Self.to, "--format", "geojson"])
        let shortest = try Self.route(["--from", Self.from, "--to", Self.to, "--format", "geojson", "--metric", "distance"])
        func properties(_ r: CLI.Result) throws -> [String: Any] {
            let features = try #require(try Self.json(r.stdout)["features"] as? [[String: Any]])
            return try #require(features[0]["properties"] as? [String: Any])
        }
        let f = try properties(fastest), s = try properties(shortest)
        #expect(s["metric"] as? String == "distance")
        #expect((s["distance"] as? Double ?? .infinity) <= (f["distance"] as? Double ?? 0) + 0.01)
        #expect((f["duration"] as? Double ?? .infinity) <= (s["duration"] as? Double ?? 0) + 0.01)
    }
}

/// Names with XML/JSON special characters survive every format intact.
@Suite struct RouteCommandEscapingTests {
    static let streetName = "Smith & Sons <\"Yard\"> 'Lane'"

    static func withFixture(_ body: (String) throws -> Void) throws {
        let map = MapFixture("a-------b-------c")
        let xml = map.osmXML(ways: [
            .init("ab", ["highway": "residential", "name": streetName]),
            .init("bc", ["highway": "residential", "name": "Plain Street"]),
        ])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-route-\(UUID().uuidString).osm")
        try xml.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        try body(file.path)
    }

    static func arguments(_ map: MapFixture) -> [String] {
        let from = GreatCircle.intermediate(from: map.coordinate("a"), to: map.coordinate("b"), fraction: 0.3)
        let to = GreatCircle.intermediate(from: map.coordinate("b"), to: map.coordinate("c"), fraction: 0.7)
        return ["--from", "\(from.latitude),\(from.longitude)", "--to", "\(to.latitude),\(to.longitude)"]
    }

    @Test func gpxEscapesNames() throws {
        try Self.withFixture { path in
            let result = try CLI.run(["route", "--osm", path, "--format", "gpx"] + Self.arguments(MapFixture("a-------b-------c")))
            #expect(result.status == 0, "\(result)")
            final class Texts: NSObject, XMLParserDelegate {
                var text = ""
                func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
            }
            let parser = XMLParser(data: Data(result.stdout.utf8))
            let texts = Texts()
            parser.delegate = texts
            #expect(parser.parse(), "\(String(describing: parser.parserError))")
            #expect(texts.text.contains(Self.streetName))
        }
    }

    @Test func jsonFormatsEscapeNames() throws {
        try Self.withFixture { path in
            for format in ["osrm", "geojson"] {
                let result = try CLI.run(["route", "--osm", path, "--format", format] + Self.arguments(MapFixture("a-------b-------c")))
                #expect(result.status == 0, "\(result)")
                let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
                let text = String(describing: object)
                #expect(result.stdout.contains("Smith & Sons <\\\"Yard\\\"> 'Lane'"), "\(format): \(result.stdout.prefix(600))")
                #expect(!text.isEmpty)
            }
        }
    }
}

/// `waymark route --format osrm` with Mapbox's instruction options, on the sample town.
@Suite struct RouteCommandInstructionTests {
    static let town = TestFiles.sampleTownPath
    static let from = "45.8075,15.9838", to = "45.8160,15.9916", via = "45.8120,15.9880"

    static func route(_ arguments: [String]) throws -> CLI.Result {
        try CLI.run(["route", "--osm", Self.town, "--from", Self.from, "--to", Self.to, "--via", Self.via] + arguments)
    }

    @Test func voiceAndBannerInstructionsInCroatianWithImperialUnits() throws {
        let result = try Self.route(["--format", "osrm", "--voice-instructions", "true", "--banner-instructions", "true",
                                     "--voice-units", "imperial", "--language", "hr"])
        #expect(result.status == 0, "\(result)")
        let body = try RouteCommandTests.json(result.stdout)
        let route = try #require((body["routes"] as? [[String: Any]])?.first)
        #expect(route["voiceLocale"] as? String == "hr")
        let legs = try #require(route["legs"] as? [[String: Any]])
        #expect(legs.count == 2)
        let steps = legs.flatMap { $0["steps"] as? [[String: Any]] ?? [] }
        let spoken = steps.flatMap { ($0["voiceInstructions"] as? [[String: Any]] ?? []).compactMap { $0["announcement"] as? String } }
        #expect(steps.allSatisfy { !($0["voiceInstructions"] as? [Any] ?? []).isEmpty && !($0["bannerInstructions"] as? [Any] ?? []).isEmpty })
        #expect(spoken.contains("Stigli ste na međuodredište 1") || spoken.contains { $0.hasPrefix("Stigli ste na međuodredište 1,") },
                "\(spoken)")
        #expect(spoken.contains { $0.contains("stopa") || $0.contains("milj") }, "\(spoken)")
        #expect(!spoken.contains { $0.contains("metar") }, "\(spoken)")
    }

    @Test func badVoiceUnitsIsAnOSRMErrorAndTheOptionsNeedOSRM() throws {
        let furlongs = try Self.route(["--format", "osrm", "--voice-instructions", "true", "--voice-units", "furlongs"])
        #expect(furlongs.status == 1, "\(furlongs)")
        #expect(try RouteCommandTests.json(furlongs.stdout)["code"] as? String == "InvalidValue")
        #expect(furlongs.stderr.contains("voice_units"), "\(furlongs.stderr)")
        let text = try Self.route(["--voice-instructions", "true"])
        #expect(text.status == 1 && text.stderr.contains("--voice-instructions"), "\(text)")
    }
}
