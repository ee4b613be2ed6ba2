/// The distinct lane patterns of a graph's roads (a pattern: the arrows of each lane, left to right),
/// flat: pattern `p` is `masks[firstLane[p] ..< firstLane[p + 1]]`; pattern 0 has no lanes.
///
/// A way's pattern repeats along all its edges and many ways share one (`left|through|through|right`),
/// so edges refer to patterns through their `Signpost` and a city holds a few thousand masks at most.
public struct TurnLanePatterns: Sendable, Equatable {
    /// Where each pattern starts in `masks`, one entry more than there are patterns.
    public let firstLane: [UInt32]
    /// Every pattern's lanes, left to right, one after the other.
    public let masks: [TurnLaneMask]

    /// Assembles patterns from their flat arrays; `validate()` says whether they fit together.
    public init(firstLane: [UInt32], masks: [TurnLaneMask]) {
        self.firstLane = firstLane
        self.masks = masks
    }

    /// Only the pattern without lanes.
    public static let empty = TurnLanePatterns(firstLane: [0, 0], masks: [])

    /// The number of patterns, the empty one included.
    public var count: Int { firstLane.count - 1 }

    /// The lanes of pattern `index`, left to right (empty for pattern 0).
    /// - Complexity: O(1) (a slice).
    public subscript(index: UInt32) -> ArraySlice<TurnLaneMask> {
        masks[Int(firstLane[Int(index)]) ..< Int(firstLane[Int(index) + 1])]
    }

    /// The first violated invariant (`firstLane` starts at 0, never decreases, ends at `masks.count`,
    /// and pattern 0 is empty), or nil when the arrays fit together.
    /// - Complexity: O(patterns).
    public func validate() -> String? {
        guard firstLane.count >= 2, firstLane[0] == 0, firstLane[1] == 0 else { return "lane pattern 0 must be the empty pattern" }
        guard Int(firstLane[firstLane.count - 1]) == masks.count else {
            return "lane patterns end at \(firstLane[firstLane.count - 1]), not at their \(masks.count) lanes"
        }
        for p in 1..<firstLane.count where firstLane[p] < firstLane[p - 1] { return "lane pattern \(p - 1) ends before it starts" }
        return nil
    }
}
