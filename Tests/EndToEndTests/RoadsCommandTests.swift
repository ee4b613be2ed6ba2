import Foundation
import Testing
import TestSupport

/// `waymark roads` run as a user would, on the sample town: every directed edge with its speed limit and
/// where the limit came from, as CSV or GeoJSON, optionally in a box.
@Suite struct RoadsCommandTests {
    static let town = TestFiles.sampleTownPath

    /// The sample town imported once for the suite.
    static let database: String? = {
        guard let directory = try? CLI.scratchDirectory() else { return nil }
        let db = directory.appendingPathComponent("town.sqlite").path
        guard let result = try? CLI.run(["import", town, "--db", db, "--quiet", "--no-ch"]), result.status == 0 else { return nil }
        return db
    }()

    /// CSV text as dictionaries keyed by the header (no cell of the sample town holds a comma or quote).
    static func records(_ csv: String) throws -> [[String: String]] {
        let lines = csv.split(separator: "\r\n")
        let header = try #require(lines.first).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return lines.dropFirst().map { line in
            Dictionary(uniqueKeysWithValues: zip(header, line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)))
        }
    }

    @Test func csvListsEveryDirectedEdgeWithItsLimitAndSource() throws {
        let db = try #require(Self.database)
        let result = try CLI.run(["roads", "--db", db])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout.hasPrefix("way_id,direction,from_node,to_node,highway,ferry,length_m,speed_limit_kmh,speed_limit,unit,kind,"
                                        + "source,estimated,country,region,urban,urban_basis,name,ref\r\n"))
        let rows = try Self.records(result.stdout)
        let info = try CLI.jsonObject(try CLI.run(["info", db, "--json"]).stdout)
        #expect(rows.count == info["edges"] as? Int)
        #expect(rows.allSatisfy { ["forward", "backward"].contains($0["direction"]) && ["true", "false"].contains($0["estimated"]) })
        let total = rows.reduce(0.0) { $0 + Double($1["length_m"]!)! }
        #expect(abs(total - (info["total_length_m"] as? Double ?? 0)) < 1, "\(total)")

        // maxspeed:forward=50, maxspeed:backward=40 on way 117: each direction its own.
        let sjeverna = rows.filter { $0["way_id"] == "117" }
        #expect(Set(sjeverna.map { "\($0["direction"]!) \($0["speed_limit_kmh"]!)" }) == ["forward 50", "backward 40"])
        // 20 mph on way 118, kept in its unit.
        #expect(rows.filter { $0["way_id"] == "118" }.allSatisfy { $0["speed_limit"] == "20" && $0["unit"] == "mph" && $0["speed_limit_kmh"] == "32.19" })
        // maxspeed=none (unlimited) and signals (unknown): no number.
        #expect(rows.filter { $0["way_id"] == "100" }.allSatisfy { $0["kind"] == "unlimited" && $0["speed_limit_kmh"] == "" && $0["source"] == "posted" })
        #expect(rows.filter { $0["way_id"] == "122" }.allSatisfy { $0["kind"] == "unknown" && $0["speed_limit_kmh"] == "" })
        // A zone, and an untagged one-way street against its node order (oneway=-1): estimated.
        #expect(rows.filter { $0["way_id"] == "113" }.allSatisfy { $0["source"] == "zone" && $0["speed_limit_kmh"] == "30" && $0["estimated"] == "false" })
        let lipa = rows.filter { $0["way_id"] == "115" }
        #expect(!lipa.isEmpty && lipa.allSatisfy { $0["direction"] == "backward" && $0["estimated"] == "true" })
        // Estimated limits say how; the town lies in Croatia, and the import places its roads there.
        #expect(rows.filter { $0["estimated"] == "true" }.allSatisfy { ["legal_default", "neighbours", "class_default"].contains($0["source"]) })
        #expect(rows.contains { $0["country"] == "HR" } && rows.allSatisfy { $0["region"]!.hasPrefix($0["country"]!) })
        #expect(rows.allSatisfy { ["true", "false", ""].contains($0["urban"]) && ["tags", "area", "density", "unknown"].contains($0["urban_basis"]) })
        // A one-way street along its node order (oneway=yes) has forward edges only.
        let skolska = rows.filter { $0["way_id"] == "114" }
        #expect(!skolska.isEmpty && skolska.allSatisfy { $0["direction"] == "forward" })
    }

    @Test func geoJSONHasTheSameEdgesAsLineStringsAndABoxKeepsFewer() throws {
        let db = try #require(Self.database)
        let csv = try Self.records(try CLI.run(["roads", "--db", db]).stdout)
        let result = try CLI.run(["roads", "--db", db, "--format", "geojson"])
        #expect(result.status == 0, "\(result)")
        let features = try #require(try CLI.jsonObject(result.stdout)["features"] as? [[String: Any]])
        #expect(features.count == csv.count)
        #expect(features.allSatisfy { ($0["geometry"] as? [String: Any])?["type"] as? String == "LineString" })
        let wayIDs = features.compactMap { ($0["properties"] as? [String: Any])?["way_id"] as? Int }.map(String.init)
        #expect(wayIDs == csv.map { $0["way_id"]! })

        // The town's centre: fewer edges, each also in the whole list; the same box as a file.
        let box = "15.9800,45.8090,15.9880,45.8130"
        let boxed = try CLI.run(["roads", "--db", db, "--bbox", box])
        #expect(boxed.status == 0, "\(boxed)")
        let inBox = try Self.records(boxed.stdout)
        #expect(!inBox.isEmpty && inBox.count < csv.count, "\(inBox.count) of \(csv.count)")
        let all = Set(csv.map { "\($0["way_id"]!) \($0["from_node"]!) \($0["to_node"]!)" })
        #expect(inBox.allSatisfy { all.contains("\($0["way_id"]!) \($0["from_node"]!) \($0["to_node"]!)") })
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let file = directory.appendingPathComponent("centre.geojson").path
        let written = try CLI.run(["roads", "--osm", Self.town, "--bbox", box, "--format", "geojson", "--output", file])
        #expect(written.status == 0 && written.stdout.isEmpty, "\(written)")
        let fileFeatures = try CLI.jsonObject(try String(contentsOfFile: file, encoding: .utf8))["features"] as? [Any]
        #expect(fileFeatures?.count == inBox.count)
        // A negative longitude is read as the option's value, not as an option; a box with no roads lists none.
        let empty = try CLI.run(["roads", "--db", db, "--bbox", "-9.7,41.1,-9.6,41.2"])
        let emptyRows = try Self.records(empty.stdout)
        #expect(empty.status == 0 && emptyRows.isEmpty, "\(empty)")
    }

    @Test func badOptionsAndAMissingDatabaseFailWithOneClearLine() throws {
        let db = try #require(Self.database)
        let cases: [([String], String)] = [
            (["--db", db, "--bbox", "15.98,45.80,15.99"], "--bbox '15.98,45.80,15.99': expected four decimal numbers minLon,minLat,maxLon,maxLat"),
            (["--db", db, "--bbox", "15.99,45.80,15.98,45.81"], "--bbox '15.99,45.80,15.98,45.81': minLon 15.99 is greater than maxLon 15.98"),
            (["--db", db, "--bbox", "15.98,95,15.99,96"], "latitude 95 is outside -90...90"),
            (["--db", db, "--bbox", "0x10,45,16,46"], "--bbox '0x10,45,16,46': expected four decimal numbers"),
            (["--db", db, "--format", "kml"], "--format 'kml': expected one of csv, geojson"),
            (["--db", "/nonexistent/town.sqlite"], "/nonexistent/town.sqlite"),
            (["--db", db, "--output", "/nonexistent/dir/roads.csv"], "--output /nonexistent/dir/roads.csv: directory /nonexistent/dir does not exist"),
            (["--db", db, "--osm", Self.town], "give exactly one of --db CITY.sqlite or --osm FILE"),
        ]
        for (arguments, message) in cases {
            let result = try CLI.run(["roads"] + arguments)
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.stderr.hasPrefix("waymark: error: ") && result.stderr.contains(message), "\(arguments): \(result)")
            #expect(result.stderr.split(separator: "\n").count == 1 && result.stdout.isEmpty, "\(arguments): \(result)")
        }
    }
}
