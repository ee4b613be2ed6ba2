import Foundation
import Synchronization
import Testing
import TestSupport
@testable import OSMImport

/// `.osm.gz` and `.osm.bz2` input (compressed on the fly), including concatenated streams.
@Suite struct CompressedInputTests {
    /// A document big enough to span several read chunks once compressed data is inflated.
    static let document: String = {
        var body = ""
        for i in 0..<20_000 {
            body += "<node id=\"\(i + 1)\" lat=\"45.\(8000 + i % 1000)\" lon=\"15.\(9700 + i / 1000)\"/>\n"
        }
        body += "<way id=\"1\"><nd ref=\"1\"/><nd ref=\"2\"/><nd ref=\"3\"/><tag k=\"highway\" v=\"residential\"/></way>"
        return osmDocument(body)
    }()

    func write(_ text: String, _ dir: TemporaryDirectory, _ name: String) throws -> String {
        let path = dir.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func gzipInputMatchesPlainInput() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let plain = try write(Self.document, dir, "town.osm")
        try runTool("/usr/bin/gzip", ["-k", plain])
        let a = try OSMImporter.importFile(path: plain)
        let b = try OSMImporter.importFile(path: plain + ".gz")
        #expect(b.statistics.nodesRead == 20_000)
        #expect(b.statistics.nodesRead == a.statistics.nodesRead)
        #expect(b.graph.edgeCount == a.graph.edgeCount)
        #expect(b.statistics.xmlBytesRead == Int64(Self.document.utf8.count))
        #expect(b.statistics.inputBytesRead < b.statistics.xmlBytesRead)
    }

    @Test func bzip2InputMatchesPlainInput() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let plain = try write(Self.document, dir, "town.osm")
        try runTool("/usr/bin/bzip2", ["-k", plain])
        let result = try OSMImporter.importFile(path: plain + ".bz2")
        #expect(result.statistics.nodesRead == 20_000)
        #expect(result.graph.edgeCount == 2)
        #expect(result.statistics.xmlBytesRead == Int64(Self.document.utf8.count))
    }

    @Test func concatenatedBzip2StreamsAreAllRead() throws {
        // Parallel compressors (pbzip2, lbzip2) write one stream per block: split the XML and concatenate.
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let utf8 = Array(Self.document.utf8)
        let half = utf8.count / 2
        let first = dir.path("a.osm"), second = dir.path("b.osm")
        _ = FileManager.default.createFile(atPath: first, contents: Data(utf8[..<half]))
        _ = FileManager.default.createFile(atPath: second, contents: Data(utf8[half...]))
        try runTool("/usr/bin/bzip2", [first, second])
        var joined = try Data(contentsOf: URL(fileURLWithPath: first + ".bz2"))
        joined.append(try Data(contentsOf: URL(fileURLWithPath: second + ".bz2")))
        let path = dir.path("joined.osm.bz2")
        _ = FileManager.default.createFile(atPath: path, contents: joined)
        let result = try OSMImporter.importFile(path: path)
        #expect(result.statistics.nodesRead == 20_000)
        #expect(result.graph.edgeCount == 2)
    }

    @Test func concatenatedGzipMembersAreAllRead() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let utf8 = Array(Self.document.utf8)
        let half = utf8.count / 3
        let first = dir.path("a.osm"), second = dir.path("b.osm")
        _ = FileManager.default.createFile(atPath: first, contents: Data(utf8[..<half]))
        _ = FileManager.default.createFile(atPath: second, contents: Data(utf8[half...]))
        try runTool("/usr/bin/gzip", [first, second])
        var joined = try Data(contentsOf: URL(fileURLWithPath: first + ".gz"))
        joined.append(try Data(contentsOf: URL(fileURLWithPath: second + ".gz")))
        let path = dir.path("joined.osm.gz")
        _ = FileManager.default.createFile(atPath: path, contents: joined)
        let result = try OSMImporter.importFile(path: path)
        #expect(result.statistics.nodesRead == 20_000)
    }

    @Test func compressionIsDetectedFromContentNotName() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let plain = try write(Self.document, dir, "town.osm")
        try runTool("/usr/bin/gzip", [plain])
        let renamed = dir.path("misnamed.osm")
        try FileManager.default.moveItem(atPath: plain + ".gz", toPath: renamed)
        #expect(try OSMImporter.importFile(path: renamed).statistics.nodesRead == 20_000)
    }

    @Test func progressReportsBytesOfTheCompressedFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let plain = try write(Self.document, dir, "town.osm")
        try runTool("/usr/bin/bzip2", [plain])
        let size = try #require(try FileManager.default.attributesOfItem(atPath: plain + ".bz2")[.size] as? Int)
        let last = Mutex<ImportProgress?>(nil)
        let options = ImportOptions(progress: { p in last.withLock { $0 = p } })
        _ = try OSMImporter.importFile(path: plain + ".bz2", options: options)
        let final = try #require(last.withLock { $0 })
        #expect(final.totalBytes == Int64(size))
        #expect(final.bytesRead == Int64(size))
        #expect(final.elements == 20_001)
    }

    @Test func malformedXMLEarlyInALargeCompressedFileFailsWithoutHanging() throws {
        // The parser stops at line 3 while the decompression thread still has most of the file to go.
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let broken = Self.document.replacingOccurrences(of: "<node id=\"2\" ", with: "<node id=\"2\" <<")
        let plain = try write(broken, dir, "broken.osm")
        try runTool("/usr/bin/bzip2", [plain])
        #expect { try OSMImporter.importFile(path: plain + ".bz2") } throws: { error in
            guard let e = error as? OSMImportError else { return false }
            return e.kind == .malformedXML && e.line == 4
        }
    }

    @Test func dashReadsStandardInput() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let plain = try write(Self.document, dir, "town.osm")
        try runTool("/usr/bin/gzip", [plain])
        let fd = open(plain + ".gz", O_RDONLY)
        #expect(fd >= 0)
        let saved = dup(0)
        dup2(fd, 0)
        defer { dup2(saved, 0); close(saved); close(fd) }
        let result = try OSMImporter.importFile(path: "-")
        #expect(result.statistics.nodesRead == 20_000)
        #expect(result.graph.edgeCount == 2)
    }
}
