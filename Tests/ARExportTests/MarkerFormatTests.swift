import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OutputEncoding
import Testing
import Geodesy
import Guidance
@testable import ARExport
import RouteFormats

/// The four marker formats parse and carry what each consumer needs.
struct MarkerFormatTests {
    static func list() throws -> ARMarkerList {
        var options = ARMarkerOptions()
        options.batchSize = 3
        return try ARMarkerExporter.markers(for: ARMarkerExporterTests.mixedRoute(), options: options)
    }

    @Test func jsonHasOriginAxesBatchesAndMarkers() throws {
        let list = try Self.list()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(list.json().utf8)) as? [String: Any])
        #expect(object["format"] as? String == "waymark-ar-markers")
        let origin = try #require(object["origin"] as? [String: Any])
        #expect(origin["road_surface_y"] as? Double == -1.5)
        #expect((object["axes"] as? [String: String])?["arkit"]?.contains("z = south") == true)
        let batches = try #require(object["batches"] as? [[String: Any]])
        #expect(batches.count == 3)
        #expect(batches[2]["next_batch_trigger"] is NSNull)
        #expect((batches[0]["next_batch_trigger"] as? [String: Any])?["marker_index"] as? Int == 2)
        let markers = try #require(object["markers"] as? [[String: Any]])
        #expect(markers.count == 9)
        let arrow = markers[2]
        #expect(arrow["kind"] as? String == "turn_arrow")
        #expect(arrow["arrow"] as? String == "left")
        #expect(arrow["color"] as? String == "blue")
        #expect(arrow["instruction"] as? String == "Turn left")
        #expect((arrow["arkit"] as? [String: Double])?["y"] == 2.5)
        #expect(markers[7]["color"] as? String == "red")
        #expect(markers[8]["kind"] as? String == "destination")
        #expect(markers[8]["arrow"] as? String == "down")
    }

    @Test func geoJSONIsAFeatureCollectionOfLonLatPoints() throws {
        let list = try Self.list()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(list.geoJSON().utf8)) as? [String: Any])
        #expect(object["type"] as? String == "FeatureCollection")
        let features = try #require(object["features"] as? [[String: Any]])
        #expect(features.count == 9)
        let geometry = try #require(features[0]["geometry"] as? [String: Any])
        let position = try #require(geometry["coordinates"] as? [Double])
        #expect(position.count == 2)   // no altitude: elevation unknown
        #expect(abs(position[0] - MarkerFixtures.start.longitude) < 1e-7)
        #expect(abs(position[1] - MarkerFixtures.start.latitude) < 1e-7)
        #expect((features[8]["properties"] as? [String: Any])?["kind"] as? String == "destination")
    }

    @Test func csvHasAHeaderAndOneRowPerMarker() throws {
        let list = try Self.list()
        let rows = list.csv().split(separator: "\r\n", omittingEmptySubsequences: true)
        #expect(rows.count == 10)
        #expect(rows[0].hasPrefix("index,batch,kind,arrow,color,warning,distance_along_route_m,latitude,longitude"))
        let columns = rows[0].split(separator: ",").count
        #expect(rows.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == columns })
        #expect(rows[3].hasPrefix("2,0,turn_arrow,left,blue,normal,20,"))
    }

    @Test func gpxHasOneWaypointPerMarker() throws {
        let list = try Self.list()
        let gpx = list.gpx()
        #expect(gpx.contains("<gpx version=\"1.1\""))
        #expect(gpx.components(separatedBy: "<wpt ").count - 1 == 9)
        #expect(gpx.contains("<name>Turn left</name>"))
        #expect(gpx.contains("<type>destination</type>"))
        // Well-formed XML.
        let parser = XMLParser(data: Data(gpx.utf8))
        #expect(parser.parse())
    }

    @Test func numbersAreWrittenWithFixedDecimalsAndNoExponent() {
        #expect(DecimalNumber.fixed(0.00001, decimals: 3) == "0")
        #expect(DecimalNumber.fixed(-0.0004, decimals: 3) == "0")
        #expect(DecimalNumber.fixed(-0.0006, decimals: 3) == "-0.001")
        #expect(DecimalNumber.fixed(12.5, decimals: 2) == "12.5")
        #expect(DecimalNumber.fixed(7.42460001, decimals: 7) == "7.4246")
        #expect(DecimalNumber.fixed(-8.6109, decimals: 7) == "-8.6109")
        #expect(JSONWriter.quoted("a\"b\\c\n\u{1}") == "\"a\\\"b\\\\c\\n\\u0001\"")
        #expect(TextEscaping.csv("Rue \"A\", 1") == "\"Rue \"\"A\"\", 1\"")
    }
}
