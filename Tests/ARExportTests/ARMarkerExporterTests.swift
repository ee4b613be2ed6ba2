import Foundation
import Testing
import Geodesy
import Guidance
import RoadNetwork
@testable import ARExport
import Places
import RouteFormats

/// Marker kinds, heights, colours, elevation sources, batches and options.
struct ARMarkerExporterTests {
    typealias F = MarkerFixtures

    /// depart, road, left turn, right turn, U-turn, straight, via arrival, road, destination.
    static func mixedRoute() -> [Waypoint] {
        var ws: [Waypoint] = []
        ws.append(F.waypoint(0, kind: .maneuver, distance: 0, maneuver: F.maneuver(.depart, nil, at: F.start, instruction: "Head east")))
        ws.append(F.waypoint(1, kind: .road, distance: 10))
        ws.append(F.waypoint(2, kind: .maneuver, distance: 20, maneuver: F.maneuver(.turn, .left, at: F.start, before: 90, after: 0, instruction: "Turn left")))
        ws.append(F.waypoint(3, kind: .maneuver, distance: 30, maneuver: F.maneuver(.turn, .sharpRight, at: F.start, before: 80, after: 200, instruction: "Turn sharp right")))
        ws.append(F.waypoint(4, kind: .maneuver, distance: 40, maneuver: F.maneuver(.continue, .uturn, at: F.start, instruction: "Make a U-turn")))
        ws.append(F.waypoint(5, kind: .maneuver, distance: 50, maneuver: F.maneuver(.newName, .straight, at: F.start, instruction: "Continue")))
        ws.append(F.waypoint(6, kind: .maneuver, distance: 60, maneuver: F.maneuver(.arrive, nil, at: F.start, instruction: "You have reached your stop")))
        ws.append(F.waypoint(7, kind: .road, distance: 70, warning: .farOver))
        ws.append(F.waypoint(8, kind: .destination, distance: 80, maneuver: F.maneuver(.arrive, nil, at: F.start, instruction: "You have arrived")))
        return ws
    }

    @Test func eachWaypointBecomesOneMarkerOfTheRightKind() throws {
        let list = try ARMarkerExporter.markers(for: Self.mixedRoute())
        #expect(list.markers.map(\.kind) == [.road, .road, .turnArrow, .turnArrow, .turnArrow, .turnArrow, .via, .road, .destination])
        #expect(list.markers.map(\.arrow) == [nil, nil, .left, .right, .uTurn, .straight, .down, nil, .down])
        #expect(list.markers.map(\.index) == Array(0..<9))
        #expect(list.markers[0].instruction == "Head east")
        #expect(list.markers[2].instruction == "Turn left")
        #expect(list.markers[1].instruction == nil)
    }

    @Test func markerHeightsFollowTheDefaultsRelativeToTheCamera() throws {
        let list = try ARMarkerExporter.markers(for: Self.mixedRoute())
        // No elevation data: every ground is the origin's, the road surface is 1.5 m below the camera.
        // Within 80 m of the origin the Earth's curvature lowers points by < 1 mm.
        func y(_ i: Int) -> Double { list.markers[i].arkit.y }
        #expect(abs(y(1) - -1.0) < 0.002)          // road marker: 0.5 m above the road = 1 m below the camera
        #expect(abs(y(2) - 2.5) < 0.002)           // turn arrow: 4 m above the road
        #expect(abs(y(6) - 4.5) < 0.002)           // via arrow: 6 m above the road
        #expect(abs(y(8) - 4.5) < 0.002)           // destination arrow: 6 m above the road
        #expect(list.markers[2].heightAboveGround == 4)
        #expect(list.markers[8].heightAboveGround == 6)
        #expect(list.markers.allSatisfy { $0.elevationSource == .unknown })
        #expect(list.originElevationSource == .unknown)
    }

    @Test func heightOptionsMoveTheMarkers() throws {
        var options = ARMarkerOptions()
        options.cameraHeight = 1.2
        options.roadMarkerHeight = 0
        options.turnArrowHeight = 3
        options.destinationHeight = 10
        let list = try ARMarkerExporter.markers(for: Self.mixedRoute(), options: options)
        #expect(abs(list.markers[1].arkit.y - -1.2) < 0.002)
        #expect(abs(list.markers[2].arkit.y - 1.8) < 0.002)
        #expect(abs(list.markers[8].arkit.y - 8.8) < 0.002)
    }

    @Test func markerPositionsAlongAnEastboundRoadHavePositiveXAndNoZ() throws {
        let list = try ARMarkerExporter.markers(for: F.straightRoute(count: 5, spacing: 10))
        for (i, m) in list.markers.enumerated() {
            // Fixture spacing is in spherical metres (GreatCircle); the exact ellipsoidal east differs by
            // the ratio of the radii of curvature, under 0.5 %.
            #expect(abs(m.arkit.x - Double(i) * 10) <= 0.005 * Double(i) * 10 + 1e-9)
            #expect(abs(m.arkit.z) < 0.01)
            #expect(m.arkit.x == m.enu.east && m.arkit.y == m.enu.up && m.arkit.z == -m.enu.north)
            #expect(abs(m.yaw - -Double.pi / 2) < 1e-3)   // facing east
        }
    }

