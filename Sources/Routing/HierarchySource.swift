/// Where a router's contraction hierarchies come from.
public enum HierarchySource: Sendable {
    /// None: the router answers with A* (and Dijkstra on request).
    case none
    /// Contract both metrics now, in parallel (an import, or a router for one session). When the
    /// turn-expanded graph fills in (`ContractionHierarchyError.tooDense`), the router contracts potential
    /// hierarchies instead (`Router.hierarchiesLeftOut` says why) and routes with A* on them.
    case contract(ContractionOptions)
    /// Potential hierarchies a database kept, per metric by their `PotentialHierarchy.storedArrays`
    /// names; each is validated against the router's graph before use.
    case storedPotentials([RoutingMetric: [String: [UInt32]]])
    /// Arrays a database kept, per metric by their `RoutingHierarchy.storedArrays` names; each is
    /// validated against the router's graph before use.
    case stored([RoutingMetric: [String: [UInt32]]])

    /// The name a database keeps a metric's potential hierarchy under (`potential_time`, …).
    public static func potentialName(of metric: RoutingMetric) -> String { potentialPrefix + metric.rawValue }
    private static let potentialPrefix = "potential_"

    /// The metric of a stored hierarchy's name and whether it is a potential hierarchy; nil for a name
    /// that is neither a metric nor `potentialName(of:)` of one.
    public static func storedKind(of name: String) -> (metric: RoutingMetric, isPotential: Bool)? {
        if let metric = RoutingMetric(rawValue: name) { return (metric, false) }
        guard name.hasPrefix(potentialPrefix), let metric = RoutingMetric(rawValue: String(name.dropFirst(potentialPrefix.count))) else { return nil }
        return (metric, true)
    }

    /// Stored arrays keyed by hierarchy name, as a database keeps them: a metric's name (`time`,
    /// `distance`) for hierarchies over turn states, `potentialName(of:)` for potential hierarchies; none
    /// gives `.none`.
    /// - Throws: `ContractionHierarchyError.damaged` for a name that is neither, or for both kinds at once.
    public static func stored(byMetricName arrays: [String: [String: [UInt32]]]) throws(ContractionHierarchyError) -> HierarchySource {
        guard !arrays.isEmpty else { return .none }
        var stored: [RoutingMetric: [String: [UInt32]]] = [:], potentials = stored
        for (name, metricArrays) in arrays {
            guard let kind = storedKind(of: name) else {
                throw .damaged(array: "ch.\(name)", reason: "not a metric (time or distance) nor a potential hierarchy (potential_time or potential_distance)")
            }
            if kind.isPotential { potentials[kind.metric] = metricArrays } else { stored[kind.metric] = metricArrays }
        }
        if !stored.isEmpty && !potentials.isEmpty {
            throw .damaged(array: "ch.\(potentialName(of: potentials.keys.first!))", reason: "stored beside hierarchies over turn states")
        }
        return potentials.isEmpty ? .stored(stored) : .storedPotentials(potentials)
    }
}
