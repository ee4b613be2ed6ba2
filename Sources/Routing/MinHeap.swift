/// The priority queue of the searches in Routing but the point-to-point frontier: a 4-ary min-heap
/// without decrease-key, in raw memory. The contraction hierarchy's queries and tables, the potential
/// search, the contraction's witness searches and priority order, and the landmarks' Dijkstra use it;
/// A* and Dijkstra keep the heap written into `SearchFrontier` (see there why).
///
/// A better entry for an item already queued is simply pushed again, and the search skips stale entries
/// when they surface ("lazy deletion"); no entry records a heap position, so entries stay small and a
/// sift writes nothing outside the heap. Four children per node halve the levels of a binary heap, and
/// the four sit in one cache line. An indexed heap with decrease-key is not needed: every search here
/// settles an item once, at its final key, so superseded entries only cost their pop.
///
/// The memory is a `MinHeapStorage`, which a workspace keeps between searches: each search starts an
/// empty heap in it (`init(emptyIn:)`), so a search allocates only while its queue outgrows every earlier
/// one. One heap at a time uses a storage. The heap is a value held in a local variable, so the search's
/// inner loop pays no class-property access checks; it writes the storage back only when it grows.
///
/// Entries `precedes` neither of which pop in an order set by the heap's shape alone (deterministic, but
/// not first-in first-out).
struct MinHeap<Entry: MinHeapEntry> {
    private let storage: MinHeapStorage<Entry>
    private var entries: UnsafeMutablePointer<Entry>
    private var capacity: Int
    private(set) var count = 0

    /// An empty heap in `storage`'s memory, which it grows as needed.
    init(emptyIn storage: MinHeapStorage<Entry>) {
        self.storage = storage
        entries = storage.entries
        capacity = storage.capacity
    }

    /// An empty heap in memory of its own.
    init(initialCapacity: Int = MinHeapStorage<Entry>.defaultCapacity) {
        self.init(emptyIn: MinHeapStorage(capacity: initialCapacity))
    }

    var isEmpty: Bool { count == 0 }

    /// The first entry in the heap's order (the heap must not be empty).
    @inline(__always)
    var minimum: Entry { entries[0] }

    /// - Complexity: O(log n), amortised over the doublings of the memory.
    @inline(__always)
    mutating func push(_ entry: Entry) {
        if count == capacity { grow() }
        var position = count
        count += 1
        while position > 0 {
            let parent = (position - 1) >> 2
            let p = entries[parent]
            if !Entry.precedes(entry, p) { break }
            entries[position] = p
            position = parent
        }
        entries[position] = entry
    }

    /// Removes and returns the first entry (the heap must not be empty): the last entry sinks from the
    /// root along the first of the children.
    /// - Complexity: O(log n).
    @inline(__always)
    mutating func pop() -> Entry {
        let top = entries[0]
        count -= 1
        guard count > 0 else { return top }
        let last = entries[count]
        var position = 0
        while true {
            let first = 4 * position + 1
            if first >= count { break }
            var best = first
            var bestEntry = entries[first]
            let end = min(first + 4, count)
            var child = first + 1
            while child < end {
                let candidate = entries[child]
                if Entry.precedes(candidate, bestEntry) { best = child; bestEntry = candidate }
                child += 1
            }
            if !Entry.precedes(bestEntry, last) { break }
            entries[position] = bestEntry
            position = best
        }
        entries[position] = last
        return top
    }

    /// Doubles the memory (kept by the storage for later heaps).
    private mutating func grow() {
        let larger = UnsafeMutablePointer<Entry>.allocate(capacity: 2 * capacity)
        larger.moveInitialize(from: entries, count: count)
        entries.deallocate()
        entries = larger
        capacity *= 2
        storage.entries = larger
        storage.capacity = capacity
    }
}

/// What a `MinHeap` holds: plain values (copied bitwise, never deinitialised) with a strict weak order.
protocol MinHeapEntry: BitwiseCopyable {
    /// Whether `a` pops before `b`.
    static func precedes(_ a: Self, _ b: Self) -> Bool
}

extension MinHeapEntry where Self: Comparable {
    @inline(__always) static func precedes(_ a: Self, _ b: Self) -> Bool { a < b }
}

/// Packed `(key << 32) | vertex` entries (`PackedEntry`) pop by key, then by vertex.
extension UInt64: MinHeapEntry {}

/// The memory of a `MinHeap`, kept by a workspace so that later searches reuse it.
final class MinHeapStorage<Entry: MinHeapEntry> {
    /// The first capacity of a heap with no better estimate: it grows by doubling anyway.
    static var defaultCapacity: Int { 1024 }

    fileprivate(set) var entries: UnsafeMutablePointer<Entry>
    fileprivate(set) var capacity: Int

    init(capacity: Int = defaultCapacity) {
        precondition(capacity > 0, "a heap needs room for one entry")
        self.capacity = capacity
        entries = .allocate(capacity: capacity)
    }

    deinit { entries.deallocate() }
}
