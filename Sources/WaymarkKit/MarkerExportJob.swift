import ARExport
import Geodesy
import Guidance

/// One AR marker export from a road network source to a document, the `markers` pipeline: load the
/// network, route, guidance, places and markers, then the document in the requested format.
///
/// Options are checked by the caller first (`GuidanceOptions.validate`, `ARMarkerOptions.validate`) so
/// that bad ones fail before the (slow) load; the marker stage checks its settings again.
public struct MarkerExportJob: Sendable {
    public var source: RoadNetworkSource
    public var start: Coordinate
    public var destination: Coordinate
    /// Points the route passes through, in order.
    public var vias: [Coordinate]
    public var guidance: GuidanceOptions
    public var request: MarkerRequest
    public var format: ARMarkerFormat
    /// The route followed: 0 the best, K its K-th alternative (`Navigator.guidedRoute(…alternative:…)`).
    public var alternative = 0

    public init(source: RoadNetworkSource, start: Coordinate, destination: Coordinate, vias: [Coordinate] = [],
                guidance: GuidanceOptions = GuidanceOptions(), request: MarkerRequest = MarkerRequest(), format: ARMarkerFormat = .json) {
        self.source = source
        self.start = start
        self.destination = destination
        self.vias = vias
        self.guidance = guidance
        self.request = request
        self.format = format
    }

    /// What an export made.
    public struct Result: Sendable {
        /// The marker list in the requested format.
        public var document: String
        public var markerCount: Int
        /// The length of the route the markers follow.
        public var routeDistance: Meters
    }

    /// Runs the stages; `timer`, when given, laps `load`, `route` (the router's set-up included),
    /// `guidance`, `pois`, `dem`, `markers` and `format`.
    /// - Throws: each stage's own error: `RoadNetworkLoadError`, `RoutingError`, `MarkerExportError`.
    /// - Complexity: the load, one route search, and O(waypoints + places near the route) after it.
    public func run(timer: StageTimer? = nil) throws -> Result {
        let network = try source.load()
        timer?.lap("load")
        let navigator = try Navigator(network: network)
        let (route, waypoints) = try navigator.guidedRoute(from: start, to: destination, via: vias, alternative: alternative,
                                                           options: guidance, timer: timer)
        let list = try navigator.markers(for: waypoints, request: request, timer: timer)
        let document = format.document(for: list)
        timer?.lap("format")
        return Result(document: document, markerCount: list.markers.count, routeDistance: route.distance)
    }
}
