import CMalloc
import Geodesy
import OutputFiles
import RoadNetwork

/// Reads and writes road databases: one SQLite file per imported extract.
///
/// Layout (docs/formats.md, "The road database", is the user-facing copy):
/// - `PRAGMA application_id` is `0x57594D4B` ("WYMK") and `PRAGMA user_version` the format version, so
///   a foreign SQLite file is told apart before any table is read;
/// - `metadata(key, value)`: provenance and summary figures (`RoadNetworkMetadata`);
/// - `arrays(name, element_type, element_count, crc32)` and `array_chunks(name, chunk, data)`: every
///   per-node, per-edge and shape array of `RoadGraph`, plus the string table, as packed little-endian
///   BLOBs (one chunk unless an array passes `maximumChunkBytes`), which loads with one copy per array;
///   `arrays` also has a row (element type `rows`) for each of the tables `metadata`, `restrictions`, `via_way_restrictions` and
///   `points_of_interest`. `crc32` is the CRC-32 of the array's bytes (of the rows' canonical bytes,
///   `CRC32`), checked on every load so a damaged file is reported by name instead of loading wrongly;
/// - `restrictions`: one row per `TurnRestriction`, in the graph's order;
/// - `via_way_restrictions`: one row per `ViaWayRestriction`, its edge path as space-separated edge numbers;
/// - `points_of_interest` with an R*Tree `poi_rtree` over their positions (or, where SQLite lacks the
///   R*Tree module, a B-tree index on latitude/longitude), queried by bounding box.
///
/// Writes are atomic: the database is built in a temporary file beside the target and renamed over it
/// only after the transaction committed and the file was synced, so a failed or interrupted import
/// leaves any previous database untouched.
public enum RoadNetworkStore {
    /// The database format this build writes and reads. Bump on any layout change.
    /// Version 2 added the checksums; version 3 via-way restrictions and the driving side; version 4 the
    /// traffic controls per node (`node.traffic_control`) and their counts in the metadata; version 5 the
    /// signposts (destinations and exits per edge, `edge.signpost`, `signpost.*`) and the exit numbers of
    /// motorway junctions (`junction_exit.*`); version 6 the optional contraction hierarchies
    /// (`ch.<metric>.<array>`) and their build time; version 7 weighs the junction edges of stored
    /// potential hierarchies by the cheapest transition onto each edge (a version 6 database's potentials
    /// were contracted over the bare edge costs); version 8 stores potential hierarchies as the arrays their
    /// search reads (`position`, `upward_first`, `upward_arcs`, `downward_first`, `downward_arcs`: vertices
    /// in level and Hilbert order, no shortcut halves) and the hash of the junction graph they contracted,
    /// instead of a contraction hierarchy's arrays; version 9 the context of each edge's speed limit
    /// (`edge.speed_limit_built_up`, `edge.speed_limit_region`, `region.code`) and its new sources
    /// (legal default, neighbours); version 10 barriers and gates as node controls
    /// (`TrafficControl.Kind.barrier`, `.gate`) and edges no route starts on (`EdgeFlags.notStartPoint`);
    /// version 11 the lanes of each edge (`turn:lanes`: `signpost.turn_lanes`, `turn_lanes.first`,
    /// `turn_lanes.mask`).
    public static let formatVersion = 11
    /// `PRAGMA application_id` of Waymark databases ("WYMK").
    static let applicationID: Int32 = 0x5759_4D4B
    /// Arrays larger than this are split over several rows (SQLite's BLOB limit is 1 GB by default).
    static let maximumChunkBytes = 256 * 1024 * 1024

    /// Writes a graph, its points of interest and metadata to `path`, replacing any file there only on
    /// success.
    /// `hierarchies` are contraction hierarchies' arrays by hierarchy name and array name (stored with
    /// a checksum each; see `RoadNetworkDatabase.hierarchyArrays()`).
    /// - Complexity: O(nodes + edges + shape points + strings + restrictions + points of interest
    ///   + hierarchy arrays).
    public static func write(graph: RoadGraph, pointsOfInterest: [PointOfInterest], metadata: RoadNetworkMetadata,
                             hierarchies: [String: [String: [UInt32]]] = [:], to path: String) throws(RoadNetworkStoreError) {
        try RoadNetworkWriter(path: path).write(graph: graph, pointsOfInterest: pointsOfInterest, metadata: metadata,
                                                hierarchies: hierarchies)
    }

    /// Throws `.cannotWrite` unless `path` could receive a database (its directory exists and is
    /// writable; the path is not a directory). Lets a command fail before a long import, not after.
    public static func checkWritable(path: String) throws(RoadNetworkStoreError) {
        try RoadNetworkWriter.checkWritable(path)
    }

    /// Loads the whole database: graph, points of interest and metadata.
    /// - Complexity: O(size of the database).
    public static func load(path: String) throws(RoadNetworkStoreError) -> StoredRoadNetwork {
        try load(path: path, checkingChecksums: true)
    }

    /// `load(path:)`, optionally without comparing the stored checksums, for the fuzzing harness and
    /// the tests of the structural checks that stand behind them.
    ///
    /// Once the database is closed, the heap pages its reading freed (SQLite's BLOB buffers, the arrays
    /// decoded on the way) go back to the system: glibc would keep them resident for reuse, about 8 bytes
    /// per edge of a large graph that a server never reuses.
    static func load(path: String, checkingChecksums: Bool) throws(RoadNetworkStoreError) -> StoredRoadNetwork {
        func read() throws(RoadNetworkStoreError) -> StoredRoadNetwork {
            let database = try RoadNetworkDatabase(path: path)
            database.checksChecksums = checkingChecksums
            let metadata = try database.metadata()
            let graph = try database.graph()
            let pois = try database.allPointsOfInterest()
            return StoredRoadNetwork(graph: graph, pointsOfInterest: pois, metadata: metadata,
                                     hierarchies: try database.hierarchyArrays())
        }
        let network = try read()
        waymark_release_freed_memory()
        return network
    }

    /// Reads only the metadata (cheap: no arrays are loaded).
    public static func metadata(path: String) throws(RoadNetworkStoreError) -> RoadNetworkMetadata {
        try RoadNetworkDatabase(path: path).metadata()
    }

    /// The points of interest inside `box`, optionally only those whose category is in `categories`,
    /// in database order. Callers wanting a radius filter by exact distance afterwards.
    /// - Complexity: O(log p + k) with the spatial index, k the points in the box.
    public static func pointsOfInterest(path: String, within box: BoundingBox,
                                        categories: Set<String>? = nil) throws(RoadNetworkStoreError) -> [PointOfInterest] {
        try RoadNetworkDatabase(path: path).pointsOfInterest(within: box, categories: categories)
    }
}
