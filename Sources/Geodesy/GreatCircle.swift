import Foundation

/// Great-circle (spherical Earth) distance, bearing and interpolation.
///
/// A sphere of the IUGG mean radius is accurate to about 0.5 % against the ellipsoid, which is well
/// below OSM's own positional noise; routing, snapping and densifying all use these functions so their
/// lengths agree. The exact ellipsoidal conversion for AR positions is in `LocalTangentPlane`.
public enum GreatCircle {
    /// Mean Earth radius (IUGG), metres.
    public static let earthRadius: Meters = 6_371_008.8

    @inlinable static func radians(_ degrees: Degrees) -> Double { degrees * .pi / 180 }
    @inlinable static func degrees(_ radians: Double) -> Degrees { radians * 180 / .pi }

    /// Haversine distance between two points.
    public static func distance(from a: Coordinate, to b: Coordinate) -> Meters {
        let lat1 = radians(a.latitude), lat2 = radians(b.latitude)
        let dLat = lat2 - lat1
        let dLon = radians(b.longitude - a.longitude)
        let s1 = sin(dLat / 2), s2 = sin(dLon / 2)
        let h = s1 * s1 + cos(lat1) * cos(lat2) * s2 * s2
        return 2 * earthRadius * asin(min(1, h.squareRoot()))
    }

    /// Initial bearing of the great circle from `a` towards `b` (0 when the points coincide).
    public static func initialBearing(from a: Coordinate, to b: Coordinate) -> Bearing {
        let lat1 = radians(a.latitude), lat2 = radians(b.latitude)
        let dLon = radians(b.longitude - a.longitude)
        let y = sin(dLon) * cos(lat2)
        let x = cos(lat1) * sin(lat2) - sin(lat1) * cos(lat2) * cos(dLon)
        if x == 0 && y == 0 { return Bearing(degrees: 0) }
        return Bearing(degrees: degrees(atan2(y, x)))
    }

    /// The point a fraction `f` (0...1) of the way along the great circle from `a` to `b`.
    public static func intermediate(from a: Coordinate, to b: Coordinate, fraction f: Double) -> Coordinate {
        if f <= 0 { return a }
        if f >= 1 { return b }
        let d = distance(from: a, to: b) / earthRadius
        if d < 1e-12 { return a }
        let lat1 = radians(a.latitude), lon1 = radians(a.longitude)
        let lat2 = radians(b.latitude), lon2 = radians(b.longitude)
        let sinD = sin(d)
        let wa = sin((1 - f) * d) / sinD
        let wb = sin(f * d) / sinD
        let x = wa * cos(lat1) * cos(lon1) + wb * cos(lat2) * cos(lon2)
        let y = wa * cos(lat1) * sin(lon1) + wb * cos(lat2) * sin(lon2)
        let z = wa * sin(lat1) + wb * sin(lat2)
        return Coordinate(latitude: degrees(atan2(z, (x * x + y * y).squareRoot())), longitude: degrees(atan2(y, x)))
    }

    /// The point reached by travelling `distance` from `start` on the initial `bearing`.
    public static func destination(from start: Coordinate, bearing: Bearing, distance: Meters) -> Coordinate {
        let d = distance / earthRadius
        let theta = radians(bearing.degrees)
        let lat1 = radians(start.latitude), lon1 = radians(start.longitude)
        let lat2 = asin(sin(lat1) * cos(d) + cos(lat1) * sin(d) * cos(theta))
        let lon2 = lon1 + atan2(sin(theta) * sin(d) * cos(lat1), cos(d) - sin(lat1) * sin(lat2))
        var lon = degrees(lon2)
        if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
        return Coordinate(latitude: degrees(lat2), longitude: lon)
    }

    /// The closest point to `p` on the segment `a`-`b`, with the fraction along it and the distance.
    ///
    /// Uses a local equirectangular projection centred on the segment, exact to millimetres for road
    /// segments (under a few kilometres), which is what snapping needs.
    public static func closestPoint(to p: Coordinate, onSegmentFrom a: Coordinate, to b: Coordinate)
        -> (point: Coordinate, fraction: Double, distance: Meters)
    {
        let cosLat = cos(radians((a.latitude + b.latitude) / 2))
        let bx = (b.longitude - a.longitude) * cosLat, by = b.latitude - a.latitude
        let px = (p.longitude - a.longitude) * cosLat, py = p.latitude - a.latitude
        let len2 = bx * bx + by * by
        var t = len2 > 0 ? (px * bx + py * by) / len2 : 0
        t = min(1, max(0, t))
        let point = Coordinate(latitude: a.latitude + t * (b.latitude - a.latitude),
                               longitude: a.longitude + t * (b.longitude - a.longitude))
        return (point, t, distance(from: p, to: point))
    }

    /// Total length of a polyline.
    public static func length(of points: [Coordinate]) -> Meters {
        var total: Meters = 0
        var i = 1
        while i < points.count { total += distance(from: points[i - 1], to: points[i]); i += 1 }
        return total
    }
}
