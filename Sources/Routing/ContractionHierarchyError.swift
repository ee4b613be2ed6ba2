/// Why a contraction hierarchy (or its input graph) could not be built or accepted.
public enum ContractionHierarchyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input graph's arrays break an invariant of `WeightedDigraph`.
    case malformedGraph(String)
    /// A shortcut's weight (the sum of the two arcs it replaces) does not fit below
    /// `ContractionHierarchy.unreachable` (a router leaves that metric's hierarchy out).
    case weightOverflow(shortcutFrom: UInt32, to: UInt32)
    /// Stored hierarchy arrays are inconsistent with each other or with the graph they claim to
    /// contract (damaged, or written for another graph): the array and the first violation.
    case damaged(array: String, reason: String)
    /// A given contraction order is not a permutation of the vertices.
    case invalidOrder(String)
    /// Original arcs plus shortcuts would not fit 32-bit arc ids.
    case tooManyShortcuts
    /// The uncontracted rest of the graph grew denser than `ContractionOptions.denseRemainderLimits`
    /// allow: how many vertices were contracted, of how many, and the rest's arcs per vertex then.
    case tooDense(contracted: Int, of: Int, arcsPerVertex: Double)

    public var description: String {
        switch self {
        case .malformedGraph(let reason): "malformed graph: \(reason)"
        case .weightOverflow(let from, let to):
            "a shortcut from vertex \(from) to \(to) would weigh 2^32 - 1 units or more (49 days in milliseconds, 4,295 km in millimetres)"
        case .damaged(let array, let reason): "damaged contraction hierarchy: \(array): \(reason)"
        case .invalidOrder(let reason): "invalid contraction order: \(reason)"
        case .tooManyShortcuts: "the hierarchy would need more than 2^32 - 2 arcs and shortcuts"
        case .tooDense(let contracted, let total, let degree):
            "contraction given up after \(contracted) of \(total) vertices: the \(total - contracted) left ("
                + String(format: "%.0f", 100 * Double(total - contracted) / Double(max(1, total))) + " %) already average "
                + String(format: "%.1f", degree) + " arcs each (a road network's rest stays at 5 or fewer until a fifth is left), "
                + "so the hierarchy would keep growing denser, as on a regular grid of equal roads"
        }
    }
}
