/// Boolean attributes of a directed edge.
public struct EdgeFlags: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The way is one-way (so this edge has no twin in the opposite direction).
    public static let oneway = EdgeFlags(rawValue: 1 << 0)
    /// Part of a roundabout (`junction=roundabout`/`circular`; see also `circular`).
    public static let roundabout = EdgeFlags(rawValue: 1 << 1)
    /// A `_link` ramp.
    public static let link = EdgeFlags(rawValue: 1 << 2)
    /// Access is `private`, `destination`, `delivery` (or similar): usable only to reach or leave a
    /// place on it, never to pass through.
    public static let destinationOnly = EdgeFlags(rawValue: 1 << 3)
    /// The edge runs against the OSM way's node order (`oneway=-1` ways, and the backward twin of
    /// two-way ways).
    public static let againstWayDirection = EdgeFlags(rawValue: 1 << 4)
    /// `toll=yes`.
    public static let toll = EdgeFlags(rawValue: 1 << 5)
    /// `tunnel=*` other than `no`.
    public static let tunnel = EdgeFlags(rawValue: 1 << 6)
    /// `bridge=*` other than `no`.
    public static let bridge = EdgeFlags(rawValue: 1 << 7)
    /// Part of a `junction=circular` ring (a traffic circle that is not formally a roundabout); always
    /// set together with `roundabout`. Guidance announces such rings as rotaries, as OSRM does.
    public static let circular = EdgeFlags(rawValue: 1 << 12)
    /// A car ferry (`route=ferry` open to motor vehicles) or shuttle train (`route=shuttle_train`): travel
    /// mode `ferry`, timed by its `duration`.
    public static let ferry = EdgeFlags(rawValue: 1 << 8)
    /// A route may not start or end on this edge (OSRM's `is_startpoint = false`): a ferry, or a private
    /// service road (a driveway, a parking aisle behind a gate). Waypoints snap to the nearest other road.
    public static let notStartPoint = EdgeFlags(rawValue: 1 << 13)
}
