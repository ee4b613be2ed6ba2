import RoadNetwork

/// The bytes a `RoadGraph` holds, by group of arrays, for the bench's memory notes.
///
/// Each array counts its capacity times its element stride (what is allocated, slack included); a
/// string longer than the 15 bytes Swift keeps inline counts its UTF-8 bytes plus a heap header. Heap
/// block headers of the big arrays and whatever the allocator keeps after freeing are not counted: the
/// difference between the sum and the process's resident set shows them.
public struct GraphMemoryBreakdown: Equatable, Sendable {
    /// Per-node arrays: `firstOut`, coordinates, OSM ids, elevations, traffic controls.
    public var nodeArrays: Int
    /// Per-edge arrays: the tail samples, head, length, time, and the way ids and attributes (highway,
    /// speed limit, flags, name, ref, signpost: their shared codes and tables).
    public var edgeArrays: Int
    /// `firstShapePoint`, the shape points and their elevations.
    public var geometry: Int
    /// The reverse adjacency derived at construction (`firstIn`, `incomingEdgeList`).
    public var reverseAdjacency: Int
    /// Strings, signposts, junction exits and turn restrictions.
    public var tables: Int

    /// Heap bytes Swift adds to an out-of-line string's UTF-8 (its storage object's header).
    static let stringHeaderBytes = 32
    /// The longest string Swift stores inline, without a heap allocation (64-bit platforms).
    static let inlineStringBytes = 15

    /// Counts `graph`'s arrays.
    /// - Complexity: O(strings + via-way restrictions).
    public init(graph g: RoadGraph) {
        nodeArrays = Self.bytes(g.firstOut) + Self.bytes(g.nodeCoordinates) + g.nodeOSMIDs.byteCount
            + Self.bytes(g.nodeElevations) + Self.bytes(g.nodeControls)
        // The six way-attribute columns and the way ids share one codes buffer, the six one value index:
        // counted once.
        let wayAttributes = g.highway.ownBytes + g.speedLimit.ownBytes + g.flags.ownBytes + g.nameIndex.ownBytes
            + g.refIndex.ownBytes + g.signpostIndex.ownBytes + g.highway.sharedCodeBytes
        edgeArrays = g.tail.ownBytes + Self.bytes(g.head) + Self.bytes(g.lengthMeters) + Self.bytes(g.travelTimeSeconds)
            + wayAttributes + g.wayID.ownBytes
        geometry = Self.bytes(g.firstShapePoint) + Self.bytes(g.shapePoints) + Self.bytes(g.shapeElevations)
        reverseAdjacency = Self.bytes(g.firstIn) + Self.bytes(g.incomingEdgeList)
        let stringHeap = g.strings.reduce(0) { sum, s in
            let count = s.utf8.count
            return sum + (count > Self.inlineStringBytes ? count + Self.stringHeaderBytes : 0)
        }
        let viaWayEdges = g.viaWayRestrictions.reduce(0) { $0 + Self.bytes($1.edges) }
        tables = Self.bytes(g.strings) + stringHeap + Self.bytes(g.signposts) + Self.bytes(g.junctionExits)
            + Self.bytes(g.restrictions) + Self.bytes(g.viaWayRestrictions) + viaWayEdges
    }

    /// Every group together.
    public var total: Int { nodeArrays + edgeArrays + geometry + reverseAdjacency + tables }

    /// The bytes an array has allocated for its elements.
    static func bytes<T>(_ array: [T]) -> Int { array.capacity * MemoryLayout<T>.stride }

    /// The bytes a column not interned with others has allocated.
    static func bytes<T>(_ column: CompactColumn<T>) -> Int { column.ownBytes + column.sharedCodeBytes }

    /// The bytes a coordinate column holds.
    static func bytes(_ column: CoordinateColumn) -> Int { column.byteCount }

    /// The groups as bench notes, in bytes per directed edge (`edgeCount` edges), plus the total in MB.
    func notes(edgeCount: Int) -> [String: Double] {
        let perEdge = { (bytes: Int) in BenchMemory.bytesPerEdge(bytes, edgeCount: edgeCount) }
        return [
            "graph_mb": BenchMemory.megabytes(total),
            "graph_bytes_per_edge": perEdge(total),
            "graph_node_arrays_bytes_per_edge": perEdge(nodeArrays),
            "graph_edge_arrays_bytes_per_edge": perEdge(edgeArrays),
            "graph_geometry_bytes_per_edge": perEdge(geometry),
            "graph_reverse_adjacency_bytes_per_edge": perEdge(reverseAdjacency),
            "graph_tables_bytes_per_edge": perEdge(tables),
        ]
    }
}
