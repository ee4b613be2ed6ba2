import Foundation
import Geodesy
import OSMImport
import RoadNetwork
import TestSupport
import Testing
@testable import RoadNetworkStore

/// Damage to a database file: every stored array and row set is covered by a CRC-32, and the structural
/// checks behind the checksums catch impossible values (so a file damaged and re-checksummed, or read
/// without checksums by the fuzzing harness, is still an error, never a trap).
@Suite struct DatabaseIntegrityTests {
    func writtenDatabase() throws -> (URL, String) { try StoreFixtures.writtenDatabase() }

    func execute(_ path: String, _ sql: String) throws {
        try SQLiteConnection(path: path, readOnly: false).execute(sql)
    }

    /// The packed bytes of array `name` (all chunks).
    func arrayBytes(_ path: String, _ name: String) throws -> [UInt8] {
        let connection = try SQLiteConnection(path: path, readOnly: true)
        let query = try connection.prepare("SELECT data FROM array_chunks WHERE name = ? ORDER BY chunk")
        try query.bind(1, name)
        var bytes: [UInt8] = []
        while try query.step() { try query.withBlob(0) { (blob) throws(RoadNetworkStoreError) in bytes += blob } }
        return bytes
    }

    /// Replaces array `name` by `bytes` in one chunk, leaving its recorded checksum as it was.
    func replaceArray(_ path: String, _ name: String, with bytes: [UInt8]) throws {
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        try execute(path, "DELETE FROM array_chunks WHERE name = '\(name)'; INSERT INTO array_chunks(name, chunk, data) VALUES ('\(name)', 0, x'\(hex)')")
    }

