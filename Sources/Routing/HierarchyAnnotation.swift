/// A second per-arc quantity carried through a hierarchy's search arcs, so a table can report it for
/// the paths its metric chose (OSRM's table reports the distance of each fastest route this way).
///
/// `upward[i]` and `downward[i]` are the sums of the quantity over the original arcs that upward and
/// downward arc `i` unpack to; sums saturate at `UInt32.max`.
@_spi(Experiments) public struct HierarchyAnnotation: Sendable, Equatable {
    let upward: [UInt32]
    let downward: [UInt32]

    /// Sums `arcValues` (one per original arc) over every hierarchy arc.
    /// - Precondition: `arcValues.count == hierarchy.originalArcCount`.
    /// - Complexity: O(arcs + shortcuts + search arcs).
    public init(hierarchy: ContractionHierarchy, arcValues: [UInt32]) {
        precondition(arcValues.count == hierarchy.originalArcCount, "one value per original arc is needed")
        var value = arcValues
        value.reserveCapacity(arcValues.count + hierarchy.shortcutCount)
        for k in 0..<hierarchy.shortcutCount {
            let (sum, overflow) = value[Int(hierarchy.firstHalf(ofShortcut: k))].addingReportingOverflow(value[Int(hierarchy.secondHalf(ofShortcut: k))])
            value.append(overflow ? .max : sum)
        }
        upward = hierarchy.upwardArcID.map { value[Int($0)] }
        downward = hierarchy.downwardArcID.map { value[Int($0)] }
    }
}
