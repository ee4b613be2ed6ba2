import OutputFiles
import CSQLite
import Foundation
import Geodesy
import RoadNetwork

/// An opened road database, read-only: metadata, the graph and point-of-interest queries.
///
/// Opening checks, in this order, that the file exists, is SQLite, carries Waymark's application id and
/// has the format version this build reads; each failure is its own `RoadNetworkStoreError`. Keep one
/// open for many POI queries (the AR exporter does); it is not safe to share between threads.
public final class RoadNetworkDatabase {
    let connection: SQLiteConnection
    public let path: String
    private var cachedSpatialIndex: Schema.SpatialIndex?
    private var cachedDescriptions: [String: ArrayDescription]?
    /// Whether loads compare each array and row set with its stored CRC-32. Only the fuzzing harness
    /// and the tests of the structural checks behind the checksums turn this off.
    var checksChecksums = true

    public init(path: String) throws(RoadNetworkStoreError) {
        let found = OSPath.exists(path)   // the path's own bytes, not Foundation's UTF-8 conversion
        guard found.exists else { throw .fileNotFound(path: path) }
        if found.isDirectory { throw .notSQLite(path: path, detail: "it is a directory") }
        guard OSPath.withCString(path, { access($0, R_OK) }) == 0 else { throw .notSQLite(path: path, detail: "it is not readable") }
        // SQLite treats an empty file as an empty database; for the user it is simply not one.
        if OSPath.size(of: path) == 0 {
            throw .notSQLite(path: path, detail: "the file is empty")
        }
        self.path = path
        connection = try SQLiteConnection(path: path, readOnly: true)
        let applicationID: Int64
        do {
            applicationID = try single("PRAGMA application_id")
        } catch {
            if case .sqlite(_, _, let message) = error { throw .notSQLite(path: path, detail: message) }
            throw error
        }
        guard applicationID == Int64(RoadNetworkStore.applicationID) else { throw .notWaymarkDatabase(path: path) }
        let version = try single("PRAGMA user_version")
        guard version == Int64(RoadNetworkStore.formatVersion) else {
            throw .unsupportedFormatVersion(path: path, found: Int(version), supported: RoadNetworkStore.formatVersion)
        }
    }

    private func single(_ sql: String) throws(RoadNetworkStoreError) -> Int64 {
        let statement = try connection.prepare(sql)
        guard try statement.step() else { throw .corrupt(path: path, detail: "'\(sql)' returned nothing") }
        return statement.int64(0)
    }

    /// The metadata rows, decoded.
    public func metadata() throws(RoadNetworkStoreError) -> RoadNetworkMetadata {
        let rows = try metadataRows()
        try checkChecksum(Schema.RowSetName.metadata.rawValue, count: rows.count, MetadataCoding.checksum(of: rows))
        let metadata = try MetadataCoding.metadata(from: rows, path: path)
        guard metadata.formatVersion == RoadNetworkStore.formatVersion else {
            throw .unsupportedFormatVersion(path: path, found: metadata.formatVersion, supported: RoadNetworkStore.formatVersion)
        }
        return metadata
    }

    func metadataRows() throws(RoadNetworkStoreError) -> [String: String] {
        let statement = try connection.prepare("SELECT key, value FROM metadata")
        var rows: [String: String] = [:]
        while try statement.step() { rows[statement.string(0)] = statement.string(1) }
        return rows
    }

    // MARK: Graph

    /// Loads the road graph, checking every invariant of `RoadGraph` before building it (a damaged file
    /// is reported as `.corrupt`, never a crash).
    /// - Complexity: O(nodes + edges + shape points + strings + restrictions).
    public func graph() throws(RoadNetworkStoreError) -> RoadGraph {
        let reader = ArrayReader(database: self, descriptions: try arrayDescriptions(),
                                 chunkQuery: try connection.prepare(Self.chunkQuery))
        var arrays = RoadGraphArrays(RoadGraph.empty)
        try readNodeArrays(into: &arrays, reader)
        let tail: [UInt32] = try reader.load(.tail)
        try readEdgeArrays(into: &arrays, reader)
        try readGeometry(into: &arrays, reader)
        try readTables(into: &arrays, reader)
        // Every structural invariant is checked by the graph itself, so a damaged file is reported by
        // name instead of loading wrongly.
        let graph: RoadGraph
        do throws(RoadGraphInconsistency) {
            graph = try RoadGraph(validating: arrays, tail: tail)
        } catch {
            throw .corrupt(path: path, detail: error.description)
        }
        // A graph whose turns would not be linear in its size (parallel edges by the hundred at a node)
        // is refused here, before a router prices every turn of it.
        if let violation = graph.turnBoundViolation() { throw .corrupt(path: path, detail: violation) }
        return graph
    }

