import Geodesy
import Routing

/// The figures of one table size of the `table` stage, beside its run times (`StageReport.latencies`).
public struct BenchTableFigures: Sendable {
    /// Sources (the first pairs' origins) and destinations (the same pairs' destinations).
    var sources: Int
    var destinations: Int
    /// Cells without a route (the two points are not connected for cars).
    var unreachableCells: Int
    /// The search `Router.table` ran: `.contractionHierarchy` (bucket many-to-many) or `.aStar` (one
    /// search per cell, when the router has no hierarchy for the metric).
    var algorithm: SearchAlgorithm
    /// The search the sampled cells were checked with: one that does not use the table's.
    var checkAlgorithm: SearchAlgorithm
    /// Sampled cells compared with a pairwise route.
    var checkedCells: Int
    /// The sampled cells that differ from their pairwise route.
    var mismatches: [BenchTableMismatch]

    var cells: Int { sources * destinations }

    /// The search that checks a table computed with `algorithm`: A* for a hierarchy's table (so the
    /// check does not share the hierarchy), Dijkstra for an A* table.
    static func checkAlgorithm(for algorithm: SearchAlgorithm) -> SearchAlgorithm {
        algorithm == .contractionHierarchy ? .aStar : .dijkstra
    }
}

/// A sampled table cell that differs from the pairwise route between the same two snapped points.
public struct BenchTableMismatch: Sendable, Equatable {
    /// Row and column of the cell (0-based: the pair whose origin, and the pair whose destination).
    var source: Int
    var destination: Int
    /// nil when that side found no route.
    var tableDuration: Seconds?
    var tableDistance: Meters?
    var routeDuration: Seconds?
    var routeDistance: Meters?
    /// What differs, in words (a missing route, a cost difference, a tie between equal-cost paths).
    var note: String
}
