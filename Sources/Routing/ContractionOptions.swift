/// How `ContractionHierarchy(graph:options:)` orders and contracts the vertices.
///
/// The defaults were chosen on Porto's turn-expanded graph (148,196 vertices, 391,733 arcs; figures
/// in Benchmarks/notebook, *Contraction hierarchy*): simulations are ~80 % of the build, so bounding their witness searches at 20
/// settled vertices instead of 100 halves the build for ~3 % more shortcuts, and eager neighbour
/// updates only below 8 neighbours save another 20–35 % with the same query effort.
public struct ContractionOptions: Sendable {
    /// Settled-vertex bound of each witness search when a vertex is contracted. Larger finds more
    /// witnesses (fewer shortcuts, faster queries) at more build time.
    @_spi(Experiments) public var witnessSettledLimit = 500
    /// The same bound while estimating priorities (simulated contractions; an estimate needs less).
    @_spi(Experiments) public var simulationSettledLimit = 20
    /// Recompute the priority of the queue's minimum before contracting it, and put it back when it
    /// is no longer the minimum (Geisberger's lazy updates).
    @_spi(Experiments) public var lazyUpdates = true
    /// After contracting a vertex with at most this many neighbours, recompute their priorities at
    /// once; after one with more, only mark them stale (recomputed when they reach the front of the
    /// queue). Eager updates keep the order accurate but cost a simulation per neighbour, which in the
    /// dense top of the hierarchy (dozens of neighbours, each with dozens of arcs) is most of the
    /// build time. `Int.max`: always eager; 0: always lazy.
    @_spi(Experiments) public var neighbourUpdateLimit = 8
    /// The weight of a vertex's level in its priority, against 1000 for each of the two quotients (see
    /// `ContractionHierarchyBuilder`). The level spreads contraction evenly and bounds the hierarchy's
    /// depth; a smaller weight lets the quotients lead, which adds fewer shortcuts and makes upward search
    /// spaces a little wider.
    @_spi(Experiments) public var levelWeight = ContractionOptions.defaultLevelWeight
    /// The level weight of hierarchies built for routing queries (tuned on Porto's turn states).
    public static let defaultLevelWeight = 1000.0
    /// The level weight of potential hierarchies (`PotentialHierarchy`). A* evaluates a potential by
    /// reading every upward arc of every vertex in the upward cones of the nodes it touches, so what
    /// counts there is arcs, not settled vertices. On the generated 1 M-node city this weight leaves
    /// 9 % fewer upward arcs to read per query (as many vertices), 9 % fewer arcs in all and contracts
    /// in 10.4 s instead of 13.9 s (Benchmarks/notebook, *Fewer cache lines per settled state, fewer arcs per potential*). Porto's turn states, for comparison,
    /// settle 4 % more vertices per query with it.
    public static let potentialLevelWeight = 500.0
    /// A fixed order to contract in (`rank[v]` = position of `v`), e.g. another metric's hierarchy's
    /// `rank`; nil computes one from the priorities. Must be a permutation of the vertices.
    @_spi(Experiments) public var rank: [UInt32]? = nil
    /// Give up (`ContractionHierarchyError.tooDense`) as soon as the uncontracted rest passes any of
    /// these limits (with at least `denseRemainderMinimumVertices` left); empty never gives up.
    @_spi(Experiments) public var denseRemainderLimits = DenseRemainderLimit.roadNetwork
    /// Fewer vertices than this are always contracted to the end, however dense (it is cheap).
    var denseRemainderMinimumVertices = 1000

    public init(witnessSettledLimit: Int = 500, simulationSettledLimit: Int = 20, lazyUpdates: Bool = true,
                neighbourUpdateLimit: Int = 8, rank: [UInt32]? = nil, levelWeight: Double = ContractionOptions.defaultLevelWeight,
                denseRemainderLimits: [DenseRemainderLimit] = DenseRemainderLimit.roadNetwork) {
        self.levelWeight = levelWeight
        self.denseRemainderLimits = denseRemainderLimits
        self.neighbourUpdateLimit = neighbourUpdateLimit
        self.witnessSettledLimit = witnessSettledLimit
        self.simulationSettledLimit = simulationSettledLimit
        self.lazyUpdates = lazyUpdates
        self.rank = rank
    }
}