    /// Reads the graph's stored arrays by name, checking what the graph's own check cannot see: a
    /// coordinate or elevation that is no number, an enumeration's unknown raw value.
    private struct ArrayReader {
        let database: RoadNetworkDatabase
        let descriptions: [String: ArrayDescription]
        let chunkQuery: SQLiteStatement

        var path: String { database.path }

        func load<T: LittleEndianPackable>(_ name: Schema.ArrayName, as _: T.Type = T.self) throws(RoadNetworkStoreError) -> [T] {
            try database.loadArray(name.rawValue, descriptions: descriptions, chunkQuery: chunkQuery)
        }

        func coordinates(_ name: Schema.ArrayName) throws(RoadNetworkStoreError) -> [Coordinate] {
            let points = try database.loadCoordinates(name.rawValue, descriptions: descriptions, chunkQuery: chunkQuery)
            // Routing and guidance assume valid coordinates (a NaN or a latitude of 33734 would trap
            // or silently change routes), so an impossible one is damage.
            if let i = points.firstIndex(where: { !$0.isValid }) {
                throw .corrupt(path: path, detail: "array '\(name.rawValue)' point \(i) is (\(points[i].latitude), \(points[i].longitude)), not a valid latitude and longitude")
            }
            return points
        }

        /// Elevations are metres or NaN (unknown); an infinite one is damage.
        func elevations(_ name: Schema.ArrayName) throws(RoadNetworkStoreError) -> [Float] {
            let values: [Float] = try load(name)
            if let i = values.firstIndex(where: \.isInfinite) {
                throw .corrupt(path: path, detail: "array '\(name.rawValue)' entry \(i) is \(values[i]), not an elevation")
            }
            return values
        }

        func decode<Raw, Value>(_ name: Schema.ArrayName, _ raw: [Raw], _ make: (Raw) -> Value?) throws(RoadNetworkStoreError) -> [Value] {
            var values = [Value]()
            values.reserveCapacity(raw.count)
            for (i, r) in raw.enumerated() {
                guard let v = make(r) else { throw .corrupt(path: path, detail: "array '\(name.rawValue)' entry \(i) is \(r), not a known value") }
                values.append(v)
            }
            return values
        }
    }

    private func readNodeArrays(into a: inout RoadGraphArrays, _ reader: ArrayReader) throws(RoadNetworkStoreError) {
        a.firstOut = try reader.load(.firstOut)
        a.nodeCoordinates = try reader.coordinates(.nodeCoordinates)
        a.nodeOSMIDs = try reader.load(.nodeOSMIDs)
        a.nodeElevations = try reader.elevations(.nodeElevations)
        a.nodeControls = try reader.decode(.nodeControls, try reader.load(.nodeControls, as: UInt8.self), TrafficControl.init(rawValue:))
    }

    private func readEdgeArrays(into a: inout RoadGraphArrays, _ reader: ArrayReader) throws(RoadNetworkStoreError) {
        a.head = try reader.load(.head)
        a.lengthMeters = try reader.load(.lengthMeters)
        a.travelTimeSeconds = try reader.load(.travelTimeSeconds)
        a.highway = try reader.decode(.highway, try reader.load(.highway, as: UInt8.self), HighwayClass.init(rawValue:))
        a.speedLimit = try speedLimits(edgeCount: a.head.count, reader)
        a.flags = try reader.load(.flags)
        a.nameIndex = try reader.load(.nameIndex)
        a.refIndex = try reader.load(.refIndex)
        a.wayID = try reader.load(.wayID)
    }

