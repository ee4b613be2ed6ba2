/// What the signs along a directed edge announce: where the road leads and the exit numbers (OSRM's
/// step `destinations` and `exits`), as indices into `RoadGraph.strings` (0: nothing signed).
///
/// Edges share signposts through `RoadGraph.signposts` (most edges have none, and the edges of one
/// way have the same), so a graph pays one `UInt32` per edge for both texts.
public struct Signpost: Hashable, Sendable {
    /// The destinations, OSRM style: `A1: Porto, Lisboa` (`destination:ref`, then `destination`).
    public var destinationsIndex: UInt32
    /// The exit numbers or names of the road (its `junction:ref`, several joined by `; `).
    public var exitsIndex: UInt32

    public init(destinationsIndex: UInt32, exitsIndex: UInt32) {
        self.destinationsIndex = destinationsIndex
        self.exitsIndex = exitsIndex
    }

    /// Nothing signed: entry 0 of every graph's `signposts`.
    public static let none = Signpost(destinationsIndex: 0, exitsIndex: 0)
}
