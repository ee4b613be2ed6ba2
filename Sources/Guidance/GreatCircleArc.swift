import Foundation
import Geodesy

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
