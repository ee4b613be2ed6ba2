/// The per-query memory of contraction-hierarchy searches: one label per vertex and direction, the two
/// queues, and the buckets of a many-to-many table.
///
/// Sized once for a hierarchy and reused: a generation stamp marks which labels belong to the current
/// search, so starting one costs O(1) rather than clearing O(n) memory. Not thread safe: each thread
/// queries with its own workspace (the hierarchy itself is shared).
@_spi(Experiments) public final class ContractionHierarchyWorkspace {
    /// A vertex's distance in one search direction, valid when `stamp` is the current generation.
    /// Kept to 8 bytes, apart from the parents: stall checks read many labels and no parents.
    struct Label {
        var distance: UInt32
        var stamp: UInt32
    }

    /// How a labelled vertex was reached (meaningful only while its label is current).
    struct Parent {
        /// Index of the upward (forward search) or downward (backward search) arc it was reached
        /// over, or `seeded` for a seed.
        var arc: UInt32
        /// The rank it was reached from, or for a seed the seed's index.
        var rank: UInt32
    }

    /// One direction's labels and parents.
    struct Side {
        let labels: UnsafeMutablePointer<Label>
        let parents: UnsafeMutablePointer<Parent>
    }

    static let seeded = UInt32.max

    /// Number of vertices the workspace can hold.
    public let capacity: Int
    let forward: Side
    let backward: Side
    /// The tables' per-vertex arrays, made on the first table (a workspace answering routes never needs them).
    private var tableBuffers: HierarchyTableBuffers?
    /// Annotation sums per vertex (tables with an annotation only).
    var forwardAnnotation: UnsafeMutablePointer<UInt32> { madeTableBuffers.forwardAnnotation }
    var backwardAnnotation: UnsafeMutablePointer<UInt32> { madeTableBuffers.backwardAnnotation }
    var generation: UInt32 = 0
    /// The memory of each direction's queue (every search starts its heaps empty in it).
    let forwardQueue = MinHeapStorage<UInt64>()
    let backwardQueue = MinHeapStorage<UInt64>()
    /// Hierarchy arcs still to unpack (kept to reuse its storage).
    var unpackStack: [UInt32] = []
    /// A router query's unpacked path, graph arcs in order (kept to reuse its storage).
    var unpackedArcs: [UInt32] = []

    /// Table buckets: per rank, the stamp of the table that filled it, its start in `bucketEntries`
    /// and a fill cursor; the ranks touched, in order.
    var bucketStamp: UnsafeMutablePointer<UInt32> { madeTableBuffers.bucketStamp }
    var bucketStart: UnsafeMutablePointer<UInt32> { madeTableBuffers.bucketStart }
    var bucketFill: UnsafeMutablePointer<UInt32> { madeTableBuffers.bucketFill }
    var bucketGeneration: UInt32 = 0
    var touchedRanks: [UInt32] = []

    /// Vertices settled (popped and not stale) by the last search, both directions together.
    @_spi(Experiments) public internal(set) var lastSettledCount = 0
    /// Whether the last search met a path whose cost reached `ContractionHierarchy.unreachable` (2³² − 1
    /// units: 4,295 km in millimetres) and left it out, so that its "no path" may be wrong.
    var lastSearchOverflowed = false

    init(vertexCount: Int) {
        capacity = vertexCount
        let size = max(1, vertexCount)
        forward = Self.makeSide(size)
        backward = Self.makeSide(size)
    }

    /// The tables' arrays, made now if this is the first table.
    private var madeTableBuffers: HierarchyTableBuffers {
        if let tableBuffers { return tableBuffers }
        let made = HierarchyTableBuffers(size: max(1, capacity))
        tableBuffers = made
        return made
    }

    private static func makeSide(_ size: Int) -> Side {
        let labels = UnsafeMutablePointer<Label>.allocate(capacity: size)
        labels.initialize(repeating: Label(distance: 0, stamp: 0), count: size)
        let parents = UnsafeMutablePointer<Parent>.allocate(capacity: size)
        parents.initialize(repeating: Parent(arc: 0, rank: 0), count: size)
        return Side(labels: labels, parents: parents)
    }

    deinit {
        forward.labels.deallocate()
        forward.parents.deallocate()
        backward.labels.deallocate()
        backward.parents.deallocate()
    }

    /// Bytes the workspace holds (labels, and the tables' annotations and buckets once made; queues not counted).
    var memoryBytes: Int {
        let tables = tableBuffers == nil ? 0 : HierarchyTableBuffers.bytesPerVertex
        return max(1, capacity) * (2 * MemoryLayout<Label>.stride + 2 * MemoryLayout<Parent>.stride + tables)
    }

    /// Starts a search: every label of both directions becomes unset.
    /// - Complexity: O(1), except once every 2³² searches when the stamps are rewritten.
    func beginSearch() {
        if generation == UInt32.max {
            for i in 0..<max(1, capacity) { forward.labels[i].stamp = 0; backward.labels[i].stamp = 0 }
            generation = 0
        }
        generation += 1
    }

    /// Starts filling buckets for a new table.
    func beginBuckets() {
        if bucketGeneration == UInt32.max {
            for i in 0..<max(1, capacity) { bucketStamp[i] = 0 }
            bucketGeneration = 0
        }
        bucketGeneration += 1
        touchedRanks.removeAll(keepingCapacity: true)
    }
}
