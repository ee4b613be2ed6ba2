import Geodesy

/// The order in which to visit stops so that the whole trip takes least time: the travelling salesman
/// problem on a duration matrix, as OSRM's `/trip` solves it.
///
/// Every trip shape is first turned into a closed tour over a reduced matrix (`CycleReduction`): a
/// pinned start and end are merged into one stop, and an open trip's free return costs nothing. The
/// closed tour is then exact (`BruteForceTour`) up to `exactStops` stops and heuristic
/// (`FarthestInsertion` then `TourImprovement`) above.
public enum TripSolver {
    /// The most stops solved exactly; OSRM's brute force stops below 10, Waymark's at 10 inclusive.
    public static let exactStops = 10

    /// The stops in visiting order, each once, starting at the trip's first stop (a round trip returns
    /// to it after the last).
    /// - Parameter shouldStop: polled between improvement passes of the heuristic; when it answers true
    ///   the best order found so far is returned (the exact search is bounded by `exactStops`).
    /// - Precondition: `shape.isSupported`, and its pinned stops are indices of `costs`.
    /// - Complexity: O(n! / n) for n ≤ `exactStops` (pruned), else O(n³) for the insertion plus
    ///   O(n²) per improvement pass.
    public static func solve(_ costs: TravelCosts, shape: TripShape, shouldStop: () -> Bool = { false }) -> [Int] {
        precondition(shape.isSupported, "an open trip needs a pinned start or end")
        precondition([shape.start, shape.end].allSatisfy { $0.map { costs.count > $0 && $0 >= 0 } ?? true }, "pinned stops exist")
        guard costs.count > 1 else { return Array(0..<costs.count) }
        let reduction = CycleReduction(costs, shape: shape)
        return reduction.trip(from: closedTour(reduction.costs, shouldStop: shouldStop))
    }

    /// The shortest closed tour found through every stop of `costs` (exact up to `exactStops`).
    public static func closedTour(_ costs: TravelCosts, shouldStop: () -> Bool = { false }) -> [Int] {
        if costs.count <= exactStops { return BruteForceTour.shortest(costs) }
        return TourImprovement.improve(FarthestInsertion.tour(costs), costs: costs, shouldStop: shouldStop)
    }
}
