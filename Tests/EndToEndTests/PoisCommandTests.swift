import Foundation
import Testing
import TestSupport

/// `waymark pois` run as a user would, on the real Monaco extract.
@Suite struct PoisCommandTests {
    /// Place du Casino, Monte-Carlo.
    static let casino = "43.7396,7.4276"

    @Test(.enabled(if: SharedExtracts.available("monaco.osm.bz2"))) func listsNearbyPlacesByDistanceFromDatabaseAndFile() throws {
        let db = try #require(MarkersCommandTests.monacoDatabase)
        let extract = try SharedExtracts.require("monaco.osm.bz2")
        let fromDB = try CLI.run(["pois", "--db", db, "--near", Self.casino, "--radius", "800", "--category", "restaurant,cafe", "--format", "json"])
        #expect(fromDB.status == 0, "\(fromDB)")
        let object = try CLI.jsonObject(fromDB.stdout)
        let places = try #require(object["points_of_interest"] as? [[String: Any]])
        #expect(places.count >= 3)
        let distances = places.compactMap { $0["distance"] as? Double }
        #expect(distances == distances.sorted())
        #expect(distances.allSatisfy { $0 <= 800 })
        #expect(places.allSatisfy { ["restaurant", "cafe"].contains($0["category"] as? String ?? "") })
        #expect(places.allSatisfy { ($0["compass"] as? String)?.isEmpty == false })

        // The in-memory index over the imported file finds the same places.
        let fromFile = try CLI.run(["pois", "--osm", extract, "--near", Self.casino, "--radius", "800", "--category", "restaurant,cafe", "--format", "json"])
        #expect(fromFile.status == 0, "\(fromFile)")
        let filePlaces = try #require(try CLI.jsonObject(fromFile.stdout)["points_of_interest"] as? [[String: Any]])
        #expect(filePlaces.compactMap { $0["osm_id"] as? Int } == places.compactMap { $0["osm_id"] as? Int })
    }

    @Test(.enabled(if: SharedExtracts.available("monaco.osm.bz2"))) func textAndGeoJSONWithLimit() throws {
        let db = try #require(MarkersCommandTests.monacoDatabase)
        let text = try CLI.run(["pois", "--db", db, "--near", Self.casino, "--limit", "5"])
        #expect(text.status == 0, "\(text)")
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines.first?.hasPrefix("5 places within 1500 m of 43.7396,7.4276 (any category)") == true)
        #expect(lines.dropFirst().allSatisfy { $0.contains(" m  ") && $0.contains("°)") })

        let geo = try CLI.run(["pois", "--db", db, "--near", Self.casino, "--limit", "5", "--format", "geojson"])
        #expect(geo.status == 0, "\(geo)")
        #expect((try CLI.jsonObject(geo.stdout)["features"] as? [Any])?.count == 5)
    }

    @Test func badOptionsFailWithOneClearLine() throws {
        let cases: [([String], String)] = [
            (["--radius", "12000"], "--radius 12000 m is too large: the maximum is 10000 m"),
            (["--category", "sushi"], "unknown category 'sushi' for --category: known categories are restaurant, cafe"),
            (["--category", "restaurant,cafe,bar,pub,fuel,parking,hotel"], "at most 6 can be combined"),
            (["--limit", "0"], "--limit"),
            (["--format", "xml"], "--format 'xml' is not supported"),
        ]
        for (extra, message) in cases {
            let result = try CLI.run(["pois", "--osm", "/nonexistent/none.osm", "--near", Self.casino] + extra)
            #expect(result.status == 1, "\(extra): \(result)")
            #expect(result.stderr.hasPrefix("waymark: error: ") && result.stderr.contains(message), "\(extra): \(result)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(extra): \(result)")
        }
        let swapped = try CLI.run(["pois", "--osm", "/nonexistent/none.osm", "--near", "143.7396,7.4276"])
        #expect(swapped.status == 1 && swapped.stderr.contains("--near") && swapped.stderr.contains("swapped"), "\(swapped)")
    }
}
