import Foundation
import Geodesy
import Testing
import TestSupport

/// `waymark import` and `waymark info` run as a user would, on the shared real extracts; expected counts
/// come from the extracts' manifest.json and checksums.sha256, which were made by other tools.
@Suite struct ImportInfoEndToEndTests {
    /// The sample town in the repository, for the tests of behaviour that any extract shows.
    static let sample = TestFiles.sampleTownPath

    /// An extract's entry in manifest.json.
    struct ManifestEntry {
        var counts: [String: Int]
        var bbox: [String: Double]
    }

    static func manifestEntry(_ name: String) throws -> ManifestEntry? {
        let path = try SharedExtracts.require("manifest.json")
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let extracts = root?["extracts"] as? [[String: Any]] ?? []
        guard let entry = extracts.first(where: { $0["name"] as? String == name }) else { return nil }
        return ManifestEntry(counts: entry["counts"] as? [String: Int] ?? [:], bbox: entry["bbox_data"] as? [String: Double] ?? [:])
    }

    static func checksum(_ file: String) throws -> String? {
        let path = try SharedExtracts.require("checksums.sha256")
        let line = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").first { $0.hasSuffix("  " + file) }
        return line.map { String($0.prefix(64)) }
    }

    /// Imports `name.osm.bz2` and checks info's figures against the manifest and checksum list.
    func importAndCompareWithManifest(_ name: String) throws {
        let extract = try SharedExtracts.require("\(name).osm.bz2")
        let manifest = try #require(try Self.manifestEntry(name), "manifest.json has no entry for \(name)")
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let db = directory.appendingPathComponent("\(name).sqlite").path

        let imported = try CLI.run(["import", extract, "--db", db])
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stdout.hasPrefix("imported \(name).osm.bz2 into \(db): "), "\(imported)")
        #expect(imported.stdout.split(separator: "\n").count == 1, "the summary is one line")
        #expect(imported.stderr.isEmpty, "no progress when stderr is not a terminal: \(imported.stderr)")

        let info = try CLI.run(["info", db, "--json"])
        #expect(info.status == 0, "\(info)")
        let json = try CLI.jsonObject(info.stdout)
        #expect((json["format_version"] as? Int ?? 0) >= 2, "format 2 added the checksums")
        #expect(json["source_file"] as? String == "\(name).osm.bz2")
        #expect(json["source_sha256"] as? String == (try Self.checksum("\(name).osm.bz2")))
        #expect(json["source_bytes"] as? Int == (try FileManager.default.attributesOfItem(atPath: extract)[.size] as? Int))
        let statistics = try #require(json["import_statistics"] as? [String: Int])
        // The importer's element and tag counts equal the manifest's, which osmium computed.
        for key in ["nodes", "ways", "relations", "highway_ways", "maxspeed_ways", "highway_ways_with_maxspeed", "restriction_relations"] {
            #expect(statistics[key] == manifest.counts[key], "\(key): info says \(statistics[key] ?? -1), manifest \(manifest.counts[key] ?? -1)")
        }
        // The graph lies inside the data's bounding box.
        let box = try #require(json["bbox"] as? [String: Double])
        #expect(box["min_lat"]! >= manifest.bbox["min_lat"]! && box["max_lat"]! <= manifest.bbox["max_lat"]!)
        #expect(box["min_lon"]! >= manifest.bbox["min_lon"]! && box["max_lon"]! <= manifest.bbox["max_lon"]!)
        // The highway breakdown sums to the edge count; the tagged share is consistent with its count.
        let edges = try #require(json["edges"] as? Int)
        #expect(edges > 0)
        let classes = try #require(json["highway_classes"] as? [[String: Any]])
        #expect(classes.reduce(0) { $0 + ($1["edges"] as? Int ?? 0) } == edges)
        let tagged = try #require(json["tagged_speed_limit_edges"] as? Int)
        let share = try #require(json["tagged_speed_limit_share"] as? Double)
        #expect(abs(share - Double(tagged) / Double(edges)) < 1e-12)
        // Ways with maxspeed exist, so some edges carry a tagged limit, and never more than all edges.
        #expect((manifest.counts["highway_ways_with_maxspeed"] ?? 0) == 0 || tagged > 0)
        #expect(tagged <= edges)

