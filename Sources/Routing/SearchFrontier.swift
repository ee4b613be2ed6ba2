/// The search's working view of a `RoutingWorkspace`: its raw slot and heap memory plus the current
/// generation and heap size, held in a local struct so the inner loop pays no class-property access
/// (exclusivity) checks. Created by `RoutingWorkspace.beginQuery()`, used by one search only.
///
/// The priority queue is a 4-ary min-heap on `key` whose entries' positions are kept in the slots
/// (`heapPosition`), so decrease-key is O(log n) without any lookup table.
struct SearchFrontier {
    typealias Slot = RoutingWorkspace.Slot
    typealias HeapEntry = RoutingWorkspace.HeapEntry

    let slots: UnsafeMutablePointer<Slot>
    let heap: UnsafeMutablePointer<HeapEntry>
    let generation: UInt32
    private(set) var count = 0

    init(slots: UnsafeMutablePointer<Slot>, heap: UnsafeMutablePointer<HeapEntry>, generation: UInt32) {
        self.slots = slots
        self.heap = heap
        self.generation = generation
    }

    var isEmpty: Bool { count == 0 }

    /// The slot of `state`, reset to untouched if it belongs to an earlier query.
    @inline(__always)
    func touch(_ state: Int) -> UnsafeMutablePointer<Slot> {
        let slot = slots + state
        if slot.pointee.generation != generation {
            slot.pointee = Slot(distance: .infinity, parent: RoutingWorkspace.noParent, generation: generation,
                                heapPosition: RoutingWorkspace.notInHeap)
        }
        return slot
    }

    /// Inserts a state not in the heap, or lowers the key of one that is (the key must not grow).
    @inline(__always)
    mutating func pushOrDecrease(_ state: UInt32, key: Double, slot: UnsafeMutablePointer<Slot>) {
        var position: Int
        if slot.pointee.heapPosition == RoutingWorkspace.notInHeap {
            position = count
            count += 1
        } else {
            position = Int(slot.pointee.heapPosition)
        }
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

    /// The smallest key (call only when not empty).
    @inline(__always)
    var minimumKey: Double { heap[0].key }

    /// Removes the entry with the smallest key and marks its state settled.
    @inline(__always)
    mutating func popMinimum() -> UInt32 {
        let top = heap[0].state
        slots[Int(top)].heapPosition = RoutingWorkspace.settled
        count -= 1
        if count > 0 {
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
                let moved = heap[best]
                heap[position] = moved
                slots[Int(moved.state)].heapPosition = Int32(truncatingIfNeeded: position)
                position = best
            }
            heap[position] = last
            slots[Int(last.state)].heapPosition = Int32(truncatingIfNeeded: position)
        }
        return top
    }
}
