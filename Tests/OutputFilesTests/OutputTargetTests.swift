import Foundation
import Testing
@testable import OutputFiles

/// A fresh directory for one test's files.
func scratchDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-output-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Suite struct OutputTargetTests {
    @Test func aFIFOIsRefusedNamingThePathAndWhatItIs() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: OutputError(path: fifo, reason: "is a FIFO (named pipe), not a regular file; refusing to replace it (write to a regular file, or '-' for standard output)")) {
            try OutputTarget(checking: fifo)
        }
    }
}
