/// The lazily computed A* potential of one query on a `PotentialHierarchy`: the junction graph's exact
/// distance from any node to the nearest goal node (capped at the graph's `largestPotential`, thousands
/// of kilometres even in millimetres).
///
/// `begin(graph:goals:)` runs the backward upward search from the goal nodes to exhaustion (the vertices
/// that reach a goal over downward arcs, each with the length of such a path, stalling on demand);
/// `potential(at:)` then answers
/// `min(backward distance at v, min over v's upward arcs of arc weight + potential(head))`, which is the
/// hierarchy's distance from `v`, memoised per query so each node is computed once. Vertices are numbered
/// as the `PotentialSearchGraph` lays them out.
///
/// Memory: one 8-byte label per node, stamped per query, so beginning a query costs O(its own work). A
/// label holds the backward search's distance (stamped `reachedStamp`) until the vertex's potential
/// replaces it (stamped `reachedStamp + 1`): evaluating a vertex reads the line it will write, instead
/// of a second array. Not thread safe: each routing workspace has its own.
final class HierarchyPotentialSearch {
    private struct Label {
        var distance: UInt32
        var stamp: UInt32
    }
    private let labels: UnsafeMutablePointer<Label>
    let capacity: Int
    /// The current query's stamp of a backward label; its potentials carry `reachedStamp + 1`. Grows by
    /// two per query, so every earlier query's labels read as neither (all are rewritten when it would
    /// run out). Settable inside the module so tests can start it near that point.
    var reachedStamp: UInt32 = 0
    /// Vertices the last backward search found stalled (reached, but not expanded).
    private(set) var stalledCount = 0
    /// The graph, goals and stamp of the labels now held, so that a query towards the same goals keeps
    /// them (`begin`).
    private var labelledGraph: PotentialSearchGraph.Identity?
    private var labelledGoals: [UInt32] = []
    private var labelledStamp: UInt32 = 0
    private let queueMemory = MinHeapStorage<UInt64>()
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

    /// The current graph's `largestPotential`: longer distances (of thousands of kilometres in
    /// millimetres) are capped there. The capped potential `min(distance, cap)` is still a lower bound
    /// and consistent (a tail's capped value never exceeds an arc plus its head's), so A* stays exact,
    /// only looser beyond the cap; without it such a node would read as cut off from the target.
    private var cap = ContractionHierarchy.unreachable - 1

    init(nodeCount: Int) {
        capacity = nodeCount
        let size = max(1, nodeCount)
        labels = .allocate(capacity: size)
        labels.initialize(repeating: Label(distance: 0, stamp: 0), count: size)
    }

    deinit {
        labels.deallocate()
    }

    /// Bytes held (labels; queue and stack not counted).
    var memoryBytes: Int { max(1, capacity) * MemoryLayout<Label>.stride }