    func expectDamage(_ path: String, _ detail: String, checkingChecksums: Bool = true) {
        #expect(throws: RoadNetworkStoreError.corrupt(path: path, detail: detail)) {
            try RoadNetworkStore.load(path: path, checkingChecksums: checkingChecksums)
        }
    }

    @Test func oneFlippedByteInAnyArrayIsReportedByTheArraysName() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        var checked = 0
        for name in Schema.ArrayName.allCases.map(\.rawValue) {
            let original = try arrayBytes(path, name)
            guard !original.isEmpty else { continue }
            var damaged = original
            damaged[damaged.count / 2] ^= 0x10
            try replaceArray(path, name, with: damaged)
            expectDamage(path, "array '\(name)' does not match its checksum")
            try replaceArray(path, name, with: original)
            checked += 1
        }
        #expect(checked == Schema.ArrayName.allCases.count)
        _ = try RoadNetworkStore.load(path: path)
    }

    @Test func anEditedRestrictionIsReportedByTheChecksum() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Still a well-formed restriction (edge 1 also leaves b), so only the checksum can tell.
        try execute(path, "UPDATE restrictions SET relation_id = 999 WHERE position = 0")
        expectDamage(path, "array 'restrictions' does not match its checksum")
        try execute(path, "DELETE FROM restrictions WHERE position = 1")
        expectDamage(path, "array 'restrictions' has 1 entries, expected 2")
    }

    @Test func editedMetadataIsReportedEvenWithoutLoadingTheGraph() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try execute(path, "UPDATE metadata SET value = '6' WHERE key = 'node_count'")
        #expect(throws: RoadNetworkStoreError.corrupt(path: path, detail: "array 'metadata' does not match its checksum")) {
            try RoadNetworkStore.metadata(path: path)
        }
    }

    @Test func anEditedPointOfInterestIsReportedByTheChecksum() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try execute(path, "UPDATE points_of_interest SET name = 'Cafe Umlaut' WHERE id = 1")
        expectDamage(path, "array 'points_of_interest' does not match its checksum")
    }

    @Test func aMissingChecksumIsDamage() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try execute(path, "DELETE FROM arrays WHERE name = 'restrictions'")
        expectDamage(path, "the checksum of 'restrictions' is missing")
    }

    // MARK: Structural checks behind the checksums

    /// Overwrites entry `index` of a packed f64 array.
    func setDouble(_ path: String, _ name: Schema.ArrayName, at index: Int, to value: Double) throws {
        var bytes = try arrayBytes(path, name.rawValue)
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.replaceSubrange(index * 8..<index * 8 + 8, with: $0) }
        try replaceArray(path, name.rawValue, with: bytes)
    }

    @Test func aNaNNodeCoordinateIsDamageNotATrap() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try setDouble(path, .nodeCoordinates, at: 3, to: .nan)   // node 1's longitude
        expectDamage(path, "array 'node.coordinates' does not match its checksum")
        expectDamage(path, "array 'node.coordinates' point 1 is (51.508, nan), not a valid latitude and longitude", checkingChecksums: false)
    }

    @Test func aLatitudeOutOfRangeIsDamage() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try setDouble(path, .nodeCoordinates, at: 0, to: 33734)
        expectDamage(path, "array 'node.coordinates' point 0 is (33734.0, -0.1278), not a valid latitude and longitude", checkingChecksums: false)
    }

    @Test func anInfiniteShapeCoordinateIsDamage() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try setDouble(path, .shapeCoordinates, at: 2, to: -.infinity)
        expectDamage(path, "array 'shape.coordinates' point 1 is (-inf, -0.1265), not a valid latitude and longitude", checkingChecksums: false)
    }

    @Test func aStringOffsetBeyondTheBytesIsDamageNotATrap() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        var offsets = try arrayBytes(path, Schema.ArrayName.stringOffsets.rawValue)
        offsets[4 + 2] ^= 0x01   // string 1's end moves 64 KiB on
        try replaceArray(path, Schema.ArrayName.stringOffsets.rawValue, with: offsets)
        do {
            _ = try RoadNetworkStore.load(path: path, checkingChecksums: false)
            Issue.record("a string table pointing past its bytes loaded")
        } catch {
            guard case .corrupt(_, let detail) = error else { Issue.record("unexpected \(error)"); return }
            #expect(detail.hasPrefix("string 0 ends at byte 655"), "\(detail)")
        }
    }

    @Test func anInfiniteElevationIsDamageButNaNIsUnknown() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        var elevations = try arrayBytes(path, Schema.ArrayName.nodeElevations.rawValue)
        withUnsafeBytes(of: Float.infinity.bitPattern.littleEndian) { elevations.replaceSubrange(4..<8, with: $0) }
        try replaceArray(path, Schema.ArrayName.nodeElevations.rawValue, with: elevations)
        expectDamage(path, "array 'node.elevation_m' entry 1 is inf, not an elevation", checkingChecksums: false)
    }

    @Test func aFlippedTrafficControlIsReportedByTheChecksum() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = Schema.ArrayName.nodeControls.rawValue
        var controls = try arrayBytes(path, name)
        #expect(controls.count == 5 && controls[1] == TrafficControl(kind: .trafficSignals, direction: .backward).rawValue)
        controls[1] = TrafficControl(kind: .trafficSignals).rawValue   // a plausible value: only the checksum can tell
        try replaceArray(path, name, with: controls)
        expectDamage(path, "array 'node.traffic_control' does not match its checksum")
    }

    @Test func anUnknownTrafficControlIsDamage() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = Schema.ArrayName.nodeControls.rawValue
        var controls = try arrayBytes(path, name)
        controls[0] = 0x37
        try replaceArray(path, name, with: controls)
        expectDamage(path, "array 'node.traffic_control' entry 0 is 55, not a known value", checkingChecksums: false)
        try replaceArray(path, name, with: Array(controls.dropLast()))
        expectDamage(path, "table 'arrays', column 'element_count' of array 'node.traffic_control' claims 5 entries (5 bytes), but its chunks in 'array_chunks' hold 4 bytes", checkingChecksums: false)
    }

    @Test func aLimitedSpeedOfZeroIsDamage() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = Schema.ArrayName.speedLimitKilometersPerHour.rawValue
        try replaceArray(path, name, with: [UInt8](repeating: 0, count: try arrayBytes(path, name).count))
        expectDamage(path, "edge 0 has a speed limit of 0.0 km/h", checkingChecksums: false)
    }

    // MARK: Random damage

    /// Flips one byte at each of 160 seeded random offsets of a database imported from the sample town,
    /// one at a time: each load must either fail with a `RoadNetworkStoreError` or give exactly the
    /// undamaged content (the flip hit free space or a byte SQLite does not use). A trap ends the run.
    @Test func randomlyFlippedBytesGiveAnErrorOrTheSameNetwork() throws {
        let directory = try StoreFixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("sample-town.sqlite").path
        let extract = TestFiles.sampleTownPath
        let imported = try OSMImporter.importFile(path: extract)
        let metadata = RoadNetworkMetadata.computed(
            graph: imported.graph, pointsOfInterest: imported.pointsOfInterest, sourceFileName: "sample-town.osm",
            sourceSHA256: "", sourceBytes: 0, importedAt: "2026-11-23T00:00:00Z", writer: "waymark tests")
        try RoadNetworkStore.write(graph: imported.graph, pointsOfInterest: imported.pointsOfInterest, metadata: metadata, to: path)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let reference = try RoadNetworkStore.load(path: path)
        var random = SeededGenerator(seed: 20261123)
        // Half the flips anywhere, half in non-zero bytes (SQLite's free space in a small file is zeros).
        let used = original.indices.filter { original[$0] != 0 }
        var errors = 0, harmless = 0
        for flip in 0..<160 {
            var damaged = original
            let offset = flip.isMultiple(of: 2) ? Int(random.next() % UInt64(damaged.count)) : used[Int(random.next() % UInt64(used.count))]
            damaged[offset] ^= UInt8(1 + random.next() % 255)
            try damaged.write(to: URL(fileURLWithPath: path))
            do {
                let loaded = try RoadNetworkStore.load(path: path)
                #expect(Self.sameContent(loaded, reference), "flip at byte \(offset) loaded a different network")
                harmless += 1
            } catch {
                errors += 1
            }
        }
        // Most used bytes are array data, so most flips must be caught.
        #expect(errors > 80, "\(errors) errors, \(harmless) harmless")
    }

    /// Writes array `name` back as several chunks, cut after byte `cut` and `cut` bytes before its end.
    func splitArray(_ path: String, _ name: String, cut: Int) throws {
        let bytes = try arrayBytes(path, name)
        let pieces = [bytes[..<cut], bytes[cut..<(bytes.count - cut)], bytes[(bytes.count - cut)...]]
        var sql = "DELETE FROM array_chunks WHERE name = '\(name)';"
        for (chunk, piece) in pieces.enumerated() {
            let hex = piece.map { String(format: "%02x", $0) }.joined()
            sql += "INSERT INTO array_chunks(name, chunk, data) VALUES ('\(name)', \(chunk), x'\(hex)');"
        }
        try execute(path, sql)
    }

    @Test func arraysSplitOverChunksAtAnyElementLoadAsWritten() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let reference = try RoadNetworkStore.load(path: path)
        // One element cut off each end; for the coordinates a latitude without its longitude.
        let cuts: [(Schema.ArrayName, Int)] = [(.nodeCoordinates, 8), (.shapeCoordinates, 8), (.flags, 2), (.head, 4), (.wayID, 8)]
        for (name, cut) in cuts {
            try #require(try arrayBytes(path, name.rawValue).count > 2 * cut, "\(name.rawValue) is too short to split")
            try splitArray(path, name.rawValue, cut: cut)
        }
        let loaded = try RoadNetworkStore.load(path: path)
        #expect(Self.sameContent(loaded, reference))
    }

    @Test func aChunkThatIsNotABlobIsNamedAsDamage() throws {
        let (directory, path) = try writtenDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try execute(path, "UPDATE array_chunks SET data = 42 WHERE name = 'edge.head'")
        do {
            _ = try RoadNetworkStore.load(path: path)
            Issue.record("a whole number in place of the head array loaded")
        } catch {
            guard case .corrupt(let file, let detail) = error else { Issue.record("expected .corrupt, got \(error)"); return }
            #expect(file == path)
            #expect(detail.hasPrefix("array 'edge.head' cannot be read as a BLOB"), "\(detail)")
        }
    }

    static func sameContent(_ a: StoredRoadNetwork, _ b: StoredRoadNetwork) -> Bool {
        let g = a.graph, h = b.graph
        return g.firstOut == h.firstOut && g.nodeCoordinates == h.nodeCoordinates && g.nodeOSMIDs == h.nodeOSMIDs
            && g.nodeElevations.bits == h.nodeElevations.bits && g.nodeControls == h.nodeControls && g.tail == h.tail && g.head == h.head
            && g.lengthMeters == h.lengthMeters && g.travelTimeSeconds == h.travelTimeSeconds && g.highway == h.highway
            && g.speedLimit == h.speedLimit && g.flags == h.flags && g.nameIndex == h.nameIndex && g.refIndex == h.refIndex
            && g.wayID == h.wayID && g.firstShapePoint == h.firstShapePoint && g.shapePoints == h.shapePoints
            && g.shapeElevations.bits == h.shapeElevations.bits && g.strings == h.strings && g.restrictions == h.restrictions
            && a.pointsOfInterest == b.pointsOfInterest && a.metadata == b.metadata
    }
}

