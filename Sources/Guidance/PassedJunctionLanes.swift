/// The lanes at a junction a step drives through after its maneuver (OSRM lists them on the step's
/// later intersections).
public struct PassedJunctionLanes: Sendable, Hashable {
    /// The junction, as the index into the leg's `edges` of the edge leaving it (the node between
    /// `edges[junction - 1]` and `edges[junction]`).
    public var junction: Int
    /// The lanes there, left to right.
    public var lanes: [Lane]

    public init(junction: Int, lanes: [Lane]) {
        self.junction = junction
        self.lanes = lanes
    }
}