    /// The speed limits from their six parallel arrays, assembled while little else is loaded: the
    /// arrays are freed once assembled, so they do not add to the load's peak.
    private func speedLimits(edgeCount m: Int, _ reader: ArrayReader) throws(RoadNetworkStoreError) -> [SpeedLimit] {
        let limitValue: [Float] = try reader.load(.speedLimitKilometersPerHour)
        let limitKind = try reader.decode(.speedLimitKind, try reader.load(.speedLimitKind, as: UInt8.self), SpeedLimit.Kind.init(rawValue:))
        let limitUnit = try reader.decode(.speedLimitUnit, try reader.load(.speedLimitUnit, as: UInt8.self), SpeedUnit.init(rawValue:))
        let limitSource = try reader.decode(.speedLimitSource, try reader.load(.speedLimitSource, as: UInt8.self), SpeedLimitSource.init(rawValue:))
        let limitBuiltUp = try reader.decode(.speedLimitBuiltUp, try reader.load(.speedLimitBuiltUp, as: UInt8.self), BuiltUpArea.init(rawValue:))
        let regionIndex: [UInt16] = try reader.load(.speedLimitRegion)
        let regionCodes: [Int64] = try reader.load(.regionCodes)
        guard limitValue.count == m, limitKind.count == m, limitUnit.count == m, limitSource.count == m,
              limitBuiltUp.count == m, regionIndex.count == m else {
            throw .corrupt(path: path, detail: "speed limit arrays differ in length from the \(m) edges")
        }
        var speedLimit = [SpeedLimit]()
        speedLimit.reserveCapacity(m)
        for e in 0..<m {
            // `SpeedLimit`'s invariant: a limited edge has a positive, finite value.
            if limitKind[e] == .limited, !(limitValue[e] > 0 && limitValue[e].isFinite) {
                throw .corrupt(path: path, detail: "edge \(e) has a speed limit of \(limitValue[e]) km/h")
            }
            guard Int(regionIndex[e]) < regionCodes.count else {
                throw .corrupt(path: path, detail: "edge \(e) names region \(regionIndex[e]) of \(regionCodes.count)")
            }
            speedLimit.append(SpeedLimit(kind: limitKind[e], kilometersPerHour: limitValue[e], unit: limitUnit[e], source: limitSource[e],
                                         builtUp: limitBuiltUp[e], region: RegionCode(packed: UInt64(bitPattern: regionCodes[Int(regionIndex[e])]))))
        }
        return speedLimit
    }

    private func readGeometry(into a: inout RoadGraphArrays, _ reader: ArrayReader) throws(RoadNetworkStoreError) {
        a.firstShapePoint = try reader.load(.firstShapePoint)
        a.shapePoints = try reader.coordinates(.shapeCoordinates)
        a.shapeElevations = try reader.elevations(.shapeElevations)
    }

    /// The strings, signposts, lanes, junction exits, restrictions and driving side.
    private func readTables(into a: inout RoadGraphArrays, _ reader: ArrayReader) throws(RoadNetworkStoreError) {
        a.strings = try decodeStrings(offsets: try reader.load(.stringOffsets), bytes: try reader.load(.stringBytes))
        a.signpostIndex = try reader.load(.signpostIndex)
        a.signposts = try assembleSignposts(destinations: try reader.load(.signpostDestinations), exits: try reader.load(.signpostExits),
                                            turnLanes: try reader.load(.signpostTurnLanes))
        a.turnLanePatterns = TurnLanePatterns(firstLane: try reader.load(.turnLaneFirst),
                                              masks: try reader.load(.turnLaneMasks, as: UInt16.self).map(TurnLaneMask.init(rawValue:)))
        a.junctionExits = try assembleJunctionExits(nodes: try reader.load(.junctionExitNodes), refs: try reader.load(.junctionExitRefs))
        a.restrictions = try loadRestrictions()
        a.viaWayRestrictions = try loadViaWayRestrictions()
        a.drivingSide = try storedDrivingSide()
    }

    /// The rows of an array's chunks, in order; each chunk's BLOB is then read in pieces (`SQLiteBlob`).
    static let chunkQuery = "SELECT rowid FROM array_chunks WHERE name = ? ORDER BY chunk"
    /// Bytes read from a chunk at a time: a multiple of every element size, small beside the arrays.
    static let chunkPieceBytes = 1 << 20

    /// One packed array, its type, length and CRC-32 checked against its row in `arrays`.
    private func loadArray<T: LittleEndianPackable>(_ name: String, descriptions: [String: ArrayDescription],
                                                   chunkQuery: SQLiteStatement) throws(RoadNetworkStoreError) -> [T] {
        let description = try describedArray(name, holding: T.storageName, descriptions: descriptions)
        try checkStoredSize(name, description, elementSize: MemoryLayout<T>.stride)
        var values = [T]()
        values.reserveCapacity(description.count)
        try readChunks(name, description, elementSize: MemoryLayout<T>.stride, chunkQuery: chunkQuery) { PackedArray.append($0, to: &values) }
        return values
    }

