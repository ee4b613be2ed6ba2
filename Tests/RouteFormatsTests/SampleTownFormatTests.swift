import Foundation
import FoundationXML
import Geodesy
import Guidance
import OSMImport
import RoadNetwork
import Routing
import TestSupport
import Testing
@testable import RouteFormats

/// The values each route format writes for one route across the sample town (osm/sample-town.osm):
/// from the motorway interchange road north through the roundabout Trg slobode to Istočni spoj.
/// The figures come from the town's plan (README of osm/) and the car profile's costs: a 1.53 km
/// route, 547.7 m to the roundabout, 60 km/h on Zagrebačka cesta south of it, then Glavna ulica
/// (the first exit: with turn costs it is faster than the 1.84 km way round by Obilaznica).
@Suite struct SampleTownFormatTests {
    static let town = TestFiles.sampleTownPath
    static let start = Coordinate(latitude: 45.8075, longitude: 15.9838)
    static let end = Coordinate(latitude: 45.8160, longitude: 15.9916)
    static let via = Coordinate(latitude: 45.8120, longitude: 15.9880)

    /// The graph, the route (with the via point when asked) and its steps.
    static func route(via: Bool = false) throws -> (graph: RoadGraph, route: Route, steps: [[RouteStep]]) {
        let graph = try OSMImporter.importFile(path: town).graph
        let route = try Router(graph: graph).route(from: start, to: end, via: via ? [Self.via] : [])
        return (graph, route, RouteGuidance.steps(for: route, in: graph))
    }

    /// Everything OSRM can put in a route response (its defaults leave steps and annotations out and
    /// simplify the overview).
    static func options(_ geometries: OSRMRouteResponse.GeometryFormat = .geojson) -> OSRMRouteResponse.Options {
        var options = OSRMRouteResponse.Options()
        options.geometries = geometries
        options.overview = .full
        options.steps = true
        options.annotations = .all
        return options
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func osrmResponseCarriesTheRouteStepsAndAnnotations() throws {
        let (graph, route, steps) = try Self.route()
        let response = try Self.object(OSRMRouteResponse(route: route, steps: steps, options: Self.options()).json(graph: graph))
        #expect(response["code"] as? String == "Ok")
        let first = try #require((response["routes"] as? [[String: Any]])?.first)
        #expect(first["distance"] as? Double == 1531.1 && first["distance"] as? Double == (route.distance * 10).rounded() / 10)
        #expect(first["duration"] as? Double == 126.8 && first["weight"] as? Double == 126.8 && first["weight_name"] as? String == "duration")
        let coordinates = try #require((first["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])
        #expect(coordinates.count == route.coordinates.count && coordinates.count == 55)
        #expect(coordinates.first == [15.983866, 45.8075] && coordinates.last == [15.991599, 45.816])

        let leg = try #require((first["legs"] as? [[String: Any]])?.first)
        #expect(leg["summary"] as? String == "Zagrebačka cesta, Glavna ulica")
        let legSteps = try #require(leg["steps"] as? [[String: Any]])
        let maneuvers = legSteps.compactMap { $0["maneuver"] as? [String: Any] }
        #expect(maneuvers.compactMap { $0["type"] as? String } == ["depart", "rotary", "exit rotary", "new name", "arrive"])
        #expect(legSteps.compactMap { $0["name"] as? String }
                == ["Zagrebačka cesta", "Glavna ulica", "Glavna ulica", "Istočni spoj", "Istočni spoj"])
        #expect(legSteps.map { $0["distance"] as? Double } == [547.7, 46.5, 569.3, 367.5, 0])
        #expect(maneuvers[1]["exit"] as? Int == 1 && legSteps[1]["rotary_name"] as? String == "Trg slobode")
        #expect(maneuvers[1]["location"] as? [Double] == [15.983866, 45.812425])
        #expect(legSteps.allSatisfy { $0["mode"] as? String == "driving" && $0["driving_side"] as? String == "right" })
        // The junction where the roundabout is left: three roads, the one not taken (south) closed by the ring's direction.
        let junction = try #require((legSteps[2]["intersections"] as? [[String: Any]])?.first)
        #expect(junction["bearings"] as? [Int] == [90, 195, 345] && junction["entry"] as? [Bool] == [true, false, true])
        #expect(junction["in"] as? Int == 1 && junction["out"] as? Int == 0)

        let annotation = try #require(leg["annotation"] as? [String: Any])
        let distances = try #require(annotation["distance"] as? [Double])
        #expect(distances.count == coordinates.count - 1)
        #expect(abs(distances.reduce(0, +) - route.distance) < 5, "per-segment distances (rounded to 0.1 m) add up to the leg")
        let limits = try #require(annotation["maxspeed"] as? [[String: Any]])
        #expect(limits.first?["speed"] as? Int == 60 && limits.first?["unit"] as? String == "km/h")
        let sourced = try #require(annotation["waymark_maxspeed"] as? [[String: Any]])
        #expect(sourced.count == limits.count && sourced.first?["source"] as? String == "posted" && sourced.first?["estimated"] as? Bool == false)

        let waypoints = try #require(response["waypoints"] as? [[String: Any]])
        #expect(waypoints.map { $0["name"] as? String } == ["Zagrebačka cesta", "Istočni spoj"])
        #expect(waypoints.map { $0["distance"] as? Double } == [5.14, 0.09])
        #expect(waypoints.first?["location"] as? [Double] == [15.983866, 45.8075])
    }

