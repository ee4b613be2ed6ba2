import Geodesy

/// The exact shortest closed tour, by depth-first search over the orders that start at stop 0, pruning
/// a partial tour as soon as it is no shorter than the best complete one.
struct BruteForceTour {
    private let costs: TravelCosts
    private var path: [Int]
    private var used: [Bool]
    private var best: [Int]
    private var bestCost: Seconds

    /// The shortest closed tour through every stop, starting at stop 0; among equally short tours the
    /// first in lexicographic order.
    /// - Complexity: O((n-1)!) tours in the worst case; callers bound n (`TripSolver.exactStops`).
    static func shortest(_ costs: TravelCosts) -> [Int] {
        guard costs.count > 2 else { return Array(0..<costs.count) }
        var search = BruteForceTour(costs: costs)
        search.extend(reached: 0)
        return search.best
    }

    private init(costs: TravelCosts) {
        self.costs = costs
        path = [0]
        used = Array(repeating: false, count: costs.count)
        used[0] = true
        best = Array(0..<costs.count)
        bestCost = costs.cycleCost(best)
    }

    private mutating func extend(reached cost: Seconds) {
        let last = path[path.count - 1]
        if path.count == costs.count {
            let total = cost + costs[last, 0]
            if total < bestCost { (best, bestCost) = (path, total) }
            return
        }
        for next in 1..<costs.count where !used[next] {
            let reached = cost + costs[last, next]
            guard reached < bestCost else { continue }
            used[next] = true
            path.append(next)
            extend(reached: reached)
            path.removeLast()
            used[next] = false
        }
    }
}
