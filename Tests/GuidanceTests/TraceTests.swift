import Foundation
import Geodesy
@testable import Guidance
import OSMImport
import RoadNetwork
import Routing
import TestSupport
import Testing

@Suite struct TraceTests {
    /// `HH:MM:SS` after 2024-05-01T10:00:00Z.
    static func isoTime(_ seconds: Int) -> String {
        let h = 10 + seconds / 3600, m = (seconds / 60) % 60, s = seconds % 60
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "2024-05-01T\(two(h)):\(two(m)):\(two(s))Z"
    }

    /// Points every `step` metres along a polyline, shifted `offset` metres to the right of travel.
    static func walk(_ polyline: [Coordinate], step: Meters, offset: Meters = 2) -> [Coordinate] {
        var result: [Coordinate] = []
        var carried: Meters = 0
        for (a, b) in zip(polyline, polyline.dropFirst()) {
            let length = GreatCircle.distance(from: a, to: b)
            let bearing = GreatCircle.initialBearing(from: a, to: b)
            var d = carried
            while d < length {
                let p = GreatCircle.intermediate(from: a, to: b, fraction: d / length)
                result.append(GreatCircle.destination(from: p, bearing: Bearing(degrees: bearing.degrees + 90), distance: offset))
                d += step
            }
            carried = d - length
        }
        if let last = polyline.last { result.append(last) }
        return result
    }

    static func gpx(_ points: [Coordinate], secondsApart: Int = 1) -> String {
        var s = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><trkseg>\n"
        for (i, p) in points.enumerated() {
            s += "  <trkpt lat=\"\(p.latitude)\" lon=\"\(p.longitude)\"><ele>100</ele><time>\(isoTime(i * secondsApart))</time></trkpt>\n"
        }
        return s + "</trkseg></trk>\n</gpx>\n"
    }

    static let fourWay = """
                a
                |
                |
        d ----- b ----- c
                |
                |
                e
        """

    func fixture(maxspeed: String = "30") throws -> GuidanceFixture {
        try GuidanceFixture(Self.fourWay, ways: [.init("eba", road("Main", "residential", ["maxspeed": maxspeed])),
                                                 .init("dbc", road("Cross", "residential", ["maxspeed": maxspeed]))])
    }

    @Test func isoTimesParseWithZoneAndFraction() {
        #expect(ISO8601Time.parse("2024-05-01T10:00:00Z") == 1_714_557_600)
        #expect(ISO8601Time.parse("2024-05-01T12:00:00+02:00") == 1_714_557_600)
        #expect(ISO8601Time.parse("2024-05-01T10:00:00.5Z") == 1_714_557_600.5)
        #expect(ISO8601Time.parse("1970-01-01T00:00:00Z") == 0)
        #expect(ISO8601Time.parse("2024-13-01T10:00:00Z") == nil)
        #expect(ISO8601Time.parse("yesterday") == nil)
    }

    @Test func gpxTrackPointsAreRead() throws {
        let trace = try TraceParser.parse(Self.gpx([Coordinate(latitude: 45.8, longitude: 15.97), Coordinate(latitude: 45.8001, longitude: 15.97)]),
                                          sourceName: "t.gpx")
        #expect(trace.points.count == 2)
        #expect(trace.points[1].time == 1_714_557_601)
        #expect(trace.points[0].coordinate.latitude == 45.8)
        #expect(trace.points[1].line == 5)
    }

    @Test func csvWithHeaderAndWithout() throws {
        let headed = try TraceParser.parse("id,latitude,longitude,time,speed\n7,45.8,15.97,2024-05-01T10:00:00Z,42.5\n7,45.8001,15.97,,\n", sourceName: "t.csv")
        #expect(headed.points.count == 2)
        #expect(headed.points[0].speed == 42.5)
        #expect(headed.points[0].time == 1_714_557_600)
        #expect(headed.points[1].time == nil)
        let bare = try TraceParser.parse("45.8,15.97\r\n# comment\n\n45.8001,15.97,12\n")
        #expect(bare.points.count == 2)
        #expect(bare.points[1].time == 12)
        #expect(bare.points[1].line == 4)
    }

