import Geodesy
import Routing

/// The result of matching a trace: the matchings (sub-traces matched to a connected drive) and, for
/// every point of the trace, where it was matched, or nil for a point left out (no road in reach, an
/// outlier no candidate of its neighbours connects to, a sub-trace of one point, or tidied away).
public struct MapMatch: Sendable {
    public var matchings: [Matching]
    /// One entry per trace point, in order.
    public var tracepoints: [Tracepoint?]
}

/// One matched sub-trace: the road positions of its points in order, each reachable from the one
/// before it.
///
/// Invariant: `pointIndices`, `locations` and `alternativesCounts` have the same count, at least 2;
/// `pointIndices` increase.
public struct Matching: Sendable {
    /// The trace indices of the matched points.
    public var pointIndices: [Int]
    /// The road position each point was matched to (`input` is the point's coordinate).
    public var locations: [SnappedLocation]
    /// For each point, how many of its other candidates the model could still explain the trace with.
    public var alternativesCounts: [Int]
    /// How likely the matching is to be right, 0 to 1 (`MatchingConfidence`).
    public var confidence: Double
    /// The length of the shortest drives between the matched positions, summed.
    public var matchedLength: Meters
}

/// Where one trace point was matched: its matching, its index among that matching's points, the road
/// position and the number of alternatives.
public struct Tracepoint: Sendable, Equatable {
    public var matchingIndex: Int
    public var waypointIndex: Int
    public var location: SnappedLocation
    public var alternativesCount: Int
}
