import ArgumentParser

/// What `ch-measure` measures instead of the node or turn graph's hierarchy.
enum MeasurementMode: String, EnumerableFlag {
    /// A* on the router's states with a potential hierarchy (the junction graph, each edge at its cheapest transition).
    case potentials
    /// The router's own turn-expanded graph contracted (turn costs, restriction contexts, access phases).
    case router
    /// Two exact A* bounds compared: the junction graph's and the axis graph's.
    case axis

    static func help(for value: MeasurementMode) -> ArgumentHelp? {
        switch value {
        case .potentials:
            "Contract a potential hierarchy and time A* on the router's states with it over --pairs node pairs (seed 42), checking --check of them against Dijkstra."
        case .router:
            "Contract the router's own turn-expanded graph (what `waymark import` contracts); report contraction time, shortcuts per state and a state-to-state query."
        case .axis:
            "Compare two exact A* bounds, each by a full backward Dijkstra per query, over --pairs node pairs (default 100): the junction graph's distance and the axis graph's."
        }
    }
}
