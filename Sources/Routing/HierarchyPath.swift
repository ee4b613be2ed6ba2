/// A shortest path found in a `ContractionHierarchy`.
@_spi(Experiments) public struct HierarchyPath: Sendable, Equatable {
    /// Source seed cost + arc weights + target seed cost.
    public var cost: UInt32
    /// Index of the source seed the path starts from.
    @_spi(Experiments) public var sourceSeed: Int
    /// Index of the target seed the path ends at.
    @_spi(Experiments) public var targetSeed: Int
    /// The graph's arcs driven, in order (empty when the path starts and ends at one vertex).
    @_spi(Experiments) public var arcs: [UInt32]

    public init(cost: UInt32, sourceSeed: Int, targetSeed: Int, arcs: [UInt32]) {
        self.cost = cost
        self.sourceSeed = sourceSeed
        self.targetSeed = targetSeed
        self.arcs = arcs
    }
}
