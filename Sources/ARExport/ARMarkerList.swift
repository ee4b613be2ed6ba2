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

/// The AR app's complete marker list: the frame, the markers in route order, and their batches.
public struct ARMarkerList: Sendable {
    public var frame: ARWorldFrame
    /// Where the origin's ground height came from.
    public var originElevationSource: ElevationSource
    public var options: ARMarkerOptions
    public var markers: [ARMarker]
    public var batches: [ARMarkerBatch]
    /// Length of the route the markers follow.
    public var routeDistance: Meters

    public init(frame: ARWorldFrame, originElevationSource: ElevationSource, options: ARMarkerOptions,
                markers: [ARMarker], batches: [ARMarkerBatch], routeDistance: Meters) {
        self.frame = frame
        self.originElevationSource = originElevationSource
        self.options = options
        self.markers = markers
        self.batches = batches
        self.routeDistance = routeDistance
    }
}
