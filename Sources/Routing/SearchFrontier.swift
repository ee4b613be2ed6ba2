/// The search's working view of a `RoutingWorkspace`: its raw slot memory, its queue (a `MinHeap` of
/// (key, state) entries in the workspace's heap memory) and the current query's stamps, held in a local
/// struct so the inner loop pays no class-property access (exclusivity) checks. Created by
/// `RoutingWorkspace.beginQuery()`, used by one search only.
///
/// Lowering a queued state's key queues it again instead of moving its entry, and an entry whose state
/// has been settled is dropped when it reaches the top (`dropSettledTop`). With a consistent bound a
/// state is settled once, at its final distance, so the superseded entries surface only after it. No
/// slot records a heap position, which keeps slots at 16 bytes.
struct SearchFrontier {
    typealias Slot = RoutingWorkspace.Slot
    typealias HeapEntry = RoutingWorkspace.HeapEntry

    let slots: UnsafeMutablePointer<Slot>
    private var heap: MinHeap<HeapEntry>
    /// A slot stamped with this was reached by this query; with `settledStamp`, settled by it.
    let touchedStamp: UInt32
    var settledStamp: UInt32 { touchedStamp + 1 }

    init(slots: UnsafeMutablePointer<Slot>, heap storage: MinHeapStorage<HeapEntry>, touchedStamp: UInt32) {
        self.slots = slots
        heap = MinHeap(emptyIn: storage)
        self.touchedStamp = touchedStamp
    }

    var isEmpty: Bool { heap.isEmpty }

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
    mutating func push(_ state: UInt32, key: Double) { heap.push(HeapEntry(key: key, state: state)) }

    /// Drops the entries at the top whose states are settled, so that the top, if any, is live.
    @inline(__always)
    mutating func dropSettledTop() {
        while !heap.isEmpty && slots[Int(heap.minimum.state)].stamp == settledStamp { _ = heap.pop() }
    }

    /// The smallest key (call only when not empty).
    @inline(__always)
    var minimumKey: Double { heap.minimum.key }

    /// Removes the entry with the smallest key and marks its state settled (call only when the top is
    /// live: after `dropSettledTop()`).
    @inline(__always)
    mutating func popMinimum() -> UInt32 {
        let top = heap.pop().state
        slots[Int(top)].stamp = settledStamp
        return top
    }
}