    /// A packed array of latitude, longitude pairs (`f64`), read straight into coordinates: decoding a
    /// flat array of doubles first would hold both copies at once, twice the array at the load's peak.
    /// Checked like `loadArray` (type, length, CRC-32), then for an even count; the caller checks the
    /// values.
    private func loadCoordinates(_ name: String, descriptions: [String: ArrayDescription],
                                 chunkQuery: SQLiteStatement) throws(RoadNetworkStoreError) -> [Coordinate] {
        let description = try describedArray(name, holding: Double.storageName, descriptions: descriptions)
        try checkStoredSize(name, description, elementSize: MemoryLayout<UInt64>.size)
        var points = [Coordinate]()
        points.reserveCapacity(description.count / 2)
        var latitude: Double?   // a pair split over two chunks
        let size = MemoryLayout<UInt64>.size
        try readChunks(name, description, elementSize: size, chunkQuery: chunkQuery) { bytes in
            for offset in stride(from: 0, to: bytes.count, by: size) {
                let value = Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                if let pending = latitude {
                    points.append(Coordinate(latitude: pending, longitude: value))
                    latitude = nil
                } else {
                    latitude = value
                }
            }
            return true
        }
        guard latitude == nil else { throw .corrupt(path: path, detail: "array '\(name)' has an odd count") }
        return points
    }

    /// The row of `arrays` describing `name`, which must hold elements of type `storageName`.
    private func describedArray(_ name: String, holding storageName: String,
                                descriptions: [String: ArrayDescription]) throws(RoadNetworkStoreError) -> ArrayDescription {
        guard let description = descriptions[name] else {
            throw .corrupt(path: path, detail: "array '\(name)' is missing")
        }
        guard description.type == storageName else {
            throw .corrupt(path: path, detail: "array '\(name)' holds \(description.type), expected \(storageName)")
        }
        return description
    }

    /// Throws `.corrupt` naming the array unless its chunks hold exactly the bytes its row in `arrays`
    /// claims (`element_count` × element size). Checked before anything is allocated for the array, so a
    /// damaged or crafted count (`element_count=4294967295`) is an error, not a 34 GB allocation: the
    /// sizes come from SQLite's record headers, without reading the chunks.
    private func checkStoredSize(_ name: String, _ description: ArrayDescription, elementSize: Int) throws(RoadNetworkStoreError) {
        let statement = try connection.prepare(
            "SELECT COALESCE(SUM(length(data)), 0), COALESCE(SUM(typeof(data) NOT IN ('blob', 'text')), 0) FROM array_chunks WHERE name = ?")
        try statement.bind(1, name)
        guard try statement.step() else { throw .corrupt(path: path, detail: "the chunks of array '\(name)' cannot be measured") }
        guard statement.int64(1) == 0 else {
            throw .corrupt(path: path, detail: "array '\(name)' cannot be read as a BLOB (a chunk holds a number or NULL, not bytes)")
        }
        let stored = statement.int64(0)
        let (claimed, overflow) = Int64(description.count).multipliedReportingOverflow(by: Int64(elementSize))
        guard !overflow, claimed == stored else {
            throw .corrupt(path: path, detail: "table 'arrays', column 'element_count' of array '\(name)' claims \(description.count) entries "
                + "(\(overflow ? "more than \(Int64.max)" : "\(claimed)") bytes), but its chunks in 'array_chunks' hold \(stored) bytes")
        }
    }

    /// Hands the stored chunks of array `name` to `append` in order, a piece at a time, then checks
    /// that the chunks held exactly `description.count` elements and match the recorded CRC-32.
    /// `append` receives whole elements only and returns false when it cannot take them.
    private func readChunks(_ name: String, _ description: ArrayDescription, elementSize: Int, chunkQuery: SQLiteStatement,
                            append: (UnsafeRawBufferPointer) -> Bool) throws(RoadNetworkStoreError) {
        let count = description.count
        var read = 0
        var checksum = CRC32()
        try chunkQuery.bind(1, name)
        defer { chunkQuery.reset() }
        while try chunkQuery.step() {
            let chunk = try SQLiteBlob(connection: connection, table: "array_chunks", column: "data", rowid: chunkQuery.int64(0),
                                       describing: "array '\(name)'")
            let size = chunk.byteCount
            var fits = size % elementSize == 0 && size / elementSize + read <= count
            if fits { fits = try chunk.read(pieceBytes: Self.chunkPieceBytes) { piece in checksum.add(piece); return append(piece) } }
            guard fits else { throw .corrupt(path: path, detail: "array '\(name)' has more data than its \(count) entries") }
            read += size / elementSize
        }
        guard read == count else {
            throw .corrupt(path: path, detail: "array '\(name)' has \(read) entries, expected \(count)")
        }
        try checkChecksum(name, count: count, checksum)
    }

