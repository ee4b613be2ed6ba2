import Geodesy

/// One point of a densified polyline: an input vertex or a point inserted on a stretch.
public struct DensePoint: Sendable, Hashable {
    public var coordinate: Coordinate
    /// The stretch (segment `polyline[segment] -> polyline[segment + 1]`) the point lies on; a vertex
    /// belongs to the stretch leaving it, the last vertex to the stretch arriving at it.
    public var segment: Int
    /// Distance from the polyline's start.
    public var distanceAlong: Meters
    /// The input vertex this point is, or nil for an inserted point.
    public var vertex: Int?
}

/// A polyline with waypoints inserted by a `SpacingPolicy`.
///
/// Invariants: points are in travel order with non-decreasing `distanceAlong`; every input vertex
/// appears once, except that a vertex within `duplicateTolerance` of the previous kept one is merged
/// into it (`pointOfVertex` maps both to the same point), so no position is emitted twice; inserted
/// points lie on the great circle between their stretch's ends, at multiples of the stretch's interval
/// from its start, and never within `duplicateTolerance` of its end.
public struct DensifiedPolyline: Sendable {
    /// Two vertices closer than this are one position.
    public static let duplicateTolerance: Meters = 0.01

    public var points: [DensePoint]
    /// For each input vertex, the index in `points` of the point that represents it.
    public var pointOfVertex: [Int]
    public var length: Meters

    /// Densifies `polyline` under `policy`.
    /// - Complexity: O(vertices + inserted points).
    public init(_ polyline: [Coordinate], policy: SpacingPolicy) {
        self.init(polyline, policy: policy, cumulativeDistance: nil)
    }

    /// Densifies `polyline`, reusing its already measured cumulative distances when given (one entry
    /// per vertex, starting at 0), so a leg's lengths are computed once for steps and waypoints.
    init(_ polyline: [Coordinate], policy: SpacingPolicy, cumulativeDistance: [Meters]?) {
        precondition(cumulativeDistance == nil || cumulativeDistance!.count == polyline.count, "one distance per vertex")
        var points: [DensePoint] = []
        var pointOfVertex: [Int] = []
        pointOfVertex.reserveCapacity(polyline.count)
        points.reserveCapacity(polyline.count * 2)
        var along: Meters = 0
        guard let first = polyline.first else {
            self.points = []; self.pointOfVertex = []; self.length = 0
            return
        }
        points.append(DensePoint(coordinate: first, segment: 0, distanceAlong: 0, vertex: 0))
        pointOfVertex.append(0)
        var k = 1
        while k < polyline.count {
            let a = polyline[k - 1], b = polyline[k]
            let length = cumulativeDistance.map { $0[k] - $0[k - 1] } ?? GreatCircle.distance(from: a, to: b)
            if let step = policy.interval(forStretch: length), length > step {
                let arc = GreatCircleArc(from: a, to: b, length: length)
                var n = 1
                while Double(n) * step < length - Self.duplicateTolerance {
                    let offset = Double(n) * step
                    let c = arc.point(atFraction: offset / length)
                    points.append(DensePoint(coordinate: c, segment: k - 1, distanceAlong: along + offset, vertex: nil))
                    n += 1
                }
            }
            along += length
            if length < Self.duplicateTolerance && points[points.count - 1].vertex != nil {
                // The same position again (a snapped point on a node, a zero-length edge): keep one,
                // attributed to the stretch leaving it so it carries the road actually driven next.
                points[points.count - 1].segment = k
                pointOfVertex.append(points.count - 1)
            } else {
                points.append(DensePoint(coordinate: b, segment: k, distanceAlong: along, vertex: k))
                pointOfVertex.append(points.count - 1)
            }
            k += 1
        }
        // The last vertex belongs to the stretch arriving at it.
        if polyline.count > 1, let lastIndex = points.indices.last, points[lastIndex].segment == polyline.count - 1 {
            points[lastIndex].segment = polyline.count - 2
        }
        self.points = points
        self.pointOfVertex = pointOfVertex
        self.length = along
    }
}
