import Foundation
import Testing
import TestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `waymark markers` run as a user would, on the real Monaco and Porto extracts.
@Suite struct MarkersCommandTests {
    /// Casino de Monte-Carlo to Fontvieille, about 2.4 km.
    static let from = "43.7396,7.4276", to = "43.7290,7.4160"

    /// A Monaco database imported once for the suite (nil when the extract is absent).
    static let monacoDatabase: String? = {
        guard let extract = try? SharedExtracts.require("monaco.osm.bz2") else { return nil }
        guard let directory = try? CLI.scratchDirectory() else { return nil }
        let db = directory.appendingPathComponent("monaco.sqlite").path
        guard let result = try? CLI.run(["import", extract, "--db", db]), result.status == 0 else { return nil }
        return db
    }()

    @Test func warnOnIsReadAndAppliedToTheMarkers() throws {
        let dir = try CLI.scratchDirectory()
        defer { CLI.remove(dir) }
        let osm = try WaypointsCommandTests.writeEstimatedFixture(in: dir)
        let base = ["markers", "--osm", osm, "--from", WaypointsCommandTests.coordinate("e"), "--to", WaypointsCommandTests.coordinate("c"),
                    "--speed", "40", "--format", "json"]
        let posted = try CLI.run(base + ["--warn-on", "posted"])
        #expect(posted.status == 0, "\(posted)")
        let markers = try #require(try CLI.jsonObject(posted.stdout)["markers"] as? [[String: Any]])
        let sources = Set(markers.compactMap { $0["speed_limit_source"] as? String })
        #expect(sources.contains("posted") && sources.count == 2, "Main's posted 30 and Cross's estimate: \(sources)")
        #expect(Set(markers.compactMap { $0["speed_limit_estimated"] as? Bool }) == [true, false])
        for m in markers {
            let estimated = m["speed_limit_estimated"] as? Bool == true
            #expect(m["warning"] as? String == (estimated ? "unchecked" : "far_over"))
            #expect(m["warning_estimated"] as? Bool == false)
        }
        let both = try CLI.run(base)
        let flagged = try #require(try CLI.jsonObject(both.stdout)["markers"] as? [[String: Any]])
        #expect(flagged.allSatisfy { $0["warning_estimated"] as? Bool == ($0["speed_limit_estimated"] as? Bool == true) })
        #expect(flagged.contains { $0["warning_estimated"] as? Bool == true })
        let bad = try CLI.run(base + ["--warn-on", "Signs"])
        #expect(bad.status == 1 && bad.stdout.isEmpty)
        #expect(bad.stderr.contains("--warn-on 'Signs' is invalid (expected posted, estimated or both)"), "\(bad)")
    }

    @Test(.enabled(if: SharedExtracts.available("monaco.osm.bz2"))) func jsonFromOSMFileHasBatchesAndEveryMarkerKindOfTheRoute() throws {
        let extract = try SharedExtracts.require("monaco.osm.bz2")
        let result = try CLI.run(["markers", "--osm", extract, "--from", Self.from, "--to", Self.to, "--speed", "50", "--format", "json"])
        #expect(result.status == 0, "\(result)")
        let object = try CLI.jsonObject(result.stdout)
        #expect(object["format"] as? String == "waymark-ar-markers")
        let markers = try #require(object["markers"] as? [[String: Any]])
        #expect(markers.count == object["marker_count"] as? Int)
        #expect(markers.count > 50)
        let kinds = Set(markers.compactMap { $0["kind"] as? String })
        #expect(kinds.isSuperset(of: ["road", "turn_arrow", "destination"]))
        #expect(markers.last?["kind"] as? String == "destination")
        // The first marker sits at the origin (the route start), on the road 1 m below the camera.
        let first = try #require(markers.first?["arkit"] as? [String: Double])
        #expect(first["x"] == 0 && first["z"] == 0 && first["y"] == -1)
        let batches = try #require(object["batches"] as? [[String: Any]])
        #expect(batches.count == (markers.count + 199) / 200)
        #expect(batches.first?["count"] as? Int == min(200, markers.count))
        // Markers are in route order and every colour is one of the four.
        let distances = markers.compactMap { $0["distance_along_route"] as? Double }
        #expect(distances == distances.sorted())
        #expect(markers.allSatisfy { ["blue", "orange", "red", "grey"].contains($0["color"] as? String ?? "") })
    }

