/// Numbers lane patterns as a builder meets them, each distinct pattern once.
struct TurnLanePatternTable: Sendable {
    private var firstLane: [UInt32] = [0, 0]
    private var masks: [TurnLaneMask] = []
    private var known: [[TurnLaneMask]: UInt32] = [[]: 0]

    /// The number of `lanes` (0 for none), adding the pattern when it is new.
    mutating func index(of lanes: [TurnLaneMask]) -> UInt32 {
        if let index = known[lanes] { return index }
        let index = UInt32(firstLane.count - 1)
        masks.append(contentsOf: lanes)
        firstLane.append(UInt32(masks.count))
        known[lanes] = index
        return index
    }

    /// The patterns numbered so far.
    var patterns: TurnLanePatterns { TurnLanePatterns(firstLane: firstLane, masks: masks) }
}
