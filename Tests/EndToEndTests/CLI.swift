import Foundation
import TestSupport

/// Runs the built `waymark` executable for end-to-end tests.
///
///     let result = try CLI.run(["info", "city.sqlite", "--json"])
///     #expect(result.status == 0)
///     #expect(result.stdout.contains("\"nodes\""))
///
/// The binary is the one `swift build`/`swift test` put beside the test bundle (the EndToEndTests
/// target depends on the `waymark` product, so it is always fresh); `WAYMARK_BINARY` overrides it.
/// Output goes to temporary files rather than pipes, so a command printing megabytes never blocks,
/// and a run longer than `timeout` is killed and reported as a failure rather than hanging the suite.
enum CLI {
    /// What a run produced.
    struct Result: Sendable, CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        /// True when the process was killed for running past its timeout.
        var timedOut: Bool

        var description: String {
            "exit status \(status)\(timedOut ? " (killed after timeout)" : "")\n--- stdout ---\n\(stdout.prefix(4000))\n--- stderr ---\n\(stderr.prefix(4000))"
        }
    }

    /// A run that could not start at all.
    struct LaunchError: Error, CustomStringConvertible {
        var description: String
    }

    /// The `waymark` executable under test.
    static let binary: URL = {
        if let override = ProcessInfo.processInfo.environment["WAYMARK_BINARY"] { return URL(fileURLWithPath: override) }
        // The test runner lives in the build products directory (directly, or inside an .xctest bundle).
        var directory = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        if let self_exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directory = URL(fileURLWithPath: self_exe).deletingLastPathComponent()
        }
        for candidate in [directory, directory.deletingLastPathComponent(), directory.deletingLastPathComponent().deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("waymark")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return directory.appendingPathComponent("waymark")
    }()

    /// Runs `waymark` with `arguments`, optionally feeding `stdin`, in `directory` (default:
    /// the test process's current directory).
    /// - Parameter timeout: seconds before the process is killed (a hang fails the test, never the suite).
    @discardableResult
    static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
                           environment: [String: String] = [:], timeout: Double = 600, executable: URL? = nil) throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = out
        process.standardError = err
        var inputFile: URL?
        if let stdin {
            let url = scratch.appendingPathComponent("stdin")
            try stdin.write(to: url)
            inputFile = url
            process.standardInput = try FileHandle(forReadingFrom: url)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        _ = inputFile

        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            throw LaunchError(description: "cannot run \(binary.path): \(error) (build it with 'swift build', or set WAYMARK_BINARY)")
        }
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()
            if finished.wait(timeout: .now() + 5) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                finished.wait()
            }
        }
        try out.close()
        try err.close()
        let stdout = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
        let stderr = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        return Result(status: process.terminationStatus, stdout: stdout, stderr: stderr, timedOut: timedOut)
    }

    /// Runs a `/bin/sh` script with `$WAYMARK` set to the executable under test (for redirections,
    /// `ulimit`, process substitution and signals that `run` cannot express).
    @discardableResult
    static func shell(_ script: String, in directory: URL? = nil, timeout: Double = 600) throws -> Result {
        try run(["-c", script], in: directory, environment: ["WAYMARK": binary.path], timeout: timeout,
                executable: URL(fileURLWithPath: "/bin/sh"))
    }

    /// A fresh empty directory for a test's files; remove it with `defer { CLI.remove(dir) }`.
    static func scratchDirectory() throws -> URL { try TestFiles.scratchDirectory(prefix: "waymark-e2e") }

    static func remove(_ directory: URL) { try? FileManager.default.removeItem(at: directory) }

    /// Parses standard output as one JSON object.
    static func jsonObject(_ text: String) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw LaunchError(description: "standard output is not a JSON object: \(text.prefix(200))")
        }
        return object
    }
}
