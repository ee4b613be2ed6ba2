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
/// block is not kept (removal swaps the last arc in). What witness searches read (other end, weight)
/// is kept apart from what only contraction needs (id, hops), so the searches touch half the memory.
struct DynamicAdjacency {
    /// The part of an arc that witness searches read.
    struct SearchArc {
        var other: UInt32
        var weight: UInt32
    }

    /// The rest of an arc.
    struct Payload {
        var id: UInt32
        var hops: UInt32
    }

    private(set) var start: [UInt32]
    private(set) var count: [UInt32]
    private var capacity: [UInt32]
    private(set) var searchPool: [SearchArc]
    private var payloadPool: [Payload]
    /// Arcs in all lists together.
    private(set) var arcCount = 0

    /// Lists for `degrees.count` vertices, with room for `degrees[v]` arcs each.
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
        searchPool = []
        searchPool.reserveCapacity(Int(next) + Int(next) / 2)
        searchPool.append(contentsOf: repeatElement(SearchArc(other: 0, weight: 0), count: Int(next)))
        payloadPool = []
        payloadPool.reserveCapacity(Int(next) + Int(next) / 2)
        payloadPool.append(contentsOf: repeatElement(Payload(id: 0, hops: 0), count: Int(next)))
    }

    /// The pool positions of `vertex`'s arcs.
    @inline(__always) func range(of vertex: UInt32) -> Range<Int> {
        let s = Int(start[Int(vertex)])
        return s ..< s + Int(count[Int(vertex)])
    }

    @inline(__always) subscript(position: Int) -> DynamicArc {
        get {
            let a = searchPool[position], b = payloadPool[position]
            return DynamicArc(other: a.other, weight: a.weight, id: b.id, hops: b.hops)
        }
        set {
            searchPool[position] = SearchArc(other: newValue.other, weight: newValue.weight)
            payloadPool[position] = Payload(id: newValue.id, hops: newValue.hops)
        }
    }

    /// The pool position of `vertex`'s arc to `other`, if any.
    /// - Complexity: O(degree).
    func position(of other: UInt32, at vertex: UInt32) -> Int? {
        for p in range(of: vertex) where searchPool[p].other == other { return p }
        return nil
    }

    /// Adds an arc to `vertex`'s list.
    /// - Complexity: amortised O(1); O(degree) when the block moves.
    mutating func append(_ arc: DynamicArc, to vertex: UInt32) {
        let v = Int(vertex)
        if count[v] == capacity[v] {
            let newCapacity = max(4, 2 * capacity[v])
            let newStart = UInt32(searchPool.count)
            for p in Int(start[v]) ..< Int(start[v]) + Int(count[v]) {
                searchPool.append(searchPool[p])
                payloadPool.append(payloadPool[p])
            }
            let room = Int(newCapacity - count[v])
            searchPool.append(contentsOf: repeatElement(SearchArc(other: 0, weight: 0), count: room))
            payloadPool.append(contentsOf: repeatElement(Payload(id: 0, hops: 0), count: room))
            start[v] = newStart
            capacity[v] = newCapacity
        }
        self[Int(start[v]) + Int(count[v])] = arc
        count[v] += 1
        arcCount += 1
    }

    /// Removes `vertex`'s arc to `other` (there is at most one: the contraction keeps no parallel arcs).
    /// - Complexity: O(degree).
    mutating func remove(_ other: UInt32, at vertex: UInt32) {
        guard let p = position(of: other, at: vertex) else { return }
        let last = Int(start[Int(vertex)]) + Int(count[Int(vertex)]) - 1
        self[p] = self[last]
        count[Int(vertex)] -= 1
        arcCount -= 1
    }

    /// Calls `body` with raw views of the block starts, block sizes and the search pool (read only);
    /// not called when there is no arc at all.
    @inline(__always)
    func withUnsafeLists(_ body: (UnsafePointer<UInt32>, UnsafePointer<UInt32>, UnsafePointer<SearchArc>) -> Void) {
        start.withUnsafeBufferPointer { s in
            count.withUnsafeBufferPointer { c in
                searchPool.withUnsafeBufferPointer { p in
                    guard let s = s.baseAddress, let c = c.baseAddress, let p = p.baseAddress else { return }
                    body(s, c, p)
                }
            }
        }
    }

    /// Drops every arc of `vertex` (its block stays allocated).
    mutating func clear(_ vertex: UInt32) {
        arcCount -= Int(count[Int(vertex)])
        count[Int(vertex)] = 0
    }
}