    // MARK: Contraction hierarchies

    /// The contraction hierarchies' arrays, by hierarchy name (e.g. the metric) and array name; empty
    /// for a database imported without them. Each array's checksum is checked here; whether the arrays
    /// fit the graph is for the router to check (`Router(…hierarchies: .stored(…))`).
    /// - Complexity: O(size of the hierarchies).
    public func hierarchyArrays() throws(RoadNetworkStoreError) -> [String: [String: [UInt32]]] {
        let descriptions = try arrayDescriptions()
        let chunkQuery = try connection.prepare(Self.chunkQuery)
        var result: [String: [String: [UInt32]]] = [:]
        for name in descriptions.keys.sorted() where name.hasPrefix(Schema.hierarchyArrayPrefix) {
            let parts = name.dropFirst(Schema.hierarchyArrayPrefix.count).split(separator: ".", maxSplits: 1)
            guard parts.count == 2 else { throw .corrupt(path: path, detail: "array '\(name)' is not named ch.<hierarchy>.<array>") }
            let values: [UInt32] = try loadArray(name, descriptions: descriptions, chunkQuery: chunkQuery)
            result[String(parts[0]), default: [:]][String(parts[1])] = values
        }
        return result
    }

    /// Bytes of each stored contraction hierarchy's arrays, by hierarchy name, from the array table
    /// alone (nothing is loaded).
    public func hierarchyBytes() throws(RoadNetworkStoreError) -> [String: Int] {
        var result: [String: Int] = [:]
        for (name, description) in try arrayDescriptions() where name.hasPrefix(Schema.hierarchyArrayPrefix) {
            let hierarchy = name.dropFirst(Schema.hierarchyArrayPrefix.count).prefix { $0 != "." }
            result[String(hierarchy), default: 0] += description.count * MemoryLayout<UInt32>.stride
        }
        return result
    }

    /// The signposts from their three parallel arrays (the graph checks the string and lane pattern indices).
    private func assembleSignposts(destinations: [UInt32], exits: [UInt32], turnLanes: [UInt32]) throws(RoadNetworkStoreError) -> [Signpost] {
        guard destinations.count == exits.count else {
            throw .corrupt(path: path, detail: "\(destinations.count) signpost destinations for \(exits.count) signpost exits")
        }
        guard destinations.count == turnLanes.count else {
            throw .corrupt(path: path, detail: "\(destinations.count) signpost destinations for \(turnLanes.count) signpost lane patterns")
        }
        return destinations.indices.map {
            Signpost(destinationsIndex: destinations[$0], exitsIndex: exits[$0], turnLanesIndex: turnLanes[$0])
        }
    }

    /// The junction exits from their two parallel arrays (the graph checks order and ranges).
    private func assembleJunctionExits(nodes: [UInt32], refs: [UInt32]) throws(RoadNetworkStoreError) -> [JunctionExit] {
        guard nodes.count == refs.count else {
            throw .corrupt(path: path, detail: "\(nodes.count) junction exit nodes for \(refs.count) exit numbers")
        }
        return zip(nodes, refs).map { JunctionExit(node: $0, refIndex: $1) }
    }

    /// The driving side recorded in the metadata.
    private func storedDrivingSide() throws(RoadNetworkStoreError) -> DrivingSide {
        let statement = try connection.prepare("SELECT value FROM metadata WHERE key = ?")
        try statement.bind(1, MetadataCoding.Key.drivingSide)
        guard try statement.step() else { throw .corrupt(path: path, detail: "metadata key '\(MetadataCoding.Key.drivingSide)' is missing") }
        guard let side = DrivingSide(rawValue: statement.string(0)) else {
            throw .corrupt(path: path, detail: "metadata '\(MetadataCoding.Key.drivingSide)' is '\(statement.string(0))', expected left or right")
        }
        return side
    }

