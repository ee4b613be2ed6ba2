import Routing

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
        var heap: [(UInt64, UInt32)] = []
        func push(_ d: UInt64, _ v: UInt32) {
            heap.append((d, v))
            var c = heap.count - 1
            while c > 0 { let p = (c - 1) / 2; if heap[p].0 <= heap[c].0 { break }; heap.swapAt(p, c); c = p }
        }
        func pop() -> (UInt64, UInt32) {
            let top = heap[0]
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                var p = 0
                while true {
                    var c = 2 * p + 1
                    if c >= heap.count { break }
                    if c + 1 < heap.count && heap[c + 1].0 < heap[c].0 { c += 1 }
                    if heap[p].0 <= heap[c].0 { break }
                    heap.swapAt(p, c); p = c
                }
            }
            return top
        }
        for s in sources where UInt64(s.cost) < distance[Int(s.vertex)] {
            if distance[Int(s.vertex)] == .max { touched.append(Int(s.vertex)) }
            distance[Int(s.vertex)] = UInt64(s.cost)
            push(UInt64(s.cost), s.vertex)
        }
        var best = UInt64.max
        while !heap.isEmpty {
            let (d, v) = pop()
            if d != distance[Int(v)] { continue }
            if d >= best { break }
            if let t = isTarget[v] { best = min(best, d + t) }
            for a in graph.arcs(from: v) {
                let h = Int(graph.head[a]), nd = d + UInt64(graph.weight[a])
                if nd < distance[h] {
                    if distance[h] == .max { touched.append(h) }
                    distance[h] = nd
                    push(nd, UInt32(h))
                }
            }
        }
        return best < UInt64(ContractionHierarchy.unreachable) ? UInt32(best) : nil
    }
}
