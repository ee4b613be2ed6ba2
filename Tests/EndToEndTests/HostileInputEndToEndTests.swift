import Foundation
import OutputFiles
import TestSupport
import Testing

/// Issue 39 through the command line: decimal-only numbers, a closed standard output, an empty import
/// over a good database, paths that are not UTF-8.
@Suite struct HostileInputEndToEndTests {
    static let sample = TestFiles.sampleTownPath
    static let route = ["--osm", sample, "--from", "45.8075,15.9838", "--to", "45.8160,15.9916"]

    @Test func hexadecimalNumbersAreRefusedByEveryNumericOption() throws {
        let cases: [[String]] = [
            ["markers"] + Self.route + ["--camera-height", "0x10"],
            ["markers"] + Self.route + ["--visibility", "0x1p5"],
            ["markers"] + Self.route + ["--poi-corridor", "0x10"],
            ["pois", "--osm", Self.sample, "--near", "45.8075,15.9838", "--radius", "0x10"],
            ["table", "--osm", Self.sample, "--sources", "45.8075,15.9838;45.8160,15.9916", "--max-snap", "0x10"],
            ["serve", "--osm", Self.sample, "--port", "0x10"],
        ]
        for arguments in cases {
            let result = try CLI.run(arguments)
            let value = arguments.last!
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.stderr.hasPrefix("waymark: error:") && result.stderr.contains(value), "\(arguments): \(result)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
        }
        // Decimal forms are read.
        #expect(try CLI.run(["markers"] + Self.route + ["--camera-height", "1.6e0", "--visibility", "+40"]).status == 0)
    }

    @Test func aClosedStandardOutputIsAOneLineErrorAndStatus1() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let arguments = (["markers"] + Self.route).map { "'\($0)'" }.joined(separator: " ")
        // `true` reads nothing and exits at once, so the markers meet a pipe without a reader.
        try CLI.shell("{ \"$WAYMARK\" \(arguments) 2>err; echo $? >status; } | true", in: directory)
        let status = try String(contentsOf: directory.appendingPathComponent("status"), encoding: .utf8)
        let error = try String(contentsOf: directory.appendingPathComponent("err"), encoding: .utf8)
        #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "\(status) \(error)")
        #expect(error == "waymark: error: --output standard output: write failed (Broken pipe)\n", "\(error)")
    }

    /// `name_\xff\xfe.osm` opens and `--db db_\xff.sqlite` writes exactly that name (not U+FFFD's bytes
    /// `\xef\xbf\xbd`); a missing such path is named with `\xFF` escapes.
    @Test func pathsThatAreNotUTF8AreOpenedAndWrittenAsGiven() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        // dash's printf makes the bytes; a Swift String cannot hold them.
        let script = """
            extract=$(printf 'name_\\377\\376.osm'); db=$(printf 'db_\\377.sqlite'); missing=$(printf 'gone_\\376.sqlite')
            cp '\(Self.sample)' "$extract"
            "$WAYMARK" import "$extract" --db "$db" >import.out 2>import.err; echo $? >import.status
            "$WAYMARK" route --db "$db" --from 45.8075,15.9838 --to 45.8160,15.9916 >route.out 2>route.err; echo $? >route.status
            "$WAYMARK" info "$missing" >info.out 2>info.err; echo $? >info.status
            """
        try CLI.shell(script, in: directory)
        func text(_ name: String) throws -> String {
            try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let importError = try text("import.err"), routeError = try text("route.err"), infoError = try text("info.err")
        #expect(try text("import.status") == "0", "\(importError)")
        let names = Set((OSPath.contentsOfDirectory(directory.path) ?? []).map { OSPath.bytes(of: $0) })
        #expect(names.contains(Array("db_".utf8) + [0xff] + Array(".sqlite".utf8)), "\(names)")
        #expect(!names.contains(Array("db_\u{FFFD}.sqlite".utf8)))
        #expect(names.count == 2 + 9, "no temporary file left: \(names.map { OSPath.displayed(OSPath.string(fromBytes: $0)) })")
        #expect(try text("route.status") == "0", "\(routeError)")
        #expect(try text("info.status") == "1")
        #expect(infoError.contains("gone_\\xFE.sqlite"), "\(infoError)")
        try CLI.shell("rm -f ./*", in: directory)   // names Foundation's removal may not reach
    }

    @Test func anEmptyImportLeavesTheDatabaseUntouched() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let db = directory.appendingPathComponent("town.sqlite").path
        #expect(try CLI.run(["import", Self.sample, "--db", db]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let empty = directory.appendingPathComponent("empty.osm").path
        try Data("<?xml version=\"1.0\"?>\n<osm version=\"0.6\"></osm>\n".utf8).write(to: URL(fileURLWithPath: empty))
        let result = try CLI.run(["import", empty, "--db", db])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("yields no road") && result.stderr.contains(db), "\(result)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }
}
