import Foundation
import Geodesy

/// An angle in radians (ARKit's unit for rotations).
public typealias Radians = Double

/// The AR session's world frame: the local tangent plane at the origin, centred on the camera.
///
/// ARKit puts its world origin where the device is when the session starts. Waymark assumes the device
/// is held `cameraHeight` above the road surface at the origin, so the frame's (0, 0, 0) is at
/// `groundAltitude + cameraHeight` and the road surface at the origin has y = -cameraHeight
/// (-1.5 m by default). Positions are exact WGS-84 geodetic -> ECEF -> ENU conversions, so far points
/// sit below the plane as the Earth curves away (about 7.8 m at 10 km).
///
/// Yaw convention (ARKit/SceneKit/RealityKit): a rotation about +y in radians, counter-clockwise seen
/// from above (right-handed), with yaw 0 meaning the model's forward axis (-z) points north.
/// So yaw = -bearing: east is -π/2, west is +π/2, south is ±π. Yaws are normalised to (-π, π].
public struct ARWorldFrame: Sendable {
    /// The tangent plane, anchored at the camera position (origin coordinate, camera altitude).
    public let plane: LocalTangentPlane
    /// Height of the road surface at the origin, metres (as the elevation data gives it).
    public let groundAltitude: Meters
    /// Height of the camera above the road surface at the origin.
    public let cameraHeight: Meters

    public init(origin: Coordinate, groundAltitude: Meters, cameraHeight: Meters) {
        self.groundAltitude = groundAltitude
        self.cameraHeight = cameraHeight
        self.plane = LocalTangentPlane(origin: origin, altitude: groundAltitude + cameraHeight)
    }

    public var origin: Coordinate { plane.origin }
    /// Altitude of the frame's (0, 0, 0): the camera.
    public var cameraAltitude: Meters { plane.originAltitude }

    /// The east/north/up and ARKit positions of a point at `altitude`.
    public func position(of coordinate: Coordinate, altitude: Meters) -> (enu: EastNorthUp, arkit: ARKitPosition) {
        let enu = plane.enu(coordinate, altitude: altitude)
        return (enu, ARKitPosition(enu))
    }

    /// The yaw that makes a model's forward axis (-z) face `bearing` at `coordinate`, in this frame.
    ///
    /// Computed from the frame position of a point one metre ahead rather than as `-bearing`, so that the
    /// small rotation between true north at the marker and the frame's north (meridian convergence,
    /// about 0.1° per 10 km at mid latitudes) is included. Bearings are the spherical ones of
    /// `GreatCircle` (as guidance computes them from the road's coordinates); stepping along them
    /// spherically and converting exactly keeps the yaw parallel to the line between consecutive marker
    /// positions (a spherical 45° is about 45.1° on the ellipsoid at mid latitudes).
    public func yaw(at coordinate: Coordinate, altitude: Meters, facing bearing: Bearing) -> Radians {
        let here = plane.enu(coordinate, altitude: altitude)
        let ahead = plane.enu(GreatCircle.destination(from: coordinate, bearing: bearing, distance: 1), altitude: altitude)
        return ARWorldFrame.yaw(east: ahead.east - here.east, north: ahead.north - here.north)
    }

    /// The yaw of a horizontal direction given by its east and north components.
    ///
    /// Forward after a yaw θ is (x, z) = (-sin θ, -cos θ); equating with (east, -north) gives
    /// θ = atan2(-east, north).
    public static func yaw(east: Meters, north: Meters) -> Radians {
        var theta = atan2(-east, north)
        if theta <= -Double.pi { theta += 2 * Double.pi }
        return theta
    }
}
