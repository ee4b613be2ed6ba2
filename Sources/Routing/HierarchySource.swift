/// Where a router's contraction hierarchies come from.
public enum HierarchySource: Sendable {
    /// None: the router answers with A* (and Dijkstra on request).
    case none
    /// Contract both metrics now, in parallel (an import, or a router for one session).
    case contract(ContractionOptions)
    /// Arrays a database kept, per metric by their `RoutingHierarchy.storedArrays` names; each is
    /// validated against the router's graph before use.
    case stored([RoutingMetric: [String: [UInt32]]])
}
