import Geodesy
import RoadNetwork

/// Distances to and from a few landmark nodes, for the ALT lower bound (A*, Landmarks, Triangle
/// inequality): `d(v, t) >= d(v, L) - d(t, L)` and `d(v, t) >= d(L, t) - d(L, v)` for every landmark L.
///
/// Computed on the plain node graph, which ignores turn restrictions and access phases; that graph
/// allows every path the router's state graph allows at the same cost, so its distances are lower
/// bounds there too, and the bound stays consistent. Unreachable entries are `+infinity`.
///
/// Layout: for node `v` and landmark `l`, `values[(v × count + l) × 2]` is `d(v, L)` and `+ 1` is
/// `d(L, v)`, so one node's bounds sit in one or two cache lines.
final class LandmarkTable: @unchecked Sendable {
    let count: Int
    let landmarks: [NodeIndex]
    let values: UnsafeMutablePointer<Double>

    /// Picks `count` landmarks spread over the graph's edge (greedy farthest point by great-circle
    /// distance, skipping nodes whose forward search reaches under half the graph) and runs a forward and
    /// a backward Dijkstra from each with `cost`.
    /// - Complexity: O(count × (E + V log V) + candidates × V).
    init(graph: RoadGraph, count wanted: Int, cost: (Int) -> Double) {
        let n = graph.nodeCount
        let forwardNeighbours: (Int, (Int, Double) -> Void) -> Void = { v, visit in
            for e in Int(graph.firstOut[v])..<Int(graph.firstOut[v + 1]) { visit(Int(graph.head[e]), cost(e)) }
        }
        // The tails once, for the backward searches' every step (the graph searches `firstOut` per tail).
        let tails = graph.tail.materialized()
        let backwardNeighbours: (Int, (Int, Double) -> Void) -> Void = { v, visit in
            for e in graph.incomingEdges(of: NodeIndex(v)) { visit(Int(tails[Int(e)]), cost(Int(e))) }
        }

        var chosen: [NodeIndex] = []
        var toTables: [[Double]] = [], fromTables: [[Double]] = []
        let unitVectors = graph.nodeCoordinates.map(Router.unitVector)
        var nearest = [Double](repeating: .infinity, count: n)   // chord to the nearest chosen landmark
        if n > 0 {
            // Start from the node farthest from the centre of the graph.
            let box = graph.boundingBox
            var anchor = Router.unitVector(Coordinate(latitude: (box.minLatitude + box.maxLatitude) / 2,
                                                      longitude: (box.minLongitude + box.maxLongitude) / 2))
            var rejected = [Bool](repeating: false, count: n)
            var attempts = 0
            while chosen.count < wanted && attempts < wanted * 4 {
                attempts += 1
                var best = -1
                var bestScore = -1.0
                for v in 0..<n where !rejected[v] {
                    let u = unitVectors[v]
                    let score = chosen.isEmpty
                        ? (u.x - anchor.x) * (u.x - anchor.x) + (u.y - anchor.y) * (u.y - anchor.y) + (u.z - anchor.z) * (u.z - anchor.z)
                        : nearest[v]
                    if score > bestScore { bestScore = score; best = v }
                }
                guard best >= 0 else { break }
                let from = LandmarkTable.dijkstra(from: best, nodeCount: n, neighbours: forwardNeighbours)
                if from.reached * 2 < n { rejected[best] = true; continue }
                let to = LandmarkTable.dijkstra(from: best, nodeCount: n, neighbours: backwardNeighbours)
                chosen.append(NodeIndex(best))
                fromTables.append(from.distance)
                toTables.append(to.distance)
                anchor = unitVectors[best]
                for v in 0..<n {
                    let u = unitVectors[v]
                    let d = (u.x - anchor.x) * (u.x - anchor.x) + (u.y - anchor.y) * (u.y - anchor.y) + (u.z - anchor.z) * (u.z - anchor.z)
                    if d < nearest[v] { nearest[v] = d }
                }
            }
        }
        count = chosen.count
        landmarks = chosen
        values = .allocate(capacity: max(1, n * count * 2))
        for v in 0..<n {
            for l in 0..<count {
                values[(v * count + l) * 2] = toTables[l][v]
                values[(v * count + l) * 2 + 1] = fromTables[l][v]
            }
        }
    }

    deinit { values.deallocate() }

    /// A queued node of the preprocessing searches, ordered by distance.
    private struct QueuedNode: MinHeapEntry {
        var distance: Double
        var node: Int

        static func precedes(_ a: QueuedNode, _ b: QueuedNode) -> Bool { a.distance < b.distance }
    }

    /// A plain Dijkstra (lazy deletion) over `neighbours`, for preprocessing only.
    private static func dijkstra(from source: Int, nodeCount n: Int, neighbours: (Int, (Int, Double) -> Void) -> Void)
        -> (distance: [Double], reached: Int) {
        var distance = [Double](repeating: .infinity, count: n)
        var heap = MinHeap<QueuedNode>()
        heap.push(QueuedNode(distance: 0, node: source))
        distance[source] = 0
        var reached = 0
        while !heap.isEmpty {
            let top = heap.pop()
            let d = top.distance, v = top.node
            if d > distance[v] { continue }
            reached += 1
            neighbours(v) { w, c in
                let nd = d + c
                if nd < distance[w] {
                    distance[w] = nd
                    heap.push(QueuedNode(distance: nd, node: w))
                }
            }
        }
        return (distance, reached)
    }
}
