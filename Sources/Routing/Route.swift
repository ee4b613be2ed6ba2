import Geodesy
import RoadNetwork

/// What A* minimises.
public enum RoutingMetric: String, Sendable, CaseIterable, Codable {
    /// Travel time at the profile's routing speeds (the default).
    case time
    /// Driven distance.
    case distance
}

/// An input coordinate placed on the nearest point of a drivable edge.
public struct SnappedLocation: Hashable, Sendable {
    /// The coordinate as the user gave it.
    public var input: Coordinate
    /// The nearest point on the road.
    public var location: Coordinate
    /// The directed edge the point lies on (its twin in the other direction, if any, is also usable).
    public var edge: EdgeIndex
    /// How far along `edge` the point lies, as a fraction of the edge's length (0 = tail, 1 = head).
    public var fraction: Double
    /// Distance from `input` to `location`.
    public var distance: Meters

    public init(input: Coordinate, location: Coordinate, edge: EdgeIndex, fraction: Double, distance: Meters) {
        self.input = input
        self.location = location
        self.edge = edge
        self.fraction = fraction
        self.distance = distance
    }
}

/// One leg of a route: from one snapped location to the next.
///
/// Invariant: `coordinates.count == segmentEdge.count + 1` (or both empty-ish for a zero-length leg,
/// where `coordinates` holds the single snapped point and `segmentEdge` is empty); `segmentEdge[i]` is
/// the index into `edges` of the edge that the segment `coordinates[i] -> coordinates[i + 1]` lies on,
/// non-decreasing; the first and last edges may be driven only in part (from/to the snapped points).
public struct RouteLeg: Sendable {
    public var from: SnappedLocation
    public var to: SnappedLocation
    /// The directed edges driven, in order.
    public var edges: [EdgeIndex]
    /// The driven polyline, from `from.location` to `to.location`, through every shape point.
    public var coordinates: [Coordinate]
    /// For each polyline segment, the index into `edges` it belongs to.
    public var segmentEdge: [Int]
    public var distance: Meters
    public var duration: Seconds

    public init(from: SnappedLocation, to: SnappedLocation, edges: [EdgeIndex], coordinates: [Coordinate],
                segmentEdge: [Int], distance: Meters, duration: Seconds) {
        self.from = from
        self.to = to
        self.edges = edges
        self.coordinates = coordinates
        self.segmentEdge = segmentEdge
        self.distance = distance
        self.duration = duration
    }
}

/// A route through two or more snapped locations (start, vias, destination).
public struct Route: Sendable {
    public var legs: [RouteLeg]
    public var metric: RoutingMetric
    /// Search states settled by the searches that produced it (a measure of search effort; states are
    /// edge-based, see `Router`).
    public var settledNodes: Int

    public init(legs: [RouteLeg], metric: RoutingMetric, settledNodes: Int) {
        self.legs = legs
        self.metric = metric
        self.settledNodes = settledNodes
    }

    public var distance: Meters { legs.reduce(0) { $0 + $1.distance } }
    public var duration: Seconds { legs.reduce(0) { $0 + $1.duration } }
    /// The snapped start, vias and destination in order.
    public var waypoints: [SnappedLocation] { legs.isEmpty ? [] : [legs[0].from] + legs.map(\.to) }
}

/// Why a route could not be produced.
public enum RoutingError: Error, CustomStringConvertible, Equatable {
    /// No drivable road lies within `maxDistance` of the coordinate.
    case noRoadNearby(Coordinate, maxDistance: Meters)
    /// The two points are not connected by any legal car route (different islands, or blocked).
    case noRoute(from: Coordinate, to: Coordinate)
    /// Fewer than two coordinates were given.
    case tooFewCoordinates

    public var description: String {
        switch self {
        case .noRoadNearby(let c, let d):
            "no drivable road within \(Int(d)) m of \(c)"
        case .noRoute(let a, let b):
            "no route from \(a) to \(b): the points are not connected by legal car roads"
        case .tooFewCoordinates:
            "a route needs at least two coordinates"
        }
    }
}