    @Test func osrmPolylineEncodesTheSameGeometry() throws {
        let (graph, route, steps) = try Self.route()
        let response = try Self.object(OSRMRouteResponse(route: route, steps: steps, options: Self.options(.polyline6)).json(graph: graph))
        let first = try #require((response["routes"] as? [[String: Any]])?.first)
        #expect(first["geometry"] as? String == OSRMRouteResponse.encodePolyline(route.coordinates, precision: 6))
        // Google's example: (38.5, -120.2), (40.7, -120.95), (43.252, -126.453).
        let example = [Coordinate(latitude: 38.5, longitude: -120.2), Coordinate(latitude: 40.7, longitude: -120.95),
                       Coordinate(latitude: 43.252, longitude: -126.453)]
        #expect(OSRMRouteResponse.encodePolyline(example, precision: 5) == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
    }

    @Test func geoJSONHasTheLineAndEverySnappedPoint() throws {
        let (graph, route, _) = try Self.route(via: true)
        let document = try Self.object(RouteGeoJSON.document(route: route, graph: graph))
        #expect(document["type"] as? String == "FeatureCollection")
        let features = try #require(document["features"] as? [[String: Any]])
        #expect(features.count == 4)
        let line = try #require(features.first)
        let properties = try #require(line["properties"] as? [String: Any])
        #expect(properties["distance"] as? Double == 1685.6 && properties["duration"] as? Double == 148.4)
        #expect(properties["metric"] as? String == "time" && properties["legs"] as? Int == 2)
        let coordinates = try #require((line["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])
        #expect(coordinates.count == route.coordinates.count)
        #expect(coordinates.first == [15.9838663, 45.8075])
        let points = features.dropFirst().compactMap { $0["properties"] as? [String: Any] }
        #expect(points.map { $0["role"] as? String } == ["start", "via", "end"])
        #expect(points.map { $0["name"] as? String } == ["Zagrebačka cesta", "Istočna ulica", "Istočni spoj"])
        #expect(points.map { $0["snap_distance"] as? Double } == [5.14, 20.73, 0.09])
        #expect(points.map { $0["input"] as? [Double] } == [[15.9838, 45.8075], [15.988, 45.812], [15.9916, 45.816]])
    }

