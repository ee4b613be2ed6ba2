import RoadNetwork

/// Everything a road database holds, as loaded by `RoadNetworkStore.load(path:)`.
public struct StoredRoadNetwork: Sendable {
    public var graph: RoadGraph
    public var pointsOfInterest: [PointOfInterest]
    public var metadata: RoadNetworkMetadata
    /// Contraction hierarchies' arrays by hierarchy name (the metric) and array name; empty when the
    /// database was imported without them.
    public var hierarchies: [String: [String: [UInt32]]]

    public init(graph: RoadGraph, pointsOfInterest: [PointOfInterest], metadata: RoadNetworkMetadata,
                hierarchies: [String: [String: [UInt32]]] = [:]) {
        self.graph = graph
        self.pointsOfInterest = pointsOfInterest
        self.metadata = metadata
        self.hierarchies = hierarchies
    }
}