    /// Starts a query towards `goals` on a potential hierarchy's search graph (whose vertices are the nodes).
    ///
    /// A query towards the same goals on the same graph as the one before keeps that query's labels: the
    /// backward distances and every potential memoised so far depend on nothing else, so they hold as
    /// they are, and the query skips the backward search and every evaluation already done (a table's
    /// column of sources towards one destination, repeated routes to one place).
    /// - Complexity: O(S log S) for the S vertices the backward upward search reaches; O(goals) when the
    ///   labels are kept.
    func begin(graph: PotentialSearchGraph, goals: [UInt32]) {
        precondition(graph.vertexCount <= capacity, "the potential search was made for a smaller graph")
        if labelledGraph === graph.identity && labelledStamp == reachedStamp && labelledGoals == goals { return }
        if reachedStamp >= UInt32.max - 2 {
            for i in 0..<max(1, capacity) { labels[i].stamp = 0 }
            reachedStamp = 0
        }
        reachedStamp += 2
        (labelledGraph, labelledGoals, labelledStamp) = (graph.identity, goals, reachedStamp)
        position = graph.position
        cap = graph.largestPotential
        upwardFirst = graph.upwardFirst
        upwardArcs = graph.upwardArcs
        var queue = MinHeap(emptyIn: queueMemory)
        for goal in goals {
            let p = graph.position[Int(goal)]
            labels[Int(p)] = Label(distance: 0, stamp: reachedStamp)
            queue.push(PackedEntry.make(key: 0, vertex: p))
        }
        graph.downwardFirst.withUnsafeBufferPointer { downFirst in
            graph.downwardArcs.withUnsafeBufferPointer { downArcs in
                upwardFirst.withUnsafeBufferPointer { upFirst in
                    upwardArcs.withUnsafeBufferPointer { upArcs in
                        let reached = self.reachedStamp, cap = UInt64(self.cap)
                        var stalled = 0
                        defer { stalledCount = stalled }
                        while !queue.isEmpty {
                            let entry = queue.pop()
                            let d = PackedEntry.key(entry), p = Int(PackedEntry.vertex(entry))
                            if d != labels[p].distance { continue }
                            if isStalled(p, at: d, reached: reached, first: upFirst, arcs: upArcs) {
                                stalled += 1
                                continue
                            }
                            relaxDownwardArcs(into: p, at: d, reached: reached, cap: cap, first: downFirst, arcs: downArcs,
                                              queue: &queue)
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
    private func isStalled(_ p: Int, at d: UInt32, reached: UInt32, first: UnsafeBufferPointer<UInt32>,
                           arcs: UnsafeBufferPointer<UInt32>) -> Bool {
        for i in Int(first[p]) ..< Int(first[p + 1]) {
            let y = Int(arcs[2 * i])
            if labels[y].stamp == reached && UInt64(labels[y].distance) + UInt64(arcs[2 * i + 1]) < UInt64(d) {
                return true
            }
        }
        return false
    }

    /// Relaxes the downward arcs that end at `p` (settled at `d`) against their direction.
    @inline(__always)
    private func relaxDownwardArcs(into p: Int, at d: UInt32, reached: UInt32, cap: UInt64, first: UnsafeBufferPointer<UInt32>,
                                   arcs: UnsafeBufferPointer<UInt32>, queue: inout MinHeap<UInt64>) {
        for i in Int(first[p]) ..< Int(first[p + 1]) {
            let candidate = min(UInt64(d) + UInt64(arcs[2 * i + 1]), cap)
            let x = Int(arcs[2 * i])
            if labels[x].stamp != reached || UInt32(candidate) < labels[x].distance {
                labels[x] = Label(distance: UInt32(candidate), stamp: reached)
                queue.push(PackedEntry.make(key: UInt32(candidate), vertex: UInt32(x)))
            }
        }
    }

    /// The junction graph's distance from `node` to the nearest goal (at most the graph's
    /// `largestPotential`), or `ContractionHierarchy.unreachable`.
    /// - Complexity: amortised O(upward arcs of the nodes first asked about); O(1) when memoised.
    @inline(__always)
    func potential(at node: UInt32) -> UInt32 {
        let p = Int(position[Int(node)])
        if labels[p].stamp == reachedStamp + 1 { return labels[p].distance }
        return evaluate(position: p)
    }

    /// Computes and memoises the potential of vertex `r` and every vertex above it that it needs, depth
    /// first without recursion: a frame walks its vertex's upward arcs once, taking the minimum over the
    /// memoised heads and descending into the first head not yet memoised, whose value it takes when it
    /// resumes at the same arc. So each arc is read once, or twice when its head had to be computed.
    /// The stack is at most as deep as the hierarchy has levels.
    private func evaluate(position r: Int) -> UInt32 {
        let reached = reachedStamp, final = reachedStamp + 1, labels = self.labels, cap = UInt64(self.cap)
        // A local stack: appending to the stored property would check exclusive access on every push.
        var stack = self.stack
        self.stack = []
        defer { self.stack = stack }
        stack.removeAll(keepingCapacity: true)
        upwardFirst.withUnsafeBufferPointer { first in
            upwardArcs.withUnsafeBufferPointer { ends in
                @inline(__always) func frame(_ t: Int) -> Frame {
                    let own = labels[t].stamp == reached ? UInt64(labels[t].distance) : UInt64(ContractionHierarchy.unreachable)
                    return Frame(vertex: UInt32(t), arc: first[t], value: own)
                }
                stack.append(frame(r))
                while !stack.isEmpty {
                    var top = stack[stack.count - 1]
                    let t = Int(top.vertex), end = first[t + 1]
                    var descend = -1
                    while top.arc < end {
                        let i = Int(top.arc), head = Int(ends[2 * i])
                        if labels[head].stamp != final { descend = head; break }
                        top.value = min(top.value, UInt64(ends[2 * i + 1]) + UInt64(labels[head].distance))
                        top.arc += 1
                    }
                    if descend >= 0 {
                        stack[stack.count - 1] = top
                        stack.append(frame(descend))
                        continue
                    }
                    // Below `unreachable` only through a kept potential or backward distance, each at most
                    // `cap`, plus an upward arc, which `cap` leaves room for.
                    let potential = top.value >= UInt64(ContractionHierarchy.unreachable) ? ContractionHierarchy.unreachable
                        : UInt32(min(top.value, cap))
                    labels[t] = Label(distance: potential, stamp: final)
                    stack.removeLast()
                }
            }
        }
        return labels[r].distance
    }
}
