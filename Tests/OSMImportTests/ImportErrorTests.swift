import Foundation
import Testing
import TestSupport
@testable import OSMImport

/// Bad input gives one clear error naming the file, the position and what was expected.
@Suite struct ImportErrorTests {
    func failure(_ xml: String, sourceName: String = "bad.osm") -> OSMImportError? {
        do {
            _ = try OSMImporter.importXML(xml, sourceName: sourceName)
            return nil
        } catch let error as OSMImportError {
            return error
        } catch {
            return nil
        }
    }

    @Test func missingFileNamesThePath() {
        #expect(throws: OSMImportError.self) { try OSMImporter.importFile(path: "/nonexistent/city.osm") }
        do {
            _ = try OSMImporter.importFile(path: "/nonexistent/city.osm")
        } catch let error as OSMImportError {
            #expect(error.kind == .cannotOpen)
            #expect(error.description.hasPrefix("/nonexistent/city.osm: cannot open"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func directoryIsRejected() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        #expect { try OSMImporter.importFile(path: dir.url.path) } throws: { ($0 as? OSMImportError)?.kind == .cannotOpen }
    }

    @Test func emptyFileSaysItIsEmpty() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path("empty.osm")
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        do {
            _ = try OSMImporter.importFile(path: path)
            Issue.record("an empty file imported")
        } catch let error as OSMImportError {
            #expect(error.kind == .emptyInput)
            #expect(error.description == "\(path): the file is empty, expected OSM XML (<osm> ... </osm>) or OSM PBF")
        }
    }

    @Test func whitespaceOnlyInputSaysNoElement() throws {
        let error = try #require(failure("  \n\n  "))
        #expect(error.kind == .notOSM)
        #expect(error.description.contains("no XML element found, expected OSM XML"))
    }

    @Test func nonOSMRootElementIsNamed() throws {
        let error = try #require(failure("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk/></gpx>\n"))
        #expect(error.kind == .notOSM)
        #expect(error.line == 2)
        #expect(error.description.contains("bad.osm:2:"))
        #expect(error.description.contains("root element is <gpx>, expected <osm>"))
    }

    @Test func truncatedXMLGivesLineAndColumn() throws {
        let xml = osmDocument("<node id=\"1\" lat=\"45.8\" lon=\"15.97\"/>")
        let cut = String(xml.prefix(xml.count - 12))
        let error = try #require(failure(cut))
        #expect(error.kind == .malformedXML)
        #expect(error.line != nil && error.column != nil)
        #expect(error.description.contains("truncated"))
    }

    @Test func malformedXMLGivesLineAndColumn() throws {
        let xml = "<osm version=\"0.6\">\n  <node id=\"1\" lat=\"45.8\" lon=\"15.97\">\n  </way>\n</osm>\n"
        let error = try #require(failure(xml))
        #expect(error.kind == .malformedXML)
        #expect(error.line == 3)
        #expect(error.column == 5)
        #expect(error.description.hasPrefix("bad.osm:3:5: malformed XML: mismatched tag"))
    }

    @Test func textThatIsNotXMLIsRejected() throws {
        let error = try #require(failure("this is not xml at all\n"))
        #expect(error.kind == .notOSM)
        #expect(error.description == "bad.osm: not OSM XML: the first bytes are not text starting with '<'; expected OSM XML (<osm> ... </osm>), .osm.gz, .osm.bz2 or .osm.pbf")
    }

    @Test func outOfRangeLatitudeNamesNodeAndLine() throws {
        let xml = "<osm version=\"0.6\">\n<node id=\"1\" lat=\"45.8\" lon=\"15.97\"/>\n<node id=\"42\" lat=\"95.5\" lon=\"15.97\"/>\n</osm>\n"
        let error = try #require(failure(xml))
        #expect(error.kind == .invalidCoordinate)
        #expect(error.line == 3)
        #expect(error.description.contains("bad.osm:3:"))
        #expect(error.description.contains("node 42 has lat=\"95.5\", expected a number in -90...90"))
    }

    @Test func nonNumericLongitudeNamesNodeAndLine() throws {
        let xml = "<osm version=\"0.6\">\n<node id=\"7\" lat=\"45.8\" lon=\"east\"/>\n</osm>\n"
        let error = try #require(failure(xml))
        #expect(error.kind == .invalidCoordinate)
        #expect(error.description.contains("bad.osm:2:"))
        #expect(error.description.contains("node 7 has lon=\"east\", expected a number in -180...180"))
    }

    @Test func missingCoordinateIsNamed() throws {
        let error = try #require(failure("<osm version=\"0.6\">\n<node id=\"7\" lat=\"45.8\"/>\n</osm>\n"))
        #expect(error.description.contains("node 7 has no lon attribute"))
    }

    @Test func nonIntegerReferenceIsNamed() throws {
        let xml = osmDocument("<way id=\"3\"><nd ref=\"x1\"/></way>")
        let error = try #require(failure(xml))
        #expect(error.kind == .invalidID)
        #expect(error.description.contains("way 3 has ref=\"x1\""))
    }

    @Test func brokenGzipDataIsReported() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path("broken.osm.gz")
        var bytes: [UInt8] = [0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03]
        bytes += Array(repeating: 0xff, count: 200)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        #expect { try OSMImporter.importFile(path: path) } throws: { error in
            guard let e = error as? OSMImportError else { return false }
            return e.kind == .brokenCompressedData && e.description.hasPrefix("\(path): broken gzip data")
        }
    }

    @Test func truncatedBzip2DataIsReported() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let plain = dir.path("town.osm")
        try osmDocument(String(repeating: "<node id=\"1\" lat=\"45.8\" lon=\"15.97\"/>\n", count: 2000))
            .write(toFile: plain, atomically: true, encoding: .utf8)
        try runTool("/usr/bin/bzip2", ["-k", plain])
        let data = try Data(contentsOf: URL(fileURLWithPath: plain + ".bz2"))
        let cut = dir.path("cut.osm.bz2")
        _ = FileManager.default.createFile(atPath: cut, contents: data.prefix(data.count / 2))
        #expect { try OSMImporter.importFile(path: cut) } throws: { error in
            guard let e = error as? OSMImportError else { return false }
            return e.kind == .brokenCompressedData && e.description.contains("broken bzip2 data")
        }
    }

    @Test(.enabled(if: SharedExtracts.available("monaco.osm.pbf"))) func pbfInputIsRecognisedAndImported() throws {
        let path = try SharedExtracts.require("monaco.osm.pbf")
        let result = try OSMImporter.importFile(path: path)
        #expect(result.statistics.format == .pbf)
        #expect(result.statistics.nodesRead == 180_118)
        #expect(result.graph.validate() == nil)
    }

    @Test func otherCompressorsAreNamed() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path("city.osm.xz")
        _ = FileManager.default.createFile(atPath: path, contents: Data([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0x00, 0x04, 0xe6, 0xd6]))
        #expect { try OSMImporter.importFile(path: path) } throws: { error in
            (error as? OSMImportError)?.description == "\(path): this is xz-compressed; expected OSM XML, .osm.gz, .osm.bz2 or .osm.pbf (decompress with: xz -d)"
        }
    }
}