    @Test(.enabled(if: SharedExtracts.available("monaco.osm.bz2"))) func geojsonCsvAndGpxFromDatabase() throws {
        let db = try #require(Self.monacoDatabase)
        let base = ["markers", "--db", db, "--from", Self.from, "--to", Self.to, "--via", "43.7347,7.4215", "--batch-size", "50"]

        let geojson = try CLI.run(base + ["--format", "geojson"])
        #expect(geojson.status == 0, "\(geojson)")
        let collection = try CLI.jsonObject(geojson.stdout)
        #expect(collection["type"] as? String == "FeatureCollection")
        let features = try #require(collection["features"] as? [[String: Any]])
        #expect(features.count > 50)
        let kinds = features.compactMap { ($0["properties"] as? [String: Any])?["kind"] as? String }
        #expect(kinds.contains("via"))

        let csv = try CLI.run(base + ["--format", "csv"])
        #expect(csv.status == 0, "\(csv)")
        let rows = csv.stdout.split(separator: "\r\n")
        #expect(rows.first?.hasPrefix("index,batch,kind,") == true)
        #expect(rows.count == features.count + 1)
        #expect(rows.last?.split(separator: ",")[1] == Substring(String((features.count - 1) / 50)))

        let gpx = try CLI.run(base + ["--format", "gpx"])
        #expect(gpx.status == 0, "\(gpx)")
        #expect(gpx.stdout.components(separatedBy: "<wpt ").count - 1 == features.count)
        #expect(XMLParser(data: Data(gpx.stdout.utf8)).parse())
    }

