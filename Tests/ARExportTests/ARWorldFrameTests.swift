import Foundation
import Testing
import Geodesy
@testable import ARExport

/// The exact WGS-84 -> ECEF -> ENU conversion and ARKit's axis and yaw conventions.
struct ARWorldFrameTests {
    /// ECEF by a different route than `LocalTangentPlane.ecef`: the parametric (reduced) latitude β with
    /// tan β = (1 - f) tan φ gives the surface point (a cos β, b sin β) in the meridian plane; the height
    /// is then added along the ellipsoid normal.
    static func referenceECEF(latitude: Degrees, longitude: Degrees, height: Meters) -> (Double, Double, Double) {
        let a = 6_378_137.0, f = 1 / 298.257223563, b = a * (1 - f)
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        let beta = atan((1 - f) * tan(phi))
        let p = a * cos(beta) + height * cos(phi)
        let z = b * sin(beta) + height * sin(phi)
        return (p * cos(lambda), p * sin(lambda), z)
    }

    /// ENU by projecting onto axes built with cross products: up = the ellipsoid normal, east = ẑ × up
    /// normalised, north = up × east (instead of the closed-form rotation matrix).
    static func referenceENU(origin: Coordinate, originHeight: Meters, point: Coordinate, height: Meters) -> (Double, Double, Double) {
        let o = referenceECEF(latitude: origin.latitude, longitude: origin.longitude, height: originHeight)
        let q = referenceECEF(latitude: point.latitude, longitude: point.longitude, height: height)
        let phi = origin.latitude * .pi / 180, lambda = origin.longitude * .pi / 180
        let up = (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
        var east = (-up.1, up.0, 0.0)   // (0, 0, 1) × up
        let length = (east.0 * east.0 + east.1 * east.1).squareRoot()
        east = (east.0 / length, east.1 / length, 0)
        let north = (up.1 * east.2 - up.2 * east.1, up.2 * east.0 - up.0 * east.2, up.0 * east.1 - up.1 * east.0)
        let d = (q.0 - o.0, q.1 - o.1, q.2 - o.2)
        func dot(_ u: (Double, Double, Double)) -> Double { u.0 * d.0 + u.1 * d.1 + u.2 * d.2 }
        return (dot(east), dot(north), dot(up))
    }

    @Test(arguments: [
        (43.7384, 7.4246, 50.0, 45.0, 10_000.0, 120.0),     // Monaco, 10 km north-east, climbing
        (41.1496, -8.6109, 80.0, 200.0, 10_000.0, 20.0),    // Porto, 10 km south-south-west
        (-33.86, 151.21, 0.0, 290.0, 25_000.0, 0.0),        // Sydney, 25 km, southern hemisphere
        (69.65, 18.96, 10.0, 0.0, 10_000.0, 300.0),         // Tromsø, due north at high latitude
    ])
    func enuMatchesIndependentReferenceWithinOneCentimetre(lat: Double, lon: Double, h0: Double, bearing: Double,
                                                            distance: Double, h: Double) {
        let origin = Coordinate(latitude: lat, longitude: lon)
        let point = GreatCircle.destination(from: origin, bearing: Bearing(degrees: bearing), distance: distance)
        let plane = LocalTangentPlane(origin: origin, altitude: h0)
        let enu = plane.enu(point, altitude: h)
        let reference = Self.referenceENU(origin: origin, originHeight: h0, point: point, height: h)
        #expect(abs(enu.east - reference.0) < 0.01)
        #expect(abs(enu.north - reference.1) < 0.01)
        #expect(abs(enu.up - reference.2) < 0.01)
        // Sanity: the horizontal offset is about the requested distance (sphere vs ellipsoid: < 0.5 %).
        let horizontal = (enu.east * enu.east + enu.north * enu.north).squareRoot()
        #expect(abs(horizontal - distance) / distance < 0.005)
    }

    @Test func earthCurvatureDropsPointsTenKilometresAwayBelowThePlane() {
        // Closed form on a sphere of the local mean radius: drop ≈ d² / (2R) ≈ 7.85 m at 10 km.
        let origin = Coordinate(latitude: 45, longitude: 15)
        let point = GreatCircle.destination(from: origin, bearing: Bearing(degrees: 90), distance: 10_000)
        let enu = LocalTangentPlane(origin: origin).enu(point, altitude: 0)
        #expect(enu.up < -7.7 && enu.up > -8.0)
    }

    @Test func pointStraightAboveTheOriginIsPureUp() {
        let origin = Coordinate(latitude: 45.8, longitude: 15.97)
        let enu = LocalTangentPlane(origin: origin, altitude: 120).enu(origin, altitude: 220)
        #expect(abs(enu.east) < 1e-6 && abs(enu.north) < 1e-6)
        #expect(abs(enu.up - 100) < 1e-6)
    }

    @Test func arkitAxesPutNorthAtNegativeZAndEastAtPositiveX() {
        let origin = Coordinate(latitude: 43.7384, longitude: 7.4246)
        let frame = ARWorldFrame(origin: origin, groundAltitude: 0, cameraHeight: 1.5)
        let north = frame.position(of: GreatCircle.destination(from: origin, bearing: Bearing(degrees: 0), distance: 20), altitude: 1.5).arkit
        #expect(north.z < -19.9 && abs(north.x) < 0.01)
        let east = frame.position(of: GreatCircle.destination(from: origin, bearing: Bearing(degrees: 90), distance: 20), altitude: 1.5).arkit
        #expect(east.x > 19.9 && abs(east.z) < 0.01)
        let south = frame.position(of: GreatCircle.destination(from: origin, bearing: Bearing(degrees: 180), distance: 20), altitude: 1.5).arkit
        #expect(south.z > 19.9)
        let above = frame.position(of: origin, altitude: 11.5).arkit
        #expect(abs(above.y - 10) < 1e-6)
    }

    @Test func roadSurfaceAtTheOriginIsCameraHeightBelowTheCamera() {
        let origin = Coordinate(latitude: 43.7384, longitude: 7.4246)
        let frame = ARWorldFrame(origin: origin, groundAltitude: 35, cameraHeight: 1.5)
        #expect(abs(frame.position(of: origin, altitude: 35).arkit.y - -1.5) < 1e-6)
        #expect(frame.cameraAltitude == 36.5)
    }

    @Test(arguments: [(0.0, 0.0), (90.0, -Double.pi / 2), (180.0, Double.pi), (270.0, Double.pi / 2)])
    func yawTurnsCounterClockwiseFromNorth(bearing: Double, expected: Double) {
        let origin = Coordinate(latitude: 43.7384, longitude: 7.4246)
        let frame = ARWorldFrame(origin: origin, groundAltitude: 0, cameraHeight: 1.5)
        let yaw = frame.yaw(at: origin, altitude: 0, facing: Bearing(degrees: bearing))
        #expect(abs(remainder(yaw - expected, 2 * Double.pi)) < 1e-4)
        #expect(yaw > -Double.pi && yaw <= Double.pi)
        // The model's forward axis (-z) rotated by the yaw points along the bearing.
        let forwardX = -sin(yaw), forwardZ = -cos(yaw)
        let b = bearing * .pi / 180
        #expect(abs(forwardX - sin(b)) < 1e-4 && abs(forwardZ - -cos(b)) < 1e-4)
    }

    @Test(arguments: [45.0, 123.0, 300.0])
    func yawPointsFromOneMarkerToTheNextAlongTheBearing(bearing: Double) {
        // Guidance bearings are spherical (GreatCircle); the yaw must line up with the positions the
        // frame gives two points along that bearing (on the ellipsoid a spherical 45° is about 45.1°).
        let origin = Coordinate(latitude: 43.7384, longitude: 7.4246)
        let frame = ARWorldFrame(origin: origin, groundAltitude: 0, cameraHeight: 1.5)
        let here = GreatCircle.destination(from: origin, bearing: Bearing(degrees: 10), distance: 300)
        let next = GreatCircle.destination(from: here, bearing: Bearing(degrees: bearing), distance: 10)
        let a = frame.position(of: here, altitude: 0).arkit, b = frame.position(of: next, altitude: 0).arkit
        let yaw = frame.yaw(at: here, altitude: 0, facing: Bearing(degrees: bearing))
        // Forward (-sin yaw, -cos yaw) is parallel to b - a.
        let dx = b.x - a.x, dz = b.z - a.z, length = (dx * dx + dz * dz).squareRoot()
        #expect(abs(-sin(yaw) - dx / length) < 1e-5 && abs(-cos(yaw) - dz / length) < 1e-5)
        #expect(abs(remainder(yaw + bearing * .pi / 180, 2 * Double.pi)) < 0.005)
    }

    @Test func yawIncludesMeridianConvergenceFarFromTheOrigin() {
        // 20 km east at 60° N the local north is rotated by about Δλ·sin φ ≈ 0.31° from the frame's north,
        // towards the west (meridians converge on the pole), which is a positive (counter-clockwise) yaw.
        let origin = Coordinate(latitude: 60, longitude: 10)
        let far = GreatCircle.destination(from: origin, bearing: Bearing(degrees: 90), distance: 20_000)
        let frame = ARWorldFrame(origin: origin, groundAltitude: 0, cameraHeight: 1.5)
        let yaw = frame.yaw(at: far, altitude: 0, facing: Bearing(degrees: 0))
        let expected = (far.longitude - origin.longitude) * sin(60 * Double.pi / 180) * .pi / 180
        #expect(abs(yaw) > 0.004)
        #expect(abs(yaw - expected) < 0.0005)
    }
}
