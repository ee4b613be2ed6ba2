import Geodesy
import RoadNetwork
import Routing

/// OSRM's general options that steer snapping and the roads used: `radiuses`, `bearings`, `exclude`,
/// `snapping`, and the accepted but unused `hints`/`generate_hints`/`approaches`.
public struct SnapOptions: Sendable, Equatable {
    /// A road class `exclude=` can leave out.
    public enum ExcludeClass: String, Sendable, CaseIterable, Hashable, Comparable {
        case motorway, toll, ferry

        public static func < (a: ExcludeClass, b: ExcludeClass) -> Bool { a.rawValue < b.rawValue }

        /// Whether an edge belongs to the class.
        func contains(_ edge: EdgeIndex, in graph: RoadGraph) -> Bool {
            let e = Int(edge)
            switch self {
            case .motorway: return graph.highway[e] == .motorway || graph.highway[e] == .motorwayLink
            case .toll: return graph.flags[e].contains(.toll)
            case .ferry: return graph.flags[e].contains(.ferry)
            }
        }
    }

    /// `{value},{range}`: snap only to roads whose direction lies within `range` degrees of `value`.
    public struct BearingFilter: Sendable, Equatable {
        public var value: Int
        public var range: Int

        public init(value: Int, range: Int) {
            self.value = value
            self.range = range
        }

        /// Whether a road direction (degrees) lies within the filter.
        func accepts(_ bearing: Bearing) -> Bool {
            var difference = abs(bearing.degrees - Double(value)).truncatingRemainder(dividingBy: 360)
            if difference > 180 { difference = 360 - difference }
            return difference <= Double(range)
        }
    }

    /// Per coordinate: the snapping limit in metres (nil: the service's default).
    public var radiuses: [Meters?]
    /// Per coordinate: the direction filter (nil: any direction).
    public var bearings: [BearingFilter?]
    public var exclude: Set<ExcludeClass> = []
    /// The limit of a coordinate without a radius of its own (the CLI's `--max-snap`).
    public var defaultRadius: Meters = SnapOptions.standardRadius

    /// OSRM's default radius is unlimited; Waymark's is 1 km (the CLI's `--max-snap` default), so a
    /// coordinate in the sea is `NoSegment` rather than a route from a far-away coast.
    public static let standardRadius: Meters = 1000
    /// Largest radius accepted; `unlimited` means this.
    public static let maximumRadius: Meters = 100_000

    public init(count: Int) {
        radiuses = Array(repeating: nil, count: count)
        bearings = Array(repeating: nil, count: count)
    }

    static let optionNames = ["radiuses", "bearings", "exclude", "snapping", "hints", "generate_hints", "approaches", "skip_waypoints"]

    /// Reads the snapping options for `count` coordinates.
    static func read(from reader: inout OptionReader, count: Int) throws(ServiceError) -> SnapOptions {
        var options = SnapOptions(count: count)
        if let radiuses = try reader.perCoordinate("radiuses", count: count, expected: "{radius};{radius}… (metres >= 0 or unlimited)", parseRadius) {
            options.radiuses = radiuses
        }
        if let bearings = try reader.perCoordinate("bearings", count: count, expected: "{value},{range};… (0...360, 0...180)", parseBearing) {
            options.bearings = bearings
        }
        if let text = reader.take("exclude"), !text.isEmpty, text != "none" {
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let c = ExcludeClass(rawValue: String(item)) else {
                    throw ServiceError(.invalidValue, "Exclude flag combination is not supported: exclude='\(text)' (classes: motorway, toll, ferry)")
                }
                options.exclude.insert(c)
            }
        }
        // Accepted for client compatibility: snapping to any edge is what Waymark does anyway, it gives
        // no hints, and a hint or approach only narrows OSRM's own search.
        _ = try reader.choice("snapping", default: Snapping.default)
        _ = try reader.bool("generate_hints", default: true)
        _ = try reader.perCoordinate("hints", count: count, expected: "base64 hints") { $0 }
        _ = try reader.perCoordinate("approaches", count: count, expected: "curb, opposite or unrestricted") { Approach(rawValue: String($0)) }
        return options
    }

    enum Snapping: String, CaseIterable { case `default`, any }
    enum Approach: String, CaseIterable { case curb, opposite, unrestricted }

    static func parseRadius(_ text: Substring) -> Meters? {
        if text == "unlimited" { return maximumRadius }
        guard let value = DecimalNumber.parse(text), value >= 0, value.isFinite else { return nil }
        return min(value, maximumRadius)
    }

    static func parseBearing(_ text: Substring) -> BearingFilter? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let value = OptionReader.integer(parts[0]), let range = OptionReader.integer(parts[1]),
              value <= 360, range <= 180 else { return nil }
        return BearingFilter(value: value % 360, range: range)
    }

    /// The snapping limit of coordinate `i`.
    func radius(_ i: Int) -> Meters { radiuses[i] ?? defaultRadius }

    /// The edge filter of coordinate `i`: not excluded, and with a direction (of the edge or, on a
    /// two-way road, its twin) within the bearing filter at the segment nearest the coordinate.
    func edgeFilter(_ i: Int, coordinate: Coordinate, router: Router) -> (EdgeIndex) -> Bool {
        let graph = router.graph
        let excluded = exclude.sorted()
        let bearing = bearings[i]
        return { edge in
            for c in excluded where c.contains(edge, in: graph) { return false }
            guard let bearing else { return true }
            let direction = Self.direction(of: edge, near: coordinate, graph: graph)
            if bearing.accepts(direction) { return true }
            return router.twin(of: edge) != nil && bearing.accepts(direction.reversed)
        }
    }

    /// The direction of an edge along its segment closest to `coordinate`.
    /// - Complexity: O(points of the edge).
    static func direction(of edge: EdgeIndex, near coordinate: Coordinate, graph: RoadGraph) -> Bearing {
        let points = graph.geometry(of: edge)
        var best = (distance: Double.infinity, k: 0)
        for k in 0..<(points.count - 1) where points[k] != points[k + 1] {
            let hit = GreatCircle.closestPoint(to: coordinate, onSegmentFrom: points[k], to: points[k + 1])
            if hit.distance < best.distance { best = (hit.distance, k) }
        }
        return GreatCircle.initialBearing(from: points[best.k], to: points[min(best.k + 1, points.count - 1)])
    }
}