    private func loadViaWayRestrictions() throws(RoadNetworkStoreError) -> [ViaWayRestriction] {
        let statement = try connection.prepare("SELECT kind, relation_id, edges FROM via_way_restrictions ORDER BY position")
        var restrictions: [ViaWayRestriction] = []
        var checksum = CRC32()
        while try statement.step() {
            checksum.addViaWayRestriction(kind: statement.string(0), relationID: statement.int64(1), edges: statement.string(2))
            let edges = statement.string(2).split(separator: " ").compactMap { EdgeIndex($0) }
            guard let kind = Schema.restrictionKind(named: statement.string(0)), edges.count >= 3,
                  edges.count == statement.string(2).split(separator: " ").count else {
                throw .corrupt(path: path, detail: "via-way restriction \(restrictions.count) is malformed")
            }
            restrictions.append(ViaWayRestriction(kind: kind, edges: edges, relationID: statement.int64(1)))
        }
        try checkChecksum(Schema.RowSetName.viaWayRestrictions.rawValue, count: restrictions.count, checksum)
        return restrictions
    }

    /// One row of `arrays`: what an array (or row set) holds and the CRC-32 it was written with.
    struct ArrayDescription {
        var type: String
        var count: Int
        var checksum: UInt32
    }

    /// The rows of `arrays`, read once per open database.
    private func arrayDescriptions() throws(RoadNetworkStoreError) -> [String: ArrayDescription] {
        if let cachedDescriptions { return cachedDescriptions }
        let statement = try connection.prepare("SELECT name, element_type, element_count, crc32 FROM arrays")
        var result: [String: ArrayDescription] = [:]
        while try statement.step() {
            let count = statement.int64(2), checksum = statement.int64(3)
            guard count >= 0, count < Int64(UInt32.max) * 2 else {
                throw .corrupt(path: path, detail: "array '\(statement.string(0))' claims \(count) entries")
            }
            guard (0...Int64(UInt32.max)).contains(checksum) else {
                throw .corrupt(path: path, detail: "array '\(statement.string(0))' has checksum \(checksum), not a CRC-32")
            }
            result[statement.string(0)] = ArrayDescription(type: statement.string(1), count: Int(count), checksum: UInt32(checksum))
        }
        cachedDescriptions = result
        return result
    }

    /// Throws `.corrupt` naming the array unless `computed` (over `count` elements or rows) is what the
    /// writer recorded. Row sets are checked for their count here too; packed arrays were already.
    private func checkChecksum(_ name: String, count: Int, _ computed: CRC32) throws(RoadNetworkStoreError) {
        guard checksChecksums else { return }
        guard let description = try arrayDescriptions()[name] else {
            throw .corrupt(path: path, detail: "the checksum of '\(name)' is missing")
        }
        guard description.count == count else {
            throw .corrupt(path: path, detail: "array '\(name)' has \(count) entries, expected \(description.count)")
        }
        guard description.checksum == computed.value else {
            throw .corrupt(path: path, detail: "array '\(name)' does not match its checksum")
        }
    }

    private func decodeStrings(offsets: [UInt32], bytes: [UInt8]) throws(RoadNetworkStoreError) -> [String] {
        guard let last = offsets.last, offsets.first == 0, Int(last) == bytes.count else {
            throw .corrupt(path: path, detail: "the string offsets do not cover the string bytes")
        }
        var strings = [String]()
        strings.reserveCapacity(offsets.count - 1)
        for i in 0..<(offsets.count - 1) {
            let start = Int(offsets[i]), end = Int(offsets[i + 1])
            guard start <= end else { throw .corrupt(path: path, detail: "string offsets decrease at string \(i)") }
            guard end <= bytes.count else {
                throw .corrupt(path: path, detail: "string \(i) ends at byte \(end), beyond the \(bytes.count) string bytes")
            }
            strings.append(String(decoding: bytes[start..<end], as: UTF8.self))
        }
        return strings
    }

