import Foundation
import Testing
@testable import OutputFiles

/// The library tracks unfinished temporary files for the program's signal handlers and installs none
/// itself; the table a handler reads removes exactly the files in it.
@Suite struct PendingTemporaryFilesTests {
    static func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-pending-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aTemporaryFileIsPendingUntilCommittedOrDiscarded() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let committed = try AtomicOutputFile(path: directory + "/a.txt")
        let discarded = try AtomicOutputFile(path: directory + "/b.txt")
        #expect(PendingTemporaryFiles.paths.contains(committed.temporaryPath))
        #expect(PendingTemporaryFiles.paths.contains(discarded.temporaryPath))
        try committed.write("done\n")
        try committed.commit()
        discarded.discard()
        #expect(!PendingTemporaryFiles.paths.contains(committed.temporaryPath))
        #expect(!PendingTemporaryFiles.paths.contains(discarded.temporaryPath))
        #expect(try String(contentsOfFile: directory + "/a.txt", encoding: .utf8) == "done\n")
        #expect(!FileManager.default.fileExists(atPath: directory + "/b.txt"))
    }

    @Test func writingInstallsNoSignalHandler() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try OutputDestination.write("x", to: directory + "/c.txt")
        for s in [SIGINT, SIGTERM, SIGHUP] {
            // signal() returns the previous disposition; put it back at once.
            let previous = signal(s, SIG_DFL)
            signal(s, previous)
            let disposition = previous.map { unsafeBitCast($0, to: Int.self) } ?? 0
            #expect(disposition == 0, "signal \(s) has a handler the library installed")   // 0 is SIG_DFL
        }
    }

    @Test func tableUnlinksExactlyItsFilesAndFreesSlots() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let table = SignalSafePathTable()
        let kept = directory + "/kept", removed = directory + "/removed", cleared = directory + "/cleared"
        for path in [kept, removed, cleared] { FileManager.default.createFile(atPath: path, contents: Data("x".utf8)) }
        _ = try #require(table.register(removed))
        let slot = try #require(table.register(cleared))
        table.clear(slot)
        table.view.unlinkAll()
        #expect(FileManager.default.fileExists(atPath: kept))
        #expect(!FileManager.default.fileExists(atPath: removed))
        #expect(FileManager.default.fileExists(atPath: cleared))
        // Slots are reused once cleared; a full table refuses more.
        let full = SignalSafePathTable()
        for i in 0..<SignalSafePathTable.slotCount { #expect(full.register(directory + "/f\(i)") != nil) }
        #expect(full.register(directory + "/one-too-many") == nil)
        #expect(full.register(String(repeating: "x", count: SignalSafePathTable.slotBytes)) == nil)
    }
}
