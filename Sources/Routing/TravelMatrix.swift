import Geodesy

/// Durations and distances from every source to every destination (OSRM's `/table`), along the best
/// route in the metric the table was computed for.
///
/// Invariant: `durations` and `distances` have `sourceCount × destinationCount` entries, row-major
/// (`source × destinationCount + destination`), nil exactly where no route connects the pair.
public struct TravelMatrix: Sendable, Equatable {
    public let sourceCount: Int
    public let destinationCount: Int
    public let durations: [Seconds?]
    public let distances: [Meters?]

    public init(sourceCount: Int, destinationCount: Int, durations: [Seconds?], distances: [Meters?]) {
        precondition(durations.count == sourceCount * destinationCount && distances.count == durations.count,
                     "a matrix needs one duration and one distance per source and destination")
        self.sourceCount = sourceCount
        self.destinationCount = destinationCount
        self.durations = durations
        self.distances = distances
    }

    /// The duration from `source` to `destination`, nil when unreachable.
    /// A table of `sources` × `destinations` entries, none reachable (what a stopped table answers).
    public static func unreachable(_ sources: Int, _ destinations: Int) -> TravelMatrix {
        let none = [Double?](repeating: nil, count: sources * destinations)
        return TravelMatrix(sourceCount: sources, destinationCount: destinations, durations: none, distances: none)
    }

    public func duration(from source: Int, to destination: Int) -> Seconds? { durations[source * destinationCount + destination] }

    /// The distance from `source` to `destination`, nil when unreachable.
    public func distance(from source: Int, to destination: Int) -> Meters? { distances[source * destinationCount + destination] }
}
