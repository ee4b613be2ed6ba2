import Foundation

/// Where a command's output goes: a file replaced atomically, or standard output for `-`.
///
/// The one type every command writes through, so each gets the same guarantees: the target is checked
/// before any work (`open`), nothing but a regular file is ever replaced, every write is checked, and a
/// file appears only complete (`finish`).
public final class OutputDestination {
    private let file: AtomicOutputFile?
    /// The path as given (`-` for standard output).
    public let path: String

    /// `-` means standard output.
    public static let standardOutputName = "-"

    /// Checks the path and, for a file, creates its temporary file.
    public init(path: String) throws(OutputError) {
        self.path = path
        file = path == Self.standardOutputName ? nil : try AtomicOutputFile(path: path)
    }

    /// Checks a path without creating anything (to fail before slow work).
    public static func check(_ path: String) throws(OutputError) {
        if path != standardOutputName { _ = try OutputTarget(checking: path) }
    }

    /// Checks a path a front end's `input` gave (nil: standard output, nothing to check); an error
    /// names the input (`OutputError.naming`).
    public static func check(_ path: String?, naming input: String) throws(OutputError) {
        guard let path else { return }
        do throws(OutputError) { try check(path) } catch { throw error.naming(input) }
    }

    /// Appends text.
    public func write(_ text: String) throws(OutputError) {
        if let file { try file.write(text) } else { try StandardOutput.write(text) }
    }

    /// Completes the output: the file is renamed into place.
    public func finish() throws(OutputError) {
        try file?.commit()
    }

    /// Writes `text` as the whole content of `path` (atomically for a file).
    public static func write(_ text: String, to path: String) throws(OutputError) {
        let destination = try OutputDestination(path: path)
        try destination.write(text)
        try destination.finish()
    }

    /// Writes `text` as the whole content of the path a front end's `input` gave (nil: standard output);
    /// an error names the input (`OutputError.naming`).
    public static func write(_ text: String, to path: String?, naming input: String) throws(OutputError) {
        do throws(OutputError) { try write(text, to: path ?? standardOutputName) } catch { throw error.naming(input) }
    }
}
