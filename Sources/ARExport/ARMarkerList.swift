import Geodesy

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
