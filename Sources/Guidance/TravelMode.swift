import RoadNetwork

/// How the car moves along a stretch: driven, or carried by a ferry (OSRM's step `mode`).
public enum TravelMode: String, Sendable, Hashable, Codable, CaseIterable {
    case driving, ferry

    /// The mode on an edge.
    public init(of edge: EdgeIndex, in graph: borrowing RoadGraph) {
        self = graph.flags[Int(edge)].contains(.ferry) ? .ferry : .driving
    }
}
