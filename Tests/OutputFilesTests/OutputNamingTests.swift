import Foundation
import Testing
import OutputFiles

/// A path a front end's input gave is checked and written as any other, and an error names that input
/// before the path, so every front end words it the same way.
@Suite struct OutputNamingTests {
    @Test func aRefusedPathNamesTheInputThatGaveIt() {
        let missing = OutputError(path: "/nonexistent-dir/x", reason: "directory /nonexistent-dir does not exist", input: "--output")
        #expect(throws: missing) { try OutputDestination.check("/nonexistent-dir/x", naming: "--output") }
        #expect(missing.description == "--output /nonexistent-dir/x: directory /nonexistent-dir does not exist")
        #expect(throws: missing) { try OutputDestination.write("text", to: "/nonexistent-dir/x", naming: "--output") }
    }

    @Test func anErrorWithoutAnInputNamesThePathAlone() {
        let error = OutputError(path: "-", reason: "No space left on device")
        #expect(error.description == "standard output: No space left on device")
        #expect(error.naming("--json-file").description == "--json-file standard output: No space left on device")
        #expect(error.naming("--json-file") != error)
    }

    @Test func noPathIsStandardOutputAndNeedsNoCheck() {
        #expect(throws: Never.self) { try OutputDestination.check(nil, naming: "--output") }
    }

    @Test func aNamedPathIsWrittenWhole() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/markers.json"
        try OutputDestination.check(path, naming: "--output")
        try OutputDestination.write("{}\n", to: path, naming: "--output")
        #expect(contents(path) == "{}\n")
    }
}
