import Foundation
import Geodesy

extension SpacingPolicy {
    /// Stretches shorter than this get no intermediate waypoints under `.bands`.
    public static let shortestDensifiedStretch: Meters = 20
    /// Floating-point slack when comparing a measured length with a band edge.
    static let bandEdgeSlack: Meters = 1e-6

    /// The interval between inserted waypoints on a stretch (the segment between two consecutive shape
    /// points) of `length`, or nil when the stretch gets none.
    ///
    /// Band edges belong to the band that starts there (lower edge inclusive, upper edge exclusive):
    /// under 20 m -> none; 20 m up to (not incl.) 100 m -> every 20 m; 100 m up to 1000 m -> every 50 m;
    /// 1000 m up to 5000 m -> every 100 m; 5000 m and more -> every 200 m. So a stretch of exactly
    /// 100 m is spaced 50 m, of exactly 1000 m 100 m, and of exactly 5000 m 200 m.
    /// `.fixed(d)` uses `d` on every stretch (a non-positive or non-finite `d` inserts nothing).
    public func interval(forStretch length: Meters) -> Meters? {
        switch self {
        case .fixed(let d):
            return d > 0 && d.isFinite ? d : nil
        case .bands:
            // Lengths are measured on the sphere; a stretch drawn as exactly 100 m may measure
            // 99.9999999 m, so the edges are compared with a micrometre of slack.
            let l = length + Self.bandEdgeSlack
            if !(l >= Self.shortestDensifiedStretch) { return nil }
            if l < 100 { return 20 }
            if l < 1000 { return 50 }
            if l < 5000 { return 100 }
            return 200
        }
    }
}

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

/// One great-circle arc prepared for many interpolations: `GreatCircle.intermediate`'s formula with the
/// ends' unit vectors and the arc's angle computed once (densifying calls it for every inserted point,
/// so the per-point cost drops from about ten trigonometric calls to four).
struct GreatCircleArc {
    private let a: Coordinate
    private let ax, ay, az, bx, by, bz: Double
    /// The arc's central angle, radians.
    private let angle: Double
    private let sinAngle: Double

    /// - Parameter length: the arc's length as `GreatCircle.distance` measures it.
    init(from a: Coordinate, to b: Coordinate, length: Meters) {
        self.a = a
        let lat1 = a.latitude * .pi / 180, lon1 = a.longitude * .pi / 180
        let lat2 = b.latitude * .pi / 180, lon2 = b.longitude * .pi / 180
        ax = cos(lat1) * cos(lon1); ay = cos(lat1) * sin(lon1); az = sin(lat1)
        bx = cos(lat2) * cos(lon2); by = cos(lat2) * sin(lon2); bz = sin(lat2)
        angle = length / GreatCircle.earthRadius
        sinAngle = sin(angle)
    }

    /// The point a fraction `f` (0...1) of the way along the arc.
    func point(atFraction f: Double) -> Coordinate {
        guard angle >= 1e-12 else { return a }
        let wa = sin((1 - f) * angle) / sinAngle
        let wb = sin(f * angle) / sinAngle
        let x = wa * ax + wb * bx, y = wa * ay + wb * by, z = wa * az + wb * bz
        return Coordinate(latitude: atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi, longitude: atan2(y, x) * 180 / .pi)
    }
}
