/// Where a router's contraction hierarchies come from.
public enum HierarchySource: Sendable {
    /// None: the router answers with A* (and Dijkstra on request).
    case none
    /// Contract both metrics now, in parallel (an import, or a router for one session).
    case contract(ContractionOptions)
    /// Arrays a database kept, per metric by their `RoutingHierarchy.storedArrays` names; each is
    /// validated against the router's graph before use.
    case stored([RoutingMetric: [String: [UInt32]]])

    /// Stored arrays keyed by metric *name* (`time`, `distance`), as a database keeps them; none gives
    /// `.none`.
    /// - Throws: `ContractionHierarchyError.damaged` for a name that is not a metric.
    public static func stored(byMetricName arrays: [String: [String: [UInt32]]]) throws(ContractionHierarchyError) -> HierarchySource {
        guard !arrays.isEmpty else { return .none }
        var stored: [RoutingMetric: [String: [UInt32]]] = [:]
        for (name, metricArrays) in arrays {
            guard let metric = RoutingMetric(rawValue: name) else {
                throw .damaged(array: "ch.\(name)", reason: "not a metric (time or distance)")
            }
            stored[metric] = metricArrays
        }
        return .stored(stored)
    }
}
