import Foundation

/// A failure to check, create, write or replace an output file, naming the path as the user gave it.
public struct OutputError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The path as given (`-` for standard output).
    public var path: String
    /// What went wrong and, where useful, what was expected.
    public var reason: String
    /// The front end's name for the input that gave the path (an option, a query parameter), named
    /// first in `description` (`--output out.json: …`); nil names the path alone.
    public var input: String?

    public init(path: String, reason: String, input: String? = nil) {
        self.path = path
        self.reason = reason
        self.input = input
    }

    public var description: String { (input.map { "\($0) " } ?? "") + "\(path == "-" ? "standard output" : path): \(reason)" }

    /// The error naming `input` as the input that gave the path.
    public func naming(_ input: String) -> OutputError {
        OutputError(path: path, reason: reason, input: input)
    }

    /// The text of the current `errno`.
    static func systemReason() -> String { String(cString: strerror(errno)) }
}