        // The text form shows the same figures.
        let text = try CLI.run(["info", db])
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout.contains("SHA-256"))
        #expect(text.stdout.contains(json["source_sha256"] as? String ?? "?"))
        #expect(text.stdout.contains("(format version \(json["format_version"] as? Int ?? -1),"))
        #expect(text.stdout.contains("Highway classes"))
    }

    @Test(.enabled(if: SharedExtracts.available("bautzen-west.osm.bz2", "manifest.json", "checksums.sha256"))) func importAndInfoAgreeWithTheManifestForBautzen() throws {
        try importAndCompareWithManifest("bautzen-west")
    }

    @Test(.enabled(if: SharedExtracts.available("monaco.osm.bz2", "manifest.json", "checksums.sha256"))) func importAndInfoAgreeWithTheManifestForMonaco() throws {
        try importAndCompareWithManifest("monaco")
    }

    @Test(.enabled(if: SharedExtracts.available("aguascalientes.osm.bz2", "manifest.json", "checksums.sha256"))) func importAndInfoAgreeWithTheManifestForAguascalientes() throws {
        try importAndCompareWithManifest("aguascalientes")
    }

    @Test func infoCountsTrafficControlsAndRoutesWaitAtThem() throws {
        let map = MapFixture("a---b---c---d")
        let xml = map.osmXML(ways: [.init("abcd", ["highway": "primary", "name": "Main"])], nodeTags: [
            "b": ["highway": "traffic_signals"], "c": ["highway": "give_way", "direction": "backward"],
        ])
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let extract = directory.appendingPathComponent("signals.osm").path
        try xml.write(toFile: extract, atomically: true, encoding: .utf8)
        let db = directory.appendingPathComponent("signals.sqlite").path
        #expect(try CLI.run(["import", extract, "--db", db]).status == 0)
        let json = try CLI.jsonObject(try CLI.run(["info", db, "--json"]).stdout)
        #expect(json["traffic_signal_nodes"] as? Int == 1 && json["stop_nodes"] as? Int == 0 && json["give_way_nodes"] as? Int == 1)
        #expect(json["nodes"] as? Int == 4, "the signal and the sign split the way")
        let text = try CLI.run(["info", db]).stdout
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("Traffic controls ") && $0.hasSuffix(" 1 traffic signals, 0 stop signs, 1 give-way signs (nodes)") },
                "\(text)")
        // East: the signal at b (2 s); west: the give-way sign at c (1 s) and the signal again.
        func duration(_ from: Character, _ to: Character) throws -> Double {
            let a = map.coordinate(from), b = map.coordinate(to)
            let run = try CLI.run(["route", "--db", db, "--from", "\(a.latitude),\(a.longitude)", "--to", "\(b.latitude),\(b.longitude)",
                                   "--format", "osrm"])
            let routes = try #require(try CLI.jsonObject(run.stdout)["routes"] as? [[String: Any]])
            return try #require(routes.first?["duration"] as? Double)
        }
        let driving = 120 / (65 / 3.6)   // 120 m of primary road
        #expect(abs(try duration("a", "d") - (driving + 2)) < 0.15)
        #expect(abs(try duration("d", "a") - (driving + 3)) < 0.15)
    }

    /// A generated city is a regular grid of near-equal streets where turn costs leave no witness
    /// paths, so its turn-expanded graph only gets denser under contraction: the import gives those
    /// hierarchies up (in seconds, not hours), says why, and stores potential hierarchies of its junction
    /// graph instead, on which routes are exact A* searches.
    @Test func aGridCityThatContractsTooDenselyIsImportedWithPotentialHierarchies() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        #expect(try CLI.run(["generate-grid", "--nodes", "10000", "-o", "city.osm.pbf"], in: directory).status == 0)
        let imported = try CLI.run(["import", "city.osm.pbf", "--db", "city.sqlite", "--quiet"], in: directory, timeout: 300)
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stdout.contains("contraction hierarchies left out, potential hierarchies for A* instead, "), "\(imported.stdout)")
        #expect(imported.stdout.contains(" s in all: contraction given up after"), "\(imported.stdout)")
        let info = try CLI.run(["info", "city.sqlite"], in: directory)
        #expect(info.stdout.contains("Hierarchies          potential hierarchies for A* for time and distance, "), "\(info.stdout)")
        #expect(info.stdout.contains("(contraction hierarchies over turn states left out: contraction given up after"), "\(info.stdout)")
        let json = try CLI.jsonObject(try CLI.run(["info", "city.sqlite", "--json"], in: directory).stdout)
        let hierarchies = try #require(json["contraction_hierarchies"] as? [String: Any])
        #expect(hierarchies["kind"] as? String == "potentials")
        #expect(hierarchies["metrics"] as? [String] == ["time", "distance"])
        #expect((json["contraction_hierarchies_left_out"] as? String)?.contains("arcs each") == true)
        // Routes are A* on the potentials: exact, so they take Dijkstra's time to the millisecond.
        func duration(_ algorithm: String) throws -> Double {
            let route = try CLI.run(["route", "--db", "city.sqlite", "--from", "45.8150,15.9819", "--to", "45.8250,15.9950",
                                     "--format", "osrm", "--algorithm", algorithm], in: directory)
            #expect(route.status == 0, "\(route)")
            let routes = try #require(try CLI.jsonObject(route.stdout)["routes"] as? [[String: Any]])
            return try #require(routes.first?["duration"] as? Double)
        }
        #expect(try duration("ch") == duration("dijkstra"))
    }

    @Test(.enabled(if: SharedExtracts.available("bautzen-west.osm"))) func importReadsStandardInput() throws {
        let extract = try SharedExtracts.require("bautzen-west.osm")
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let db = directory.appendingPathComponent("stdin.sqlite").path
        let imported = try CLI.run(["import", "-", "--db", db], stdin: try Data(contentsOf: URL(fileURLWithPath: extract)))
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stdout.hasPrefix("imported standard input into"))
        let json = try CLI.jsonObject(try CLI.run(["info", db, "--json"]).stdout)
        #expect(json["source_file"] as? String == "-")
        // Hashed while parsed, so standard input gets its digest too, the same as the file's.
        let fromFile = directory.appendingPathComponent("file.sqlite").path
        #expect(try CLI.run(["import", extract, "--db", fromFile]).status == 0)
        let digest = try CLI.jsonObject(try CLI.run(["info", fromFile, "--json"]).stdout)["source_sha256"] as? String
        #expect(digest?.count == 64)
        #expect(json["source_sha256"] as? String == digest)
        #expect((json["import_statistics"] as? [String: Int])?["nodes"] == 781)
    }

    // MARK: Errors

    @Test func importOfAMissingFileFailsNamingIt() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let result = try CLI.run(["import", "/nonexistent/city.osm.bz2", "--db", directory.appendingPathComponent("x.sqlite").path])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == "waymark: error: /nonexistent/city.osm.bz2: no such file (expected an OSM extract: .osm, .osm.gz, .osm.bz2 or .osm.pbf)\n")
        #expect(result.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func importToAnUnwritablePathFailsBeforeReading() throws {
        let extract = Self.sample
        let result = try CLI.run(["import", extract, "--db", "/nonexistent/dir/x.sqlite"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == "waymark: error: /nonexistent/dir/x.sqlite: cannot write the road database: directory /nonexistent/dir does not exist\n")
    }

    @Test func malformedImportLeavesTheExistingDatabaseIntactAndNoTemporaryFile() throws {
        let extract = Self.sample
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let db = directory.appendingPathComponent("city.sqlite").path
        #expect(try CLI.run(["import", extract, "--db", db]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))

        let broken = directory.appendingPathComponent("broken.osm")
        try Data("<?xml version=\"1.0\"?>\n<osm version=\"0.6\">\n  <node id=\"1\" lat=\"51.0\" lon=\"14.0\">\n  </way>\n</osm>\n".utf8).write(to: broken)
        let result = try CLI.run(["import", broken.path, "--db", db])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("waymark: error: "), "\(result)")
        #expect(result.stderr.contains("broken.osm:4"), "the error names the file and line: \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)) == ["city.sqlite", "broken.osm"])
        #expect(try CLI.run(["info", db]).status == 0)
    }

    @Test func importRefusesToReplaceAFileThatIsNotARoadDatabase() throws {
        let extract = Self.sample
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let copy = directory.appendingPathComponent("town.osm")
        try FileManager.default.copyItem(atPath: extract, toPath: copy.path)
        let result = try CLI.run(["import", copy.path, "--db", copy.path])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("waymark: error: \(copy.path): exists and is not a road database"), "\(result)")
        #expect(result.stderr.contains("refusing to replace it"))
        #expect(try Data(contentsOf: copy) == Data(contentsOf: URL(fileURLWithPath: extract)))
        // An empty file (e.g. from `touch`) may be replaced.
        let empty = directory.appendingPathComponent("empty.sqlite").path
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        #expect(try CLI.run(["import", extract, "--db", empty]).status == 0)
    }

    /// Ctrl-C while the database is being written: the temporary file goes, the old database stays.
    /// The window is short (the write of Monaco takes tens of milliseconds), so the test polls for the
    /// temporary file and skips with a note in the rare run where the import finishes first.
    @Test(.enabled(if: SharedExtracts.available("monaco.osm.bz2"))) func interruptDuringTheWriteLeavesTheExistingDatabaseAndNoTemporaryFile() throws {
        let small = Self.sample, extract = try SharedExtracts.require("monaco.osm.bz2")
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let db = directory.appendingPathComponent("city.sqlite").path
        #expect(try CLI.run(["import", small, "--db", db]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))

        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["import", extract, "--db", db]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var interrupted = false
        let deadline = Date().addingTimeInterval(300)
        while process.isRunning && Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            if names.contains(where: { $0.hasPrefix(".city.sqlite.tmp-") }) {
                kill(process.processIdentifier, SIGINT)
                interrupted = true
                break
            }
            usleep(500)
        }
        process.waitUntilExit()
        guard interrupted else {
            print("note: the import finished before the temporary file was seen; nothing to check this run")
            return
        }
        #expect(process.terminationStatus == 130)
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["city.sqlite"])
    }

    @Test func infoOnAMissingFileFails() throws {
        let result = try CLI.run(["info", "/nonexistent/city.sqlite"])
        #expect(result.status == 1)
        #expect(result.stderr == "waymark: error: /nonexistent/city.sqlite: no such file (expected a road database written by 'waymark import')\n")
    }

    @Test func infoOnATextFileSaysItIsNotSQLite() throws {
        let extract = Self.sample
        let result = try CLI.run(["info", extract])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("waymark: error: \(extract): not a road database: the file is not SQLite"), "\(result)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// Builds a database, then patches its SQLite header (`user_version` at byte 60, `application_id` at
    /// byte 68, both big-endian) to simulate other files without needing SQLite in the test.
    func patchedDatabase(offset: Int, value: UInt32, in directory: URL) throws -> String {
        let extract = Self.sample
        let db = directory.appendingPathComponent("patched.sqlite").path
        #expect(try CLI.run(["import", extract, "--db", db]).status == 0)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: db))
        for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(i))) }
        try bytes.write(to: URL(fileURLWithPath: db))
        return db
    }

    /// The format version this build writes, as `info --json` reports it for a fresh import.
    func currentFormatVersion(in directory: URL) throws -> Int {
        let db = directory.appendingPathComponent("current.sqlite").path
        let extract = TestFiles.sampleTownPath
        #expect(try CLI.run(["import", extract, "--db", db]).status == 0)
        let info = try CLI.run(["info", "--json", db])
        return try #require(try CLI.jsonObject(info.stdout)["format_version"] as? Int)
    }

    @Test func infoOnANewerFormatVersionAsksForAnUpdate() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let current = try currentFormatVersion(in: directory)
        let db = try patchedDatabase(offset: 60, value: UInt32(current + 1), in: directory)
        let result = try CLI.run(["info", db])
        #expect(result.status == 1)
        #expect(result.stderr == "waymark: error: \(db): database format version \(current + 1) is newer than this waymark reads (\(current)); update waymark or re-import\n")
    }

    @Test func infoOnAnOlderFormatVersionAsksForAReimport() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        // Format version 1 had no checksums; every older database gets the same advice.
        let current = try currentFormatVersion(in: directory)
        let db = try patchedDatabase(offset: 60, value: 1, in: directory)
        #expect(current > 1)
        let result = try CLI.run(["info", db])
        #expect(result.status == 1)
        #expect(result.stderr == "waymark: error: \(db): database format version 1 is older than this waymark reads (\(current)); re-import it with 'waymark import'\n")
    }

    @Test func infoOnAForeignSQLiteFileSaysItIsNotWaymarks() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let db = try patchedDatabase(offset: 68, value: 0, in: directory)
        let result = try CLI.run(["info", db])
        #expect(result.status == 1)
        #expect(result.stderr == "waymark: error: \(db): not a Waymark road database (an SQLite file, but not written by 'waymark import')\n")
    }

    @Test func infoWithoutADatabaseIsAUsageError() throws {
        let result = try CLI.run(["info"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("Missing expected argument '<database>'"), "\(result)")
    }
}

