import Foundation
import Geodesy
import Routing

/// The alternatives stage: `Router.alternativeRoutes` per pair, with what its answers measure against
/// the targets (how many pairs get an alternative, the largest stretch and sharing seen).
extension BenchRunner {
    /// Alternatives asked per pair: OSRM's default `--max-alternatives`.
    static let benchAlternatives = 3

    /// What the alternatives pass gathers besides the timings.
    struct AlternativesFigures {
        var pairsWithAlternative = 0
        var alternatives = 0
        /// The largest alternative weight over its best route's, less 1.
        var maximumStretch = 0.0
        /// The largest weight an alternative shares with the best route or an earlier alternative, over
        /// the best route's weight.
        var maximumSharing = 0.0

        /// Adds one pair's answer (best route first).
        mutating func add(_ routes: [Route], router: Router) {
            guard let best = routes.first, routes.count > 1 else { return }
            pairsWithAlternative += 1
            alternatives += routes.count - 1
            let bestWeight = max(best.weight, Double.leastNonzeroMagnitude)
            for (i, alternative) in routes.enumerated().dropFirst() {
                maximumStretch = max(maximumStretch, alternative.weight / bestWeight - 1)
                for earlier in routes[..<i] {
                    maximumSharing = max(maximumSharing, router.sharedWeight(of: alternative, with: earlier) / bestWeight)
                }
            }
        }
    }

    /// Times `alternativeRoutes` (snapping included, as the route stage times `route`) for every pair,
    /// back to back, asking `benchAlternatives`; notes the share of routed pairs with at least one
    /// alternative, the mean alternatives of those, and the largest stretch and sharing.
    func alternativesPass(pairs: [BenchPair], router: Router, workspace: RoutingWorkspace) -> StageReport {
        var accumulator = Accumulator()
        var figures = AlternativesFigures()
        var progress = BenchProgress(label: "alternatives", total: pairs.count, enabled: showsProgress)
        for (index, pair) in pairs.enumerated() {
            let start = ContinuousClock.now
            do {
                let ends = try router.snapWaypoints([pair.from, pair.to], maxDistance: maxSnap)
                let routes = try router.alternativeRoutes(through: ends, count: Self.benchAlternatives, metric: metric, workspace: workspace)
                accumulator.record(routes[0], in: (ContinuousClock.now - start).seconds)
                accumulator.items += routes.count
                figures.add(routes, router: router)
            } catch {
                accumulator.failures.append(BenchFailure(pair: index, reason: error.description))
            }
            progress.update(index + 1)
        }
        progress.finish()
        var report = accumulator.report(.alternatives, attempted: pairs.count, withRoutes: true, withItems: true)
        let routed = max(1, accumulator.times.count)
        report.notes["pairs_with_alternative_share"] = Double(figures.pairsWithAlternative) / Double(routed)
        report.notes["alternatives_per_pair_with_one"] = figures.pairsWithAlternative == 0 ? 0
            : Double(figures.alternatives) / Double(figures.pairsWithAlternative)
        report.notes["maximum_stretch"] = figures.maximumStretch
        report.notes["maximum_sharing"] = figures.maximumSharing
        return report
    }
}