    @Test func badTraceLinesAreNamed() {
        #expect(throws: TraceError.self) { try TraceParser.parse("45.8,15.97\n45.8,east\n", sourceName: "t.csv") }
        do {
            _ = try TraceParser.parse("lat,lon\n45.8,15.97\n95.1,15.97\n", sourceName: "t.csv")
            Issue.record("an out-of-range latitude must be rejected")
        } catch {
            #expect(error.line == 3)
            #expect(error.description.hasPrefix("t.csv:3: coordinate 95.1,15.97 is out of range"))
        }
        do {
            _ = try TraceParser.parse("<gpx><trk><trkseg><trkpt lon=\"1\"></trkpt></trkseg></trk></gpx>", sourceName: "t.gpx")
            Issue.record("a track point without lat must be rejected")
        } catch {
            #expect(error.description == "t.gpx:1: <trkpt> needs lat and lon attributes")
        }
        #expect(throws: TraceError.self) { try TraceParser.parse("<gpx></gpx>", sourceName: "empty.gpx") }
        #expect(throws: TraceError.self) { try TraceParser.parse("", sourceName: "empty.csv") }
    }

    @Test(.enabled(if: SharedExtracts.available("traces/andorra_for_map_matching.gpx"))) func realAndorraGPXParses() throws {
        let path = try SharedExtracts.require("traces/andorra_for_map_matching.gpx")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let trace = try TraceParser.parse(text, sourceName: path)
        #expect(trace.points.count > 10)
        #expect(trace.points.allSatisfy { (42.4...42.7).contains($0.coordinate.latitude) })
    }

    @Test(.enabled(if: SharedExtracts.available("traces/andorra_for_map_matching.gpx", "andorra-2013.osm.bz2"))) func realAndorraTraceIsMatchedAndReplayedOnItsRoute() throws {
        let gpxPath = try SharedExtracts.require("traces/andorra_for_map_matching.gpx")
        let osmPath = try SharedExtracts.require("andorra-2013.osm.bz2")
        let trace = try TraceParser.parse(try String(contentsOfFile: gpxPath, encoding: .utf8), sourceName: gpxPath)
        let graph = try OSMImporter.importFile(path: osmPath).graph
        let route = try Router(graph: graph).route(from: trace.points.first!.coordinate, to: trace.points.last!.coordinate)
        let match = TraceMatcher(plannedSpeed: 30).match(trace, to: route.legs[0].coordinates)
        // The drawn track follows the roads the router takes: every point lies near the route.
        #expect(match.discarded == 0)
        #expect(match.points.allSatisfy { $0.offset < 25 })
        #expect(abs(match.points.last!.distanceAlongRoute - route.distance) < 25)
        let waypoints = RouteGuidance.waypoints(for: route, in: graph)
        var emitted: [GuidanceRecord] = []
        GuidanceReplay.replay(waypoints: waypoints, match: match) { emitted.append($0) }
        #expect(emitted.count == waypoints.count)
        #expect(emitted.allSatisfy { $0.waypoint.vehicleSpeed == 30 })   // no times in the file: the planned speed
    }

