/// A many-to-many result: the cost from every source to every target, and optionally an annotation
/// summed along each chosen path (e.g. the distance of the fastest route).
@_spi(Experiments) public struct CostTable: Sendable, Equatable {
    public let sourceCount: Int
    let targetCount: Int
    /// Row-major (`source × targetCount + target`); `ContractionHierarchy.unreachable` where no path exists.
    public let costs: [UInt32]
    /// Same shape: the annotation summed along each path, when the table was asked for one.
    public let annotations: [UInt32]?

    public init(sourceCount: Int, targetCount: Int, costs: [UInt32], annotations: [UInt32]?) {
        precondition(costs.count == sourceCount * targetCount && (annotations?.count ?? costs.count) == costs.count)
        self.sourceCount = sourceCount
        self.targetCount = targetCount
        self.costs = costs
        self.annotations = annotations
    }

    /// The cost from `source` to `target`, nil when unreachable.
    public subscript(source: Int, target: Int) -> UInt32? {
        let c = costs[source * targetCount + target]
        return c == ContractionHierarchy.unreachable ? nil : c
    }

    /// The annotation of the path from `source` to `target`, nil when unreachable or not computed.
    public func annotation(source: Int, target: Int) -> UInt32? {
        guard let annotations, self[source, target] != nil else { return nil }
        return annotations[source * targetCount + target]
    }

    /// The costs as rows of optionals (nil = unreachable).
    var costRows: [[UInt32?]] {
        (0..<sourceCount).map { s in (0..<targetCount).map { self[s, $0] } }
    }

    /// The annotations as rows of optionals (nil = unreachable), or nil when not computed.
    var annotationRows: [[UInt32?]]? {
        guard annotations != nil else { return nil }
        return (0..<sourceCount).map { s in (0..<targetCount).map { annotation(source: s, target: $0) } }
    }
}
