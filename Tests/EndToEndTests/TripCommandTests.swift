import Foundation
import Testing

/// `waymark trip` end to end on the sample town (committed in `osm/`): the OSRM body, GeoJSON, and the
/// refusals with OSRM's codes and exit statuses.
@Suite struct TripCommandTests {
    static let stops = ["45.8075,15.9838", "45.8160,15.9916", "45.8120,15.9840"]

    static func trip(_ arguments: [String]) throws -> CLI.Result {
        try CLI.run(["trip", "--osm", SharedExtractsSample.path] + Self.stops.flatMap { ["--stop", $0] } + arguments)
    }

    @Test func osrmBodyListsEveryStopInInputOrderAndOneRoundTrip() throws {
        let result = try Self.trip(["--steps", "false"])
        #expect(result.status == 0, "\(result)")
        let body = try CLI.jsonObject(result.stdout)
        #expect(body["code"] as? String == "Ok")
        let waypoints = try #require(body["waypoints"] as? [[String: Any]])
        #expect(waypoints.compactMap { $0["waypoint_index"] as? Int }.sorted() == [0, 1, 2])
        #expect(waypoints.first?["waypoint_index"] as? Int == 0 && waypoints.allSatisfy { $0["trips_index"] as? Int == 0 })
        let legs = try #require((body["trips"] as? [[String: Any]])?.first?["legs"] as? [Any])
        #expect(legs.count == 3)
    }

    @Test func openTripFromAFileOfStopsAsGeoJSON() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let file = directory.appendingPathComponent("more.txt")
        try "# one more stop\n45.8100,15.9880\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try Self.trip(["--stops", file.path, "--roundtrip", "false", "--source", "first", "--format", "geojson"])
        #expect(result.status == 0, "\(result)")
        #expect(try CLI.jsonObject(result.stdout)["type"] as? String == "FeatureCollection")
    }

    @Test func openTripWithBothEndsFreeIsNotImplemented() throws {
        let result = try Self.trip(["--roundtrip", "false"])
        #expect(result.status == 1)
        #expect(try CLI.jsonObject(result.stdout)["code"] as? String == "NotImplemented", "\(result)")
        #expect(result.stderr.contains("roundtrip=false"), "\(result)")
    }

    @Test func moreStopsThanTheLimitIsTooBig() throws {
        let result = try Self.trip(["--max-trip-size", "2"])
        #expect(result.status == 1 && result.stdout.contains("\"TooBig\""), "\(result)")
    }

    @Test func malformedStopNamesItsOption() throws {
        let result = try CLI.run(["trip", "--osm", SharedExtractsSample.path, "--stop", "45.8,north", "--stop", Self.stops[0]])
        #expect(result.status == 1 && result.stderr.contains("--stop"), "\(result)")
    }
}
