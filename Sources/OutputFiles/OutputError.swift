import Foundation

/// A failure to check, create, write or replace an output file, naming the path as the user gave it.
public struct OutputError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The path as given (`-` for standard output).
    public var path: String
    /// What went wrong and, where useful, what was expected.
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path == "-" ? "standard output" : path): \(reason)" }

    /// The text of the current `errno`.
    static func systemReason() -> String { String(cString: strerror(errno)) }
}
