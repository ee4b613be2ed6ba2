/// A binary min-heap without decrease-key: a better entry for the same item is simply pushed again and
/// stale entries are skipped when popped ("lazy deletion"), which keeps entries small and the code
/// short. Searches pack `(key << 32) | vertex` into one `UInt64`, so a comparison is one instruction
/// and equal keys pop in vertex order.
///
/// `removeAll()` keeps the storage, so a heap owned by a workspace allocates only while it grows.
struct BinaryMinHeap<Element: Comparable> {
    private(set) var storage: [Element] = []

    var isEmpty: Bool { storage.isEmpty }
    var count: Int { storage.count }
    /// The smallest element (the heap must not be empty).
    var minimum: Element { storage[0] }

    mutating func removeAll() { storage.removeAll(keepingCapacity: true) }

    /// - Complexity: O(log n).
    mutating func push(_ element: Element) {
        storage.append(element)
        storage.withUnsafeMutableBufferPointer { heap in
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) >> 1
                if !(element < heap[parent]) { break }
                heap[child] = heap[parent]
                child = parent
            }
            heap[child] = element
        }
    }

    /// Removes and returns the smallest element (the heap must not be empty).
    ///
    /// The hole left at the root walks down to a leaf along the smaller children, and the last element
    /// then climbs from there ("bottom-up" deletion): the last element belongs near the bottom, so this
    /// takes about half the comparisons of sifting it down from the root. Pops come out in the same order
    /// either way; only equal elements may come out in another order, and packed entries are distinct.
    /// - Complexity: O(log n).
    mutating func pop() -> Element {
        let top = storage[0]
        let last = storage.removeLast()
        guard !storage.isEmpty else { return top }
        storage.withUnsafeMutableBufferPointer { heap in
            let n = heap.count
            var position = 0
            var child = 1
            while child + 1 < n {
                if heap[child + 1] < heap[child] { child += 1 }
                heap[position] = heap[child]
                position = child
                child = 2 * position + 1
            }
            if child < n {
                heap[position] = heap[child]
                position = child
            }
            while position > 0 {
                let parent = (position - 1) >> 1
                if !(last < heap[parent]) { break }
                heap[position] = heap[parent]
                position = parent
            }
            heap[position] = last
        }
        return top
    }
}

/// Packing of a search key and a vertex into one heap entry.
enum PackedEntry {
    @inline(__always) static func make(key: UInt32, vertex: UInt32) -> UInt64 { UInt64(key) << 32 | UInt64(vertex) }
    @inline(__always) static func key(_ entry: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: entry >> 32) }
    @inline(__always) static func vertex(_ entry: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: entry) }
}
