/// A tag-filter expression that cannot be read: the expression, where reading stopped, and why.
public struct TagFilterSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The whole expression as given.
    public var expression: String
    /// Offset in Unicode scalars from the start of `expression` where the problem was found.
    public var position: Int
    public var reason: String

    public init(expression: String, position: Int, reason: String) {
        self.expression = expression
        self.position = position
        self.reason = reason
    }

    public var description: String { "tag filter \"\(expression)\": at position \(position): \(reason)" }
}
