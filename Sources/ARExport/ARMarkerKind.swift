/// What a marker shows in the AR scene.
public enum ARMarkerKind: String, Sendable, CaseIterable {
    /// A small marker floating just above the road along the route (blue when within the limit).
    case road
    /// An arrow above the road at a maneuver, showing which way to go (`ARMarker.arrow`).
    case turnArrow = "turn_arrow"
    /// An arrow above an intermediate stop (a `--via` point), pointing down.
    case via
    /// The red arrow above the destination, pointing down.
    case destination
    /// A label of a point of interest near the route.
    case poi
}
