/// An arc of the graph being contracted: the vertex at its other end, its weight, the hierarchy arc it
/// is (an original arc index, or `originalArcCount + shortcut`), and how many original arcs it spans.
struct DynamicArc {
    var other: UInt32
    var weight: UInt32
    var id: UInt32
    var hops: UInt32
}

/// Adjacency lists that grow and shrink during contraction, all in one pool.
///
/// Each vertex owns a block of the pool (`start`, `count`, `capacity`); a full block moves to the
/// pool's end with twice the room, so appending is amortised O(1) without one heap allocation per
/// vertex (millions of small Swift arrays would cost more than the arcs themselves). Order inside a
/// block is not kept (removal swaps the last arc in).
struct DynamicAdjacency {
    private(set) var start: [UInt32]
    private(set) var count: [UInt32]
    private var capacity: [UInt32]
    private(set) var pool: [DynamicArc]

    /// Lists for `vertexCount` vertices, with room for `degree[v]` arcs each.
    init(degrees: [UInt32]) {
        let n = degrees.count
        start = [UInt32](repeating: 0, count: n)
        count = [UInt32](repeating: 0, count: n)
        capacity = [UInt32](repeating: 0, count: n)
        var next: UInt32 = 0
        for v in 0..<n {
            start[v] = next
            capacity[v] = degrees[v]
            next += degrees[v]
        }
        pool = []
        pool.reserveCapacity(Int(next) + Int(next) / 2)
        pool.append(contentsOf: repeatElement(DynamicArc(other: 0, weight: 0, id: 0, hops: 0), count: Int(next)))
    }

    /// The pool positions of `vertex`'s arcs.
    @inline(__always) func range(of vertex: UInt32) -> Range<Int> {
        let s = Int(start[Int(vertex)])
        return s ..< s + Int(count[Int(vertex)])
    }

    @inline(__always) subscript(position: Int) -> DynamicArc {
        get { pool[position] }
        set { pool[position] = newValue }
    }

    /// The pool position of `vertex`'s arc to `other`, if any.
    /// - Complexity: O(degree).
    func position(of other: UInt32, at vertex: UInt32) -> Int? {
        for p in range(of: vertex) where pool[p].other == other { return p }
        return nil
    }

    /// Adds an arc to `vertex`'s list.
    /// - Complexity: amortised O(1); O(degree) when the block moves.
    mutating func append(_ arc: DynamicArc, to vertex: UInt32) {
        let v = Int(vertex)
        if count[v] == capacity[v] {
            let newCapacity = max(4, 2 * capacity[v])
            let newStart = UInt32(pool.count)
            for p in Int(start[v]) ..< Int(start[v]) + Int(count[v]) { pool.append(pool[p]) }
            pool.append(contentsOf: repeatElement(DynamicArc(other: 0, weight: 0, id: 0, hops: 0), count: Int(newCapacity - count[v])))
            start[v] = newStart
            capacity[v] = newCapacity
        }
        pool[Int(start[v]) + Int(count[v])] = arc
        count[v] += 1
    }

    /// Removes `vertex`'s arc to `other` (there is at most one: the contraction keeps no parallel arcs).
    /// - Complexity: O(degree).
    mutating func remove(_ other: UInt32, at vertex: UInt32) {
        guard let p = position(of: other, at: vertex) else { return }
        let last = Int(start[Int(vertex)]) + Int(count[Int(vertex)]) - 1
        pool[p] = pool[last]
        count[Int(vertex)] -= 1
    }

    /// Drops every arc of `vertex` (its block stays allocated).
    mutating func clear(_ vertex: UInt32) { count[Int(vertex)] = 0 }
}
