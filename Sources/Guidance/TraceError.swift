/// A trace file that could not be read, naming the file, the line and what was expected.
public struct TraceError: Error, CustomStringConvertible, Equatable {
    public var sourceName: String
    /// The 1-based line, or 0 when the problem concerns the whole file.
    public var line: Int
    public var message: String

    public init(sourceName: String, line: Int, message: String) {
        self.sourceName = sourceName
        self.line = line
        self.message = message
    }

    public var description: String {
        line > 0 ? "\(sourceName):\(line): \(message)" : "\(sourceName): \(message)"
    }
}
