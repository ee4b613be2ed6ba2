import Foundation
import Geodesy

/// Douglas-Peucker simplification of a route's overview line, as OSRM's `overview=simplified`.
///
/// OSRM simplifies for the highest zoom level at which the whole route fits a screen, keeping the
/// points that move the line by more than about a pixel there. Here: the zoom at which the route's
/// bounding box fits 1,024 pixels of a 256-pixel-tile Web Mercator map, and a tolerance of one pixel's
/// ground size at that zoom.
public enum PolylineSimplification {
    /// Web Mercator ground size of one pixel at zoom 0 on the equator, metres (256-pixel tiles).
    static let metersPerPixelAtZoomZero: Meters = 156_543.034
    /// The screen width the route should fit, pixels.
    static let screenPixels = 1024.0
    /// The most detailed zoom level considered (street level).
    static let maximumZoom = 18

    /// The simplified overview of `points`; lines of up to two points are returned as they are.
    /// - Complexity: O(n log n) typical, O(n²) worst case (Douglas-Peucker).
    public static func overview(_ points: [Coordinate]) -> [Coordinate] {
        guard points.count > 2 else { return points }
        let tolerance = pixelSize(fitting: points)
        return simplify(points, tolerance: tolerance)
    }

    /// The ground size of a pixel at the zoom level where the points' bounding box fits the screen.
    static func pixelSize(fitting points: [Coordinate]) -> Meters {
        var minLat = 90.0, maxLat = -90.0, minLon = 180.0, maxLon = -180.0
        for p in points {
            minLat = min(minLat, p.latitude); maxLat = max(maxLat, p.latitude)
            minLon = min(minLon, p.longitude); maxLon = max(maxLon, p.longitude)
        }
        let cosine = max(0.01, cos((minLat + maxLat) / 2 * .pi / 180))
        let extent = max(GreatCircle.distance(from: Coordinate(latitude: minLat, longitude: minLon),
                                              to: Coordinate(latitude: maxLat, longitude: minLon)),
                         GreatCircle.distance(from: Coordinate(latitude: minLat, longitude: minLon),
                                              to: Coordinate(latitude: minLat, longitude: maxLon)))
        var zoom = maximumZoom
        while zoom > 0 && extent > screenPixels * metersPerPixelAtZoomZero * cosine / Double(1 << zoom) { zoom -= 1 }
        return metersPerPixelAtZoomZero * cosine / Double(1 << zoom)
    }

    /// Keeps the first and last point and every point farther than `tolerance` from the simplified line,
    /// measured on the ground.
    public static func simplify(_ points: [Coordinate], tolerance: Meters) -> [Coordinate] {
        keptIndices(count: points.count, tolerance: tolerance) { i, first, last in
            GreatCircle.closestPoint(to: points[i], onSegmentFrom: points[first], to: points[last]).distance
        }.map { points[$0] }
    }

    /// Douglas–Peucker on any line of `count` points, the one simplification of every output: the indices,
    /// in order, of the first and last point and of every point whose `offset` from the chord of the
    /// simplified line around it exceeds `tolerance`. `offset(i, first, last)` is point `i`'s distance
    /// from the segment joining points `first` and `last`, in the unit of `tolerance` (metres on the
    /// ground, or pixels of a map). Iterative (an explicit stack), so a long line cannot overflow the
    /// call stack.
    /// - Complexity: O(n log n) typical, O(n²) worst case, in calls to `offset`.
    @inlinable
    public static func keptIndices(count: Int, tolerance: Double,
                                   offset: (_ point: Int, _ first: Int, _ last: Int) -> Double) -> [Int] {
        guard count > 2 else { return Array(0..<count) }
        var keep = [Bool](repeating: false, count: count)
        keep[0] = true
        keep[count - 1] = true
        var stack = [(0, count - 1)]
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            var farthest = first, farthestDistance = 0.0
            for i in (first + 1)..<last {
                let d = offset(i, first, last)
                if d > farthestDistance { farthestDistance = d; farthest = i }
            }
            if farthestDistance > tolerance {
                keep[farthest] = true
                stack.append((first, farthest))
                stack.append((farthest, last))
            }
        }
        return (0..<count).filter { keep[$0] }
    }
}
