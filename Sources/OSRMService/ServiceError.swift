import RouteFormats

/// A request the service refuses or cannot answer, as OSRM reports it: a `code` such as `InvalidQuery`
/// or `NoRoute`, a readable `message`, and the HTTP status that goes with it.
public struct ServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// OSRM's error codes, plus `Timeout` and `Overloaded` for Waymark's own limits (OSRM has neither).
    public enum Code: String, Sendable, CaseIterable {
        case invalidUrl = "InvalidUrl"
        case invalidService = "InvalidService"
        case invalidVersion = "InvalidVersion"
        case invalidOptions = "InvalidOptions"
        case invalidQuery = "InvalidQuery"
        case invalidValue = "InvalidValue"
        case noSegment = "NoSegment"
        case noRoute = "NoRoute"
        /// A match request none of whose points could be matched to a drive.
        case noMatch = "NoMatch"
        case tooBig = "TooBig"
        /// `/trip`: the stops are not all reachable from one another.
        case noTrips = "NoTrips"
        /// `/trip`: a combination of `roundtrip`, `source` and `destination` OSRM does not solve.
        case notImplemented = "NotImplemented"
        case timeout = "Timeout"
        case overloaded = "Overloaded"

        /// The HTTP status: 400 for every OSRM code (as `osrm-routed` answers), 503 when the server is
        /// out of time or capacity (worth retrying elsewhere, as a load balancer does).
        public var httpStatus: Int {
            switch self {
            case .timeout, .overloaded: 503
            default: 400
            }
        }
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }

    /// The response body, `{"code":"…","message":"…"}`.
    public var body: String { OSRMRouteResponse.errorJSON(code: code.rawValue, message: message) }
}
