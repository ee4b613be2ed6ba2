import Foundation
import OutputFiles
import TestSupport
import Testing

/// The guarantees of docs/cli.md, *Conventions*, checked through the command line: nothing but a regular file
/// is ever replaced, outputs appear whole or not at all, every failed write is an error, and hostile
/// inputs and options get one line and exit status 1. Special files are made in each test's own
/// directory; of `/dev` only `/dev/full`, `/dev/zero` and `/dev/urandom` are used, as the issue names them.
@Suite struct ReliabilityEndToEndTests {
    static let sample = TestFiles.sampleTownPath
    static let from = "45.8075,15.9838", to = "45.8160,15.9916"
    static let refusal = "not a regular file; refusing to replace it"

    func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
    }

    func names(in directory: URL) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
    }

    func expectOneLineFailure(_ result: CLI.Result, containing phrases: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 1, "\(result)", sourceLocation: sourceLocation)
        #expect(!result.timedOut, sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("waymark: error: "), "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result)", sourceLocation: sourceLocation)
        for phrase in phrases {
            #expect(result.stderr.contains(phrase), "expected '\(phrase)' in: \(result.stderr)", sourceLocation: sourceLocation)
        }
    }

    // MARK: 1. Outputs that are not regular files

    @Test func importRefusesAFIFOAtDbAndLeavesItAFIFO() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let fifo = directory.appendingPathComponent("city.sqlite").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try CLI.run(["import", Self.sample, "--db", fifo], timeout: 60)
        expectOneLineFailure(result, containing: [fifo, "is a FIFO (named pipe)", Self.refusal])
        #expect(isFIFO(fifo))
        #expect(names(in: directory) == ["city.sqlite"])
    }

    @Test func importRefusesAPrivateDeviceNodeAtDb() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let device = directory.appendingPathComponent("null").path
        guard mknod(device, S_IFCHR | 0o600, dev_t((1 << 8) | 3)) == 0 else {
            print("note: mknod needs root; the device-node case is not checked this run")
            return
        }
        let result = try CLI.run(["import", Self.sample, "--db", device], timeout: 60)
        expectOneLineFailure(result, containing: [device, "is a character device", Self.refusal])
        var info = stat()
        #expect(lstat(device, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR, "the device node is still a device")
    }

    @Test func importThroughASymbolicLinkReplacesItsTarget() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let target = directory.appendingPathComponent("real.sqlite").path
        let link = directory.appendingPathComponent("link.sqlite").path
        #expect(symlink("real.sqlite", link) == 0)
        #expect(try CLI.run(["import", Self.sample, "--db", link]).status == 0)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "real.sqlite")
        #expect(try CLI.run(["info", target]).status == 0)
        #expect(names(in: directory) == ["real.sqlite", "link.sqlite"])
    }

    @Test func everyOtherOutputRefusesAFIFO() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let fifo = directory.appendingPathComponent("out").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let runs: [([String], String)] = [
            (["markers", "--osm", Self.sample, "--from", Self.from, "--to", Self.to, "-o", fifo], "--output"),
            (["generate-grid", "--nodes", "1000", "-o", fifo], fifo),
            (["bench", Self.sample, "--queries", "3", "--write-pairs", fifo], "--write-pairs"),
            (["bench", Self.sample, "--queries", "3", "--json-file", fifo], "--json-file"),
            (["bench", Self.sample, "--queries", "3", "--per-query", fifo], "--per-query"),
        ]
        for (arguments, option) in runs {
            let result = try CLI.run(arguments, timeout: 120)
            expectOneLineFailure(result, containing: [option, "is a FIFO (named pipe)"])
            #expect(isFIFO(fifo), "\(arguments)")
        }
    }

    @Test func dashMeansStandardOutputWhereverAFileIsWritten() throws {
        let markers = try CLI.run(["markers", "--osm", Self.sample, "--from", Self.from, "--to", Self.to, "-o", "-"])
        #expect(markers.status == 0, "\(markers)")
        #expect(markers.stdout.hasPrefix("{"))
        let pairs = try CLI.run(["bench", Self.sample, "--queries", "2", "--stages", "route", "--write-pairs", "-", "--json"])
        #expect(pairs.status == 0, "\(pairs)")
        #expect(pairs.stdout.contains("from_lat,from_lon,to_lat,to_lon"))
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let database = try CLI.shell("\"$WAYMARK\" import \"\(Self.sample)\" --db - > copy.sqlite", in: directory)
        #expect(database.status == 0, "\(database)")
        let bytes = try Data(contentsOf: directory.appendingPathComponent("copy.sqlite"))
        #expect(bytes.prefix(16) == Data("SQLite format 3\u{0}".utf8))
        #expect(try CLI.run(["info", "copy.sqlite"], in: directory).status == 0)
        #expect(database.stderr.contains("imported sample-town.osm into -"), "the summary goes to standard error: \(database)")
    }

    // MARK: 2. Extracts that are not regular files

    @Test func importReadsAFIFOAndProcessSubstitutionWithTheFilesDigest() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        #expect(try CLI.run(["import", Self.sample, "--db", "file.sqlite"], in: directory).status == 0)
        let script = """
            mkfifo pipe.osm
            cat "\(Self.sample)" > pipe.osm &
            "$WAYMARK" import pipe.osm --db fifo.sqlite || exit 1
            if [ -x /bin/bash ]; then /bin/bash -c '"$WAYMARK" import <(cat "\(Self.sample)") --db substituted.sqlite' || exit 2; fi
            """
        let result = try CLI.shell(script, in: directory, timeout: 120)
        #expect(result.status == 0, "\(result)")
        func digest(_ db: String) throws -> String? {
            try CLI.jsonObject(try CLI.run(["info", db, "--json"], in: directory).stdout)["source_sha256"] as? String
        }
        let expected = try digest("file.sqlite")
        #expect(expected?.count == 64)
        #expect(try digest("fifo.sqlite") == expected)
        if FileManager.default.isExecutableFile(atPath: "/bin/bash") {
            #expect(try digest("substituted.sqlite") == expected)
        }
    }

    @Test func endlessDevicesAreRejectedAfterTheFirstBytes() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        for device in ["/dev/zero", "/dev/urandom"] where FileManager.default.fileExists(atPath: device) {
            let result = try CLI.run(["import", device, "--db", directory.appendingPathComponent("x.sqlite").path], timeout: 60)
            expectOneLineFailure(result, containing: [device])
            #expect(!result.timedOut, "\(device) must not block")
            #expect(names(in: directory).isEmpty)
        }
        let zero = try CLI.run(["import", "/dev/zero", "--db", directory.appendingPathComponent("x.sqlite").path], timeout: 60)
        #expect(zero.stderr.contains("not OSM XML"), "\(zero)")
    }

    // MARK: 3. Numeric options

    @Test func snapLimitsBeyondTheRangeAreOptionErrors() throws {
        for arguments in [["route", "--osm", Self.sample, "--from", Self.from, "--to", Self.to, "--max-snap", "1e21"],
                          ["bench", Self.sample, "--max-snap", "1e21"],
                          ["route", "--osm", Self.sample, "--from", Self.from, "--to", Self.to, "--max-snap", "0x10"]] {
            let result = try CLI.run(arguments)
            expectOneLineFailure(result, containing: ["--max-snap", "from 0 to 100000"])
        }
    }

    @Test func optionErrorsAreOneLineWithStatusOne() throws {
        let cases: [([String], String)] = [
            (["bench", Self.sample, "--queries", "abc"], "--queries"),
            (["bench", Self.sample, "--queries", "0"], "from 1 to 10000000"),
            (["route", "--osm", Self.sample, "--from", Self.from, "--to", Self.to, "--bogus"], "--bogus"),
            (["info"], "<database>"),
            (["waypoints", "--osm", Self.sample, "--from", Self.from, "--to", Self.to, "--spacing", "1e300"], "from 1 to 100000"),
            (["route", "--osm", Self.sample, "--from", "0x2B,7.42", "--to", Self.to], "not a number"),
        ]
        for (arguments, phrase) in cases {
            expectOneLineFailure(try CLI.run(arguments), containing: [phrase])
        }
    }

    // MARK: 4. Failed writes to standard output

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"))
    func aFullStandardOutputIsAnErrorForEveryCommand() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        #expect(try CLI.run(["import", Self.sample, "--db", "town.sqlite"], in: directory).status == 0)
        let route = "--osm \"\(Self.sample)\" --from \(Self.from) --to \(Self.to)"
        for command in ["info town.sqlite", "info town.sqlite --json", "route \(route)", "route \(route) --format osrm",
                        "waypoints \(route)", "markers \(route)", "pois --db town.sqlite --near \(Self.from)",
                        "bench town.sqlite --queries 3", "import \"\(Self.sample)\" --db again.sqlite",
                        "generate-grid --nodes 1000 -o -"] {
            let result = try CLI.shell("\"$WAYMARK\" \(command) > /dev/full", in: directory, timeout: 120)
            expectOneLineFailure(result, containing: ["standard output", "No space left on device"])
        }
    }

    // MARK: 5. --db problems before the import

    @Test func dbProblemsAreFoundBeforeTheExtractIsRead() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        // The extract does not exist: an error about --db proves the check came first.
        let empty = try CLI.run(["import", "/nonexistent/city.osm", "--db", ""])
        expectOneLineFailure(empty, containing: ["--db", "empty"])
        let long = directory.appendingPathComponent(String(repeating: "n", count: 300) + ".sqlite").path
        let tooLong = try CLI.run(["import", "/nonexistent/city.osm", "--db", long])
        expectOneLineFailure(tooLong, containing: [long, "file name is 307 bytes long"])
        let missing = try CLI.run(["import", "/nonexistent/city.osm", "--db", "/nonexistent-dir/x.sqlite"])
        expectOneLineFailure(missing, containing: ["/nonexistent-dir/x.sqlite", "does not exist"])
    }

    // MARK: 6. Stale temporary files, SIGHUP

    @Test func staleTemporaryFilesOfDeadImportsAreRemovedByTheNextImport() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let stale = TemporaryName.name(for: "old.sqlite", pid: finished.processIdentifier, random: 42)
        let running = TemporaryName.name(for: "old.sqlite", pid: getpid(), random: 42)
        // Another program's file named like ours, of a dead process: it carries no seal, so it stays.
        let foreign = ".old.sqlite.tmp-\(finished.processIdentifier)-42"
        for name in [stale, running, foreign] {
            #expect(FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: Data("x".utf8)))
        }
        #expect(try CLI.run(["import", Self.sample, "--db", directory.appendingPathComponent("town.sqlite").path]).status == 0)
        #expect(names(in: directory) == ["town.sqlite", foreign, running])
    }

    /// SIGHUP (a closed terminal) while the database is written removes the temporary file like Ctrl-C.
    /// The window is short, so the test polls for the temporary file and skips with a note in the rare
    /// run where the import finishes first.
    @Test(.enabled(if: SharedExtracts.available("monaco.osm.bz2"))) func hangupDuringTheWriteLeavesNoTemporaryFile() throws {
        let extract = try SharedExtracts.require("monaco.osm.bz2")
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let db = directory.appendingPathComponent("city.sqlite").path
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["import", extract, "--db", db]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var signalled = false
        let deadline = Date().addingTimeInterval(300)
        while process.isRunning && Date() < deadline {
            if names(in: directory).contains(where: { $0.hasPrefix(".city.sqlite.tmp-") }) {
                kill(process.processIdentifier, SIGHUP)
                signalled = true
                break
            }
            usleep(500)
        }
        process.waitUntilExit()
        guard signalled else {
            print("note: the import finished before the temporary file was seen; nothing to check this run")
            return
        }
        #expect(process.terminationStatus == 128 + SIGHUP)
        #expect(names(in: directory).isEmpty)
    }

    // MARK: 7. The smaller items

    @Test func hexadecimalCoordinatesInAnExtractAreRejected() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let osm = directory.appendingPathComponent("hex.osm")
        try "<osm version=\"0.6\">\n<node id=\"1\" lat=\"0x2D\" lon=\"15.97\"/>\n</osm>\n".write(to: osm, atomically: true, encoding: .utf8)
        let result = try CLI.run(["import", osm.path, "--db", directory.appendingPathComponent("x.sqlite").path])
        expectOneLineFailure(result, containing: ["hex.osm:2", "0x2D"])
    }

    @Test func gridCentresWhoseCityLeavesValidCoordinatesAreRejected() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        for centre in ["89.99,0", "-89.99,0", "45,179.99"] {
            let result = try CLI.run(["generate-grid", "--nodes", "100000", "--center", centre, "-o", "city.osm"], in: directory)
            expectOneLineFailure(result, containing: ["--center", "past a pole or the 180th meridian"])
        }
        #expect(names(in: directory).isEmpty)
    }

    @Test func aFullDiskDuringGenerateGridLeavesNoPartialFile() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        // A file-size limit makes writes fail like a full disk (SIGXFSZ ignored so write() reports EFBIG).
        let result = try CLI.shell("trap '' XFSZ; ulimit -f 64; exec \"$WAYMARK\" generate-grid --nodes 100000 -o city.osm", in: directory)
        expectOneLineFailure(result, containing: ["city.osm"])
        #expect(names(in: directory).isEmpty, "\(names(in: directory))")
    }
}

extension ReliabilityEndToEndTests {
    /// `bench` used to read a FIFO's first bytes to tell a database from XML, then block reopening it.
    @Test func benchReadsAnExtractFromAFIFO() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let script = """
            mkfifo pipe.osm
            cat "\(Self.sample)" > pipe.osm &
            exec "$WAYMARK" bench pipe.osm --queries 3 --stages import --json
            """
        let result = try CLI.shell(script, in: directory, timeout: 60)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("\"stage\":\"import\""), "\(result)")
    }
}
