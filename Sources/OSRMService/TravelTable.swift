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
/// A seam for tests (a deliberately slow table checks the per-request timeout); the service uses
/// `RouterTable`.
public protocol TravelTable: Sendable {
    /// `cells[i][j]`: from `sources[i]` to `destinations[j]`, nil when no route connects them.
    func cells(from sources: [SnappedLocation], to destinations: [SnappedLocation], router: Router,
               workspace: RoutingWorkspace) -> [[TableCell?]]
}

/// The router's own table (`Router.table`): bucket-based many-to-many on its contraction hierarchy,
/// one A* search per cell without one; durations and distances of the fastest routes.
/// - Complexity: see `Router.table(from:to:metric:workspace:)`.
public struct RouterTable: TravelTable {
    public init() {}

    public func cells(from sources: [SnappedLocation], to destinations: [SnappedLocation], router: Router,
                      workspace: RoutingWorkspace) -> [[TableCell?]] {
        let matrix = router.table(from: sources, to: destinations, metric: .time, workspace: workspace)
        return sources.indices.map { i in
            destinations.indices.map { j -> TableCell? in
                guard let duration = matrix.duration(from: i, to: j), let distance = matrix.distance(from: i, to: j) else { return nil }
                return TableCell(duration: duration, distance: distance)
            }
        }
    }
}
