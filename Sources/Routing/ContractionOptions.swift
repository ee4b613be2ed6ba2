/// How `ContractionHierarchy(graph:options:)` orders and contracts the vertices.
public struct ContractionOptions: Sendable {
    /// Settled-vertex bound of each witness search when a vertex is contracted. Larger finds more
    /// witnesses (fewer shortcuts, faster queries) at more build time.
    public var witnessSettledLimit = 500
    /// The same bound while estimating priorities (simulated contractions).
    public var simulationSettledLimit = 20
    /// Recompute the priority of the queue's minimum before contracting it, and put it back when it
    /// is no longer the minimum (Geisberger's lazy updates).
    public var lazyUpdates = true
    /// Recompute the neighbours' priorities right after each contraction; when false they are only
    /// marked stale and recomputed when they reach the front of the queue.
    public var neighbourUpdates = true
    /// A fixed order to contract in (`rank[v]` = position of `v`), e.g. another metric's hierarchy's
    /// `rank`; nil computes one from the priorities. Must be a permutation of the vertices.
    public var rank: [UInt32]? = nil

    public init(witnessSettledLimit: Int = 500, simulationSettledLimit: Int = 20, lazyUpdates: Bool = true,
                neighbourUpdates: Bool = true, rank: [UInt32]? = nil) {
        self.neighbourUpdates = neighbourUpdates
        self.witnessSettledLimit = witnessSettledLimit
        self.simulationSettledLimit = simulationSettledLimit
        self.lazyUpdates = lazyUpdates
        self.rank = rank
    }
}
