/// `alternative` K asked of a route that has fewer than K admissible alternatives.
public struct AlternativeRouteError: Error, CustomStringConvertible, Equatable {
    /// The alternative asked for (1 is the first alternative).
    public var requested: Int
    /// The admissible alternatives the route has.
    public var available: Int
    /// Whether via points were given (alternatives are found only between a start and a destination).
    public var hasVias: Bool

    public var description: String { description(naming: "alternative") }

    /// The message, naming the option that asked for the alternative.
    public func description(naming option: String) -> String {
        "\(option) \(requested): this route has \(available) admissible alternative\(available == 1 ? "" : "s")"
            + (hasVias ? " (alternatives are found only between a start and a destination, without via points)" : "")
            + "; 0 is the best route"
    }
}
