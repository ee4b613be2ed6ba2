import Routing

/// The size limits of one request, so a single client cannot make the server do unbounded work.
///
/// Defaults follow `osrm-routed`'s where it has one (`--max-viaroute-size 500`, `--max-table-size 100`,
/// `--max-nearest-size 100`, `--max-trip-size 100`, `--max-matching-size 100`, `--max-alternatives 3`); the URL limit is Waymark's (OSRM has none; 8 KiB holds 300 coordinates
/// with six decimals).
public struct ServiceLimits: Sendable, Equatable {
    /// Coordinates in one route, waypoints or markers request.
    public var routeCoordinates: Int
    /// Coordinates in one table request (sources × destinations is bounded by its square).
    public var tableCoordinates: Int
    /// Stops in one trip request (its table is their square, its exact search bounded apart).
    public var tripStops: Int
    /// Largest `number` of a nearest request.
    public var nearestResults: Int
    /// Longest request target (path and query), in bytes.
    public var urlBytes: Int
    /// Longest request body, in bytes (every service is GET; a body is read only to be refused).
    public var bodyBytes: Int
    /// Longest time one request may compute before the server answers `Timeout`.
    public var requestTimeoutSeconds: Double
    /// Requests that may wait for a free worker before new ones are refused with `Overloaded`.
    public var queuedRequests: Int
    /// Largest `radius` of a points-of-interest request, metres.
    public var poiRadiusMeters: Double
    /// The output budget of one `/waypoints` or `/markers` request: the most waypoints its route may be
    /// densified into, estimated before any is made as the route's own points plus its length over the
    /// spacing (`spacing=1` on a 300 km route asks 300,000). 100,000 waypoints are about 30 MB of
    /// markers; a request over the budget is `TooBig` before the work.
    public var waypointsPerRequest: Int
    /// The largest body one request may be answered with, bytes; a larger one is `TooBig`.
    public var responseBytes: Int
    /// Most alternatives one route request may ask for (`osrm-routed --max-alternatives`, default 3);
    /// each costs an unpacking and a test, so more is `TooBig`.
    public var alternatives: Int
    /// Points in one match request (OSRM's `--max-matching-size`).
    public var matchCoordinates: Int
    /// Largest `radiuses` value of a match request, metres: a point's candidates are searched within
    /// three times it (OSRM's `--max-matching-radius`; OSRM has no limit by default).
    public var matchRadiusMeters: Double

    public init(routeCoordinates: Int = 500, tableCoordinates: Int = 100, nearestResults: Int = 100, urlBytes: Int = 8192,
                bodyBytes: Int = 8192, requestTimeoutSeconds: Double = 10, queuedRequests: Int = 1024,
                poiRadiusMeters: Double = 5000, waypointsPerRequest: Int = 100_000, responseBytes: Int = 64 << 20,
                tripStops: Int = 100, matchCoordinates: Int = 100, matchRadiusMeters: Double = 100,
                alternatives: Int = AlternativeOptions.defaultMaximumCount) {
        self.routeCoordinates = routeCoordinates
        self.tableCoordinates = tableCoordinates
        self.nearestResults = nearestResults
        self.urlBytes = urlBytes
        self.bodyBytes = bodyBytes
        self.requestTimeoutSeconds = requestTimeoutSeconds
        self.queuedRequests = queuedRequests
        self.poiRadiusMeters = poiRadiusMeters
        self.waypointsPerRequest = waypointsPerRequest
        self.responseBytes = responseBytes
        self.tripStops = tripStops
        self.matchCoordinates = matchCoordinates
        self.matchRadiusMeters = matchRadiusMeters
        self.alternatives = alternatives
    }
}