    @Test func matchingIsMonotonicAndDropsFarPoints() throws {
        let f = try fixture()
        let route = try f.route("ec")
        let polyline = route.legs[0].coordinates
        var points = Self.walk(polyline, step: 5).map { TracePoint(coordinate: $0) }
        // An outlier 300 m away and a point jittering back 3 m.
        points.insert(TracePoint(coordinate: GreatCircle.destination(from: points[4].coordinate, bearing: Bearing(degrees: 270), distance: 300)), at: 5)
        points.insert(TracePoint(coordinate: points[3].coordinate), at: 7)
        let match = TraceMatcher(plannedSpeed: 40).match(Trace(points: points), to: polyline)
        #expect(match.discarded == 1)
        #expect(match.points.count == points.count - 1)
        for (a, b) in zip(match.points, match.points.dropFirst()) { #expect(a.distanceAlongRoute <= b.distanceAlongRoute) }
        #expect(match.points.allSatisfy { $0.offset < 3 })
        #expect(match.points.allSatisfy { $0.speed == 40 })
        #expect(abs(match.points.last!.distanceAlongRoute - route.distance) < 0.01)
    }

    @Test func sparseUntimedTraceStillMatchesBeyondTheWindow() {
        // A straight 3 km road sampled every 1.2 km: each point lies beyond the 500 m window.
        let start = Coordinate(latitude: 45.8, longitude: 15.97)
        let polyline = (0...30).map { GreatCircle.destination(from: start, bearing: Bearing(degrees: 90), distance: Double($0) * 100) }
        let points = [0.0, 1200, 2400, 3000].map {
            TracePoint(coordinate: GreatCircle.destination(from: start, bearing: Bearing(degrees: 90), distance: $0))
        }
        let match = TraceMatcher().match(Trace(points: points), to: polyline)
        #expect(match.discarded == 0)
        #expect(match.points.map { ($0.distanceAlongRoute).rounded() } == [0, 1200, 2400, 3000])
    }

    @Test func replayOfGPXEmitsEveryWaypointWithSpeedAndNextInstruction() throws {
        let f = try fixture(maxspeed: "30")
        let route = try f.route("ec")
        let waypoints = RouteGuidance.waypoints(for: route, in: f.graph)
        // 10 m per second = 36 km/h on a 30 km/h road: above 110 %.
        let trace = try TraceParser.parse(Self.gpx(Self.walk(route.legs[0].coordinates, step: 10)), sourceName: "drive.gpx")
        let match = TraceMatcher().match(trace, to: route.legs[0].coordinates)
        var records: [GuidanceRecord] = []
        GuidanceReplay.replay(waypoints: waypoints, match: match) { records.append($0) }
        #expect(records.map(\.waypoint.sequence) == waypoints.map(\.sequence))
        let turnAt = waypoints.first { $0.maneuver?.type == .turn }!.distanceAlongRoute
        for r in records {
            let vehicle = try #require(r.vehicle)
            #expect(vehicle.distanceAlongRoute >= r.waypoint.distanceAlongRoute - 1e-6)
            let speed = try #require(r.waypoint.vehicleSpeed)
            #expect(abs(speed - 36) < 9)
            #expect(r.waypoint.warning == SpeedWarning.classify(speed: speed, limit: r.waypoint.speedLimit))
            if vehicle.distanceAlongRoute < turnAt - GuidanceReplay.maneuverReachedDistance {
                #expect(r.nextManeuver?.type == .turn)
                #expect(abs(r.distanceToNextManeuver! - (turnAt - vehicle.distanceAlongRoute)) < 1e-6)
            } else if vehicle.distanceAlongRoute < route.distance - GuidanceReplay.maneuverReachedDistance {
                #expect(r.nextManeuver?.type == .arrive)
            } else {
                #expect(r.nextManeuver == nil)
            }
        }
        // Mid-route the vehicle is steady at 36 km/h: above 110 % of the 30 km/h limit.
        #expect(records.filter { $0.waypoint.warning == .farOver }.count * 10 >= records.count * 8)
        #expect(records.contains { $0.vehicle!.distanceAlongRoute < turnAt - 20 })
        #expect(records.contains { $0.vehicle!.distanceAlongRoute >= turnAt - 20 })
    }

    @Test func replayOfCSVUsesRecordedSpeeds() throws {
        let f = try fixture(maxspeed: "50")
        let route = try f.route("ec")
        let waypoints = RouteGuidance.waypoints(for: route, in: f.graph)
        var csv = "lat,lon,speed\n"
        for p in Self.walk(route.legs[0].coordinates, step: 8) { csv += "\(p.latitude),\(p.longitude),55\n" }
        let match = TraceMatcher().match(try TraceParser.parse(csv), to: route.legs[0].coordinates)
        var warnings: [SpeedWarning] = []
        GuidanceReplay.replay(waypoints: waypoints, match: match) { warnings.append($0.waypoint.warning) }
        #expect(warnings.count == waypoints.count)
        #expect(warnings.allSatisfy { $0 == .over })   // 55 km/h is exactly 110 % of 50
    }

    @Test func replayStopsWhereTheTraceEnds() throws {
        let f = try fixture()
        let route = try f.route("ec")
        let waypoints = RouteGuidance.waypoints(for: route, in: f.graph)
        let half = Self.walk(route.legs[0].coordinates, step: 5).prefix(8)   // about 35 m of 110 m
        let match = TraceMatcher().match(Trace(points: half.map { TracePoint(coordinate: $0) }), to: route.legs[0].coordinates)
        var emitted = 0
        GuidanceReplay.replay(waypoints: waypoints, match: match) { _ in emitted += 1 }
        #expect(emitted > 0 && emitted < waypoints.count)
    }

    @Test func plannedRecordsCarryNextInstructionAndFollowText() throws {
        let f = try fixture()
        let route = try f.route("ec")
        let records = GuidanceReplay.records(for: RouteGuidance.waypoints(for: route, in: f.graph))
        #expect(records.first?.waypoint.maneuver?.type == .depart)
        #expect(records.first?.nextManeuver?.type == .turn)
        #expect(records.first?.follow == "Continue on Main for 30 m")
        #expect(records.last?.waypoint.kind == .destination)
        #expect(records.last?.nextManeuver == nil)
    }
}
