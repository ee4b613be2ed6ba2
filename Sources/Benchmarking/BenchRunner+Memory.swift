import RoadNetwork
import Routing

/// The memory notes of the load (or import) and route stages: what each structure holds, in bytes per
/// directed edge (the unit of the memory goal), beside the process's resident set.
extension BenchRunner {
    /// The graph's arrays by group (`GraphMemoryBreakdown`), the resident set before the graph was read
    /// (`process_baseline_*`: the runtime, libraries and the bench itself) and right after the `stage`
    /// that made it, load or import (`resident_after_load_*`, `resident_after_import_*`; the stage's peak
    /// RSS also holds what it freed again).
    static func graphMemoryNotes(graph: RoadGraph, stage: BenchStage, baselineBytes: Int64?, residentBytes: Int64?) -> [String: Double] {
        let m = graph.edgeCount
        var notes = GraphMemoryBreakdown(graph: graph).notes(edgeCount: m)
        if let baselineBytes {
            notes["process_baseline_mb"] = BenchMemory.megabytes(Int(baselineBytes))
            notes["process_baseline_bytes_per_edge"] = BenchMemory.bytesPerEdge(Int(baselineBytes), edgeCount: m)
        }
        if let residentBytes {
            notes["resident_after_\(stage.rawValue)_mb"] = BenchMemory.megabytes(Int(residentBytes))
            notes["resident_after_\(stage.rawValue)_bytes_per_edge"] = BenchMemory.bytesPerEdge(Int(residentBytes), edgeCount: m)
        }
        return notes
    }

    /// `NAME_mb` and `NAME_bytes_per_edge` (whole bytes) of a hierarchy's arrays.
    static func hierarchyMemoryNotes(_ name: String, bytes: Int, edgeCount: Int) -> [String: Double] {
        ["\(name)_mb": BenchMemory.megabytes(bytes),
         "\(name)_bytes_per_edge": (Double(bytes) / Double(max(edgeCount, 1))).rounded()]
    }

    /// The router's shared structures (search arrays, snapping grid, landmarks, twins, unit vectors and
    /// components), one workspace, and the resident set once the router was set up, before any query.
    static func routerMemoryNotes(router: Router, workspaceBytes: Int, residentBytes: Int64?) -> [String: Double] {
        let m = router.graph.edgeCount
        let perEdge = { (bytes: Int) in BenchMemory.bytesPerEdge(bytes, edgeCount: m) }
        var notes: [String: Double] = [
            "search_graph_mb": BenchMemory.megabytes(router.searchGraphByteCount),
            "search_graph_bytes_per_edge": perEdge(router.searchGraphByteCount),
            "snap_index_mb": BenchMemory.megabytes(router.snapIndexByteCount),
            "snap_index_bytes_per_edge": perEdge(router.snapIndexByteCount),
            "landmarks_bytes_per_edge": perEdge(router.landmarkByteCount),
            "router_other_bytes_per_edge": perEdge(router.auxiliaryByteCount),
            "workspace_mb": BenchMemory.megabytes(workspaceBytes),
            "workspace_bytes_per_edge": perEdge(workspaceBytes),
        ]
        if let residentBytes {
            notes["resident_after_setup_mb"] = BenchMemory.megabytes(Int(residentBytes))
            notes["resident_after_setup_bytes_per_edge"] = perEdge(Int(residentBytes))
        }
        return notes
    }
}
