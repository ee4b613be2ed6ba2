import Geodesy
import TripPlanning

/// A `/trip/v1` request: the stops, OSRM's `roundtrip`, `source` and `destination`, and the route
/// options (`steps`, `geometries`, `overview`, `annotations`, snapping, …) its trips are written with.
public struct TripRequest: Sendable {
    /// OSRM's `source`: the trip starts at the first coordinate, or anywhere.
    public enum Source: String, Sendable, CaseIterable { case any, first }
    /// OSRM's `destination`: the trip ends at the last coordinate, or anywhere.
    public enum Destination: String, Sendable, CaseIterable { case any, last }

    /// The stops as coordinates and every route option; each trip is routed with these options, its
    /// coordinates in trip order.
    public var route: RouteRequest
    public var roundtrip = true
    public var source: Source = .any
    public var destination: Destination = .any

    public init(route: RouteRequest) { self.route = route }

    /// The stops, in input order.
    public var coordinates: [Coordinate] { route.coordinates }

    /// The solver's view of the options: pinned first and last stops, closed or open.
    public var shape: TripShape {
        TripShape(roundtrip: roundtrip, start: source == .first ? 0 : nil, end: destination == .last ? coordinates.count - 1 : nil)
    }

    /// The trip's own option names; the rest are the route service's but `waypoints`.
    static let optionNames = ["roundtrip", "source", "destination"]

    /// Builds a request from the coordinates segment and the options.
    /// - Throws: as `RouteRequest.parse`; `TooBig` past `limits.tripStops`; `NotImplemented` for
    ///   `roundtrip=false` with neither `source=first` nor `destination=last` (as OSRM); `InvalidOptions`
    ///   for `waypoints`, which a trip has no use for.
    public static func parse(coordinates text: String, options: [(name: String, value: String)],
                             limits: ServiceLimits) throws(ServiceError) -> TripRequest {
        try parse(coordinates: CoordinateList.parse(text), options: options, limits: limits)
    }

    /// Builds a request from parsed coordinates (the CLI's `--stop`s) and the options.
    public static func parse(coordinates: [Coordinate], options: [(name: String, value: String)],
                             limits: ServiceLimits) throws(ServiceError) -> TripRequest {
        guard coordinates.count >= 2 else {
            throw ServiceError(.invalidOptions, "a trip needs at least two stops (got \(coordinates.count))")
        }
        guard coordinates.count <= limits.tripStops else {
            throw ServiceError(.tooBig, "Number of entries \(coordinates.count) is higher than current maximum (\(limits.tripStops))")
        }
        var reader = try OptionReader(options.filter { optionNames.contains($0.name) })
        let roundtrip = try reader.bool("roundtrip", default: true)
        let source = try reader.choice("source", default: Source.any)
        let destination = try reader.choice("destination", default: Destination.any)
        guard roundtrip || source == .first || destination == .last else {
            throw ServiceError(.notImplemented, "This request is not supported: roundtrip=false needs source=first or destination=last "
                               + "(an open trip with both ends free is not offered, as in OSRM)")
        }
        if options.contains(where: { $0.name == "waypoints" }) {
            throw ServiceError(.invalidOptions, "option waypoints is not supported by the trip service (every stop ends a leg)")
        }
        var routeLimits = limits
        routeLimits.routeCoordinates = max(limits.routeCoordinates, limits.tripStops)
        var request = TripRequest(route: try RouteRequest.parse(coordinates: coordinates, options: options.filter { !optionNames.contains($0.name) },
                                                                limits: routeLimits))
        (request.roundtrip, request.source, request.destination) = (roundtrip, source, destination)
        return request
    }

    /// The route request of one trip: the stops in `order` (and back to the first for a round trip),
    /// each with its own snapping options.
    func routeRequest(visiting order: [Int]) -> RouteRequest {
        let stops = roundtrip ? order + [order[0]] : order
        var request = route
        request.coordinates = stops.map { route.coordinates[$0] }
        request.snapping.radiuses = stops.map { route.snapping.radiuses[$0] }
        request.snapping.bearings = stops.map { route.snapping.bearings[$0] }
        return request
    }
}
