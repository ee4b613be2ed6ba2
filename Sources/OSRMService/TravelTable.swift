import Geodesy
import Routing

/// One cell of a `/table` answer: the fastest route's duration and distance, nil when unreachable.
public struct TableCell: Sendable, Equatable {
    public var duration: Seconds
    public var distance: Meters

    public init(duration: Seconds, distance: Meters) {
        self.duration = duration
        self.distance = distance
    }
}

/// Computes the many-to-many table of `/table/v1`.
///
/// The seam where a faster algorithm plugs in: `PairwiseTable` runs one route per cell; a table over
/// contraction hierarchies (one bucket search per source and destination) replaces it without the
/// service or the response changing.
public protocol TravelTable: Sendable {
    /// `cells[i][j]`: from `sources[i]` to `destinations[j]`, nil when no route connects them.
    func cells(from sources: [SnappedLocation], to destinations: [SnappedLocation], router: Router,
               workspace: RoutingWorkspace) -> [[TableCell?]]
}

/// The table as one A* route per cell.
/// - Complexity: sources × destinations point-to-point searches.
public struct PairwiseTable: TravelTable {
    public init() {}

    public func cells(from sources: [SnappedLocation], to destinations: [SnappedLocation], router: Router,
                      workspace: RoutingWorkspace) -> [[TableCell?]] {
        sources.map { source in
            destinations.map { destination -> TableCell? in
                guard let route = try? router.route(through: [source, destination], workspace: workspace) else { return nil }
                return TableCell(duration: route.duration, distance: route.distance)
            }
        }
    }
}
