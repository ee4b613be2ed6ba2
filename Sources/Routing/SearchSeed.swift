/// Where a hierarchy search starts or ends: a vertex and the cost already paid to reach it (a source)
/// or still to pay after it (a target), e.g. the rest of the edge a point was snapped onto.
@_spi(Experiments) public struct SearchSeed: Sendable, Equatable {
    public var vertex: UInt32
    public var cost: UInt32
    /// The `HierarchyAnnotation` quantity accrued with `cost` (e.g. the metres of the part edge), which
    /// tables add to the annotations they report.
    public var annotation: UInt32

    public init(vertex: UInt32, cost: UInt32 = 0, annotation: UInt32 = 0) {
        self.vertex = vertex
        self.cost = cost
        self.annotation = annotation
    }
}
