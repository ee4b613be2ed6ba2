/// The lazily computed A* potential of one query on a `PotentialHierarchy`: the junction graph's exact
/// distance from any node to the nearest goal node.
///
/// `begin(graph:goals:)` runs the backward upward search from the goal nodes to exhaustion (the vertices
/// that reach a goal over downward arcs, each with the length of such a path, stalling on demand);
/// `potential(at:)` then answers
/// `min(backward distance at v, min over v's upward arcs of arc weight + potential(head))`, which is the
/// hierarchy's distance from `v`, memoised per query so each node is computed once. Vertices are numbered
/// as the `PotentialSearchGraph` lays them out.
///
/// Memory: 16 bytes per node, stamped per query, so beginning a query costs O(its own work). Not thread
/// safe: each routing workspace has its own.
final class HierarchyPotentialSearch {
    private struct Label {
        var distance: UInt32
        var stamp: UInt32
    }
    private let backward: UnsafeMutablePointer<Label>
    private let memo: UnsafeMutablePointer<Label>
    let capacity: Int
    private var generation: UInt32 = 0
    /// Vertices the last `begin` found stalled (reached, but not expanded).
    private(set) var stalledCount = 0
    private var queue = BinaryMinHeap<UInt64>()
    private var stack: [Frame] = []
    /// A vertex whose potential is being computed: the next upward arc to look at and the minimum so far.
    private struct Frame {
        var vertex: UInt32
        var arc: UInt32
        var value: UInt64
    }
    /// The current query's search graph arrays (kept apart so the hot path reads them without copying the
    /// whole graph value).
    private var position: [UInt32] = []
    private var upwardFirst: [UInt32] = []
    private var upwardArcs: [UInt32] = []

    init(nodeCount: Int) {
        capacity = nodeCount
        let size = max(1, nodeCount)
        backward = .allocate(capacity: size)
        backward.initialize(repeating: Label(distance: 0, stamp: 0), count: size)
        memo = .allocate(capacity: size)
        memo.initialize(repeating: Label(distance: 0, stamp: 0), count: size)
    }

    deinit {
        backward.deallocate()
        memo.deallocate()
    }

    /// Bytes held (labels; queue and stack not counted).
    var memoryBytes: Int { max(1, capacity) * 2 * MemoryLayout<Label>.stride }

    /// Starts a query towards `goals` on a potential hierarchy's search graph (whose vertices are the nodes).
    /// - Complexity: O(S log S) for the S vertices the backward upward search reaches.
    func begin(graph: PotentialSearchGraph, goals: [UInt32]) {
        precondition(graph.vertexCount <= capacity, "the potential search was made for a smaller graph")
        if generation == UInt32.max {
            for i in 0..<max(1, capacity) { backward[i].stamp = 0; memo[i].stamp = 0 }
            generation = 0
        }
        generation += 1
        position = graph.position
        upwardFirst = graph.upwardFirst
        upwardArcs = graph.upwardArcs
        // A local heap: pushing onto the stored property would check exclusive access on every push.
        var queue = self.queue
        self.queue = BinaryMinHeap()
        defer { self.queue = queue }
        queue.removeAll()
        for goal in goals {
            let p = graph.position[Int(goal)]
            backward[Int(p)] = Label(distance: 0, stamp: generation)
            queue.push(PackedEntry.make(key: 0, vertex: p))
        }
        graph.downwardFirst.withUnsafeBufferPointer { downFirst in
            graph.downwardArcs.withUnsafeBufferPointer { downArcs in
                upwardFirst.withUnsafeBufferPointer { upFirst in
                    upwardArcs.withUnsafeBufferPointer { upArcs in
                        let generation = self.generation
                        var stalled = 0
                        defer { stalledCount = stalled }
                        while !queue.isEmpty {
                            let entry = queue.pop()
                            let d = PackedEntry.key(entry), p = Int(PackedEntry.vertex(entry))
                            if d != backward[p].distance { continue }
                            if isStalled(p, at: d, generation: generation, first: upFirst, arcs: upArcs) {
                                stalled += 1
                                continue
                            }
                            relaxDownwardArcs(into: p, at: d, generation: generation, first: downFirst, arcs: downArcs, queue: &queue)
                        }
                    }
                }
            }
        }
    }

