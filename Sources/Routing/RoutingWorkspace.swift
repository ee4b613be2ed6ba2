/// The per-query memory of a search: one slot per search state and the priority queue.
///
/// Sized once for a graph and reused by every query: a generation counter marks which slots belong to
/// the current query, so starting a query costs O(1) instead of clearing O(graph) memory. Not thread
/// safe: each thread routes with its own workspace (the `Router` itself is shared).
///
/// Invariant: a slot whose `generation` differs from `generation` is "untouched" (infinite distance, not
/// in the heap); `heapPosition` is the slot's index in `heap`, `notInHeap` or `settled`.
public final class RoutingWorkspace {
    struct Slot {
        var distance: Double
        var parent: UInt32
        var inEdge: UInt32
        var generation: UInt32
        var heapPosition: Int32
    }

    struct HeapEntry {
        var key: Double
        var state: UInt32
    }

    static let notInHeap: Int32 = -1
    static let settled: Int32 = -2
    static let noParent = UInt32.max

    /// Number of states the workspace can hold.
    public let capacity: Int
    let slots: UnsafeMutablePointer<Slot>
    let heap: UnsafeMutablePointer<HeapEntry>
    var heapCount = 0
    var generation: UInt32 = 0
    /// States settled by the last search run with this workspace.
    public internal(set) var lastSettledCount = 0

    init(stateCount: Int) {
        capacity = stateCount
        slots = .allocate(capacity: max(1, stateCount))
        slots.initialize(repeating: Slot(distance: .infinity, parent: RoutingWorkspace.noParent, inEdge: 0, generation: 0,
                                         heapPosition: RoutingWorkspace.notInHeap),
                         count: max(1, stateCount))
        heap = .allocate(capacity: max(1, stateCount))
    }

    deinit {
        slots.deallocate()
        heap.deallocate()
    }

    /// Starts a query: every slot becomes untouched and the heap empty.
    /// - Complexity: O(1), except once every 2³² queries when the generations are rewritten.
    func beginQuery() {
        heapCount = 0
        if generation == UInt32.max {
            for i in 0..<max(1, capacity) { slots[i].generation = 0 }
            generation = 0
        }
        generation += 1
    }

    /// The slot of `state`, reset to untouched if it belongs to an earlier query.
    @inline(__always)
    func touch(_ state: Int) -> UnsafeMutablePointer<Slot> {
        let slot = slots + state
        if slot.pointee.generation != generation {
            slot.pointee = Slot(distance: .infinity, parent: RoutingWorkspace.noParent, inEdge: 0, generation: generation,
                                heapPosition: RoutingWorkspace.notInHeap)
        }
        return slot
    }

    /// Distance of a state settled or reached in the current query (infinity if untouched).
    @inline(__always)
    func distance(of state: Int) -> Double {
        slots[state].generation == generation ? slots[state].distance : .infinity
    }

    // MARK: 4-ary min-heap with positions kept in the slots (decrease-key in O(log n)).

    /// Inserts a state not in the heap, or lowers the key of one that is.
    @inline(__always)
    func pushOrDecrease(_ state: UInt32, key: Double, slot: UnsafeMutablePointer<Slot>) {
        var position: Int
        if slot.pointee.heapPosition == RoutingWorkspace.notInHeap {
            position = heapCount
            heapCount += 1
        } else {
            position = Int(slot.pointee.heapPosition)
        }
        // Sift up.
        while position > 0 {
            let parent = (position - 1) >> 2
            let p = heap[parent]
            if p.key <= key { break }
            heap[position] = p
            slots[Int(p.state)].heapPosition = Int32(truncatingIfNeeded: position)
            position = parent
        }
        heap[position] = HeapEntry(key: key, state: state)
        slot.pointee.heapPosition = Int32(truncatingIfNeeded: position)
    }

    /// The smallest key in the heap (call only when it is not empty).
    @inline(__always)
    var minimumKey: Double { heap[0].key }

    /// Removes the entry with the smallest key and marks its state settled.
    @inline(__always)
    func popMinimum() -> UInt32 {
        let top = heap[0].state
        slots[Int(top)].heapPosition = RoutingWorkspace.settled
        heapCount -= 1
        if heapCount > 0 {
            let last = heap[heapCount]
            var position = 0
            // Sift down.
            while true {
                let first = 4 * position + 1
                if first >= heapCount { break }
                var best = first
                var bestKey = heap[first].key
                let end = min(first + 4, heapCount)
                var child = first + 1
                while child < end {
                    let k = heap[child].key
                    if k < bestKey { best = child; bestKey = k }
                    child += 1
                }
                if bestKey >= last.key { break }
                heap[position] = heap[best]
                slots[Int(heap[best].state)].heapPosition = Int32(truncatingIfNeeded: position)
                position = best
            }
            heap[position] = last
            slots[Int(last.state)].heapPosition = Int32(truncatingIfNeeded: position)
        }
        return top
    }
}
