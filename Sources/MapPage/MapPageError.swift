/// A map page file that cannot be served: the path and what is wrong, one line.
public struct MapPageError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var problem: String

    public var description: String { "\(path): \(problem)" }
}
