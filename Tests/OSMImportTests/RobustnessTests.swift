import Foundation
import Testing
import TestSupport
@testable import OSMImport

/// Damaged input never crashes or hangs: every truncation and byte corruption of the sample town
/// either imports or fails with an `OSMImportError` that names a position.
@Suite struct RobustnessTests {
    static let sample: [UInt8] = {
        let path = TestFiles.sampleTownPath
        return Array(FileManager.default.contents(atPath: path) ?? Data())
    }()


    func outcome(_ bytes: [UInt8]) -> Result<Int, OSMImportError>? {
        do {
            let result = try OSMImporter.importXML(String(decoding: bytes, as: UTF8.self), sourceName: "damaged.osm")
            return .success(result.graph.edgeCount)
        } catch let error as OSMImportError {
            return .failure(error)
        } catch {
            return nil
        }
    }

    @Test func everyTruncationFailsCleanlyOrImports() throws {
        try #require(Self.sample.count > 1000)
        var rng = SeededGenerator(seed: 1)
        for _ in 0..<200 {
            let cut = Int(rng.next() % UInt64(Self.sample.count - 10))
            guard let result = outcome(Array(Self.sample[..<cut])) else {
                Issue.record("cut at \(cut): an error other than OSMImportError")
                continue
            }
            if case .failure(let error) = result, error.kind != .emptyInput {
                #expect(error.line != nil, "cut at \(cut): \(error)")
            }
        }
    }

    @Test func corruptedBytesFailCleanlyOrImport() throws {
        try #require(Self.sample.count > 1000)
        var rng = SeededGenerator(seed: 2)
        let garbage: [UInt8] = Array("<>\"'&=/ x9-.".utf8) + [0, 0xff, 0xc3]
        for _ in 0..<200 {
            var bytes = Self.sample
            for _ in 0..<3 {
                let at = Int(rng.next() % UInt64(bytes.count))
                bytes[at] = garbage[Int(rng.next() % UInt64(garbage.count))]
            }
            let result = outcome(bytes)
            #expect(result != nil)
            if case .success(let edges) = result { #expect(edges >= 0) }
        }
    }

    @Test(arguments: ["gzip", "bzip2"])
    func corruptedCompressedDataFailsCleanly(tool: String) throws {
        try #require(Self.sample.count > 1000)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        // Enough repetitions of the town that the compressed file spans several read chunks.
        let plain = dir.path("towns.osm")
        let text = String(decoding: Self.sample, as: UTF8.self)
        let body = text.components(separatedBy: "\n").dropFirst(2).dropLast(2).joined(separator: "\n")
        var big = "<?xml version=\"1.0\"?>\n<osm version=\"0.6\">\n"
        for _ in 0..<40 { big += body + "\n" }
        big += "</osm>\n"
        try big.write(toFile: plain, atomically: true, encoding: .utf8)
        try runTool("/usr/bin/\(tool)", [plain])
        let compressedPath = plain + (tool == "gzip" ? ".gz" : ".bz2")
        let compressed = try Data(contentsOf: URL(fileURLWithPath: compressedPath))
        var rng = SeededGenerator(seed: 3)
        for trial in 0..<6 {
            var bytes = [UInt8](compressed)
            let at = 100 + Int(rng.next() % UInt64(bytes.count - 200))
            bytes[at] ^= 0x5a
            let path = dir.path("damaged-\(trial)")
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            do {
                _ = try OSMImporter.importFile(path: path)
            } catch let error as OSMImportError {
                #expect([.brokenCompressedData, .malformedXML, .invalidCoordinate, .invalidID, .notOSM].contains(error.kind), "\(error)")
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
    }
}
