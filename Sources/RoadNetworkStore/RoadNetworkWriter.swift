import CSQLite
import Foundation
import Geodesy
import OutputFiles
import RoadNetwork

/// Builds one road database in a temporary file beside the target, then renames it into place.
///
/// Invariant: the target path either keeps its previous content or receives a complete, committed and
/// synced database (see `AtomicOutputFile`: only a regular file or a new path is replaced, a symbolic
/// link's target is replaced and the link kept, stale temporary files of dead imports are removed).
struct RoadNetworkWriter {
    let path: String

    /// Test hook: throw after this many arrays were written, to exercise the failure path.
    var failAfterArrays: Int? = nil

    func write(graph: RoadGraph, pointsOfInterest: [PointOfInterest], metadata: RoadNetworkMetadata,
               hierarchies: [String: [String: [UInt32]]] = [:]) throws(RoadNetworkStoreError) {
        let file: AtomicOutputFile
        do throws(OutputError) {
            file = try AtomicOutputFile(path: path)
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
        do throws(RoadNetworkStoreError) {
            let connection = try SQLiteConnection(path: file.temporaryPath, readOnly: false)
            try fill(connection, graph: graph, pointsOfInterest: pointsOfInterest, metadata: metadata, hierarchies: hierarchies)
        } catch {
            file.discard()
            throw error
        } // the connection closes here, before the file is synced and renamed
        do throws(OutputError) {
            try file.commit()
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }

    /// Checks that `path` could receive a database (see `OutputTarget`): a regular file or a new path
    /// whose name fits and whose directory exists and is writable.
    static func checkWritable(_ path: String) throws(RoadNetworkStoreError) {
        do throws(OutputError) {
            _ = try OutputTarget(checking: path)
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }

    // MARK: Content

    private func fill(_ db: SQLiteConnection, graph: RoadGraph, pointsOfInterest: [PointOfInterest],
                      metadata: RoadNetworkMetadata, hierarchies: [String: [String: [UInt32]]]) throws(RoadNetworkStoreError) {
        // The file is private until renamed, so durability inside it is pointless: no journal, no syncs
        // (one fsync at the end covers everything). 8 KiB pages: Porto loads as fast as with 64 KiB
        // pages (about 50 ms either way), while a small town's file stays near 100 kB instead of 700 kB.
        try db.execute("""
            PRAGMA page_size = 8192;
            PRAGMA journal_mode = OFF;
            PRAGMA synchronous = OFF;
            PRAGMA application_id = \(RoadNetworkStore.applicationID);
            PRAGMA user_version = \(RoadNetworkStore.formatVersion);
            """)
        try db.execute("BEGIN")
        try db.execute(Schema.tables)
        let spatialIndex = try createSpatialIndex(db)
        try writeMetadata(db, metadata, spatialIndex: spatialIndex)
        try writeArrays(db, graph, hierarchies: hierarchies)
        try writeRestrictions(db, graph.restrictions)
        try writeViaWayRestrictions(db, graph.viaWayRestrictions)
        try writePointsOfInterest(db, pointsOfInterest, spatialIndex: spatialIndex)
        try db.execute("COMMIT")
    }

    /// Creates the R*Tree when this SQLite has the module, else falls back to a B-tree on the columns.
    private func createSpatialIndex(_ db: SQLiteConnection) throws(RoadNetworkStoreError) -> Schema.SpatialIndex {
        do {
            try db.execute(Schema.rtree)
            return .rtree
        } catch {
            try db.execute(Schema.columnIndex)
            return .columns
        }
    }

    private func writeMetadata(_ db: SQLiteConnection, _ metadata: RoadNetworkMetadata, spatialIndex: Schema.SpatialIndex) throws(RoadNetworkStoreError) {
        let insert = try db.prepare("INSERT INTO metadata(key, value) VALUES (?, ?)")
        var rows = MetadataCoding.rows(of: metadata)
        rows.append((MetadataCoding.Key.spatialIndex, spatialIndex.rawValue))
        for (key, value) in rows {
            try insert.bind(1, key)
            try insert.bind(2, value)
            try insert.run()
        }
        let checksum = MetadataCoding.checksum(of: Dictionary(rows, uniquingKeysWith: { first, _ in first }))
        try describe(db, Schema.RowSetName.metadata.rawValue, type: Schema.rowSetElementType, count: rows.count, checksum: checksum)
    }

    /// Records an array's (or a row set's) element type, count and CRC-32 in `arrays`.
    private func describe(_ db: SQLiteConnection, _ name: String, type: String, count: Int,
                          checksum: CRC32) throws(RoadNetworkStoreError) {
        let insert = try db.prepare("INSERT INTO arrays(name, element_type, element_count, crc32) VALUES (?, ?, ?, ?)")
        try insert.bind(1, name)
        try insert.bind(2, type)
        try insert.bind(3, Int64(count))
        try insert.bind(4, Int64(checksum.value))
        try insert.run()
    }

    private func writeArrays(_ db: SQLiteConnection, _ g: RoadGraph, hierarchies: [String: [String: [UInt32]]]) throws(RoadNetworkStoreError) {
        let chunk = try db.prepare("INSERT INTO array_chunks(name, chunk, data) VALUES (?, ?, ?)")
        var written = 0
        func put<T: LittleEndianPackable>(_ name: Schema.ArrayName, _ values: [T]) throws(RoadNetworkStoreError) {
            try put(named: name.rawValue, values)
        }
        func put<T: LittleEndianPackable>(named name: String, _ values: [T]) throws(RoadNetworkStoreError) {
            if let limit = failAfterArrays, written >= limit {
                throw .sqlite(path: path, operation: "writing array \(name)", message: "injected failure")
            }
            var checksum = CRC32()
            let perChunk = max(1, RoadNetworkStore.maximumChunkBytes / MemoryLayout<T>.stride)
            var start = 0, index: Int64 = 0
            repeat {
                let end = min(values.count, start + perChunk)
                try chunk.bind(1, name)
                try chunk.bind(2, index)
                try PackedArray.withBytes(of: values[start..<end]) { (bytes) throws(RoadNetworkStoreError) in
                    checksum.add(bytes)
                    try chunk.bind(3, bytes: bytes)
                }
                try chunk.run()
                start = end
                index += 1
            } while start < values.count
            try describe(db, name, type: T.storageName, count: values.count, checksum: checksum)
            written += 1
        }
        try put(.firstOut, g.firstOut)
        try put(.nodeCoordinates, Self.interleave(g.nodeCoordinates))
        try put(.nodeOSMIDs, Array(g.nodeOSMIDs))
        try put(.nodeElevations, Array(g.nodeElevations))
        try put(.nodeControls, g.nodeControls.map(\.rawValue))
        try put(.tail, g.tail.materialized())
        try put(.head, g.head)
        try put(.lengthMeters, g.lengthMeters)
        try put(.travelTimeSeconds, g.travelTimeSeconds)
        try put(.highway, g.highway.map(\.rawValue))
        try put(.speedLimitKilometersPerHour, g.speedLimit.map(\.kilometersPerHour))
        try put(.speedLimitKind, g.speedLimit.map(\.kind.rawValue))
        try put(.speedLimitUnit, g.speedLimit.map(\.unit.rawValue))
        try put(.speedLimitSource, g.speedLimit.map(\.source.rawValue))
        try put(.speedLimitBuiltUp, g.speedLimit.map(\.builtUp.rawValue))
        let regionTable = Self.regionTable(g.speedLimit)
        try put(.speedLimitRegion, regionTable.indices)
        try put(.regionCodes, regionTable.codes.map { Int64(bitPattern: $0.packed) })
        try put(.flags, g.flags.map(\.rawValue))
        try put(.nameIndex, Array(g.nameIndex))
        try put(.refIndex, Array(g.refIndex))
        try put(.wayID, Array(g.wayID))
        try put(.firstShapePoint, g.firstShapePoint)
        try put(.shapeCoordinates, Self.interleave(g.shapePoints))
        try put(.shapeElevations, Array(g.shapeElevations))
        var offsets: [UInt32] = [0]
        offsets.reserveCapacity(g.strings.count + 1)
        var bytes: [UInt8] = []
        for s in g.strings {
            bytes.append(contentsOf: s.utf8)
            offsets.append(UInt32(bytes.count))
        }
        try put(.stringOffsets, offsets)
        try put(.stringBytes, bytes)
        try put(.signpostIndex, Array(g.signpostIndex))
        try put(.signpostDestinations, g.signposts.map(\.destinationsIndex))
        try put(.signpostExits, g.signposts.map(\.exitsIndex))
        try put(.signpostTurnLanes, g.signposts.map(\.turnLanesIndex))
        try put(.turnLaneFirst, g.turnLanePatterns.firstLane)
        try put(.turnLaneMasks, g.turnLanePatterns.masks.map(\.rawValue))
        try put(.junctionExitNodes, g.junctionExits.map(\.node))
        try put(.junctionExitRefs, g.junctionExits.map(\.refIndex))
        for (hierarchy, arrays) in hierarchies.sorted(by: { $0.key < $1.key }) {
            for (name, values) in arrays.sorted(by: { $0.key < $1.key }) {
                try put(named: Schema.hierarchyArrayPrefix + hierarchy + "." + name, values)
            }
        }
    }

    /// Latitude and longitude of each point, alternating.
    static func interleave(_ points: some Collection<Coordinate>) -> [Double] {
        var values = [Double]()
        values.reserveCapacity(points.count * 2)
        for p in points {
            values.append(p.latitude)
            values.append(p.longitude)
        }
        return values
    }

    private func writeRestrictions(_ db: SQLiteConnection, _ restrictions: [TurnRestriction]) throws(RoadNetworkStoreError) {
        let insert = try db.prepare("INSERT INTO restrictions(position, from_edge, via_node, to_edge, kind, relation_id) VALUES (?, ?, ?, ?, ?, ?)")
        var checksum = CRC32()
        for (i, r) in restrictions.enumerated() {
            let kind = Schema.restrictionKindName(r.kind)
            try insert.bind(1, Int64(i))
            try insert.bind(2, Int64(r.fromEdge))
            try insert.bind(3, Int64(r.viaNode))
            try insert.bind(4, Int64(r.toEdge))
            try insert.bind(5, kind)
            try insert.bind(6, r.relationID)
            try insert.run()
            checksum.addRestriction(from: Int64(r.fromEdge), via: Int64(r.viaNode), to: Int64(r.toEdge), kind: kind, relationID: r.relationID)
        }
        try describe(db, Schema.RowSetName.restrictions.rawValue, type: Schema.rowSetElementType, count: restrictions.count,
                     checksum: checksum)
    }

    private func writeViaWayRestrictions(_ db: SQLiteConnection, _ restrictions: [ViaWayRestriction]) throws(RoadNetworkStoreError) {
        let insert = try db.prepare("INSERT INTO via_way_restrictions(position, kind, relation_id, edges) VALUES (?, ?, ?, ?)")
        var checksum = CRC32()
        for (i, r) in restrictions.enumerated() {
            let kind = Schema.restrictionKindName(r.kind), edges = r.edges.map(String.init).joined(separator: " ")
            try insert.bind(1, Int64(i))
            try insert.bind(2, kind)
            try insert.bind(3, r.relationID)
            try insert.bind(4, edges)
            try insert.run()
            checksum.addViaWayRestriction(kind: kind, relationID: r.relationID, edges: edges)
        }
        try describe(db, Schema.RowSetName.viaWayRestrictions.rawValue, type: Schema.rowSetElementType, count: restrictions.count,
                     checksum: checksum)
    }

    private func writePointsOfInterest(_ db: SQLiteConnection, _ pois: [PointOfInterest], spatialIndex: Schema.SpatialIndex) throws(RoadNetworkStoreError) {
        let insert = try db.prepare("""
            INSERT INTO points_of_interest(id, osm_type, osm_id, name, key, category, latitude, longitude)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let index = spatialIndex == .rtree
            ? try db.prepare("INSERT INTO poi_rtree(id, min_lat, max_lat, min_lon, max_lon) VALUES (?, ?, ?, ?, ?)")
            : nil
        var checksum = CRC32()
        for (i, poi) in pois.enumerated() {
            let id = Int64(i + 1)
            checksum.addPointOfInterest(poi)
            try insert.bind(1, id)
            try insert.bind(2, poi.osmType.description)
            try insert.bind(3, poi.osmID)
            try insert.bind(4, poi.name)
            try insert.bind(5, poi.key)
            try insert.bind(6, poi.category)
            try insert.bind(7, poi.coordinate.latitude)
            try insert.bind(8, poi.coordinate.longitude)
            try insert.run()
            if let index {
                try index.bind(1, id)
                try index.bind(2, poi.coordinate.latitude)
                try index.bind(3, poi.coordinate.latitude)
                try index.bind(4, poi.coordinate.longitude)
                try index.bind(5, poi.coordinate.longitude)
                try index.run()
            }
        }
        try describe(db, Schema.RowSetName.pointsOfInterest.rawValue, type: Schema.rowSetElementType, count: pois.count,
                     checksum: checksum)
    }

    /// The distinct regions of the edges' limits (`.none` first) and each edge's index into them; the
    /// regions of an extract number a handful, so an edge stores 2 bytes instead of 8.
    /// - Complexity: O(edges).
    static func regionTable(_ limits: CompactColumn<SpeedLimit>) -> (codes: [RegionCode], indices: [UInt16]) {
        var codes: [RegionCode] = [.none]
        var indexOf: [RegionCode: UInt16] = [.none: 0]
        var indices: [UInt16] = []
        indices.reserveCapacity(limits.count)
        for limit in limits {
            if let index = indexOf[limit.region] {
                indices.append(index)
            } else if codes.count <= Int(UInt16.max) {
                indexOf[limit.region] = UInt16(codes.count)
                indices.append(UInt16(codes.count))
                codes.append(limit.region)
            } else {
                indices.append(0)
            }
        }
        return (codes, indices)
    }
}
