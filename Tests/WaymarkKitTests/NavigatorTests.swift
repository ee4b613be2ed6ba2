import ARExport
import Foundation
import Geodesy
import Guidance
import Places
import RoadNetworkStore
import Routing
import TestSupport
import Testing
@testable import WaymarkKit

/// The entry point's stages and their one error type each, on the sample town.
@Suite struct NavigatorTests {
    static let town = TestFiles.sampleTownPath
    static let start = Coordinate(latitude: 45.8075, longitude: 15.9838), end = Coordinate(latitude: 45.8160, longitude: 15.9916)

    @Test func eachStageThrowsItsOwnError() throws {
        #expect(throws: RoadNetworkLoadError.database(.fileNotFound(path: "/nonexistent/town.sqlite"))) {
            try Navigator(source: .database(path: "/nonexistent/town.sqlite"))
        }
        do {
            _ = try RoadNetworkSource.osmFile(path: "/nonexistent/town.osm").load()
            Issue.record("a missing OSM file loaded")
        } catch {
            guard case .osm(let osm) = error else { Issue.record("not an OSM error: \(error)"); return }
            #expect(osm.kind == .cannotOpen)
        }
        let navigator = try Navigator(source: .osmFile(path: Self.town))
        #expect(throws: RoutingError.self) { try navigator.route(from: Coordinate(latitude: 46.5, longitude: 16.5), to: Self.end) }
        #expect(throws: GuidanceOptionsError.spacingOutOfRange(0)) { try GuidanceOptions(spacing: .fixed(0)).validate() }
        #expect(throws: GuidanceOptionsError.plannedSpeedOutOfRange(-5)) { try GuidanceOptions(plannedSpeed: -5).validate() }
        let waypoints = navigator.waypoints(for: try navigator.route(from: Self.start, to: Self.end))
        var request = MarkerRequest(placeCategories: [], placeCorridor: 5_000)
        #expect(throws: MarkerExportError.places(.invalidValue(.corridor, value: "5000", expected: "a positive distance in metres up to 1000"))) {
            try navigator.markers(for: waypoints, request: request)
        }
        request = MarkerRequest(elevationDirectory: "/nonexistent/srtm")
        #expect(throws: MarkerExportError.export(.elevationDirectoryMissing("/nonexistent/srtm"))) {
            try navigator.markers(for: waypoints, request: request)
        }
        #expect(throws: MarkerExportError.export(.emptyRoute)) { try navigator.markers(for: [], request: MarkerRequest()) }
    }

    /// A navigator that indexes the graph for guidance gives the steps and waypoints of one that does not.
    @Test func anIndexedNavigatorGivesTheSameStepsAndWaypoints() throws {
        let network = try RoadNetworkSource.osmFile(path: Self.town).load()
        let indexed = try Navigator(network: network, indexesGuidance: true)
        let plain = try Navigator(network: network)
        #expect(indexed.guidance.isPrecomputed && !plain.guidance.isPrecomputed)
        let route = try plain.route(from: Self.start, to: Self.end)
        let steps = indexed.steps(for: route, language: .hr).flatMap { $0 }
        #expect(steps.map(\.maneuver) == plain.steps(for: route, language: .hr).flatMap { $0 }.map(\.maneuver))
        #expect(steps.count > 3)
        let options = GuidanceOptions(plannedSpeed: 40)
        let waypoints = indexed.waypoints(for: route, options: options)
        let expected = plain.waypoints(for: route, options: options)
        #expect(waypoints.map(\.maneuver) == expected.map(\.maneuver) && waypoints.map(\.coordinate) == expected.map(\.coordinate))
    }

    @Test func placesAlongTheRouteComeFromTheDatabaseIndexOrMemoryAlike() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-nav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fromFile = try RoadNetworkSource.osmFile(path: Self.town).load()
        let database = directory.appendingPathComponent("town.sqlite").path
        try RoadNetworkStore.write(graph: fromFile.graph, pointsOfInterest: fromFile.pointsOfInterest,
                                   metadata: .computed(graph: fromFile.graph, pointsOfInterest: fromFile.pointsOfInterest,
                                                       sourceFileName: "sample-town.osm", sourceSHA256: "", sourceBytes: 0),
                                   to: database)
        let timer = StageTimer()
        var lists: [[String]] = []
        for source in [RoadNetworkSource.osmFile(path: Self.town), .database(path: database)] {
            let navigator = try Navigator(source: source)
            let waypoints = navigator.waypoints(for: try navigator.route(from: Self.start, to: Self.end))
            let list = try navigator.markers(for: waypoints, request: MarkerRequest(placeCategories: [], placeCorridor: 300), timer: timer)
            lists.append(list.markers.compactMap { $0.label?.pointOfInterest.name })
        }
        #expect(!lists[0].isEmpty)
        #expect(lists[0] == lists[1])
        #expect(timer.stages.map(\.name) == ["pois", "dem", "markers", "pois", "dem", "markers"])
    }

    @Test func paddedBoxHoldsEveryPointWithinThePadding() {
        for latitude in [-60.0, -33.9, 0, 45.8, 70] {
            var area = BoundingBox()
            area.include(Coordinate(latitude: latitude, longitude: 10))
            area.include(Coordinate(latitude: latitude + 0.05, longitude: 10.1))
            let box = PointOfInterestFinder.boundingBox(enclosing: area, padding: 500)
            for corner in [Coordinate(latitude: area.minLatitude, longitude: area.minLongitude),
                           Coordinate(latitude: area.maxLatitude, longitude: area.maxLongitude)] {
                for bearing in stride(from: 0.0, to: 360, by: 15) {
                    let p = GreatCircle.destination(from: corner, bearing: Bearing(degrees: bearing), distance: 499)
                    #expect(p.latitude >= box.minLatitude && p.latitude <= box.maxLatitude
                            && p.longitude >= box.minLongitude && p.longitude <= box.maxLongitude, "\(p) outside \(box)")
                }
            }
        }
    }
}
