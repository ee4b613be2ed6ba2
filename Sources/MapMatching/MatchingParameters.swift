import Geodesy

/// The constants of the hidden Markov model a `MapMatcher` runs, with OSRM's values as defaults.
///
/// Newson & Krumm (2009): a GPS point's candidates are the road positions near it; a candidate's
/// emission probability is Gaussian in its distance from the point, with the point's precision as
/// standard deviation; moving from one candidate to the next has a transition probability exponential
/// in |route length − great-circle length| with scale `beta`.
public struct MatchingParameters: Sendable, Equatable {
    /// The scale of the transition probability (Newson–Krumm's β): how much longer (or shorter) than
    /// the straight line between two points the road between them may plausibly be.
    public var beta: Meters = 10
    /// The standard deviation of a point's GPS error when the trace gives none (OSRM's default radius).
    public var defaultPrecision: Meters = 5
    /// Candidates are searched within this multiple of a point's precision (OSRM's radius multiplier:
    /// the right road is in reach 99.9 % of the time).
    public var searchRadiusMultiplier: Double = 3
    /// The most candidates kept per point, the nearest ones: the work of a step grows with their square.
    public var maximumCandidates: Int = 10
    /// With `splitsAtTimeGaps`, two consecutive points further apart in time start separate matchings
    /// (OSRM's `gaps=split`).
    public var maximumTimeGap: Seconds = 60
    /// Whether a time gap beyond `maximumTimeGap` splits the trace.
    public var splitsAtTimeGaps = true
    /// The fastest plausible drive (OSRM's 180 km/h): with timestamps, a road between two points may be
    /// at most the median sampling interval times this longer or shorter than the straight line.
    public var maximumSpeed: MetersPerSecond = 50
    /// Without timestamps, the largest |route length − great-circle length| of a transition (OSRM's).
    public var maximumDistanceDelta: Meters = 2000
    /// Without timestamps, a transition's |route length − great-circle length| is also at most the
    /// great-circle length or this, whichever is more: Waymark's bound where OSRM's many-to-many search
    /// has none, so that each transition search covers the roads within twice the points' distance
    /// rather than 2 km around every candidate (a drive more than twice as long as the straight line
    /// between two fixes scores below e⁻²⁵ of a straight one at β = 10 m anyway).
    public var minimumDistanceDelta: Meters = 250
    /// Points in a row that no candidate can be reached on (outliers) before the trace is split there
    /// (OSRM's maximum of broken states).
    public var maximumBrokenPoints = 10

    public init() {}
}