    /// Whether the backward search already knows a shorter way from vertex `p` to the goals than `d`, over
    /// one of `p`'s upward arcs to a vertex it has reached ("stall on demand"). A stalled vertex keeps its
    /// label but is not expanded: its label is the length of a real path, so no potential falls below the
    /// true distance, and the vertices it would have reached lie on down-and-up paths, each of which some
    /// up-then-down path of the same cost replaces, whose peak the search does label exactly (the argument
    /// that makes stalling exact in every CH query). Potentials stay exact; the search expands fewer vertices.
    @inline(__always)
    private func isStalled(_ p: Int, at d: UInt32, generation: UInt32, first: UnsafeBufferPointer<UInt32>,
                           arcs: UnsafeBufferPointer<UInt32>) -> Bool {
        for i in Int(first[p]) ..< Int(first[p + 1]) {
            let y = Int(arcs[2 * i])
            if backward[y].stamp == generation && UInt64(backward[y].distance) + UInt64(arcs[2 * i + 1]) < UInt64(d) {
                return true
            }
        }
        return false
    }

    /// Relaxes the downward arcs that end at `p` (settled at `d`) against their direction.
    @inline(__always)
    private func relaxDownwardArcs(into p: Int, at d: UInt32, generation: UInt32, first: UnsafeBufferPointer<UInt32>,
                                   arcs: UnsafeBufferPointer<UInt32>, queue: inout BinaryMinHeap<UInt64>) {
        for i in Int(first[p]) ..< Int(first[p + 1]) {
            let candidate = UInt64(d) + UInt64(arcs[2 * i + 1])
            if candidate >= UInt64(ContractionHierarchy.unreachable) { continue }
            let x = Int(arcs[2 * i])
            if backward[x].stamp != generation || UInt32(candidate) < backward[x].distance {
                backward[x] = Label(distance: UInt32(candidate), stamp: generation)
                queue.push(PackedEntry.make(key: UInt32(candidate), vertex: UInt32(x)))
            }
        }
    }

    /// The junction graph's distance from `node` to the nearest goal, or `ContractionHierarchy.unreachable`.
    /// - Complexity: amortised O(upward arcs of the nodes first asked about); O(1) when memoised.
    @inline(__always)
    func potential(at node: UInt32) -> UInt32 {
        let p = Int(position[Int(node)])
        if memo[p].stamp == generation { return memo[p].distance }
        return evaluate(position: p)
    }

    /// Computes and memoises the potential of vertex `r` and every vertex above it that it needs, depth
    /// first without recursion: a frame walks its vertex's upward arcs once, taking the minimum over the
    /// memoised heads and descending into the first head not yet memoised, whose value it takes when it
    /// resumes at the same arc. So each arc is read once, or twice when its head had to be computed.
    /// The stack is at most as deep as the hierarchy has levels.
    private func evaluate(position r: Int) -> UInt32 {
        let generation = self.generation, memo = self.memo, backward = self.backward
        // A local stack: appending to the stored property would check exclusive access on every push.
        var stack = self.stack
        self.stack = []
        defer { self.stack = stack }
        stack.removeAll(keepingCapacity: true)
        upwardFirst.withUnsafeBufferPointer { first in
            upwardArcs.withUnsafeBufferPointer { ends in
                @inline(__always) func frame(_ t: Int) -> Frame {
                    let own = backward[t].stamp == generation ? UInt64(backward[t].distance) : UInt64(ContractionHierarchy.unreachable)
                    return Frame(vertex: UInt32(t), arc: first[t], value: own)
                }
                stack.append(frame(r))
                while !stack.isEmpty {
                    var top = stack[stack.count - 1]
                    let t = Int(top.vertex), end = first[t + 1]
                    var descend = -1
                    while top.arc < end {
                        let i = Int(top.arc), head = Int(ends[2 * i])
                        if memo[head].stamp != generation { descend = head; break }
                        top.value = min(top.value, UInt64(ends[2 * i + 1]) + UInt64(memo[head].distance))
                        top.arc += 1
                    }
                    if descend >= 0 {
                        stack[stack.count - 1] = top
                        stack.append(frame(descend))
                        continue
                    }
                    memo[t] = Label(distance: UInt32(min(top.value, UInt64(ContractionHierarchy.unreachable))), stamp: generation)
                    stack.removeLast()
                }
            }
        }
        return memo[r].distance
    }
}
