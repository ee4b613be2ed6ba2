import RoadNetwork

/// What a router holds in memory besides the graph and its search arrays (`searchGraphByteCount`), for
/// memory reports: each figure counts allocated elements times their stride, not allocator overhead.
extension Router {
    /// Bytes of the snapping grid: one offset per cell, an edge and a segment per indexed entry.
    public var snapIndexByteCount: Int { snapIndex.byteCount }

    /// Bytes of the ALT landmark tables of both metrics (0 without landmarks, or while tables built on
    /// first use are not built yet): two distances per node and landmark.
    public var landmarkByteCount: Int {
        guard let tables = landmarkProvision.tablesIfBuilt else { return 0 }
        return [tables.time, tables.distance].reduce(0) { sum, table in
            sum + max(1, nodeCount * table.count * 2) * MemoryLayout<Double>.stride
                + table.landmarks.capacity * MemoryLayout<NodeIndex>.stride
        }
    }

    /// Bytes of the router's other arrays: the edge twins, the nodes' unit vectors (for the A* bound),
    /// the strongly connected components, and the restriction contexts by arrival edge (estimated from
    /// their entries: a dictionary's own slack is not visible).
    public var auxiliaryByteCount: Int {
        let twins = twin.capacity * MemoryLayout<EdgeIndex>.stride
        let vectors = max(1, nodeCount * 3) * MemoryLayout<Double>.stride
        let components = components.nodeComponent.capacity * MemoryLayout<UInt32>.stride
            + components.isBig.capacity * MemoryLayout<Bool>.stride
        let contexts = contextsByEdge.reduce(0) { sum, entry in
            sum + MemoryLayout<EdgeIndex>.stride + MemoryLayout<[Int]>.stride + entry.value.capacity * MemoryLayout<Int>.stride
        }
        return twins + vectors + components + contexts
    }
}
