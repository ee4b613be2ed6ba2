import Foundation

/// A point in Earth-centred, Earth-fixed coordinates (metres).
public struct ECEF: Hashable, Sendable {
    public var x: Meters
    public var y: Meters
    public var z: Meters
    public init(x: Meters, y: Meters, z: Meters) { self.x = x; self.y = y; self.z = z }
}

/// A position in a local east/north/up frame (metres).
public struct EastNorthUp: Hashable, Sendable {
    public var east: Meters
    public var north: Meters
    public var up: Meters
    public init(east: Meters, north: Meters, up: Meters) { self.east = east; self.north = north; self.up = up }
}

/// The WGS-84 ellipsoid and the exact geodetic -> ECEF -> local ENU conversion around an origin.
///
/// Unlike a fixed metres-per-degree approximation, this stays exact (to floating-point rounding) at any
/// distance from the origin and any latitude; the east/north/up axes are those of the tangent plane at
/// the origin, so far points sit below the plane as the Earth curves away.
public struct LocalTangentPlane: Sendable {
    /// WGS-84 semi-major axis, metres.
    public static let semiMajorAxis: Meters = 6_378_137.0
    /// WGS-84 flattening.
    public static let flattening = 1.0 / 298.257223563
    /// First eccentricity squared.
    public static let eccentricitySquared = flattening * (2 - flattening)

    public let origin: Coordinate
    public let originAltitude: Meters
    private let originECEF: ECEF
    private let sinLat: Double, cosLat: Double, sinLon: Double, cosLon: Double

    public init(origin: Coordinate, altitude: Meters = 0) {
        self.origin = origin
        self.originAltitude = altitude
        self.originECEF = LocalTangentPlane.ecef(origin, altitude: altitude)
        let lat = origin.latitude * .pi / 180, lon = origin.longitude * .pi / 180
        sinLat = sin(lat); cosLat = cos(lat); sinLon = sin(lon); cosLon = cos(lon)
    }

    /// Geodetic latitude/longitude/ellipsoidal height to ECEF.
    public static func ecef(_ c: Coordinate, altitude: Meters) -> ECEF {
        let lat = c.latitude * .pi / 180, lon = c.longitude * .pi / 180
        let sLat = sin(lat), cLat = cos(lat)
        let n = semiMajorAxis / (1 - eccentricitySquared * sLat * sLat).squareRoot()
        return ECEF(x: (n + altitude) * cLat * cos(lon),
                    y: (n + altitude) * cLat * sin(lon),
                    z: (n * (1 - eccentricitySquared) + altitude) * sLat)
    }

    /// The east/north/up position of a point relative to the origin.
    public func enu(_ c: Coordinate, altitude: Meters) -> EastNorthUp {
        let p = LocalTangentPlane.ecef(c, altitude: altitude)
        let dx = p.x - originECEF.x, dy = p.y - originECEF.y, dz = p.z - originECEF.z
        let east = -sinLon * dx + cosLon * dy
        let north = -sinLat * cosLon * dx - sinLat * sinLon * dy + cosLat * dz
        let up = cosLat * cosLon * dx + cosLat * sinLon * dy + sinLat * dz
        return EastNorthUp(east: east, north: north, up: up)
    }
}
