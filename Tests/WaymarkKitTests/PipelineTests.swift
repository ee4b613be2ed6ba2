import ARExport
import Foundation
import Geodesy
import Guidance
import OutputFiles
import Places
import RouteFormats
import Testing
@testable import WaymarkKit

/// The pipelines a front end runs with one call: route documents, the marker export from a source, the
/// guided route, each the same as the stages run one by one.
@Suite struct PipelineTests {
    static let town = NavigatorTests.town, start = NavigatorTests.start, end = NavigatorTests.end

    @Test func aRouteDocumentIsTheFormatsWriterOverTheRouteAndItsSteps() throws {
        let navigator = try Navigator(source: .osmFile(path: Self.town))
        let route = try navigator.route(from: Self.start, to: Self.end)
        let steps = navigator.steps(for: route, language: .hr)
        #expect(navigator.document(for: route, format: .text, language: .hr)
                == RouteSummaryText.text(for: route, steps: steps, graph: navigator.graph, language: .hr))
        #expect(navigator.document(for: route, format: .geojson) == RouteGeoJSON.document(route: route, graph: navigator.graph) + "\n")
        #expect(navigator.document(for: route, format: .gpx, language: .hr) == RouteGPX.document(route: route, steps: steps))
        for format in RouteDocumentFormat.allCases { #expect(navigator.document(for: route, format: format).hasSuffix("\n")) }
    }

    @Test func aGuidedRouteIsTheRouteAndItsWaypointsWithBothStagesTimed() throws {
        let navigator = try Navigator(source: .osmFile(path: Self.town))
        let options = GuidanceOptions(spacing: .fixed(25))
        let timer = StageTimer()
        let (route, waypoints) = try navigator.guidedRoute(from: Self.start, to: Self.end, options: options, timer: timer)
        #expect(route.distance == (try navigator.route(from: Self.start, to: Self.end)).distance)
        #expect(waypoints.map(\.coordinate) == navigator.waypoints(for: route, options: options).map(\.coordinate))
        #expect(timer.stages.map(\.name) == ["route", "guidance"])
    }

    @Test func aWaypointStreamStopsAtTheFirstFailedWriteAndThrowsIt() throws {
        let navigator = try Navigator(source: .osmFile(path: Self.town))
        let (route, waypoints) = try navigator.guidedRoute(from: Self.start, to: Self.end)
        let session = WaypointStreamSession(waypoints: waypoints, route: route, options: GuidanceOptions())
        var all: [String] = []
        try session.run(writing: { all.append($0) })
        #expect(all.count > 3 && all.last?.hasPrefix("{\"summary\"") == true)
        let full = OutputError(path: "-", reason: "No space left on device")
        var written: [String] = []
        #expect(throws: full) {
            try session.run(writing: { line throws(OutputError) in
                guard written.count < 2 else { throw full }
                written.append(line)
            })
        }
        #expect(written == Array(all.prefix(2)))
    }

    @Test func aMarkerExportJobWritesWhatTheStagesMakeOneByOne() throws {
        let request = MarkerRequest(placeCategories: [], placeCorridor: 300)
        let timer = StageTimer()
        let result = try MarkerExportJob(source: .osmFile(path: Self.town), start: Self.start, destination: Self.end,
                                         request: request, format: .geojson).run(timer: timer)
        let navigator = try Navigator(source: .osmFile(path: Self.town))
        let route = try navigator.route(from: Self.start, to: Self.end)
        let list = try navigator.markers(for: navigator.waypoints(for: route), request: request)
        #expect(result.document == list.geoJSON())
        #expect(result.markerCount == list.markers.count)
        #expect(result.routeDistance == route.distance)
        #expect(timer.stages.map(\.name) == ["load", "route", "guidance", "pois", "dem", "markers", "format"])
    }

    @Test func aMarkerExportJobThrowsEachStagesOwnError() {
        #expect(throws: RoadNetworkLoadError.self) {
            try MarkerExportJob(source: .database(path: "/nonexistent/town.sqlite"), start: Self.start, destination: Self.end).run()
        }
        let bad = MarkerRequest(options: ARMarkerOptions(cameraHeight: -1))
        #expect(throws: MarkerExportError.self) {
            try MarkerExportJob(source: .osmFile(path: Self.town), start: Self.start, destination: Self.end, request: bad).run()
        }
    }

    @Test func placeCategoriesAreAllOrAListAndABadListIsAPlacesError() throws {
        #expect(try MarkerRequest.placeCategories(parsing: "ALL") == [])
        #expect(try MarkerRequest.placeCategories(parsing: "cafe,bar").map(\.value) == ["cafe", "bar"])
        #expect(throws: MarkerExportError.places(.unknownCategory("pizza", known: PointOfInterestCategory.known.map(\.name)))) {
            try MarkerRequest.placeCategories(parsing: "cafe,pizza")
        }
    }
}
