import Foundation
import Geodesy
import RoadNetwork
import Testing
@testable import RoadNetworkStore

@Suite struct RoadNetworkStoreFailureTests {
    func writtenDatabase() throws -> (URL, String) { try StoreFixtures.writtenDatabase() }

    func tamper(_ path: String, _ sql: String) throws {
        let connection = try SQLiteConnection(path: path, readOnly: false)
        try connection.execute(sql)
    }

    @Test func newerFormatVersionIsRejectedWithAClearMessage() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try tamper(path, "PRAGMA user_version = \(RoadNetworkStore.formatVersion + 1)")
        #expect(throws: RoadNetworkStoreError.unsupportedFormatVersion(path: path, found: RoadNetworkStore.formatVersion + 1, supported: RoadNetworkStore.formatVersion)) {
            try RoadNetworkStore.load(path: path)
        }
        let error = RoadNetworkStoreError.unsupportedFormatVersion(path: path, found: RoadNetworkStore.formatVersion + 1, supported: RoadNetworkStore.formatVersion)
        #expect(error.description.contains("newer"))
        #expect(error.description.contains(path))
    }

    @Test func olderFormatVersionIsRejected() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try tamper(path, "PRAGMA user_version = 0")
        #expect(throws: RoadNetworkStoreError.unsupportedFormatVersion(path: path, found: 0, supported: RoadNetworkStore.formatVersion)) {
            try RoadNetworkStore.metadata(path: path)
        }
        #expect(RoadNetworkStoreError.unsupportedFormatVersion(path: path, found: 0, supported: 1).description.contains("older"))
    }

    @Test func aVersion4DatabaseWithoutSignpostsIsRefusedWithReImportAdvice() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        // What version 4 wrote: no signpost or junction exit arrays.
        try tamper(path, """
            DELETE FROM array_chunks WHERE name LIKE 'signpost.%' OR name LIKE 'junction_exit.%' OR name = 'edge.signpost';
            DELETE FROM arrays WHERE name LIKE 'signpost.%' OR name LIKE 'junction_exit.%' OR name = 'edge.signpost';
            PRAGMA user_version = 4;
            """)
        let expected = RoadNetworkStoreError.unsupportedFormatVersion(path: path, found: 4, supported: RoadNetworkStore.formatVersion)
        #expect(throws: expected) { try RoadNetworkStore.load(path: path) }
        #expect(expected.description.contains("older") && expected.description.contains("re-import it with 'waymark import'"))
    }

    @Test func metadataFormatVersionMustAgreeWithTheHeader() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let other = RoadNetworkStore.formatVersion + 1
        try tamper(path, "UPDATE metadata SET value = '\(other)' WHERE key = 'format_version'")
        #expect(throws: RoadNetworkStoreError.corrupt(path: path, detail: "array 'metadata' does not match its checksum")) {
            try RoadNetworkStore.metadata(path: path)
        }
        // A consistent edit (checksum updated too) still disagrees with the SQLite header.
        var rows = try RoadNetworkDatabase(path: path).metadataRows()
        rows["format_version"] = String(other)
        try tamper(path, "UPDATE arrays SET crc32 = \(MetadataCoding.checksum(of: rows).value) WHERE name = 'metadata'")
        #expect(throws: RoadNetworkStoreError.unsupportedFormatVersion(path: path, found: other, supported: RoadNetworkStore.formatVersion)) {
            try RoadNetworkStore.metadata(path: path)
        }
    }

    @Test func textFileIsNotADatabase() throws {
        let directory = try StoreFixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("notes.sqlite").path
        try Data("<osm version=\"0.6\"></osm>\n".utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try RoadNetworkStore.load(path: path)
            Issue.record("loading a text file succeeded")
        } catch {
            guard case .notSQLite(let p, _) = error else { Issue.record("unexpected \(error)"); return }
            #expect(p == path)
            #expect(error.description.contains("not SQLite"))
        }
    }

    @Test func emptyFileIsNotADatabase() throws {
        let directory = try StoreFixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("empty.sqlite").path
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        #expect(throws: RoadNetworkStoreError.notSQLite(path: path, detail: "the file is empty")) {
            try RoadNetworkStore.load(path: path)
        }
    }

    @Test func foreignSQLiteDatabaseIsNotAWaymarkDatabase() throws {
        let directory = try StoreFixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("other.sqlite").path
        try tamper(path, "CREATE TABLE t(x); INSERT INTO t VALUES (1);")
        #expect(throws: RoadNetworkStoreError.notWaymarkDatabase(path: path)) { try RoadNetworkStore.load(path: path) }
    }

    @Test func missingFileIsNamed() {
        #expect(throws: RoadNetworkStoreError.fileNotFound(path: "/nonexistent/city.sqlite")) {
            try RoadNetworkStore.load(path: "/nonexistent/city.sqlite")
        }
    }

    @Test func truncatedArrayIsReportedAsDamage() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try tamper(path, "UPDATE array_chunks SET data = substr(data, 1, 8) WHERE name = 'edge.head'")
        #expect(throws: RoadNetworkStoreError.corrupt(path: path, detail: "table 'arrays', column 'element_count' of array 'edge.head' claims 6 entries (24 bytes), but its chunks in 'array_chunks' hold 8 bytes")) {
            try RoadNetworkStore.load(path: path)
        }
    }

    /// Issue 39: a count of 2^32 - 1 made every loader allocate 34 GB and die; it is checked against the
    /// bytes the chunks hold before anything is allocated.
    @Test func hugeElementCountIsDamageNotAnAllocation() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try tamper(path, "UPDATE arrays SET element_count = 4294967295 WHERE name = 'edge.head'")
        do {
            _ = try RoadNetworkStore.load(path: path)
            Issue.record("a database claiming 4294967295 heads loaded")
        } catch {
            guard case .corrupt(let at, let detail) = error else { Issue.record("\(error)"); return }
            #expect(at == path)
            #expect(detail.contains("table 'arrays', column 'element_count' of array 'edge.head' claims 4294967295 entries"), "\(detail)")
            #expect(detail.contains("hold 24 bytes"), "\(detail)")
        }
    }

    @Test func missingArrayIsReportedAsDamage() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try tamper(path, "DELETE FROM arrays WHERE name = 'edge.flags'")
        #expect(throws: RoadNetworkStoreError.corrupt(path: path, detail: "array 'edge.flags' is missing")) {
            try RoadNetworkStore.load(path: path)
        }
    }

    @Test func headOutOfRangeIsReportedAsDamageNotACrash() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Every head becomes node 0xFFFFFFFF.
        try tamper(path, "UPDATE array_chunks SET data = x'\(String(repeating: "FFFFFFFF", count: 6))' WHERE name = 'edge.head'")
        do {
            // Without the checksums, which would report this first: the structural check behind them.
            _ = try RoadNetworkStore.load(path: path, checkingChecksums: false)
            Issue.record("a damaged graph loaded")
        } catch {
            guard case .corrupt(_, let detail) = error else { Issue.record("unexpected \(error)"); return }
            #expect(detail.contains("beyond 5 nodes"))
        }
    }

    @Test func unknownHighwayCodeIsReportedAsDamage() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try tamper(path, "UPDATE array_chunks SET data = x'FF0000000000' WHERE name = 'edge.highway'")
        #expect(throws: RoadNetworkStoreError.corrupt(path: path, detail: "array 'edge.highway' does not match its checksum")) {
            try RoadNetworkStore.load(path: path)
        }
        #expect(throws: RoadNetworkStoreError.corrupt(path: path, detail: "array 'edge.highway' entry 0 is 255, not a known value")) {
            try RoadNetworkStore.load(path: path, checkingChecksums: false)
        }
    }

    @Test func failedWriteLeavesTheExistingDatabaseIntactAndNoTemporaryFile() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        var writer = RoadNetworkWriter(path: path)
        writer.failAfterArrays = 5
        #expect(throws: RoadNetworkStoreError.self) {
            try writer.write(graph: .empty, pointsOfInterest: [], metadata: StoreFixtures.metadata(for: .empty, pointsOfInterest: []))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["city.sqlite"])
        #expect(try RoadNetworkStore.load(path: path).graph.edgeCount == 6)
    }

    @Test func successfulWriteReplacesTheExistingDatabase() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try RoadNetworkStore.write(graph: .empty, pointsOfInterest: [], metadata: StoreFixtures.metadata(for: .empty, pointsOfInterest: []), to: path)
        #expect(try RoadNetworkStore.load(path: path).graph.edgeCount == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["city.sqlite"])
    }

    @Test func missingDirectoryIsAClearWriteError() {
        let path = "/nonexistent/dir/x.sqlite"
        #expect(throws: RoadNetworkStoreError.cannotWrite(path: path, reason: "directory /nonexistent/dir does not exist")) {
            try RoadNetworkStore.write(graph: .empty, pointsOfInterest: [], metadata: StoreFixtures.metadata(for: .empty, pointsOfInterest: []), to: path)
        }
    }

    @Test func directoryAsTargetIsAClearWriteError() throws {
        let directory = try StoreFixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: RoadNetworkStoreError.cannotWrite(path: directory.path, reason: "is a directory, not a regular file; refusing to replace it (write to a regular file, or '-' for standard output)")) {
            try RoadNetworkStore.write(graph: .empty, pointsOfInterest: [], metadata: StoreFixtures.metadata(for: .empty, pointsOfInterest: []), to: directory.path)
        }
    }
}
