import Geodesy

/// A `/nearest/v1` request: one coordinate, `number` results, and the general snapping options.
public struct NearestRequest: Sendable {
    public var coordinate: Coordinate
    public var number = 1
    public var snapping: SnapOptions
    public var skipWaypoints = false

    static let optionNames = ["number"] + SnapOptions.optionNames

    /// - Throws: as `RouteRequest.parse`; `InvalidOptions` unless exactly one coordinate is given,
    ///   `TooBig` for a `number` beyond `limits.nearestResults`.
    public static func parse(coordinates text: String, options: [(name: String, value: String)],
                             limits: ServiceLimits) throws(ServiceError) -> NearestRequest {
        let coordinates = try CoordinateList.parse(text)
        guard coordinates.count == 1 else {
            throw ServiceError(.invalidOptions, "nearest takes exactly one coordinate (got \(coordinates.count))")
        }
        var reader = try OptionReader(options)
        let number = try reader.integer("number", default: 1, range: 1...1_000_000)
        guard number <= limits.nearestResults else {
            throw ServiceError(.tooBig, "Number of results \(number) is higher than current maximum (\(limits.nearestResults))")
        }
        var request = NearestRequest(coordinate: coordinates[0], snapping: try SnapOptions.read(from: &reader, count: 1))
        request.number = number
        request.skipWaypoints = try reader.bool("skip_waypoints", default: false)
        try reader.finish(allowed: optionNames)
        return request
    }
}
