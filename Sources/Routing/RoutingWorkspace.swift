/// The per-query memory of a search: one slot per search state and the priority queue.
///
/// Sized once for a graph and reused by every query: a stamp in each slot marks whether it belongs to the
/// current query, so starting a query costs O(1) instead of clearing O(graph) memory. Not thread safe:
/// each thread routes with its own workspace (the `Router` itself is shared).
///
/// Invariant: a slot whose `stamp` is below the current query's `touchedStamp` is "untouched" (infinite
/// distance, no parent); one at `touchedStamp` has been reached, one at `settledStamp` is settled (its
/// distance final). Stamps only grow, so every earlier query's slots read as untouched.
public final class RoutingWorkspace {
    /// 16 bytes, four to a cache line: a settled state's exits are consecutive states, so their slots
    /// usually share one line.
    struct Slot {
        var distance: Double
        var parent: UInt32
        var stamp: UInt32
    }

    struct HeapEntry {
        var key: Double
        var state: UInt32
    }

    /// The queue's memory, which the search grows when a query queues more entries than it holds (the
    /// queue keeps superseded entries until they surface, so it can hold more entries than states).
    final class HeapStorage {
        var entries: UnsafeMutablePointer<HeapEntry>
        var capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            entries = .allocate(capacity: capacity)
        }

        deinit { entries.deallocate() }
    }

    static let noParent = UInt32.max
    /// The queue's first size: a long route's frontier on a city of millions of nodes fits.
    static let initialHeapCapacity = 1 << 14

    /// Number of states the workspace can hold.
    public let capacity: Int
    /// One slot per state, made on the first A* or Dijkstra query: a workspace whose router answers by
    /// its contraction hierarchies never touches them (16 bytes per state; Porto 2.4 MB per worker).
    private var slotStorage: UnsafeMutablePointer<Slot>?
    let heap: HeapStorage
    /// Queries begun so far (modulo the stamp range): the current one's stamps are `2 × generation` and
    /// `2 × generation + 1`.
    var generation: UInt32 = 0
    /// The contraction-hierarchy searches' memory (labels over the same states), made on the first
    /// hierarchy query so a router without hierarchies never pays for it.
    lazy var hierarchyWorkspace = ContractionHierarchyWorkspace(vertexCount: capacity)
    /// The potential search of A* on a router with potential hierarchies, made on its first query.
    var potentialSearch: HierarchyPotentialSearch?
    /// States settled by the last search run with this workspace.
    @_spi(Experiments) public internal(set) var lastSettledCount = 0
    /// Asked before every leg of a route (`route(through:)`), every 4,096 states an A* or Dijkstra search
    /// settles, and before each search of a table: true abandons the work, reported as
    /// `RoutingError.noRoute` for the leg (a search's best path so far is never returned) or as an
    /// all-unreachable table. A server sets it to its request's stop signal, so a request whose time ran
    /// out (its `Timeout` already answered) stops within milliseconds and its memory is returned; the
    /// answer is discarded.
    public var shouldStop: (@Sendable () -> Bool)?

    /// A workspace for `stateCount` states whose queue first holds `initialHeapCapacity` entries.
    init(stateCount: Int, initialHeapCapacity: Int = RoutingWorkspace.initialHeapCapacity) {
        precondition(initialHeapCapacity > 0, "the queue needs room for one entry")
        capacity = stateCount
        heap = HeapStorage(capacity: initialHeapCapacity)
    }

    deinit {
        slotStorage?.deallocate()
    }

    /// The slots, made untouched now if no query made them yet.
    private var slots: UnsafeMutablePointer<Slot> {
        if let slotStorage { return slotStorage }
        let made = UnsafeMutablePointer<Slot>.allocate(capacity: max(1, capacity))
        made.initialize(repeating: Slot(distance: .infinity, parent: RoutingWorkspace.noParent, stamp: 0), count: max(1, capacity))
        slotStorage = made
        return made
    }

    /// Bytes the workspace holds: one slot per search state once an A* or Dijkstra query made them, and
    /// the queue (the hierarchy searches' memory is apart: `hierarchyWorkspace`).
    public var byteCount: Int {
        (slotStorage == nil ? 0 : max(1, capacity) * MemoryLayout<Slot>.stride) + heap.capacity * MemoryLayout<HeapEntry>.stride
    }

    /// Starts a query: every slot becomes untouched and the heap empty.
    /// - Complexity: O(1), except once every 2³¹ queries when the stamps are rewritten.
    func beginQuery() -> SearchFrontier {
        let slots = self.slots
        if generation == UInt32.max / 2 {
            for i in 0..<max(1, capacity) { slots[i].stamp = 0 }
            generation = 0
        }
        generation += 1
        return SearchFrontier(slots: slots, heap: heap, touchedStamp: 2 * generation)
    }
}
