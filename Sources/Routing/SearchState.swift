import RoadNetwork

/// A state of the router's turn-expanded search graph: standing at the head of the edge just driven,
/// with the turn-restriction history and access phase routing tracks (see `Router`).
///
/// Indices run from 0 to `router.searchStateCount − 1` and are stable for one `Router`.
public struct SearchState: Hashable, Comparable, Sendable {
    public let index: UInt32
    public init(index: UInt32) { self.index = index }
    public static func < (a: SearchState, b: SearchState) -> Bool { a.index < b.index }
}