    @Test func turnArrowsFaceTheApproachDirection() throws {
        let list = try ARMarkerExporter.markers(for: Self.mixedRoute())
        #expect(list.markers[3].bearing.degrees == 80)
        #expect(abs(list.markers[3].yaw - -80 * Double.pi / 180) < 1e-3)
    }

    @Test func speedWarningsPickTheMarkerColour() throws {
        for (warning, colour) in [(SpeedWarning.normal, WarningColor.blue), (.over, .orange), (.farOver, .red), (.unknown, .grey)] {
            let list = try ARMarkerExporter.markers(for: F.straightRoute(count: 3, warning: warning))
            #expect(list.markers.allSatisfy { $0.color == colour && $0.warning == warning })
        }
    }

    @Test func taggedElevationsSetTheHeightsAndTheGeoAnchorAltitude() throws {
        // The road climbs 1 m per waypoint from 100 m; the origin (route start) is at 100 m.
        let list = try ARMarkerExporter.markers(for: F.straightRoute(count: 11, spacing: 10, elevation: { 100 + Double($0) }))
        #expect(list.originElevationSource == .osmTag)
        #expect(list.frame.groundAltitude == 100)
        let fifth = list.markers[5]
        #expect(fifth.elevationSource == .osmTag)
        #expect(fifth.groundElevation == 105)
        #expect(fifth.altitude == 105.5)
        #expect(abs(fifth.arkit.y - (105.5 - 101.5)) < 0.002)
        #expect(list.json().contains("\"altitude\": 105.5}"))
    }

    @Test func unknownElevationLeavesTheGeoAnchorAltitudeOut() throws {
        let list = try ARMarkerExporter.markers(for: F.straightRoute(count: 3))
        let json = list.json()
        #expect(json.contains("\"elevation_source\": \"unknown\""))
        #expect(json.contains("\"altitude\": null}"))
        #expect(!list.gpx().contains("<ele>"))
    }

    @Test func givenOriginAltitudeAndOffsetOriginAreUsed() throws {
        var options = ARMarkerOptions()
        options.origin = GreatCircle.destination(from: F.start, bearing: Bearing(degrees: 0), distance: 30)
        options.originAltitude = 95
        let list = try ARMarkerExporter.markers(for: F.straightRoute(count: 3, elevation: { _ in 100 }), options: options)
        #expect(list.originElevationSource == .given)
        // The route start lies 30 m south of the origin: z = +30; its road marker 100.5 - 96.5 = 4 m up.
        #expect(abs(list.markers[0].arkit.z - 30) < 0.15)   // 30 spherical metres, within 0.5 %
        #expect(abs(list.markers[0].arkit.y - 4.0) < 0.01)
    }

    @Test func elevationModelFillsHeightsWhenTheExtractHasNone() throws {
        let tile = try SRTMTileTests.planeTile(southLatitude: 43, westLongitude: 7) // h = 100 + row + 2·col
        let model = ElevationModel(tiles: [tile])
        let list = try ARMarkerExporter.markers(for: F.straightRoute(count: 3), elevation: model)
        #expect(list.originElevationSource == .dem)
        #expect(list.markers.allSatisfy { $0.elevationSource == .dem })
        let expected = try #require(tile.elevation(at: list.markers[2].coordinate))
        #expect(list.markers[2].groundElevation == expected)
        #expect(list.markers[2].groundElevation > 100)
    }

    @Test(arguments: [(199, 1), (200, 1), (201, 2), (400, 2), (401, 3)])
    func markersComeInBatchesOfTwoHundred(count: Int, batches: Int) throws {
        let list = try ARMarkerExporter.markers(for: F.straightRoute(count: count, spacing: 5))
        #expect(list.markers.count == count)
        #expect(list.batches.count == batches)
        #expect(list.batches.map(\.index) == Array(0..<batches))
        // The batches partition the markers in order.
        var next = 0
        for b in list.batches {
            #expect(b.markers.lowerBound == next)
            #expect(b.markers.count == min(200, count - next))
            next = b.markers.upperBound
        }
        #expect(next == count)
        #expect(list.batches.last?.nextBatchTrigger == nil)
        #expect(list.batches.dropLast().allSatisfy { $0.nextBatchTrigger != nil })
    }

    @Test func batchTriggerIsTwentyFiveMetresBeforeTheBatchsLastMarker() throws {
        let waypoints = F.straightRoute(count: 201, spacing: 5)
        let list = try ARMarkerExporter.markers(for: waypoints)
        let trigger = try #require(list.batches[0].nextBatchTrigger)
        #expect(trigger.markerIndex == 199)
        #expect(trigger.radius == 25)
        #expect(abs(trigger.distanceAlongRoute - (199 * 5 - 25)) < 1e-9)
        // 970 m along an eastbound road: 970 m east of the start.
        let expected = GreatCircle.destination(from: F.start, bearing: Bearing(degrees: 90), distance: 970)
        #expect(GreatCircle.distance(from: trigger.coordinate, to: expected) < 0.01)
        #expect(list.batches[0].startDistance == 0 && list.batches[0].endDistance == 995)
        #expect(list.batches[1].startDistance == 1000)
    }

