/// What makes a route an admissible alternative to the best one (the via-node method of Abraham et
/// al., "Alternative routes in road networks", 2013, with OSRM's defaults).
///
/// An alternative is admissible when its weight is at most `1 + maximumStretch` times the best route's,
/// the weight it shares with the best route (and with every alternative chosen before it) is at most
/// `maximumSharing` of the best route's weight, it drives no road edge twice, and it is locally optimal:
/// the stretch of it around its via vertex covering `localOptimality` of the best route's weight is itself
/// a shortest path (the "T-test"), so it makes no needless detour a driver would not take.
///
/// Contract: `maximumStretch >= 0`, `maximumSharing` and `localOptimality` in 0...1, `candidateLimit >= 1`
/// (`init` clamps them).
public struct AlternativeOptions: Sendable, Equatable {
    /// OSRM's default most alternatives per request (`osrm-routed --max-alternatives`): services ask this
    /// many when they select the K-th route, so that K means the same route as in a full answer.
    public static let defaultMaximumCount = 3
    /// OSRM's default stretch limit: an alternative at most 25 % heavier than the best route.
    public static let defaultMaximumStretch = 0.25
    /// OSRM's default sharing limit: at most 75 % of the best route's weight shared.
    public static let defaultMaximumSharing = 0.75
    /// The T-test's share of the best route's weight around the via vertex (Abraham et al.'s α).
    public static let defaultLocalOptimality = 0.25
    /// Candidates unpacked and tested at most per request: the cheapest-looking by packed sharing and
    /// stretch. Each costs an unpacking and one hierarchy query; past a few dozen the last ones are
    /// seldom taken.
    public static let defaultCandidateLimit = 32
    /// The weight of the stretch beside the sharing in a candidate's score (lower is better): Abraham et
    /// al.'s ordering, which prefers a route that is hardly slower to one that is merely different.
    static let stretchWeightInScore = 2.0

    public var maximumStretch: Double
    public var maximumSharing: Double
    public var localOptimality: Double
    public var candidateLimit: Int

    public init(maximumStretch: Double = defaultMaximumStretch, maximumSharing: Double = defaultMaximumSharing,
                localOptimality: Double = defaultLocalOptimality, candidateLimit: Int = defaultCandidateLimit) {
        self.maximumStretch = max(0, maximumStretch)
        self.maximumSharing = min(1, max(0, maximumSharing))
        self.localOptimality = min(1, max(0, localOptimality))
        self.candidateLimit = max(1, candidateLimit)
    }
}
