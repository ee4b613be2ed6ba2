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
        var child = storage.count - 1
        while child > 0 {
            let parent = (child - 1) >> 1
            if !(element < storage[parent]) { break }
            storage[child] = storage[parent]
            child = parent
        }
        storage[child] = element
    }

    /// Removes and returns the smallest element (the heap must not be empty).
    /// - Complexity: O(log n).
    mutating func pop() -> Element {
        let top = storage[0]
        let last = storage.removeLast()
        let n = storage.count
        if n > 0 {
            var position = 0
            while true {
                var child = 2 * position + 1
                if child >= n { break }
                if child + 1 < n && storage[child + 1] < storage[child] { child += 1 }
                if !(storage[child] < last) { break }
                storage[position] = storage[child]
                position = child
            }
            storage[position] = last
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