    /// Collects GPX elements: route point names and types, track points.
    final class GPXCollector: NSObject, XMLParserDelegate {
        var routeNames: [String] = [], routeTypes: [String] = [], trackPoints: [(lat: String, lon: String)] = []
        private var path: [String] = [], text = ""
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            path.append(name)
            text = ""
            if name == "trkpt" { trackPoints.append((attributes["lat"] ?? "", attributes["lon"] ?? "")) }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if path.suffix(2) == ["rtept", "name"] { routeNames.append(text) }
            if path.suffix(2) == ["rtept", "type"] { routeTypes.append(text) }
            path.removeLast()
        }
    }

    @Test func gpxHasOneRoutePointPerManeuverAndTheWholeTrack() throws {
        let (_, route, steps) = try Self.route()
        let gpx = RouteGPX.document(route: route, steps: steps)
        let collector = GPXCollector()
        let parser = XMLParser(data: Data(gpx.utf8))
        parser.delegate = collector
        #expect(parser.parse())
        #expect(collector.routeTypes == ["depart", "rotary", "exit rotary", "new name", "arrive"])
        #expect(collector.routeNames.first == "Head north on Zagrebačka cesta")
        #expect(collector.routeNames[1] == "Enter Trg slobode and take the 1st exit onto Glavna ulica")
        #expect(collector.routeNames.last == "You have arrived at your destination")
        #expect(collector.trackPoints.count == route.coordinates.count)
        #expect(collector.trackPoints.first.map { [$0.lat, $0.lon] } == ["45.8075", "15.9838663"])
        #expect(collector.trackPoints.last.map { [$0.lat, $0.lon] } == ["45.816", "15.9915988"])
    }

    @Test func textSummaryGivesTotalsSnapsInstructionsAndLimitChanges() throws {
        let (graph, route, steps) = try Self.route()
        let lines = RouteSummaryText.text(for: route, steps: steps, graph: graph, language: .en).split(separator: "\n").map(String.init)
        #expect(lines.first == "Route: 1.53 km, 2 min 7 s (fastest)")
        #expect(lines[1] == "  from 45.8075,15.9838663 (5 m from 45.8075,15.9838)")
        #expect(lines[2] == "   1.          Head north on Zagrebačka cesta  [Zagrebačka cesta, limit 60 km/h]")
        #expect(lines[3] == "   2.   550 m  Enter Trg slobode and take the 1st exit onto Glavna ulica  [Glavna ulica (D28), limit 30 km/h]")
        #expect(lines[4] == "   3.    50 m  Exit the traffic circle onto Glavna ulica  [Glavna ulica (D28), limit 50 km/h]")
        #expect(lines[5] == "   4.   550 m  Continue onto Istočni spoj  [Istočni spoj, limit 70 km/h]")
        #expect(lines[lines.count - 2] == "   5.   350 m  You have arrived at your destination")
        #expect(lines.last == "  to 45.816,15.9915988 (0 m from 45.816,15.9916)")
        // Through the via point: one line per leg, numbering runs on through both.
        let (_, viaRoute, viaSteps) = try Self.route(via: true)
        let viaLines = RouteSummaryText.text(for: viaRoute, steps: viaSteps, graph: graph, language: .en).split(separator: "\n").map(String.init)
        #expect(viaLines[0] == "Route: 1.69 km, 2 min 28 s (fastest)")
        #expect(viaLines[1] == "Leg 1: 941 m, 1 min 27 s" && viaLines[2] == "Leg 2: 744 m, 1 min 1 s")
        #expect(viaLines.contains("   5.    80 m  You have arrived at waypoint 1, on the left"))
        #expect(viaLines.contains("   8.   350 m  You have arrived at your destination"))
    }

    @Test func waypointStreamLinesCarryTheWaypointAndTheSummaryTheTotals() throws {
        let (graph, route, _) = try Self.route()
        let waypoints = RouteGuidance.waypoints(for: route, in: graph, options: GuidanceOptions(plannedSpeed: 55))
        var lines: [String] = []
        var writer = WaypointStreamWriter(summary: GuidanceSummary(distance: route.distance, duration: route.duration)) { lines.append($0) }
        for record in GuidanceReplay.records(for: waypoints, language: .en) { writer.write(record) }
        writer.finish()
        #expect(lines.count == waypoints.count + 1 && lines.count == 105)
        let first = try Self.object(lines[0])
        #expect(first["seq"] as? Int == 0 && first["lat"] as? Double == 45.8075 && first["lon"] as? Double == 15.9838663)
        #expect(first["kind"] as? String == "maneuver" && first["warning"] as? String == "normal" && first["color"] as? String == "blue")
        let limit = try #require(first["speed_limit"] as? [String: Any])
        #expect(limit["kmh"] as? Int == 60 && limit["source"] as? String == "posted" && limit["unit"] as? String == "km/h")
        #expect(limit["estimated"] as? Bool == false && first["warning_estimated"] as? Bool == false)
        #expect((first["instruction"] as? [String: Any])?["text"] as? String == "Head north on Zagrebačka cesta")
        let next = try #require(first["next"] as? [String: Any])
        #expect(next["type"] as? String == "rotary" && next["exit"] as? Int == 1 && next["distance"] as? Double == 547.7)
        let summary = try #require(try Self.object(lines[lines.count - 1])["summary"] as? [String: Any])
        #expect(summary["format"] as? String == "waymark-waypoints" && summary["version"] as? Int == WaypointStreamWriter.formatVersion)
        #expect(summary["waypoints"] as? Int == 104 && summary["maneuvers"] as? Int == 5 && summary["distance"] as? Double == 1531.1)
        #expect(summary["warnings"] as? [String: Int] == ["normal": 63, "over": 38, "far_over": 3, "unknown": 0, "unchecked": 0])
        #expect(summary["colors"] as? [String: Int] == ["blue": 63, "orange": 38, "red": 3, "grey": 0])
    }
}
