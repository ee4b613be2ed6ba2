import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Geodesy
import Guidance
import Places
import RoadNetwork
import Testing
@testable import ARExport
import RouteFormats

/// Every marker format says where the limit at a marker comes from, whether it is estimated, and whether
/// the marker's warning colour was found against an estimate.
struct MarkerLimitSourceTests {
    typealias F = MarkerFixtures
    static let legal = SpeedLimit.limited(50, source: .legalDefault).placed(builtUp: .urbanByArea, region: RegionCode("PT")!)

    /// Five route markers and a label: depart on a posted 50 (normal), a road point on the legal default
    /// (over), one on the posted limit (over), one whose estimated limit was not checked, the destination
    /// on the legal default (far over); a café 15 m along, between the second and third.
    static func list() throws -> ARMarkerList {
        let waypoints = [
            F.waypoint(0, kind: .maneuver, distance: 0, maneuver: F.maneuver(.depart, nil, at: F.start, instruction: "Head east")),
            F.waypoint(1, kind: .road, distance: 10, warning: .over, limit: legal),
            F.waypoint(2, kind: .road, distance: 20, warning: .over),
            F.waypoint(3, kind: .road, distance: 30, warning: .unchecked, limit: .limited(50, source: .classDefault)),
            F.waypoint(4, kind: .destination, distance: 40, maneuver: F.maneuver(.arrive, nil, at: F.start, distance: 40, instruction: "You have arrived"),
                       warning: .farOver, limit: legal),
        ]
        let place = PointOfInterest(osmID: 7, osmType: .node, name: "Café", key: "amenity", category: "cafe",
                                    coordinate: GreatCircle.destination(from: GreatCircle.destination(from: F.start, bearing: Bearing(degrees: 90), distance: 15),
                                                                        bearing: Bearing(degrees: 0), distance: 20))
        let along = try PointOfInterestFinder([place]).placesAlongRoute(waypoints.map(\.coordinate), distances: waypoints.map(\.distanceAlongRoute),
                                                                      corridor: 100, categories: [])
        return try ARMarkerExporter.markers(for: waypoints, placesAlongRoute: along)
    }

    /// Marker index -> (source, estimated, warning estimated, colour); the label (index 2) has no limit.
    static let expected: [(source: String?, estimated: Bool?, warningEstimated: Bool, color: String)] = [
        ("posted", false, false, "blue"), ("legal_default", true, true, "orange"), (nil, nil, false, "grey"),
        ("posted", false, false, "orange"), ("class_default", true, false, "grey"), ("legal_default", true, true, "red"),
    ]

    @Test func markersKnowWhetherTheirWarningIsAgainstAnEstimate() throws {
        let list = try Self.list()
        #expect(list.markers.map(\.kind) == [.road, .road, .poi, .road, .road, .destination])
        #expect(list.markers.map(\.warningIsEstimated) == Self.expected.map(\.warningEstimated))
        #expect(list.markers.map(\.color.rawValue) == Self.expected.map(\.color))
    }

    @Test func jsonCarriesTheSourceAndBothFlagsAndVersionThree() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(try Self.list().json().utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 3 && ARMarkerList.formatVersion == 3)
        let markers = try #require(object["markers"] as? [[String: Any]])
        #expect(markers.count == Self.expected.count)
        for (marker, expected) in zip(markers, Self.expected) {
            if let source = expected.source {
                #expect(marker["speed_limit_source"] as? String == source)
                #expect(marker["speed_limit_estimated"] as? Bool == expected.estimated)
            } else {
                #expect(marker["speed_limit_source"] is NSNull && marker["speed_limit_estimated"] is NSNull)
            }
            #expect(marker["warning_estimated"] as? Bool == expected.warningEstimated)
        }
        #expect(markers[4]["warning"] as? String == "unchecked")
    }

    @Test func geoJSONPropertiesCarryTheSourceAndBothFlags() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(try Self.list().geoJSON().utf8)) as? [String: Any])
        let properties = try #require(object["features"] as? [[String: Any]]).compactMap { $0["properties"] as? [String: Any] }
        #expect(properties.count == Self.expected.count)
        for (p, expected) in zip(properties, Self.expected) {
            #expect(p["speed_limit_source"] as? String == expected.source)
            #expect(p["speed_limit_estimated"] as? Bool == expected.estimated)
            #expect(p["warning_estimated"] as? Bool == expected.warningEstimated)
        }
        #expect(properties[1]["speed_limit_kmh"] as? Double == 50 && properties[2]["speed_limit_kmh"] is NSNull)
    }

    @Test func csvEndsWithTheSourceFlagAndLaneColumns() throws {
        let rows = try Self.list().csv().split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = try #require(rows.first)
        #expect(Array(header.suffix(4)) == ["speed_limit_source", "speed_limit_estimated", "warning_estimated", "lanes"])
        #expect(header.prefix(4) == ["index", "batch", "kind", "arrow"], "the columns before stay where they were")
        let body = rows.dropFirst()
        #expect(body.count == Self.expected.count)
        for (row, expected) in zip(body, Self.expected) {
            #expect(row.count == header.count)
            let columns = Array(row.suffix(4).prefix(3))
            #expect(columns == [expected.source ?? "", expected.estimated.map(String.init) ?? "",
                                expected.source == nil ? "" : String(expected.warningEstimated)])
        }
    }

    @Test func gpxDescriptionsTellTheLimitAndItsSource() throws {
        let gpx = try Self.list().gpx()
        #expect(gpx.contains("color orange (against an estimated limit); limit 50 km/h, legal_default (estimated);"))
        #expect(gpx.contains("color orange; limit 50 km/h, posted;"))
        #expect(gpx.contains("color grey; limit 50 km/h, class_default (estimated);"))
        #expect(XMLParser(data: Data(gpx.utf8)).parse())
    }
}
