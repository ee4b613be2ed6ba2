import Geodesy
import RoadNetwork

/// The A* lower bound of one query: the cost from a node to the query's target can be no smaller.
///
/// Two bounds, both consistent, combined by `max` (which keeps consistency):
/// - *geometric*: `scale × chord(node, target point)`, where `scale` is `R / fastestSpeed` for time and
///   `R` for distance (unit vectors on a sphere of radius R; the chord is never longer than the road);
/// - *ALT* (when the router has landmarks): `max over landmarks L of d(v, L) − d(t, L)` and
///   `d(L, t) − d(L, v)`, taking the smallest such bound over the goal nodes `t` (the tails of the target
///   edges and the target node: every path to the target passes one of them).
///
/// Both are scaled by `Router.boundSafetyFactor` so that sums in another order cannot make them exceed
/// the true cost. A Dijkstra query uses a zero scale and no landmarks: the bound is then 0 everywhere.
///
/// When the router has a potential hierarchy for the metric, A* uses its junction-graph distance to the
/// goal nodes instead (`HierarchyPotentialSearch`): exact integers, never above the true cost and
/// consistent, and far tighter than either bound above (it misses only the turns and waits beyond the
/// cheapest way onto each edge).
/// Owns a small buffer of the goal nodes' landmark rows: call `release()` when the query ends.
struct SearchHeuristic {
    private let scale: Double
    private let target: (x: Double, y: Double, z: Double)
    private let unitVectors: UnsafeMutablePointer<Double>
    private let landmarkCount: Int
    private let landmarkValues: UnsafeMutablePointer<Double>?
    /// Per goal node and landmark: `d(t, L)`, then `d(L, t)` (−infinity when L cannot reach t).
    private let goalBounds: UnsafeMutablePointer<Double>
    private let goalCount: Int
    /// The exact junction-graph distance to the goals, when the router has a potential hierarchy.
    private let potentials: HierarchyPotentialSearch?

    /// The bound for `metric` towards `targetPoint`, with `goalNodes` for the ALT part.
    ///
    /// Unreachable landmark entries are arranged so their terms drop out: `d(t, L) = +inf` makes
    /// `d(v, L) − d(t, L)` −inf or NaN, `d(L, t) = −inf` makes `d(L, t) − d(L, v)` −inf. A finite
    /// `d(t, L)` with `d(v, L) = +inf` gives +inf: v cannot reach t, and the caller prunes the state.
    init(router: Router, metric: RoutingMetric, algorithm: SearchAlgorithm, targetPoint: Coordinate, goalNodes: [NodeIndex],
         workspace: RoutingWorkspace) {
        let useTime = metric == .time
        if algorithm == .aStar {
            scale = (useTime ? router.timeBoundScale : router.distanceBoundScale) * Router.boundSafetyFactor
        } else {
            scale = 0
        }
        target = Router.unitVector(targetPoint)
        unitVectors = router.unitVectors
        goalCount = goalNodes.count
        if algorithm == .aStar, let hierarchy = router.potentialHierarchy(for: metric) {
            let search = workspace.potentialSearch ?? HierarchyPotentialSearch(nodeCount: router.nodeCount)
            workspace.potentialSearch = search
            search.begin(graph: hierarchy.searchGraph, goals: goalNodes)
            potentials = search
        } else {
            potentials = nil
        }
        // Potentials make the landmarks' bound unused: asking for the table would build it on first use.
        let table = algorithm == .aStar && potentials == nil ? router.landmarkProvision.table(for: metric) : nil
        landmarkCount = table?.count ?? 0
        landmarkValues = table?.values
        goalBounds = .allocate(capacity: max(1, 2 * goalNodes.count * landmarkCount))
        // `bound(at:)` reads the potentials alone when there are any: the landmark rows would go unused.
        guard potentials == nil, let values = landmarkValues else { return }
        for (i, goal) in goalNodes.enumerated() {
            let row = values + Int(goal) * landmarkCount * 2
            for l in 0..<landmarkCount {
                goalBounds[(i * landmarkCount + l) * 2] = row[2 * l]
                let from = row[2 * l + 1]
                goalBounds[(i * landmarkCount + l) * 2 + 1] = from.isFinite ? from : -.infinity
            }
        }
    }

    /// Frees the goal rows; the heuristic must not be used afterwards.
    func release() { goalBounds.deallocate() }

    /// A lower bound on the cost from `node` to the target; +infinity when the target cannot be reached.
    /// - Complexity: O(landmarks × goal nodes), O(1) without landmarks.
    @inline(__always)
    func bound(at node: NodeIndex) -> Double {
        if let potentials {
            let value = potentials.potential(at: node)
            return value == ContractionHierarchy.unreachable ? .infinity : Double(value)
        }
        let p = unitVectors + 3 * Int(node)
        let dx = p[0] - target.x, dy = p[1] - target.y, dz = p[2] - target.z
        let geometric = scale * (dx * dx + dy * dy + dz * dz).squareRoot()
        guard landmarkCount > 0 else { return geometric }
        let alt = landmarkBound(at: node) * Router.boundSafetyFactor
        return alt > geometric ? alt : geometric
    }

    /// The ALT bound at `node`: the smallest, over the goal nodes, of the best landmark difference.
    @inline(__always)
    private func landmarkBound(at node: NodeIndex) -> Double {
        let row = landmarkValues! + Int(node) * landmarkCount * 2
        var nearest = Double.infinity
        for i in 0..<goalCount {
            let bounds = goalBounds + i * landmarkCount * 2
            var b = 0.0
            for l in 0..<landmarkCount {
                let viaTo = row[2 * l] - bounds[2 * l]
                if viaTo > b { b = viaTo }
                let viaFrom = bounds[2 * l + 1] - row[2 * l + 1]
                if viaFrom > b { b = viaFrom }
            }
            if b < nearest { nearest = b }
        }
        return nearest
    }
}
