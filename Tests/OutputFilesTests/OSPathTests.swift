import Foundation
import OutputFiles
import Testing

/// Paths keep the OS's bytes through a `String`: bytes that are not UTF-8 round-trip exactly, valid UTF-8
/// is itself, and an output file at such a path is written under exactly that name.
@Suite struct OSPathTests {
    @Test func validUTF8IsItselfAndOtherBytesRoundTrip() {
        #expect(OSPath.string(fromBytes: Array("città/é.osm".utf8)) == "città/é.osm")
        #expect(!OSPath.hasRawBytes("città/é.osm"))
        let raw: [UInt8] = Array("name_".utf8) + [0xff, 0xfe] + Array(".osm".utf8)
        let path = OSPath.string(fromBytes: raw)
        #expect(OSPath.hasRawBytes(path))
        #expect(OSPath.bytes(of: path) == raw)
        #expect(!path.contains("\u{FFFD}"))
        #expect(OSPath.displayed(path) == "name_\\xFF\\xFE.osm")
    }

    @Test func everyByteSequenceRoundTrips() {
        // Truncated and overlong sequences, surrogates' encodings, the escape block's own encoding (F4 8F BE 80).
        let cases: [[UInt8]] = [[0xc3], [0xe2, 0x82], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x8f, 0xbe, 0x80],
                                [0xf4, 0x90, 0x80, 0x80], [0x80, 0x41, 0xbf], [0xf0, 0x9f, 0x98, 0x80, 0xff]]
        for raw in cases { #expect(OSPath.bytes(of: OSPath.string(fromBytes: raw)) == raw, "\(raw)") }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let raw = (0..<Int.random(in: 0...12, using: &generator)).map { _ in UInt8.random(in: 1...255, using: &generator) }
            #expect(OSPath.bytes(of: OSPath.string(fromBytes: raw)) == raw, "\(raw)")
        }
    }

    @Test func anOutputFileIsWrittenUnderTheExactBytes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-ospath-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let name: [UInt8] = Array("db_".utf8) + [0xff] + Array(".sqlite".utf8)
        let path = directory + "/" + OSPath.string(fromBytes: name)
        defer {
            OSPath.unlink(path)
            try? FileManager.default.removeItem(atPath: directory)
        }
        let file = try AtomicOutputFile(path: path)
        try file.write("content\n")
        try file.commit()
        #expect(OSPath.contentsOfDirectory(directory).map { $0.map(OSPath.bytes(of:)) } == [name])
        #expect(OSPath.contents(of: path) == Data("content\n".utf8))
        #expect(OSPath.exists(path) == (true, false) && OSPath.size(of: path) == 8)
    }
}
