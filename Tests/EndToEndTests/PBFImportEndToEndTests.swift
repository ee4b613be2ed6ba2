import Foundation
import Testing
import TestSupport

/// `waymark import` of OSM PBF run as a user would: every shared extract that comes in both formats
/// gives the same database from its PBF as from its XML; the database does not depend on the number
/// of decoding threads; standard input works; damaged files fail with one line and leave an existing
/// database as it was.
@Suite struct PBFImportEndToEndTests {
    /// Import figures that describe the input's encoding or the run, not the data.
    /// The figures that time the import, which differ from run to run.
    static let timingFigures = [".import_milliseconds", ".speed_limit_estimate_milliseconds"]
    static let encodingFigures = [".xml_bytes", ".input_bytes", ".import_milliseconds", ".speed_limit_estimate_milliseconds", ".pbf_blocks",
                                  "ch.contraction_s"]

    /// Imports without contraction hierarchies unless asked: these tests are about reading OSM, and
    /// contracting every city in a debug build would dominate the suite's time.
    static func importDatabase(_ extract: String, _ db: String, _ extra: [String] = [], stdin: Data? = nil,
                               hierarchies: Bool = false) throws -> CLI.Result {
        let result = try CLI.run(["import", extract, "--db", db] + extra + (hierarchies ? [] : ["--no-ch"]), stdin: stdin)
        #expect(result.status == 0, "\(result)")
        return result
    }

    /// Without hierarchies; `aSharedExtractsHierarchiesAreTheSameFromPBFAndXML` covers them on one extract.
    @Test(.enabled(if: SharedExtracts.isAvailable, "needs ../shared/osm"), arguments: SharedExtracts.extractsInBothFormats)
    func pbfAndXMLOfASharedExtractGiveTheSameDatabase(name: String) throws {
        try Self.compareFormats(name, hierarchies: false)
    }

    /// Contraction is deterministic: the same graph gives the same hierarchy arrays, byte for byte.
    @Test(.enabled(if: SharedExtracts.available(["andorra-2013.osm.bz2", "andorra-2013.osm.pbf"])))
    func aSharedExtractsHierarchiesAreTheSameFromPBFAndXML() throws {
        try Self.compareFormats("andorra-2013", hierarchies: true)
    }

    static func compareFormats(_ name: String, hierarchies: Bool) throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let fromXML = directory.appendingPathComponent("xml.sqlite").path, fromPBF = directory.appendingPathComponent("pbf.sqlite").path
        _ = try Self.importDatabase(try #require(SharedExtracts.path("\(name).osm.bz2")), fromXML, hierarchies: hierarchies)
        let pbf = try Self.importDatabase(try #require(SharedExtracts.path("\(name).osm.pbf")), fromPBF, hierarchies: hierarchies)
        #expect(pbf.stdout.contains(" MB/s PBF, "), "\(pbf)")
        let a = try DatabaseDump(path: fromXML, excludedMetadataSuffixes: Self.encodingFigures)
        let b = try DatabaseDump(path: fromPBF, excludedMetadataSuffixes: Self.encodingFigures)
        #expect(a.firstDifference(from: b) == nil, "\(name): \(a.firstDifference(from: b) ?? "")")
        // The comparison covers what matters: arrays, restrictions, POIs and the import counts.
        #expect(a.tables["array_chunks"]?.isEmpty == false)
        #expect(a.tables["metadata"]?.contains { $0.first == .text("import.000.nodes") } == true)
        #expect(a.tables["arrays"]?.contains { $0.first == .text("ch.time.rank") } == hierarchies)
    }

    @Test func aGeneratedCityInPBFImportsLikeItsXML() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        for name in ["city.osm", "city.osm.pbf"] {
            let generated = try CLI.run(["generate-grid", "--nodes", "30000", "--seed", "5", "--output", path(name)])
            #expect(generated.status == 0, "\(generated)")
            _ = try Self.importDatabase(path(name), path(name + ".sqlite"))
        }
        let xml = try DatabaseDump(path: path("city.osm.sqlite"), excludedMetadataSuffixes: Self.encodingFigures)
        let pbf = try DatabaseDump(path: path("city.osm.pbf.sqlite"), excludedMetadataSuffixes: Self.encodingFigures)
        #expect(xml.firstDifference(from: pbf) == nil, "\(xml.firstDifference(from: pbf) ?? "")")
    }

