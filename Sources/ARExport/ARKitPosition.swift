import Geodesy

/// A position in ARKit's world frame with `worldAlignment = .gravityAndHeading`, metres.
///
/// Axes: +x east, +y up (against gravity), +z SOUTH, so a point due north of the origin has z < 0.
/// This is ENU with the north axis flipped: `x = east`, `y = up`, `z = -north`.
public struct ARKitPosition: Hashable, Sendable {
    public var x: Meters
    public var y: Meters
    public var z: Meters

    public init(x: Meters, y: Meters, z: Meters) { self.x = x; self.y = y; self.z = z }

    /// The same point as an east/north/up position in the frame's tangent plane.
    public init(_ enu: EastNorthUp) { self.init(x: enu.east, y: enu.up, z: -enu.north) }
}
