/// Which shortest-path search a query runs; all share the state model and give equal costs.
public enum SearchAlgorithm: String, Sendable, CaseIterable {
    /// The router's contraction hierarchy for the metric (the default); A* when it has none.
    case contractionHierarchy = "ch"
    /// A* with the great-circle lower bound (and the landmarks' bound when the router has them).
    case aStar = "astar"
    /// Plain Dijkstra (a zero heuristic): slower, kept for checking the others.
    case dijkstra = "dijkstra"
}