    @Test func batchSizeAndTriggerOptionsAreHonoured() throws {
        var options = ARMarkerOptions()
        options.batchSize = 50
        options.batchTrigger = 40
        let list = try ARMarkerExporter.markers(for: F.straightRoute(count: 201, spacing: 10), options: options)
        #expect(list.batches.count == 5)
        #expect(list.batches[4].markers == 200..<201)
        let trigger = try #require(list.batches[1].nextBatchTrigger)
        #expect(trigger.markerIndex == 99)
        #expect(abs(trigger.distanceAlongRoute - (990 - 40)) < 1e-9)
        #expect(list.markers[120].index / 50 == 2)
        #expect(list.json().contains("\"index\": 120, \"batch\": 2,"))
    }

    @Test func batchShorterThanTheTriggerIsRequestedAtItsStart() throws {
        var options = ARMarkerOptions()
        options.batchSize = 2
        let list = try ARMarkerExporter.markers(for: F.straightRoute(count: 5, spacing: 5), options: options)
        #expect(list.batches[1].nextBatchTrigger?.distanceAlongRoute == 10)
    }

    @Test func visibilityRadiusDefaultsToFiftyMetresAndIsConfigurable() throws {
        #expect(try ARMarkerExporter.markers(for: F.straightRoute(count: 4)).markers.allSatisfy { $0.visibilityRadius == 50 })
        var options = ARMarkerOptions()
        options.visibilityRadius = 80
        let list = try ARMarkerExporter.markers(for: F.straightRoute(count: 4), options: options)
        #expect(list.markers.allSatisfy { $0.visibilityRadius == 80 })
        #expect(list.json().contains("\"visibility_radius\": 80"))
    }

    @Test func badSettingsAreRejectedNamingTheSetting() {
        var options = ARMarkerOptions()
        options.visibilityRadius = 0
        #expect(throws: ARExportError.invalidSetting(.visibilityRadius, value: "0", expected: "a radius in metres from 1 to 10000")) {
            try ARMarkerExporter.markers(for: F.straightRoute(count: 2), options: options)
        }
        options = ARMarkerOptions()
        options.batchSize = 0
        do {
            _ = try ARMarkerExporter.markers(for: F.straightRoute(count: 2), options: options)
            Issue.record("a batch size of 0 was accepted")
        } catch {
            #expect(error.description == "invalid batch size '0': expected a whole number of markers from 1 to 100000")
        }
        options = ARMarkerOptions()
        options.cameraHeight = .nan
        #expect(throws: ARExportError.self) { try ARMarkerExporter.markers(for: F.straightRoute(count: 2), options: options) }
    }

    @Test func emptyRouteIsAnError() {
        #expect(throws: ARExportError.emptyRoute) { try ARMarkerExporter.markers(for: []) }
    }

    @Test func placesAlongTheRouteBecomeLabelsInRouteOrder() throws {
        let waypoints = F.straightRoute(count: 11, spacing: 10)
        let place = PointOfInterest(osmID: 7, osmType: .node, name: "Café \"Azur\"", key: "amenity", category: "cafe",
                                    coordinate: GreatCircle.destination(from: waypoints[4].coordinate, bearing: Bearing(degrees: 0), distance: 20))
        let finder = PointOfInterestFinder([place])
        let along = try finder.placesAlongRoute(waypoints.map(\.coordinate), distances: waypoints.map(\.distanceAlongRoute),
                                                corridor: 100, categories: [])
        let list = try ARMarkerExporter.markers(for: waypoints, placesAlongRoute: along)
        #expect(list.markers.count == 12)
        #expect(list.markers.map(\.index) == Array(0..<12))
        #expect(zip(list.markers, list.markers.dropFirst()).allSatisfy { $0.distanceAlongRoute <= $1.distanceAlongRoute })
        let labels = list.markers.filter { $0.kind == .poi }
        #expect(labels.count == 1)
        let label = try #require(labels.first)
        #expect(label.index == 4 || label.index == 5)   // beside the road marker 40 m along
        #expect(label.label?.pointOfInterest.name == "Café \"Azur\"")
        #expect(label.label?.category == "cafe")
        #expect(abs(label.distanceAlongRoute - 40) < 0.1)
        #expect(abs((label.label?.distanceFromRoute ?? 0) - 20) < 0.1)
        #expect(abs(label.arkit.y - 1.5) < 0.01)             // 3 m above the ground
        #expect(abs(label.bearing.degrees - 180) < 0.5)      // facing the road to its south
        #expect(list.json().contains("\"name\": \"Café \\\"Azur\\\"\""))
    }
}
