import Foundation
import Testing
@testable import OutputFiles

/// A fresh directory for one test's files.
func scratchDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-output-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}

let refusal = "not a regular file; refusing to replace it (write to a regular file, or '-' for standard output)"

/// What `OutputTarget` accepts (regular files, new paths, symbolic links to them) and refuses.
@Suite struct OutputTargetTests {
    @Test func aFIFOIsRefusedNamingThePathAndWhatItIs() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: OutputError(path: fifo, reason: "is a FIFO (named pipe), \(refusal)")) {
            try OutputTarget(checking: fifo)
        }
        #expect(throws: OutputError.self) { try OutputDestination.write("x", to: fifo) }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "the FIFO is still a FIFO")
    }

    /// A private device node (a copy of the null device's numbers) in the test's own directory; needs
    /// root to create, so the test skips otherwise.
    @Test func aDeviceNodeIsRefusedAndStaysADevice() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let device = directory + "/null"
        guard mknod(device, S_IFCHR | 0o600, dev_t((1 << 8) | 3)) == 0 else {
            print("note: mknod needs root; device-node refusal not checked this run")
            return
        }
        #expect(throws: OutputError(path: device, reason: "is a character device, \(refusal)")) {
            try OutputDestination.write("data", to: device)
        }
        var info = stat()
        #expect(lstat(device, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR, "the device is still a device")
    }

    @Test func aDirectoryIsRefused() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(throws: OutputError(path: directory, reason: "is a directory, \(refusal)")) {
            try OutputTarget(checking: directory)
        }
    }

    @Test func aSymbolicLinkHasItsTargetReplacedAndStaysALink() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/real", withIntermediateDirectories: false)
        try "old".write(toFile: directory + "/real/file.txt", atomically: false, encoding: .utf8)
        #expect(symlink("real/file.txt", directory + "/link.txt") == 0)
        try OutputDestination.write("new", to: directory + "/link.txt")
        #expect(contents(directory + "/real/file.txt") == "new")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/link.txt")) == "real/file.txt")
        // The temporary file was made beside the target, and is gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/real") == ["file.txt"])
    }

    @Test func aDanglingSymbolicLinkCreatesItsTarget() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(symlink(directory + "/target.txt", directory + "/link.txt") == 0)
        try OutputDestination.write("hello", to: directory + "/link.txt")
        #expect(contents(directory + "/target.txt") == "hello")
    }

    @Test func aSymbolicLinkToAFIFOIsRefused() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo(directory + "/pipe", 0o600) == 0)
        #expect(symlink("pipe", directory + "/link") == 0)
        #expect(throws: OutputError(path: directory + "/link", reason: "is a FIFO (named pipe), \(refusal)")) {
            try OutputTarget(checking: directory + "/link")
        }
    }

    @Test func emptyAndOverlongNamesAndMissingDirectoriesAreRefusedBeforeAnyWork() throws {
        #expect(throws: OutputError(path: "", reason: "the path is empty (expected a file name)")) { try OutputTarget(checking: "") }
        let long = String(repeating: "a", count: 300) + ".sqlite"
        #expect(throws: OutputError(path: long, reason: "the file name is 307 bytes long; at most \(OutputTarget.maximumNameBytes) are allowed (255 less room for the temporary file written beside it)")) {
            try OutputTarget(checking: long)
        }
        #expect(throws: OutputError(path: "/nonexistent-dir/x", reason: "directory /nonexistent-dir does not exist")) {
            try OutputTarget(checking: "/nonexistent-dir/x")
        }
    }
}

/// The temporary-file protocol of `AtomicOutputFile`.
@Suite struct AtomicOutputFileTests {
    @Test func theTargetChangesOnlyOnCommit() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/out.txt"
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        let file = try AtomicOutputFile(path: path)
        try file.write("new content")
        #expect(contents(path) == "old")
        try file.commit()
        #expect(contents(path) == "new content")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out.txt"])
    }

    @Test func aDiscardedFileLeavesTheTargetAndNoTemporaryFile() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/out.txt"
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        do {
            let file = try AtomicOutputFile(path: path)
            try file.write(String(repeating: "x", count: 200_000))
            #expect(FileManager.default.fileExists(atPath: file.temporaryPath))
        } // dropped without commit
        #expect(contents(path) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out.txt"])
    }

    @Test func theReplacedFileKeepsItsPermissions() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/out.txt"
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(chmod(path, 0o640) == 0)
        try OutputDestination.write("new", to: path)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o640)
    }

    @Test func staleTemporaryFilesOfDeadProcessesAreRemovedOthersKept() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A process that has exited: its id is free (until reused, which is rare within a test).
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let dead = child.processIdentifier
        let stale = TemporaryName.name(for: "city.sqlite", pid: dead, random: 12345)
        let live = TemporaryName.name(for: "city.sqlite", pid: getpid(), random: 1)
        let unrelated = ".city.sqlite.tmp-notapid-1"
        // Another program's file in the same naming scheme, of a dead process: not sealed, so kept.
        let foreign = ".city.sqlite.tmp-\(dead)-12345"
        for name in [stale, stale + "-journal", live, unrelated, foreign] {
            #expect(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data("x".utf8)))
        }
        try OutputDestination.write("db", to: directory + "/city.sqlite")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
        #expect(left == [live, unrelated, foreign, "city.sqlite"])
    }

    @Test func temporaryNamesAreRecognised() {
        #expect(TemporaryName.processID(in: ".a.sqlite.tmp-123-456") == 123)
        #expect(TemporaryName.processID(in: ".a.sqlite.tmp-123-456-journal") == 123)
        #expect(TemporaryName.processID(in: ".a.tmp-1") == nil)
        #expect(TemporaryName.processID(in: "a.sqlite.tmp-123-456") == nil)
        #expect(TemporaryName.processID(in: "..tmp-123-456") == nil)
        #expect(TemporaryName.processID(in: ".a.tmp-12x-4") == nil)
        let made = TemporaryName.make(for: "x.osm")
        #expect(TemporaryName.processID(in: made) == getpid())
        #expect(TemporaryName.ownedName(made)?.target == "x.osm")
        #expect(TemporaryName.ownedName(made + "-journal")?.pid == getpid())
        #expect(TemporaryName.ownedName(".x.osm.tmp-\(getpid())-1") == nil)
        #expect(made.utf8.count <= "x.osm".utf8.count + TemporaryName.overheadBytes)
    }
}
