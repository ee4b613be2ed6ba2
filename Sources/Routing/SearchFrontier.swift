/// The search's working view of a `RoutingWorkspace`: its raw slot and heap memory plus the current
/// query's stamps and heap size, held in a local struct so the inner loop pays no class-property access
/// (exclusivity) checks. Created by `RoutingWorkspace.beginQuery()`, used by one search only.
///
/// The priority queue is a 4-ary min-heap of (key, state) entries with lazy deletion: lowering a queued
/// state's key queues it again instead of moving its entry, and an entry whose state has been settled is
/// dropped when it reaches the top (`dropSettledTop`). With a consistent bound a state is settled once, at
/// its final distance, so the superseded entries surface only after it. No slot records a heap position,
/// which keeps slots at 16 bytes and spares every sift a write per level into scattered slots.
///
/// The same idea as `MinHeap`, kept as its own code on purpose: with the frontier's queue as a `MinHeap`
/// (same arity, same sift, same order), Porto's A* and Dijkstra medians were 5 to 55 % slower in four
/// interleaved rounds (Benchmarks/notebook/query-speed.md, *One heap for the other searches*).
struct SearchFrontier {
    typealias Slot = RoutingWorkspace.Slot
    typealias HeapEntry = RoutingWorkspace.HeapEntry

    let slots: UnsafeMutablePointer<Slot>
    private var heap: UnsafeMutablePointer<HeapEntry>
    private var capacity: Int
    private let storage: RoutingWorkspace.HeapStorage
    /// A slot stamped with this was reached by this query; with `settledStamp`, settled by it.
    let touchedStamp: UInt32
    var settledStamp: UInt32 { touchedStamp + 1 }
    private(set) var count = 0

    init(slots: UnsafeMutablePointer<Slot>, heap storage: RoutingWorkspace.HeapStorage, touchedStamp: UInt32) {
        self.slots = slots
        self.storage = storage
        heap = storage.entries
        capacity = storage.capacity
        self.touchedStamp = touchedStamp
    }

    var isEmpty: Bool { count == 0 }

    /// The slot of `state`, reset to untouched if it belongs to an earlier query.
    @inline(__always)
    func touch(_ state: Int) -> UnsafeMutablePointer<Slot> {
        let slot = slots + state
        if slot.pointee.stamp < touchedStamp {
            slot.pointee = Slot(distance: .infinity, parent: RoutingWorkspace.noParent, stamp: touchedStamp)
        }
        return slot
    }

    /// Whether the slot's state has been settled by this query.
    @inline(__always)
    func isSettled(_ slot: UnsafeMutablePointer<Slot>) -> Bool { slot.pointee.stamp == settledStamp }

    /// Queues `state` at `key` (an entry it already has stays, and is dropped when it surfaces).
    @inline(__always)
    mutating func push(_ state: UInt32, key: Double) {
        if count == capacity { grow() }
        var position = count
        count += 1
        while position > 0 {
            let parent = (position - 1) >> 2
            let p = heap[parent]
            if p.key <= key { break }
            heap[position] = p
            position = parent
        }
        heap[position] = HeapEntry(key: key, state: state)
    }

    /// Doubles the heap's memory (kept by the workspace for later queries).
    private mutating func grow() {
        let larger = UnsafeMutablePointer<HeapEntry>.allocate(capacity: 2 * capacity)
        larger.moveInitialize(from: heap, count: count)
        heap.deallocate()
        heap = larger
        capacity *= 2
        storage.entries = larger
        storage.capacity = capacity
    }

    /// Drops the entries at the top whose states are settled, so that the top, if any, is live.
    @inline(__always)
    mutating func dropSettledTop() {
        while count > 0 && slots[Int(heap[0].state)].stamp == settledStamp { removeTop() }
    }

    /// The smallest key (call only when not empty).
    @inline(__always)
    var minimumKey: Double { heap[0].key }

    /// Removes the entry with the smallest key and marks its state settled (call only when the top is
    /// live: after `dropSettledTop()`).
    @inline(__always)
    mutating func popMinimum() -> UInt32 {
        let top = heap[0].state
        slots[Int(top)].stamp = settledStamp
        removeTop()
        return top
    }

    /// Removes the entry at the top: the last entry sinks from the root along the smaller children.
    @inline(__always)
    private mutating func removeTop() {
        count -= 1
        guard count > 0 else { return }
        let last = heap[count]
        var position = 0
        while true {
            let first = 4 * position + 1
            if first >= count { break }
            var best = first
            var bestKey = heap[first].key
            let end = min(first + 4, count)
            var child = first + 1
            while child < end {
                let k = heap[child].key
                if k < bestKey { best = child; bestKey = k }
                child += 1
            }
            if bestKey >= last.key { break }
            heap[position] = heap[best]
            position = best
        }
        heap[position] = last
    }
}
