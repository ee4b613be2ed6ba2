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
    var generation: UInt32 = 0
    /// The contraction-hierarchy searches' memory (labels over the same states), made on the first
    /// hierarchy query so a router without hierarchies never pays for it.
    lazy var hierarchyWorkspace = ContractionHierarchyWorkspace(vertexCount: capacity)
    /// The potential search of A* on a router with potential hierarchies, made on its first query.
    var potentialSearch: HierarchyPotentialSearch?
    /// States settled by the last search run with this workspace.
    public internal(set) var lastSettledCount = 0

    init(stateCount: Int) {
        capacity = stateCount
        slots = .allocate(capacity: max(1, stateCount))
        slots.initialize(repeating: Slot(distance: .infinity, parent: RoutingWorkspace.noParent, generation: 0,
                                         heapPosition: RoutingWorkspace.notInHeap),
                         count: max(1, stateCount))
        heap = .allocate(capacity: max(1, stateCount))
    }

    deinit {
        slots.deallocate()
        heap.deallocate()
    }

    /// Bytes the workspace holds: one slot and one heap entry per search state.
    public var byteCount: Int {
        max(1, capacity) * (MemoryLayout<Slot>.stride + MemoryLayout<HeapEntry>.stride)
    }

    /// Starts a query: every slot becomes untouched and the heap empty.
    /// - Complexity: O(1), except once every 2³² queries when the generations are rewritten.
    func beginQuery() -> SearchFrontier {
        if generation == UInt32.max {
            for i in 0..<max(1, capacity) { slots[i].generation = 0 }
            generation = 0
        }
        generation += 1
        return SearchFrontier(slots: slots, heap: heap, generation: generation)
    }
}
