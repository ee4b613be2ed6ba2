import Foundation
import Geodesy
import RoadNetwork
import Testing
@testable import OSMImport

/// Inputs a careful user can produce by mistake: hexadecimal numbers, duplicate ids, `<nd/>` without a
/// ref, absurd speed limits, binary data, and extracts that are pipes rather than files.
@Suite struct HostileInputTests {
    static let twoNodeWay = """
        <node id="1" lat="45.80" lon="15.97"/>
        <node id="2" lat="45.81" lon="15.97"/>
        """

    func importing(_ body: String) throws -> ImportResult {
        try OSMImporter.importXML(osmDocument(body), sourceName: "test.osm")
    }

    @Test func hexadecimalLatitudeIsNotACoordinate() throws {
        do {
            _ = try importing("<node id=\"1\" lat=\"0x2D\" lon=\"15.97\"/>")
            Issue.record("lat=\"0x2D\" was read as a number")
        } catch let error as OSMImportError {
            #expect(error.kind == .invalidCoordinate, "\(error)")
            #expect(error.description.contains("0x2D"), "\(error)")
        }
    }

    @Test func infinityAndNotANumberAreNotCoordinates() throws {
        for value in ["inf", "nan", "0x1p4"] {
            #expect(throws: OSMImportError.self, "lat=\"\(value)\"") { try importing("<node id=\"1\" lat=\"\(value)\" lon=\"15.97\"/>") }
        }
        // Decimal forms with an exponent or leading space still import.
        let result = try importing("<node id=\"1\" lat=\"4.58e1\" lon=\" 15.97\"/>\n<node id=\"2\" lat=\"45.81\" lon=\"15.97\"/>")
        #expect(result.statistics.nodesRead == 2)
    }

    @Test func duplicateNodeIDsAreCounted() throws {
        let result = try importing(Self.twoNodeWay + """
            <node id="1" lat="45.90" lon="15.97"/>
            <way id="10"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/></way>
            """)
        #expect(result.statistics.duplicateNodeIDs == 1)
        // The first occurrence is kept.
        let first = try #require(result.graph.node(osmID: 1))
        #expect(abs(result.graph.nodeCoordinates[Int(first)].latitude - 45.80) < 1e-9)
    }

    @Test func ndWithoutRefIsCountedAndSkipped() throws {
        let result = try importing(Self.twoNodeWay + """
            <way id="10"><nd ref="1"/><nd/><nd ref="2"/><tag k="highway" v="residential"/></way>
            """)
        #expect(result.statistics.nodeRefsWithoutRef == 1)
        #expect(result.graph.edgeCount == 2)
    }

    @Test func implausibleMaxspeedIsUnreadableAndCounted() throws {
        #expect(CarProfile.readMaxspeed("999999") == .unreadable)
        #expect(CarProfile.readMaxspeed("301") == .unreadable)
        #expect(CarProfile.readMaxspeed("250 mph") == .unreadable)
        #expect(CarProfile.readMaxspeed("300") == .limit(.limited(300, source: .posted)))
        let result = try importing(Self.twoNodeWay + """
            <way id="10"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="maxspeed" v="999999"/></way>
            """)
        #expect(result.statistics.unreadableMaxspeedWays == 1)
        #expect(result.graph.speedLimit.allSatisfy { $0.kind != .limited || $0.kilometersPerHour <= 300 })
    }

    @Test func hexadecimalMaxspeedIsUnreadable() {
        #expect(CarProfile.readMaxspeed("0x32") == .unreadable)
    }

    @Test func nulBytesAreNotOSMXMLAfterTheFirstChunk() throws {
        do {
            _ = try OSMImporter.importXML(String(repeating: "\u{0}", count: 4096), sourceName: "zeros")
            Issue.record("NUL bytes imported")
        } catch let error as OSMImportError {
            #expect(error.kind == .notOSM)
            #expect(error.description.contains("NUL bytes"), "\(error)")
        }
    }

    /// A FIFO is read once, in one pass: the digest the observer sees is the file's, and the import
    /// does not wait for a second writer (it used to hash the file first, then block reopening it).
    @Test func aFIFOIsImportedInOnePassWithItsDigestObserved() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("extract.osm").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let xml = Array(osmDocument(Self.twoNodeWay + "<way id=\"10\"><nd ref=\"1\"/><nd ref=\"2\"/><tag k=\"highway\" v=\"residential\"/></way>").utf8)
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            xml.withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        writer.start()
        let seen = ObservedBytes()
        let result = try OSMImporter.importFile(path: fifo, options: ImportOptions(rawInputObserver: { seen.append($0) }))
        #expect(result.graph.edgeCount == 2)
        #expect(seen.bytes == xml)
        #expect(result.statistics.inputBytesRead == Int64(xml.count))
    }
}

/// Collects the bytes an import's observer saw.
final class ObservedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [UInt8] = []
    func append(_ bytes: UnsafeRawBufferPointer) { lock.lock(); collected.append(contentsOf: bytes); lock.unlock() }
    var bytes: [UInt8] { lock.lock(); defer { lock.unlock() }; return collected }
}
