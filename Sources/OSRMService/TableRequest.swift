import Geodesy

/// A `/table/v1` request: coordinates, which are sources and destinations, and which tables to return.
public struct TableRequest: Sendable {
    public var coordinates: [Coordinate]
    /// Indices of the source coordinates (all when not given).
    public var sources: [Int]
    /// Indices of the destination coordinates (all when not given).
    public var destinations: [Int]
    public var durations = true
    public var distances = false
    public var snapping: SnapOptions
    public var skipWaypoints = false

    static let optionNames = ["sources", "destinations", "annotations"] + SnapOptions.optionNames

    /// A table from `sources` to `destinations` (one coordinate list, sources first), with both
    /// durations and distances: what `waymark table` asks.
    public init(sources: [Coordinate], destinations: [Coordinate], snapping: SnapOptions? = nil) {
        coordinates = sources + destinations
        self.sources = Array(sources.indices)
        self.destinations = Array(sources.count ..< sources.count + destinations.count)
        distances = true
        self.snapping = snapping ?? SnapOptions(count: sources.count + destinations.count)
    }

    init(coordinates: [Coordinate], sources: [Int], destinations: [Int], snapping: SnapOptions) {
        self.coordinates = coordinates
        self.sources = sources
        self.destinations = destinations
        self.snapping = snapping
    }

    /// - Throws: as `RouteRequest.parse`; `TooBig` past `limits.tableCoordinates` coordinates.
    public static func parse(coordinates text: String, options: [(name: String, value: String)],
                             limits: ServiceLimits) throws(ServiceError) -> TableRequest {
        let coordinates = try CoordinateList.parse(text)
        guard coordinates.count >= 1 else { throw ServiceError(.invalidOptions, "a table needs coordinates") }
        guard coordinates.count <= limits.tableCoordinates else {
            throw ServiceError(.tooBig, "Number of entries \(coordinates.count) is higher than current maximum (\(limits.tableCoordinates))")
        }
        var reader = try OptionReader(options)
        let all = Array(coordinates.indices)
        let sources = try reader.indices("sources", count: coordinates.count) ?? all
        let destinations = try reader.indices("destinations", count: coordinates.count) ?? all
        var request = TableRequest(coordinates: coordinates, sources: sources, destinations: destinations,
                                   snapping: try SnapOptions.read(from: &reader, count: coordinates.count))
        if let text = reader.take("annotations") {
            let kinds = text.split(separator: ",", omittingEmptySubsequences: false)
            guard !kinds.isEmpty, kinds.allSatisfy({ $0 == "duration" || $0 == "distance" }) else {
                throw OptionReader.invalid("annotations", text, expected: "duration, distance or duration,distance")
            }
            request.durations = kinds.contains("duration")
            request.distances = kinds.contains("distance")
        }
        request.skipWaypoints = try reader.bool("skip_waypoints", default: false)
        try reader.finish(allowed: optionNames)
        return request
    }
}
