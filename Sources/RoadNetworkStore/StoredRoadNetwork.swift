import RoadNetwork

/// Everything a road database holds, as loaded by `RoadNetworkStore.load(path:)`.
public struct StoredRoadNetwork: Sendable {
    public var graph: RoadGraph
    public var pointsOfInterest: [PointOfInterest]
    public var metadata: RoadNetworkMetadata

    public init(graph: RoadGraph, pointsOfInterest: [PointOfInterest], metadata: RoadNetworkMetadata) {
        self.graph = graph
        self.pointsOfInterest = pointsOfInterest
        self.metadata = metadata
    }
}
