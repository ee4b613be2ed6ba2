/// A second per-arc quantity carried through a hierarchy's search arcs, so a table can report it for
/// the paths its metric chose (OSRM's table reports the distance of each fastest route this way).
///
/// `upward[i]` and `downward[i]` are the sums of the quantity over the graph arcs that upward and
/// downward arc `i` unpack to; sums saturate at `UInt32.max`.
public struct HierarchyAnnotation: Sendable, Equatable {
    public let upward: [UInt32]
    public let downward: [UInt32]

    /// Sums `arcValues` (one per graph arc) over every search arc, rank by rank from the bottom (a
    /// shortcut's halves lie at its middle rank, below it).
    /// - Precondition: `arcValues.count == hierarchy.originalArcCount`; the hierarchy is valid.
    /// - Complexity: O(vertices + search arcs × degree).
    public init(hierarchy h: ContractionHierarchy, arcValues: [UInt32]) {
        precondition(arcValues.count == h.originalArcCount, "one value per graph arc is needed")
        var up = [UInt32](repeating: 0, count: h.upwardOrigin.count)
        var down = [UInt32](repeating: 0, count: h.downwardOrigin.count)
        func value(of i: Int, at r: Int, upward: Bool) -> UInt32 {
            let origin = upward ? h.upwardOrigin[i] : h.downwardOrigin[i]
            if origin & ContractionHierarchy.shortcutBit == 0 { return arcValues[Int(origin)] }
            let (_, a, b) = h.halves(ofArc: i, at: r, upward: upward)!
            let (sum, overflow) = down[a].addingReportingOverflow(up[b])
            return overflow ? .max : sum
        }
        for r in 0..<h.vertexCount {
            for i in Int(h.upwardFirstOut[r]) ..< Int(h.upwardFirstOut[r + 1]) { up[i] = value(of: i, at: r, upward: true) }
            for i in Int(h.downwardFirstIn[r]) ..< Int(h.downwardFirstIn[r + 1]) { down[i] = value(of: i, at: r, upward: false) }
        }
        upward = up
        downward = down
    }
}
