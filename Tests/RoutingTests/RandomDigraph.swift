import TestSupport
@_spi(Experiments) @testable import Routing

/// Random weighted digraphs for the contraction-hierarchy property tests, and an independent
/// reference (array-scan Dijkstra, no heap, no hierarchy code) to compare against.
enum RandomDigraph {
    /// A digraph (`zeroShare` of the arcs weigh 0, the others `1...maxWeight`) of two or three disconnected parts, each a jittered grid of two-way and one-way
    /// roads (so queries inside a part mostly connect) plus random shortcut arcs; with zero-weight
    /// arcs, parallel arcs (same ends, other weight) and self loops mixed in.
    static func make(seed: UInt64, maxVertices: Int = 60, maxWeight: UInt32 = 20, zeroShare: Double = 0.15) -> WeightedDigraph {
        var rng = SeededGenerator(seed: seed)
        let parts = Int.random(in: 2...3, using: &rng)
        var arcs: [(tail: UInt32, head: UInt32, weight: UInt32)] = []
        var base = 0
        func weight() -> UInt32 {
            Double.random(in: 0..<1, using: &rng) < zeroShare ? 0 : UInt32.random(in: 1...maxWeight, using: &rng)
        }
        for _ in 0..<parts {
            let columns = Int.random(in: 1...5, using: &rng), rows = Int.random(in: 1...max(1, maxVertices / (parts * columns)), using: &rng)
            let count = columns * rows
            func vertex(_ r: Int, _ c: Int) -> UInt32 { UInt32(base + r * columns + c) }
            for r in 0..<rows {
                for c in 0..<columns {
                    for (dr, dc) in [(0, 1), (1, 0)] where r + dr < rows && c + dc < columns {
                        let a = vertex(r, c), b = vertex(r + dr, c + dc)
                        let kind = Double.random(in: 0..<1, using: &rng)
                        if kind < 0.1 { continue }
                        if kind < 0.87 { arcs.append((a, b, weight())) }
                        if kind < 0.75 || kind >= 0.87 { arcs.append((b, a, weight())) }
                    }
                }
            }
            for _ in 0..<Int.random(in: 0...count / 3, using: &rng) {
                let a = UInt32(base + Int.random(in: 0..<count, using: &rng)), b = UInt32(base + Int.random(in: 0..<count, using: &rng))
                arcs.append((a, b, weight()))  // may be a loop
            }
            base += count
        }
        for _ in 0..<Int.random(in: 0...max(1, arcs.count / 8), using: &rng) where !arcs.isEmpty {
            let copy = arcs[Int.random(in: 0..<arcs.count, using: &rng)]
            arcs.append((copy.tail, copy.head, weight()))  // parallel arc
        }
        for _ in 0..<Int.random(in: 0...3, using: &rng) where base > 0 {
            let v = UInt32.random(in: 0..<UInt32(base), using: &rng)
            arcs.append((v, v, weight()))  // self loop
        }
        arcs.shuffle(using: &rng)
        return try! WeightedDigraph.fromArcs(vertexCount: base, arcs: arcs).graph
    }

    /// The cheapest `source.cost + path + target.cost` (no hierarchy involved); nil when none is below
    /// `ContractionHierarchy.unreachable`.
    static func dijkstra(_ graph: WeightedDigraph, from sources: [SearchSeed], to targets: [SearchSeed]) -> UInt32? {
        let n = graph.vertexCount
        var distance = [UInt64](repeating: .max, count: n)
        var done = [Bool](repeating: false, count: n)
        for s in sources where s.cost != ContractionHierarchy.unreachable { distance[Int(s.vertex)] = min(distance[Int(s.vertex)], UInt64(s.cost)) }
        while true {
            var best = -1
            for v in 0..<n where !done[v] && distance[v] != .max && (best < 0 || distance[v] < distance[best]) { best = v }
            if best < 0 { break }
            done[best] = true
            for a in graph.arcs(from: UInt32(best)) {
                let h = Int(graph.head[a])
                distance[h] = min(distance[h], distance[best] + UInt64(graph.weight[a]))
            }
        }
        var answer = UInt64.max
        for t in targets where distance[Int(t.vertex)] != .max && t.cost != ContractionHierarchy.unreachable {
            answer = min(answer, distance[Int(t.vertex)] + UInt64(t.cost))
        }
        return answer < UInt64(ContractionHierarchy.unreachable) ? UInt32(answer) : nil
    }

    /// Why `path` is not a path from its source seed to its target seed costing `path.cost`, or nil.
    static func pathProblem(_ path: HierarchyPath, in graph: WeightedDigraph, tails: [UInt32],
                            sources: [SearchSeed], targets: [SearchSeed]) -> String? {
        guard sources.indices.contains(path.sourceSeed), targets.indices.contains(path.targetSeed) else { return "seed index out of range" }
        var at = sources[path.sourceSeed].vertex
        var cost = UInt64(sources[path.sourceSeed].cost)
        for arc in path.arcs {
            guard Int(arc) < graph.arcCount else { return "arc \(arc) is not in the graph" }
            if tails[Int(arc)] != at { return "arc \(arc) leaves \(tails[Int(arc)]), not \(at)" }
            at = graph.head[Int(arc)]
            cost += UInt64(graph.weight[Int(arc)])
        }
        if at != targets[path.targetSeed].vertex { return "the path ends at \(at), not at the target seed's \(targets[path.targetSeed].vertex)" }
        cost += UInt64(targets[path.targetSeed].cost)
        if cost != UInt64(path.cost) { return "the arcs cost \(cost), the path says \(path.cost)" }
        return nil
    }
}
