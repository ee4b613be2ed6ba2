import Geodesy

/// The farthest-insertion construction of a closed tour (OSRM's trip heuristic): start from the two
/// stops farthest apart, then repeatedly take the stop farthest from the tour and insert it where it
/// lengthens the tour least.
///
/// Distances to the tour are round-trip durations (`a → b` plus `b → a`), so one-way streets count
/// both ways.
public enum FarthestInsertion {
    /// A closed tour through every stop.
    /// - Complexity: O(n²) time, O(n) memory beyond the matrix.
    public static func tour(_ costs: TravelCosts) -> [Int] {
        let n = costs.count
        guard n > 2 else { return Array(0..<n) }
        func apart(_ a: Int, _ b: Int) -> Seconds { costs[a, b] + costs[b, a] }
        var seed = (0, 1)
        for a in 0..<n { for b in a + 1..<n where apart(a, b) > apart(seed.0, seed.1) { seed = (a, b) } }
        var tour = [seed.0, seed.1]
        var inTour = Array(repeating: false, count: n)
        var distanceToTour = Array(repeating: Seconds.infinity, count: n)
        for stop in tour { inTour[stop] = true }
        for k in 0..<n where !inTour[k] { distanceToTour[k] = min(apart(k, seed.0), apart(k, seed.1)) }
        for _ in 2..<n {
            var farthest = -1
            for k in 0..<n where !inTour[k] && (farthest < 0 || distanceToTour[k] > distanceToTour[farthest]) { farthest = k }
            tour.insert(farthest, at: cheapestPosition(for: farthest, in: tour, costs: costs))
            inTour[farthest] = true
            for k in 0..<n where !inTour[k] { distanceToTour[k] = min(distanceToTour[k], apart(k, farthest)) }
        }
        return tour
    }

    /// The index to insert `stop` at (before `tour[index]`, after its predecessor) that adds least time.
    static func cheapestPosition(for stop: Int, in tour: [Int], costs: TravelCosts) -> Int {
        var best = (position: 0, added: Seconds.infinity)
        for p in tour.indices {
            let before = tour[(p + tour.count - 1) % tour.count], after = tour[p]
            let added = costs[before, stop] + costs[stop, after] - costs[before, after]
            if added < best.added { best = (p, added) }
        }
        return best.position
    }
}
