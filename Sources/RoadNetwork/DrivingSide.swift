/// The side of the road traffic keeps to: `right` in most of the world, `left` in the UK, Ireland,
/// Malta, Japan, Australia … Guidance needs it where the side matters (which way a U-turn or a
/// roundabout turns, on which side the destination lies) and OSRM clients read it from every step.
public enum DrivingSide: String, Sendable, Hashable, Codable, CaseIterable {
    case left, right
}

/// Where a graph's driving side came from, so `waymark info` can say whether it was given, inferred
/// or merely assumed.
public enum DrivingSideSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// Given at import (`--driving-side`).
    case option
    /// Inferred from the direction traffic circulates on the extract's roundabouts.
    case roundabouts
    /// Nothing to go by (no roundabouts, or a tie): right-hand traffic assumed.
    case assumed = "default"
}