@Suite struct DatabaseUseEndToEndTests {
    @Test func verifyLoadsTheWholeSampleTownAndReportsTheLoadTime() throws {
        let sample = TestFiles.sampleTownPath
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let db = directory.appendingPathComponent("town.sqlite").path
        let imported = try CLI.run(["import", sample, "--db", db])
        #expect(imported.status == 0, "\(imported)")
        let text = try CLI.run(["info", db, "--verify"])
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout.contains("Verified: the whole database loads in "), "\(text)")
        let json = try CLI.jsonObject(try CLI.run(["info", db, "--json", "--verify"]).stdout)
        #expect((json["verified_load_seconds"] as? Double ?? -1) >= 0)
        // The sample's README states what the car import yields.
        #expect(json["nodes"] as? Int == 45)
        #expect(json["edges"] as? Int == 110)
        #expect(json["turn_restrictions"] as? Int == 3)
        #expect(json["points_of_interest"] as? Int == 13)
    }

    @Test func routeWithADatabaseThatIsNotOneFailsWithOneLine() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let notes = directory.appendingPathComponent("notes.sqlite")
        try Data("just some text\n".utf8).write(to: notes)
        let result = try CLI.run(["route", "--db", notes.path, "--from", "45.81,15.98", "--to", "45.815,15.99"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("waymark: error: \(notes.path): not a road database: the file is not SQLite"), "\(result)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func routeOnAnImportedDatabaseMatchesRouteOnTheOSMFile() throws {
        let sample = TestFiles.sampleTownPath
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let db = directory.appendingPathComponent("town.sqlite").path
        #expect(try CLI.run(["import", sample, "--db", db]).status == 0)
        let arguments = ["--from", "45.8075,15.9838", "--to", "45.8160,15.9916", "--format", "geojson"]
        let fromDatabase = try CLI.run(["route", "--db", db] + arguments)
        let fromFile = try CLI.run(["route", "--osm", sample] + arguments)
        #expect(fromDatabase.status == 0, "\(fromDatabase)")
        #expect(fromDatabase.stdout == fromFile.stdout)
        #expect(fromDatabase.stdout.contains("LineString"))
    }
}
