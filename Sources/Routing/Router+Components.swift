extension Router {
    /// Routing nodes in the largest strongly connected component (turn restrictions and access rules
    /// ignored, so an upper bound on what routes). Random pairs route about `share²` of the time when
    /// the rest of the graph is small islands: context for a benchmark's "no route" failures.
    public var largestComponentSize: Int { components.largestComponentSize }
}
