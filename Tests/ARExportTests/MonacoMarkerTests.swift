import Foundation
import Testing
import Geodesy
import Guidance
import OSMImport
import RoadNetwork
import Routing
import TestSupport
@testable import ARExport
import Places

/// Properties of the marker list on a real extract (Monaco, about 2.4 km across the city).
struct MonacoMarkerTests {
    @Test(.enabled(if: SharedExtracts.available("monaco.osm.bz2"))) func markerGeometryAgreesWithTheRouteOnMonaco() throws {
        let path = try SharedExtracts.require("monaco.osm.bz2")
        let imported = try OSMImporter.importFile(path: path)
        let route = try Router(graph: imported.graph).route(from: Coordinate(latitude: 43.7396, longitude: 7.4276),
                                                            to: Coordinate(latitude: 43.7290, longitude: 7.4160))
        let waypoints = RouteGuidance.waypoints(for: route, in: imported.graph, options: GuidanceOptions(plannedSpeed: 50))
        let finder = PointOfInterestFinder(imported.pointsOfInterest)
        let places = try finder.placesAlongRoute(waypoints.map(\.coordinate), distances: waypoints.map(\.distanceAlongRoute),
                                                 corridor: 80, categories: [])
        let list = try ARMarkerExporter.markers(for: waypoints, placesAlongRoute: places)
        let road = list.markers.filter { $0.kind != .poi }
        #expect(road.count == waypoints.count)
        #expect(list.markers.count == waypoints.count + places.count)
        #expect(!places.isEmpty, "Monaco has named places along its streets")

        // The polyline through the markers, measured in the AR frame, is the route's length (the
        // route is measured on a sphere, the frame on the ellipsoid: they agree within 0.5 %).
        var length = 0.0, aligned = 0, pairs = 0
        for (a, b) in zip(road, road.dropFirst()) {
            let dx = b.arkit.x - a.arkit.x, dz = b.arkit.z - a.arkit.z
            let chord = (dx * dx + dz * dz).squareRoot()
            length += chord
            // Chords never exceed the distance driven between the markers (plus rounding).
            #expect(chord <= (b.distanceAlongRoute - a.distanceAlongRoute) * 1.005 + 0.01)
            guard a.kind == .road, chord > 5 else { continue }
            pairs += 1
            // The road marker's forward axis (-sin yaw, -cos yaw) points at the next marker.
            let cosine = (-sin(a.yaw) * dx + -cos(a.yaw) * dz) / chord
            if cosine > cos(5 * Double.pi / 180) { aligned += 1 }
        }
        #expect(abs(length - list.routeDistance) / list.routeDistance < 0.005, "frame length \(length) vs route \(list.routeDistance)")
        #expect(pairs > 20)
        #expect(Double(aligned) >= 0.9 * Double(pairs), "\(aligned) of \(pairs) road markers face the next one")

        // Every label lies within the corridor of the route in the frame as well.
        for label in list.markers where label.kind == .poi {
            let distance = try #require(label.label?.distanceFromRoute)
            #expect(distance <= 80)
            // 3 m above ground on unknown (origin-level) terrain, lowered by the Earth's curvature d²/2R.
            let d2 = label.arkit.x * label.arkit.x + label.arkit.z * label.arkit.z
            #expect(abs(label.arkit.y - (1.5 - d2 / (2 * 6_371_000))) < 0.01)
        }
    }
}
