/// A data file the speed-limit estimate needs that is missing or cannot be read: the file and what is
/// wrong, one line. Never answered by a silent fall back to class defaults.
public struct LegalDataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file (a path, or a resource name when no path was found).
    public var file: String
    public var problem: String

    public init(file: String, problem: String) {
        self.file = file
        self.problem = problem
    }

    public var description: String { "\(file): \(problem)" }
}
