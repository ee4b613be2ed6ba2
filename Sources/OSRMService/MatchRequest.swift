import Geodesy
import MapMatching
import RouteFormats

/// A `/match/v1` request: a GPS trace and OSRM's match options, with OSRM's defaults.
///
/// `radiuses` are the standard deviation of each point's GPS error (default 5 m), not snapping limits
/// as in the other services; `timestamps` are whole seconds, strictly increasing. The one request model
/// of `waymark serve` and `waymark match`.
public struct MatchRequest: Sendable {
    /// OSRM's `gaps`: whether a long time gap splits the trace.
    public enum Gaps: String, Sendable, CaseIterable {
        case split, ignore
    }

    public var coordinates: [Coordinate]
    public var timestamps: [Seconds]?
    /// Per point: the GPS precision in metres (nil: the default, 5 m).
    public var radiuses: [Meters?]
    public var gaps: Gaps = .split
    public var tidy = false
    public var steps = false
    public var geometries: OSRMRouteResponse.GeometryFormat = .polyline
    public var overview: RouteRequest.Overview = .simplified
    public var annotations: Set<RouteRequest.Annotation> = []

    public init(coordinates: [Coordinate]) {
        self.coordinates = coordinates
        radiuses = coordinates.map { _ in nil }
    }

    /// The option names the match service takes (`generate_hints` is accepted and unused, as hints are
    /// not written).
    static let optionNames = ["steps", "geometries", "overview", "annotations", "timestamps", "radiuses", "gaps", "tidy",
                              "generate_hints"]

    /// The largest timestamp accepted (seconds since 1970, year 33658): 12 digits.
    static let maximumTimestampDigits = 12

    /// Builds a request from the coordinates segment and the options.
    public static func parse(coordinates text: String, options: [(name: String, value: String)],
                             limits: ServiceLimits) throws(ServiceError) -> MatchRequest {
        try parse(coordinates: CoordinateList.parse(text), options: options, limits: limits)
    }

    /// Builds a request from parsed coordinates (the CLI's trace) and the options.
    /// - Throws: `InvalidValue` for fewer than two points, a coordinate out of range, a radius outside
    ///   0 < r ≤ `limits.matchRadiusMeters` or timestamps that do not increase, naming the index;
    ///   `TooBig` past `limits.matchCoordinates`; `InvalidQuery` for malformed options; `InvalidOptions`
    ///   for lists of the wrong length.
    public static func parse(coordinates: [Coordinate], options: [(name: String, value: String)],
                             limits: ServiceLimits) throws(ServiceError) -> MatchRequest {
        for (i, c) in coordinates.enumerated() where !c.isValid {
            throw ServiceError(.invalidValue, "Invalid coordinate value: coordinate \(i) is out of range")
        }
        guard coordinates.count >= 2 else {
            throw ServiceError(.invalidValue, "a trace needs at least two coordinates (got \(coordinates.count))")
        }
        guard coordinates.count <= limits.matchCoordinates else {
            throw ServiceError(.tooBig, "Number of entries \(coordinates.count) is higher than current maximum (\(limits.matchCoordinates))")
        }
        var reader = try OptionReader(options)
        var request = MatchRequest(coordinates: coordinates)
        request.steps = try reader.bool("steps", default: false)
        request.geometries = try reader.choice("geometries", default: .polyline)
        request.overview = try reader.choice("overview", default: .simplified)
        request.annotations = try RouteRequest.parseAnnotations(reader.take("annotations"))
        request.gaps = try reader.choice("gaps", default: .split)
        request.tidy = try reader.bool("tidy", default: false)
        _ = try reader.bool("generate_hints", default: true)
        request.radiuses = try readRadiuses(from: &reader, count: coordinates.count, limit: limits.matchRadiusMeters)
        request.timestamps = try readTimestamps(from: &reader, count: coordinates.count)
        try reader.finish(allowed: optionNames)
        return request
    }

    /// `radiuses`: a GPS precision per point, each in 0 < r ≤ `limit` (empty: the default).
    static func readRadiuses(from reader: inout OptionReader, count: Int, limit: Meters) throws(ServiceError) -> [Meters?] {
        guard let radiuses = try reader.perCoordinate("radiuses", count: count, expected: "a number of metres",
                                                      { DecimalNumber.parse($0) }) else {
            return Array(repeating: nil, count: count)
        }
        for (i, radius) in radiuses.enumerated() {
            guard let radius, !(radius > 0 && radius <= limit) else { continue }
            throw ServiceError(.invalidValue, "radiuses: radius \(i) (\(radius)) is out of range (expected greater than 0 and at most \(limit) m)")
        }
        return radiuses
    }

    /// `timestamps`: whole seconds per point, each later than the one before.
    static func readTimestamps(from reader: inout OptionReader, count: Int) throws(ServiceError) -> [Seconds]? {
        guard let given = try reader.perCoordinate("timestamps", count: count, expected: "whole seconds since 1970", { text in
            text.count <= maximumTimestampDigits && text.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } ? Int(text) : nil
        }) else { return nil }
        var timestamps: [Seconds] = []
        for (i, value) in given.enumerated() {
            guard let value else {
                throw ServiceError(.invalidQuery, "timestamps: timestamp \(i) is missing (expected one for every coordinate)")
            }
            if let last = timestamps.last, Double(value) <= last {
                throw ServiceError(.invalidValue, "timestamps: timestamp \(i) (\(value)) is not later than timestamp \(i - 1) (timestamps must increase)")
            }
            timestamps.append(Double(value))
        }
        return timestamps
    }

    /// The trace the matcher reads: the request's points, times and precisions (defaults filled in).
    /// - Throws: `InvalidOptions` for a timestamp or radius list set to the wrong length after parsing;
    ///   `InvalidValue` for a trace the matcher refuses (times set after parsing that do not increase).
    func trace(defaultPrecision: Meters) throws(ServiceError) -> MatchTrace {
        for (name, count) in [("timestamps", timestamps?.count ?? coordinates.count), ("radiuses", radiuses.count)]
        where count != coordinates.count {
            throw ServiceError(.invalidOptions, "Number of \(name) (\(count)) does not match number of coordinates (\(coordinates.count))")
        }
        do throws(MatchTraceError) {
            return try MatchTrace(coordinates: coordinates, timestamps: timestamps,
                                  precisions: radiuses.map { $0 ?? defaultPrecision })
        } catch {
            throw ServiceError(.invalidValue, error.description)
        }
    }
}
