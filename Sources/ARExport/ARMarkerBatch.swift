import Geodesy

/// Where the next batch must be requested: the vehicle reaching `distanceAlongRoute` (equivalently,
/// coming within `radius` of the batch's last marker, at `coordinate` on the route).
public struct BatchTrigger: Sendable, Hashable {
    public var distanceAlongRoute: Meters
    public var coordinate: Coordinate
    /// The configured trigger distance (`--batch-trigger`).
    public var radius: Meters
    /// Index of the marker the trigger refers to (the batch's last).
    public var markerIndex: Int

    public init(distanceAlongRoute: Meters, coordinate: Coordinate, radius: Meters, markerIndex: Int) {
        self.distanceAlongRoute = distanceAlongRoute
        self.coordinate = coordinate
        self.radius = radius
        self.markerIndex = markerIndex
    }
}

/// A slice of the markers the app loads at once.
///
/// Invariant: batches partition `0..<markers.count` in order, each `markers` range has `batchSize`
/// entries except possibly the last; `nextBatchTrigger` is nil exactly for the last batch.
public struct ARMarkerBatch: Sendable, Hashable {
    public var index: Int
    /// Indices into `ARMarkerList.markers`.
    public var markers: Range<Int>
    public var startDistance: Meters
    public var endDistance: Meters
    public var nextBatchTrigger: BatchTrigger?

    public init(index: Int, markers: Range<Int>, startDistance: Meters, endDistance: Meters, nextBatchTrigger: BatchTrigger?) {
        self.index = index
        self.markers = markers
        self.startDistance = startDistance
        self.endDistance = endDistance
        self.nextBatchTrigger = nextBatchTrigger
    }
}
