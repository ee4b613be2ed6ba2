/// Which shortest-path search a query runs; both share the state model and give equal costs.
public enum SearchAlgorithm: String, Sendable, CaseIterable {
    /// A* with the great-circle lower bound (the default).
    case aStar
    /// Plain Dijkstra (a zero heuristic): slower, kept for checking A*.
    case dijkstra
}
