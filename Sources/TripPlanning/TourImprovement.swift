import Geodesy

/// Local search on a closed tour: 2-opt (reverse a stretch) and Or-opt (move a stretch of up to
/// `orOptLength` stops elsewhere, either way round), until neither shortens the tour.
///
/// Both moves are evaluated for asymmetric matrices: a reversed stretch is costed in its new direction
/// (prefix sums of the tour's forward and backward legs make that O(1) per move).
public enum TourImprovement {
    /// The longest stretch Or-opt moves.
    static let orOptLength = 3
    /// The least gain that counts as an improvement; smaller ones are rounding, and ignoring them makes
    /// the search end.
    static let minimumGain: Seconds = 1e-6

    /// A tour at least as short as `tour`, on which no 2-opt or Or-opt move gains.
    /// - Parameter shouldStop: polled before every pass; true returns the tour as improved so far.
    /// - Precondition: `tour` visits every stop of `costs` once.
    /// - Complexity: O(n²) per pass; each pass but the last shortens the tour.
    public static func improve(_ tour: [Int], costs: TravelCosts, shouldStop: () -> Bool = { false }) -> [Int] {
        precondition(tour.count == costs.count && Set(tour).count == tour.count, "a tour visits every stop once")
        var tour = tour
        guard tour.count > 3 else { return BruteForceTour.shortest(costs) }   // three stops: the two directions
        while !shouldStop() {
            let reversed = twoOptPass(&tour, costs: costs)
            let moved = orOptPass(&tour, costs: costs)
            if !reversed && !moved { break }
        }
        return tour
    }

    /// One sweep of 2-opt moves, each applied as soon as found; whether any was.
    static func twoOptPass(_ tour: inout [Int], costs: TravelCosts) -> Bool {
        let n = tour.count
        var improved = false
        var (forward, backward) = legSums(tour, costs: costs)
        for i in 0..<n - 2 {
            for j in i + 2..<n {
                let (a, b, c, d) = (tour[i], tour[i + 1], tour[j], tour[(j + 1) % n])
                let before = costs[a, b] + (forward[j] - forward[i + 1]) + costs[c, d]
                let after = costs[a, c] + (backward[j] - backward[i + 1]) + costs[b, d]
                guard before - after > minimumGain else { continue }
                tour[(i + 1)...j].reverse()
                (forward, backward) = legSums(tour, costs: costs)
                improved = true
            }
        }
        return improved
    }

    /// `forward[k]`: the time from `tour[0]` to `tour[k]` along the tour; `backward[k]`: the same
    /// stretch driven the other way.
    static func legSums(_ tour: [Int], costs: TravelCosts) -> (forward: [Seconds], backward: [Seconds]) {
        var forward = [Seconds](repeating: 0, count: tour.count), backward = forward
        for k in 1..<tour.count {
            forward[k] = forward[k - 1] + costs[tour[k - 1], tour[k]]
            backward[k] = backward[k - 1] + costs[tour[k], tour[k - 1]]
        }
        return (forward, backward)
    }

    /// One sweep of Or-opt moves: every stretch of 1…`orOptLength` stops, tried between every other
    /// pair of neighbours in both directions; the best place for a stretch is taken if it gains.
    static func orOptPass(_ tour: inout [Int], costs: TravelCosts) -> Bool {
        var improved = false
        for length in 1...min(orOptLength, tour.count - 3) {
            for start in tour.indices {
                guard let moved = bestMove(of: start, length: length, in: tour, costs: costs) else { continue }
                tour = moved
                improved = true
            }
        }
        return improved
    }

    /// The tour with the stretch of `length` stops from position `start` moved to its best place, or
    /// nil when no place gains.
    static func bestMove(of start: Int, length: Int, in tour: [Int], costs: TravelCosts) -> [Int]? {
        let n = tour.count
        let stretch = (0..<length).map { tour[(start + $0) % n] }
        // The rest of the tour, from the stop after the stretch round to the one before it.
        let rest = (0..<n - length).map { tour[(start + length + $0) % n] }
        let (first, last) = (stretch[0], stretch[length - 1])
        let (prev, next) = (rest[rest.count - 1], rest[0])
        let removed = costs[prev, first] + costs[last, next] - costs[prev, next]
        let reversedStretch = Array(stretch.reversed())
        let inner = costs.pathCost(stretch), innerReversed = costs.pathCost(reversedStretch)
        var best: (gain: Seconds, after: Int, reversed: Bool)?
        for p in 0..<rest.count - 1 {
            let (a, b) = (rest[p], rest[p + 1])
            let forward = costs[a, first] + costs[last, b] - costs[a, b]
            let backward = costs[a, last] + innerReversed - inner + costs[first, b] - costs[a, b]
            for (added, reversed) in [(forward, false), (backward, true)] where removed - added > max(minimumGain, best?.gain ?? 0) {
                best = (removed - added, p, reversed)
            }
        }
        guard let best else { return nil }
        return Array(rest[...best.after]) + (best.reversed ? reversedStretch : stretch) + rest[(best.after + 1)...]
    }
}
