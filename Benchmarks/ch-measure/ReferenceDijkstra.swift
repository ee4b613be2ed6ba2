@_spi(Experiments) import Routing

/// A plain binary-heap Dijkstra over a `WeightedDigraph` with multiple seeds, to check the hierarchy's
/// costs and to time against.
struct ReferenceDijkstra {
    let graph: WeightedDigraph
    var distance: [UInt64]
    var touched: [Int] = []

    init(graph: WeightedDigraph) {
        self.graph = graph
        distance = [UInt64](repeating: .max, count: graph.vertexCount)
    }

    mutating func cost(from sources: [SearchSeed], to targets: [SearchSeed]) -> UInt32? {
        for v in touched { distance[v] = .max }
        touched.removeAll(keepingCapacity: true)
        var isTarget: [UInt32: UInt64] = [:]
        for t in targets { isTarget[t.vertex] = min(isTarget[t.vertex] ?? .max, UInt64(t.cost)) }
        var heap = KeyedMinHeap<UInt64>()
        for s in sources where UInt64(s.cost) < distance[Int(s.vertex)] {
            if distance[Int(s.vertex)] == .max { touched.append(Int(s.vertex)) }
            distance[Int(s.vertex)] = UInt64(s.cost)
            heap.push(UInt64(s.cost), Int(s.vertex))
        }
        var best = UInt64.max
        while let (d, v) = heap.pop() {
            if d != distance[v] { continue }
            if d >= best { break }
            if let t = isTarget[UInt32(v)] { best = min(best, d + t) }
            relax(from: v, at: d, heap: &heap)
        }
        return best < UInt64(ContractionHierarchy.unreachable) ? UInt32(best) : nil
    }

    /// Every vertex's distance from the nearest of `sources` (`.max` where none reaches it).
    mutating func distances(from sources: [Int]) -> [UInt64] {
        for v in touched { distance[v] = .max }
        touched.removeAll(keepingCapacity: true)
        var heap = KeyedMinHeap<UInt64>()
        for s in sources where distance[s] != 0 {
            if distance[s] == .max { touched.append(s) }
            distance[s] = 0
            heap.push(0, s)
        }
        while let (d, v) = heap.pop() {
            if d == distance[v] { relax(from: v, at: d, heap: &heap) }
        }
        return distance
    }

    /// Lowers the heads of `v`'s arcs through `v` (settled at `d`) and queues those improved.
    private mutating func relax(from v: Int, at d: UInt64, heap: inout KeyedMinHeap<UInt64>) {
        for a in graph.arcs(from: UInt32(v)) {
            let h = Int(graph.head[a]), nd = d + UInt64(graph.weight[a])
            if nd < distance[h] {
                if distance[h] == .max { touched.append(h) }
                distance[h] = nd
                heap.push(nd, h)
            }
        }
    }
}
