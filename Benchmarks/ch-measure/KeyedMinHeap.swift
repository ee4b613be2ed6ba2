/// A binary min-heap of (key, item) for `ch-measure`'s Dijkstra and A* searches, with lazy deletion left
/// to the caller (an item is pushed again when its key falls; stale entries are skipped when popped).
struct KeyedMinHeap<Key: Comparable> {
    private var items: [(key: Key, item: Int)] = []

    mutating func push(_ key: Key, _ item: Int) {
        items.append((key, item))
        var i = items.count - 1
        while i > 0 && items[(i - 1) / 2].key > items[i].key {
            items.swapAt((i - 1) / 2, i)
            i = (i - 1) / 2
        }
    }

    /// The entry with the smallest key, removed; nil when empty.
    mutating func pop() -> (key: Key, item: Int)? {
        guard let last = items.popLast() else { return nil }
        guard !items.isEmpty else { return last }
        let top = items[0]
        items[0] = last
        var i = 0
        while true {
            var child = 2 * i + 1
            if child >= items.count { return top }
            if child + 1 < items.count && items[child + 1].key < items[child].key { child += 1 }
            if items[i].key <= items[child].key { return top }
            items.swapAt(i, child)
            i = child
        }
    }
}
