import Foundation
import TestSupport
import Testing

/// A road database damaged on disk: the commands that load it exit 1 with one line naming the damaged
/// array (from its checksum), never a trap and never a route computed on a different graph.
@Suite struct DamagedDatabaseTests {
    static let sample = TestFiles.sampleTownPath

    /// Imports the sample town and returns the database's bytes with the offset of one stored node or
    /// shape-point latitude (found by its little-endian bit pattern, which only the packed coordinate
    /// arrays hold: SQLite stores the points of interest's REAL columns big-endian).
    func importedDatabase(at db: String) throws -> (bytes: Data, latitudeOffset: Int) {
        #expect(try CLI.run(["import", Self.sample, "--db", db]).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: db))
        let osm = try String(contentsOfFile: Self.sample, encoding: .utf8)
        for match in osm.matches(of: /lat="([0-9.\-]+)"/) {
            guard let latitude = Double(match.1) else { continue }
            let pattern = withUnsafeBytes(of: latitude.bitPattern.littleEndian) { Data($0) }
            if let range = bytes.range(of: pattern) { return (bytes, range.lowerBound) }
        }
        throw CLI.LaunchError(description: "no node latitude of \(Self.sample) found in \(db)")
    }

    @Test(arguments: ["flipped byte", "latitude 33734"])
    func damagedCoordinatesAreNamedByInfoVerifyAndRoute(damage: String) throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let db = directory.appendingPathComponent("town.sqlite").path
        var (bytes, offset) = try importedDatabase(at: db)
        if damage == "flipped byte" {
            bytes[offset + 3] ^= 0x04
        } else {
            withUnsafeBytes(of: Double(33734).bitPattern.littleEndian) { bytes.replaceSubrange(offset..<offset + 8, with: $0) }
        }
        try bytes.write(to: URL(fileURLWithPath: db))
        for command in [["info", "--verify", db], ["route", "--db", db, "--from", "45.8105,15.9805", "--to", "45.8150,15.9900"]] {
            let result = try CLI.run(command)
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout.isEmpty, "\(result)")
            #expect(result.stderr.hasPrefix("waymark: error: \(db): damaged road database: array '"), "\(result)")
            #expect(result.stderr.hasSuffix(".coordinates' does not match its checksum; re-import it with 'waymark import'\n"), "\(result)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
        }
    }

    @Test func anUndamagedDatabaseVerifies() throws {
        let directory = try CLI.scratchDirectory()
        defer { CLI.remove(directory) }
        let db = directory.appendingPathComponent("town.sqlite").path
        _ = try importedDatabase(at: db)
        let result = try CLI.run(["info", "--verify", db])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Verified:"), "\(result)")
    }
}