    /// The same database, apart from the time of the import, for 1 or several decoding threads.
    func expectSameDatabaseForAnyThreadCount(_ extract: String) throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        var dumps: [(Int, DatabaseDump)] = []
        for threads in [1, 2, 7] {
            let db = directory.appendingPathComponent("t\(threads).sqlite").path
            let result = try Self.importDatabase(extract, db, ["--threads", "\(threads)"])
            #expect(result.stdout.contains("blocks on \(threads) thread"), "\(result)")
            dumps.append((threads, try DatabaseDump(path: db, excludedMetadataKeys: ["imported_at"],
                                                     excludedMetadataSuffixes: Self.timingFigures)))
        }
        for (threads, dump) in dumps.dropFirst() {
            #expect(dump.firstDifference(from: dumps[0].1) == nil, "\(threads) threads vs 1: \(dump.firstDifference(from: dumps[0].1) ?? "")")
        }
    }

    @Test func theDatabaseIsTheSameForOneOrManyThreads() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let city = directory.appendingPathComponent("city.osm.pbf").path
        // About 60,000 elements: a dozen blocks, more than the threads' window.
        #expect(try CLI.run(["generate-grid", "--nodes", "50000", "--output", city]).status == 0)
        try expectSameDatabaseForAnyThreadCount(city)
    }

    @Test(.enabled(if: SharedExtracts.isAvailable, "needs ../shared/osm"))
    func portoIsTheSameForOneOrManyThreads() throws {
        try expectSameDatabaseForAnyThreadCount(try #require(SharedExtracts.path("porto-roads.osm.pbf")))
    }

    @Test func pbfFromStandardInputImportsLikeTheFile() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        #expect(try CLI.run(["generate-grid", "--nodes", "5000", "--output", path("city.osm.pbf")]).status == 0)
        _ = try Self.importDatabase(path("city.osm.pbf"), path("file.sqlite"))
        let piped = try Self.importDatabase("-", path("stdin.sqlite"), stdin: try Data(contentsOf: URL(fileURLWithPath: path("city.osm.pbf"))))
        #expect(piped.stdout.hasPrefix("imported standard input into "), "\(piped)")
        let file = try DatabaseDump(path: path("file.sqlite"), excludedMetadataSuffixes: Self.timingFigures)
        let stdin = try DatabaseDump(path: path("stdin.sqlite"), excludedMetadataSuffixes: Self.timingFigures)
        #expect(file.firstDifference(from: stdin) == nil, "\(file.firstDifference(from: stdin) ?? "")")
    }

    @Test func threadsOutOfRangeAreRefused() throws {
        for value in ["0", "257", "-2"] {
            let result = try CLI.run(["import", "x.osm.pbf", "--db", "/tmp/never.sqlite", "--threads", value])
            #expect(result.status != 0)
            #expect(result.stderr.contains("--threads"), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: "/tmp/never.sqlite"))
        }
    }

    // MARK: Damage

    /// The file blocks of a PBF file.
    static func blocks(_ bytes: [UInt8]) -> [[UInt8]] {
        var blocks: [[UInt8]] = [], at = 0
        while at + 4 <= bytes.count {
            let headerLength = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            // datasize is the last varint of the BlobHeader (the writer puts type first, then datasize).
            var dataSize = 0, shift = 0, i = at + 4 + headerLength - 1
            while bytes[i - 1] & 0x80 != 0 { i -= 1 }
            while true { dataSize |= Int(bytes[i] & 0x7f) << shift; if bytes[i] & 0x80 == 0 { break }; shift += 7; i += 1 }
            let end = at + 4 + headerLength + dataSize
            blocks.append(Array(bytes[at..<end]))
            at = end
        }
        return blocks
    }

    /// A header block requiring `features`.
    static func header(requiring features: [String]) -> [UInt8] {
        var header = ProtobufBytes()
        for feature in features { header.stringField(4, feature) }
        return ProtobufBytes.rawFileBlock(type: "OSMHeader", payload: header.bytes)
    }

    @Test func damagedPBFFailsWithOneLineNamingTheBlockAndLeavesTheDatabaseAsItWas() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        #expect(try CLI.run(["generate-grid", "--nodes", "20000", "--output", path("good.osm.pbf")]).status == 0)
        let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path("good.osm.pbf"))))
        let blocks = Self.blocks(good)
        #expect(blocks.count >= 5 && blocks.joined().count == good.count)

        var badZlib = blocks
        badZlib[2][badZlib[2].count - 2] ^= 0xff   // the Adler-32 at the end of block 3's zlib stream
        var overLimit = ProtobufBytes()
        overLimit.stringField(1, "OSMData")
        overLimit.varintField(3, 40 << 20)
        // A way whose tag key index (9) is past the block's two-string table.
        var way = ProtobufBytes()
        way.varintField(1, 77)
        way.packed(2, [9])
        way.packed(3, [1])
        var group = ProtobufBytes()
        group.bytesField(3, way.bytes)
        var table = ProtobufBytes()
        table.stringField(1, "")
        table.stringField(1, "highway")
        var primitive = ProtobufBytes()
        primitive.bytesField(1, table.bytes)
        primitive.bytesField(2, group.bytes)

        let cases: [(String, [UInt8], String)] = [
            ("truncated.osm.pbf", Array(good.dropLast(100)), "block \(blocks.count) (at byte \(good.count - blocks.last!.count)): the file ends inside the OSMData blob"),
            ("bad-zlib.osm.pbf", Array(badZlib.joined()), "block 3 (at byte \(blocks[0].count + blocks[1].count)): broken zlib data"),
            ("over-limit.osm.pbf", blocks[0] + [0, 0, 0, UInt8(overLimit.bytes.count)] + overLimit.bytes,
             "block 2 (at byte \(blocks[0].count)): the blob is 41943040 bytes, over the format's 32 MiB limit"),
            ("string-index.osm.pbf", blocks[0] + ProtobufBytes.rawFileBlock(type: "OSMData", payload: primitive.bytes),
             "block 2 (at byte \(blocks[0].count)): primitive group 1: way 77: a tag key index 9 is outside the block's string table (2 strings)"),
            ("feature.osm.pbf", Self.header(requiring: ["OsmSchema-V0.6", "DenseNodes", "Sort.Hilbert"]) + Array(blocks.dropFirst().joined()),
             "block 1 (at byte 0): the header requires feature 'Sort.Hilbert', which waymark does not support"),
        ]
        let db = path("city.sqlite")
        _ = try Self.importDatabase(path("good.osm.pbf"), db)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        for (name, bytes, message) in cases {
            try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
            let result = try CLI.run(["import", path(name), "--db", db])
            #expect(result.status == 1, "\(name): \(result)")
            #expect(result.stderr.hasPrefix("waymark: error: \(path(name)): \(message)"), "\(name): \(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(name): one line: \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(name)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before, "\(name): the database changed")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") || $0.contains("tmp") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }

    @Test func aDamagedBlockFromAStalledPipeFailsAtOnce() throws {
        // The writer sends the header and a damaged block, then stalls without closing the pipe: the
        // import must report the block now, not wait for input that may never come.
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let city = directory.appendingPathComponent("city.osm.pbf")
        #expect(try CLI.run(["generate-grid", "--nodes", "20000", "--output", city.path]).status == 0)
        var blocks = Self.blocks([UInt8](try Data(contentsOf: city)))
        blocks[1][blocks[1].count - 2] ^= 0xff
        try Data(blocks[0] + blocks[1]).write(to: directory.appendingPathComponent("damaged.osm.pbf"))
        let clock = ContinuousClock()
        let started = clock.now
        let result = try CLI.shell("""
            mkfifo pipe.osm.pbf
            (cat damaged.osm.pbf; exec sleep 40) > pipe.osm.pbf &
            writer=$!
            "$WAYMARK" import pipe.osm.pbf --db city.sqlite
            status=$?
            kill $writer
            exit $status
            """, in: directory, timeout: 120)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("pipe.osm.pbf: block 2 (at byte \(blocks[0].count)): broken zlib data"), "\(result)")
        #expect(clock.now - started < .seconds(30), "the import waited for the stalled writer")
    }
}