    private func loadRestrictions() throws(RoadNetworkStoreError) -> [TurnRestriction] {
        let statement = try connection.prepare(
            "SELECT from_edge, via_node, to_edge, kind, relation_id FROM restrictions ORDER BY position")
        var restrictions: [TurnRestriction] = []
        var checksum = CRC32()
        while try statement.step() {
            let from = statement.int64(0), via = statement.int64(1), to = statement.int64(2)
            let kindName = statement.string(3)
            checksum.addRestriction(from: from, via: via, to: to, kind: kindName, relationID: statement.int64(4))
            guard let kind = Schema.restrictionKind(named: kindName),
                  (0...Int64(UInt32.max)).contains(from), (0...Int64(UInt32.max)).contains(via),
                  (0...Int64(UInt32.max)).contains(to) else {
                throw .corrupt(path: path, detail: "restriction \(restrictions.count) is malformed")
            }
            restrictions.append(TurnRestriction(kind: kind, fromEdge: UInt32(from), viaNode: UInt32(via),
                                                toEdge: UInt32(to), relationID: statement.int64(4)))
        }
        try checkChecksum(Schema.RowSetName.restrictions.rawValue, count: restrictions.count, checksum)
        return restrictions
    }

    // MARK: Points of interest

    /// Every point of interest, in the order they were written.
    /// Checked against the table's CRC-32 (box queries read a few rows and are not).
    public func allPointsOfInterest() throws(RoadNetworkStoreError) -> [PointOfInterest] {
        let all = try queryPointsOfInterest("SELECT \(Self.poiColumns) FROM points_of_interest p ORDER BY p.id", bindings: [])
        var checksum = CRC32()
        for poi in all { checksum.addPointOfInterest(poi) }
        try checkChecksum(Schema.RowSetName.pointsOfInterest.rawValue, count: all.count, checksum)
        return all
    }

    /// The points of interest inside `box` (edges included), optionally restricted to `categories`.
    /// - Complexity: O(log p + k) with the spatial index, k the points in the box.
    public func pointsOfInterest(within box: BoundingBox, categories: Set<String>? = nil) throws(RoadNetworkStoreError) -> [PointOfInterest] {
        if box.isEmpty || categories?.isEmpty == true { return [] }
        let bounds = [box.minLatitude, box.maxLatitude, box.minLongitude, box.maxLongitude]
        let exact = "p.latitude BETWEEN ?1 AND ?2 AND p.longitude BETWEEN ?3 AND ?4"
        let sql: String
        if try spatialIndex() == .rtree {
            sql = """
                SELECT \(Self.poiColumns) FROM poi_rtree r JOIN points_of_interest p ON p.id = r.id
                WHERE r.max_lat >= ?1 AND r.min_lat <= ?2 AND r.max_lon >= ?3 AND r.min_lon <= ?4 AND \(exact)
                ORDER BY p.id
                """
        } else {
            sql = "SELECT \(Self.poiColumns) FROM points_of_interest p WHERE \(exact) ORDER BY p.id"
        }
        let found = try queryPointsOfInterest(sql, bindings: bounds)
        guard let categories else { return found }
        return found.filter { categories.contains($0.category) }
    }

    /// Which spatial index the file has, read once per open database.
    private func spatialIndex() throws(RoadNetworkStoreError) -> Schema.SpatialIndex {
        if let cachedSpatialIndex { return cachedSpatialIndex }
        let statement = try connection.prepare("SELECT value FROM metadata WHERE key = ?")
        try statement.bind(1, MetadataCoding.Key.spatialIndex)
        let index: Schema.SpatialIndex = try statement.step() ? Schema.SpatialIndex(rawValue: statement.string(0)) ?? .columns : .columns
        cachedSpatialIndex = index
        return index
    }

    private static let poiColumns = "p.osm_type, p.osm_id, p.name, p.key, p.category, p.latitude, p.longitude"

    private func queryPointsOfInterest(_ sql: String, bindings: [Double]) throws(RoadNetworkStoreError) -> [PointOfInterest] {
        let statement = try connection.prepare(sql)
        for (i, value) in bindings.enumerated() { try statement.bind(Int32(i + 1), value) }
        var result: [PointOfInterest] = []
        while try statement.step() {
            guard let type = Schema.elementType(named: statement.string(0)) else {
                throw .corrupt(path: path, detail: "point of interest with OSM type '\(statement.string(0))'")
            }
            result.append(PointOfInterest(
                osmID: statement.int64(1), osmType: type, name: statement.string(2), key: statement.string(3),
                category: statement.string(4),
                coordinate: Coordinate(latitude: statement.double(5), longitude: statement.double(6))))
        }
        return result
    }
}
