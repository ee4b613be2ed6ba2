/// The bounded Dijkstra searches of contraction: is there a path from `u` to `w` avoiding `v` that is
/// no longer than `u → v → w`? If so, contracting `v` needs no shortcut `u → w`.
///
/// One search from `u` answers for all of `v`'s out-neighbours at once. It is bounded in distance (the
/// longest path through `v` it must beat) and in settled vertices: when the bound cuts a search short,
/// a witness may be missed and an unneeded shortcut added, which costs space, never correctness.
/// Tentative (unsettled) distances count as witnesses too: each is the length of a real path.
///
/// Distances live in arrays stamped with a generation, so a search costs O(its own work), not O(n).
/// The arrays are raw memory owned by this object: contraction runs millions of these searches and
/// Swift arrays would pay a uniqueness check on every write.
final class WitnessSearch {
    /// Per vertex: tentative distance and the generation it belongs to, side by side (one cache line).
    private struct Label {
        var distance: UInt32
        var stamp: UInt32
    }
    private let labels: UnsafeMutablePointer<Label>
    /// Per vertex: whether it is an undecided target of the current search (the generation), and the
    /// cost of its path through the contracted vertex, which a witness must not exceed.
    private let targetStamp: UnsafeMutablePointer<UInt32>
    private let targetBound: UnsafeMutablePointer<UInt32>
    private let vertexCount: Int
    private var generation: UInt32 = 0
    /// The memory of the queue of packed `(distance << 32) | vertex` entries (lazy deletion).
    private let queueMemory = MinHeapStorage<UInt64>()

    init(vertexCount: Int) {
        self.vertexCount = vertexCount
        let size = max(1, vertexCount)
        labels = .allocate(capacity: size)
        labels.initialize(repeating: Label(distance: 0, stamp: 0), count: size)
        targetStamp = .allocate(capacity: size)
        targetStamp.initialize(repeating: 0, count: size)
        targetBound = .allocate(capacity: size)
        targetBound.initialize(repeating: 0, count: size)
    }

    deinit {
        labels.deallocate()
        targetStamp.deallocate()
        targetBound.deallocate()
    }

    /// Starts a new search generation (every distance becomes infinite, no vertex a target).
    func reset() {
        if generation == UInt32.max {
            for i in 0..<vertexCount { labels[i].stamp = 0; targetStamp[i] = 0 }
            generation = 0
        }
        generation += 1
    }

    /// Marks a vertex whose distance the current search must find (call after `reset`): the search
    /// may stop once every target is settled or reached within its `bound`.
    func addTarget(_ vertex: UInt32, bound: UInt32) {
        targetStamp[Int(vertex)] = generation
        targetBound[Int(vertex)] = bound
    }

    /// The length of the shortest path found to `vertex`, or `UInt64.max`.
    func distance(to vertex: UInt32) -> UInt64 {
        labels[Int(vertex)].stamp == generation ? UInt64(labels[Int(vertex)].distance) : .max
    }

    /// Runs Dijkstra from `source` in `graph`, never entering `avoided`, until every target is decided
    /// (settled, or reached within its bound: a witness is found), the next distance exceeds `limit`,
    /// or `settledLimit` vertices are settled.
    /// - Complexity: O(S log S + relaxations of S) for S ≤ settledLimit settled vertices.
    func run(from source: UInt32, avoiding avoided: UInt32, limit: UInt32, settledLimit: Int,
             targetCount: Int, graph: DynamicAdjacency) {
        graph.withUnsafeLists { start, count, pool in
            search(from: source, avoiding: avoided, limit: limit, settledLimit: settledLimit, targetCount: targetCount,
                   start: start, count: count, pool: pool)
        }
    }

    private func search(from source: UInt32, avoiding avoided: UInt32, limit: UInt32, settledLimit: Int, targetCount: Int,
                        start: UnsafePointer<UInt32>, count: UnsafePointer<UInt32>, pool: UnsafePointer<DynamicAdjacency.SearchArc>) {
        let labels = self.labels, targetStamp = self.targetStamp, targetBound = self.targetBound
        let generation = self.generation
        labels[Int(source)] = Label(distance: 0, stamp: generation)
        var queue = MinHeap(emptyIn: queueMemory)
        queue.push(PackedEntry.make(key: 0, vertex: source))
        var settled = 0, targetsLeft = targetCount
        while !queue.isEmpty && settled < settledLimit && targetsLeft > 0 {
            let entry = queue.pop()
            let d = PackedEntry.key(entry), x = Int(PackedEntry.vertex(entry))
            if d > labels[x].distance { continue }  // stale
            if d > limit { break }
            settled += 1
            if targetStamp[x] == generation {
                targetStamp[x] = 0
                targetsLeft -= 1
            }
            let first = Int(start[x])
            for p in first ..< first + Int(count[x]) {
                let arc = pool[p]
                if arc.other == avoided { continue }
                let candidate = UInt64(d) + UInt64(arc.weight)
                if candidate > UInt64(limit) { continue }
                let y = Int(arc.other)
                if labels[y].stamp != generation || UInt32(candidate) < labels[y].distance {
                    labels[y] = Label(distance: UInt32(candidate), stamp: generation)
                    if targetStamp[y] == generation && UInt32(candidate) <= targetBound[y] {
                        targetStamp[y] = 0
                        targetsLeft -= 1
                        if targetsLeft == 0 { return }
                    }
                    queue.push(PackedEntry.make(key: UInt32(candidate), vertex: arc.other))
                }
            }
        }
    }
}
