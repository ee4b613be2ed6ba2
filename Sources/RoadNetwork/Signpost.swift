/// What the signs and markings along a directed edge announce: where the road leads and the exit numbers
/// (OSRM's step `destinations` and `exits`), as indices into `RoadGraph.strings` (0: nothing signed), and
/// the arrows of its lanes (`turn:lanes`), as an index into `RoadGraph.turnLanePatterns` (0: none mapped).
///
/// Edges share signposts through `RoadGraph.signposts` (most edges have none, and the edges of one
/// way have the same), so a graph pays one `UInt32` per edge for all three, and nothing more for lanes.
public struct Signpost: Hashable, Sendable {
    /// The destinations, OSRM style: `A1: Porto, Lisboa` (`destination:ref`, then `destination`).
    public var destinationsIndex: UInt32
    /// The exit numbers or names of the road (its `junction:ref`, several joined by `; `).
    public var exitsIndex: UInt32
    /// The lane pattern of the edge in its direction of travel (its `turn:lanes`, left to right).
    public var turnLanesIndex: UInt32

    public init(destinationsIndex: UInt32, exitsIndex: UInt32, turnLanesIndex: UInt32 = 0) {
        self.destinationsIndex = destinationsIndex
        self.exitsIndex = exitsIndex
        self.turnLanesIndex = turnLanesIndex
    }

    /// Nothing signed: entry 0 of every graph's `signposts`.
    public static let none = Signpost(destinationsIndex: 0, exitsIndex: 0)
}