    @Test(.enabled(if: SharedExtracts.available("monaco.osm.bz2"))) func poiLabelsAlongTheRouteAndOptionsFromDatabase() throws {
        let db = try #require(Self.monacoDatabase)
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let file = directory.appendingPathComponent("markers.json").path
        let result = try CLI.run(["markers", "--db", db, "--from", Self.from, "--to", Self.to, "--pois", "all", "--poi-corridor", "60",
                                  "--visibility", "80", "--camera-height", "1.2", "--origin", "43.7396,7.4276,40", "--output", file])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty)
        let object = try CLI.jsonObject(String(contentsOfFile: file, encoding: .utf8))
        let origin = try #require(object["origin"] as? [String: Any])
        #expect(origin["elevation_source"] as? String == "given")
        #expect(origin["ground_altitude"] as? Double == 40)
        let markers = try #require(object["markers"] as? [[String: Any]])
        let labels = markers.filter { $0["kind"] as? String == "poi" }
        #expect(!labels.isEmpty)
        #expect(labels.allSatisfy { (($0["poi"] as? [String: Any])?["distance_from_route"] as? Double ?? 99) <= 60 })
        #expect(markers.allSatisfy { $0["visibility_radius"] as? Double == 80 })
        // A road marker on flat unknown ground: 0.5 m above a road 1.2 m below the camera.
        let road = try #require(markers.first { $0["kind"] as? String == "road" })
        #expect((road["arkit"] as? [String: Double])?["y"] == -0.7)
    }

    @Test(.enabled(if: SharedExtracts.available("monaco.osm.bz2"))) func demDirectoryGivesHeightsWhenTheExtractHasNone() throws {
        let db = try #require(Self.monacoDatabase)
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        // A synthetic 3" tile over Monaco, flat at 120 m: every marker's ground is 120 m from the DEM.
        let side = 1201
        var bytes = [UInt8](repeating: 0, count: side * side * 2)
        for i in 0..<(side * side) { bytes[2 * i] = 0; bytes[2 * i + 1] = 120 }
        try Data(bytes).write(to: directory.appendingPathComponent("N43E007.hgt"))
        let result = try CLI.run(["markers", "--db", db, "--from", Self.from, "--to", Self.to, "--dem", directory.path, "--format", "geojson"])
        #expect(result.status == 0, "\(result)")
        let features = try #require(try CLI.jsonObject(result.stdout)["features"] as? [[String: Any]])
        #expect(!features.isEmpty)
        for feature in features {
            let properties = try #require(feature["properties"] as? [String: Any])
            let position = try #require((feature["geometry"] as? [String: Any])?["coordinates"] as? [Double])
            #expect(properties["elevation_source"] as? String == "dem")
            #expect(position.count == 3)
            #expect(abs(position[2] - (120 + (properties["height_above_ground"] as? Double ?? 0))) < 1e-6)
        }

        // A tile of the wrong size is reported by name.
        try Data([0, 1, 2]).write(to: directory.appendingPathComponent("N43E007.hgt"))
        let broken = try CLI.run(["markers", "--db", db, "--from", Self.from, "--to", Self.to, "--dem", directory.path])
        #expect(broken.status == 1, "\(broken)")
        #expect(broken.stderr.contains("N43E007.hgt") && broken.stderr.contains("1201"), "\(broken)")
    }

    @Test func badOptionsFailWithOneClearLine() throws {
        let cases: [([String], String)] = [
            (["--format", "kml"], "--format 'kml' is not supported"),
            (["--batch-size", "0"], "--batch-size"),
            (["--visibility", "0"], "--visibility"),
            (["--origin", "43.7,7.4,high"], "--origin"),
            (["--pois", "restaurant,sushi"], "unknown category 'sushi'"),
            (["--pois", "cafe", "--poi-corridor", "5000"], "--poi-corridor"),
            (["--dem", "/nonexistent/dem"], "--dem /nonexistent/dem"),
        ]
        // A missing --osm file would fail too, so a nonexistent path shows the option checks run first.
        for (extra, message) in cases {
            var arguments = ["markers", "--osm", "/nonexistent/none.osm", "--from", Self.from, "--to", Self.to]
            if extra.first == "--dem" {
                // The elevation directory is read once the route is known: route across the sample town.
                let town = TestFiles.sampleTownPath
                arguments = ["markers", "--osm", town, "--from", "45.8075,15.9838", "--to", "45.8160,15.9916"]
            }
            let result = try CLI.run(arguments + extra)
            #expect(result.status == 1, "\(extra): \(result)")
            #expect(result.stderr.hasPrefix("waymark: error: ") && result.stderr.contains(message), "\(extra): \(result)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(extra): \(result)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test(.enabled(if: SharedExtracts.available("porto-roads.osm.bz2"))) func portoTenKilometreRouteExportsInOneRun() throws {
        let extract = try SharedExtracts.require("porto-roads.osm.bz2")
        // Baixa (Aliados) to Matosinhos, about 11 km.
        let result = try CLI.run(["markers", "--osm", extract, "--from", "41.1486,-8.6110", "--to", "41.1830,-8.6890", "--format", "json"])
        #expect(result.status == 0, "\(result)")
        let object = try CLI.jsonObject(result.stdout)
        let distance = try #require(object["route_distance"] as? Double)
        #expect(distance > 8_000 && distance < 16_000)
        let markers = try #require(object["markers"] as? [[String: Any]])
        #expect(markers.count > 200)
        #expect((object["batches"] as? [Any])?.count == (markers.count + 199) / 200)
        // Matosinhos lies about 6.5 km west and 3.8 km north of Aliados: x < 0, z < 0 at the end.
        let end = try #require(markers.last?["arkit"] as? [String: Double])
        #expect((end["x"] ?? 0) < -5_000 && (end["z"] ?? 0) < -3_000)
        // 6+ km away, the Earth's curvature lowers the destination well below the camera's plane.
        #expect((end["y"] ?? 0) < 4.5 - 2)
    }
}
