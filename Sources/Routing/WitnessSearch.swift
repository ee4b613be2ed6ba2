/// The bounded Dijkstra searches of contraction: is there a path from `u` to `w` avoiding `v` that is
/// no longer than `u → v → w`? If so, contracting `v` needs no shortcut `u → w`.
///
/// One search from `u` answers for all of `v`'s out-neighbours at once. It is bounded in distance (the
/// longest path through `v` it must beat) and in settled vertices: when the bound cuts a search short,
/// a witness may be missed and an unneeded shortcut added, which costs space, never correctness.
/// Tentative (unsettled) distances count as witnesses too: each is the length of a real path.
///
/// Distances live in arrays stamped with a generation, so a search costs O(its own work), not O(n).
struct WitnessSearch {
    private var distance: [UInt32]
    private var stamp: [UInt32]
    private var targetStamp: [UInt32]
    private var generation: UInt32 = 0
    private var heap = BinaryMinHeap<UInt64>()

    init(vertexCount: Int) {
        distance = [UInt32](repeating: 0, count: vertexCount)
        stamp = [UInt32](repeating: 0, count: vertexCount)
        targetStamp = [UInt32](repeating: 0, count: vertexCount)
    }

    /// Starts a new search generation (every distance becomes infinite, no vertex a target).
    mutating func reset() {
        if generation == UInt32.max {
            for i in stamp.indices { stamp[i] = 0; targetStamp[i] = 0 }
            generation = 0
        }
        generation += 1
        heap.removeAll()
    }

    /// Marks a vertex whose distance the current search must find (call after `reset`).
    mutating func addTarget(_ vertex: UInt32) { targetStamp[Int(vertex)] = generation }

    /// The length of the shortest path found to `vertex`, or `UInt64.max`.
    func distance(to vertex: UInt32) -> UInt64 {
        stamp[Int(vertex)] == generation ? UInt64(distance[Int(vertex)]) : .max
    }

    /// Runs Dijkstra from `source` in `graph`, never entering `avoided`, until every target is settled,
    /// the next distance exceeds `limit`, or `settledLimit` vertices are settled.
    /// - Complexity: O(S log S + relaxations of S) for S ≤ settledLimit settled vertices.
    mutating func run(from source: UInt32, avoiding avoided: UInt32, limit: UInt32, settledLimit: Int,
                      targetCount: Int, graph: DynamicAdjacency) {
        distance[Int(source)] = 0
        stamp[Int(source)] = generation
        heap.push(PackedEntry.make(key: 0, vertex: source))
        var settled = 0, targetsLeft = targetCount
        while !heap.isEmpty && settled < settledLimit && targetsLeft > 0 {
            let entry = heap.pop()
            let d = PackedEntry.key(entry), x = PackedEntry.vertex(entry)
            if d > distance[Int(x)] { continue }  // stale
            if d > limit { break }
            settled += 1
            if targetStamp[Int(x)] == generation {
                targetStamp[Int(x)] = 0
                targetsLeft -= 1
            }
            for p in graph.range(of: x) {
                let arc = graph[p]
                if arc.other == avoided { continue }
                let candidate = UInt64(d) + UInt64(arc.weight)
                if candidate > UInt64(limit) { continue }
                let y = Int(arc.other)
                if stamp[y] != generation || UInt32(candidate) < distance[y] {
                    stamp[y] = generation
                    distance[y] = UInt32(candidate)
                    heap.push(PackedEntry.make(key: UInt32(candidate), vertex: arc.other))
                }
            }
        }
    }
}
