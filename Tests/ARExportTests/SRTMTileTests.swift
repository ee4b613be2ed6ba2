import Foundation
import Testing
import Geodesy
@testable import ARExport

/// The SRTM `.hgt` reader: layout, interpolation, voids, names and bad files.
struct SRTMTileTests {
    /// Big-endian bytes of a tile whose sample at (row, column) is `height(row, column)`.
    static func tileBytes(side: Int, height: (Int, Int) -> Int16) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: side * side * 2)
        for row in 0..<side {
            for column in 0..<side {
                let h = UInt16(bitPattern: height(row, column))
                let i = 2 * (row * side + column)
                bytes[i] = UInt8(h >> 8)
                bytes[i + 1] = UInt8(h & 0xFF)
            }
        }
        return bytes
    }

    /// A 3" tile tilted as a plane: h = 100 + row + 2·column (rises southwards and eastwards).
    static func planeTile(southLatitude: Int, westLongitude: Int) throws -> SRTMTile {
        try SRTMTile(southLatitude: southLatitude, westLongitude: westLongitude,
                     bytes: tileBytes(side: 1201) { Int16(100 + $0 + 2 * $1) }, source: "synthetic")
    }

    @Test func threeArcSecondTileIsReadFromAFileNamedForItsCorner() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-dem-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("N45E015.hgt").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.tileBytes(side: 1201) { Int16(100 + $0 + 2 * $1) })))

        let tile = try SRTMTile(contentsOf: path)
        #expect(tile.samplesPerSide == 1201)
        #expect(tile.southLatitude == 45 && tile.westLongitude == 15)
        // Row 0 is the north edge, column 0 the west edge.
        #expect(tile.elevation(at: Coordinate(latitude: 46, longitude: 15)) == 100)
        #expect(tile.elevation(at: Coordinate(latitude: 45, longitude: 15)) == 1300)
        #expect(tile.elevation(at: Coordinate(latitude: 46, longitude: 16)) == 2500)
        // Bilinear interpolation reproduces a plane exactly between samples.
        let c = Coordinate(latitude: 45.81234, longitude: 15.97531)
        let row = (46 - c.latitude) * 1200, column = (c.longitude - 15) * 1200
        let h = try #require(tile.elevation(at: c))
        #expect(abs(h - (100 + row + 2 * column)) < 1e-6)
        #expect(tile.elevation(at: Coordinate(latitude: 44.9, longitude: 15.5)) == nil)

        // The directory loader finds the tile for a box inside it and skips absent neighbours.
        let model = try ElevationModel.load(directory: directory.path,
                                            covering: BoundingBox(minLatitude: 45.5, minLongitude: 15.9, maxLatitude: 46.2, maxLongitude: 16.1))
        #expect(model.tileCount == 1)
        #expect(model.elevation(at: c) == h)
        #expect(model.elevation(at: Coordinate(latitude: 46.5, longitude: 15.5)) == nil)
    }

    @Test func oneArcSecondTileHas3601SamplesPerSide() throws {
        let tile = try SRTMTile(southLatitude: -1, westLongitude: -70,
                                bytes: Self.tileBytes(side: 3601) { row, column in Int16(row - column) }, source: "synthetic")
        #expect(tile.samplesPerSide == 3601)
        #expect(tile.elevation(at: Coordinate(latitude: 0, longitude: -70)) == 0)
        #expect(tile.elevation(at: Coordinate(latitude: -1, longitude: -70)) == 3600)
        // Half a sample south-east of the north-west corner: the mean of 0, 1, -1 and 0.
        let half = 0.5 / 3600
        #expect(abs((tile.elevation(at: Coordinate(latitude: -half, longitude: -70 + half)) ?? 99) - 0) < 1e-9)
    }

    @Test func voidSamplesAreLeftOutOfTheInterpolation() throws {
        // Every sample 50 m except one void at row 10, column 10.
        let tile = try SRTMTile(southLatitude: 45, westLongitude: 15,
                                bytes: Self.tileBytes(side: 1201) { $0 == 10 && $1 == 10 ? SRTMTile.void : 50 }, source: "synthetic")
        let step = 1.0 / 1200
        // Exactly on the void: no data.
        #expect(tile.elevation(at: Coordinate(latitude: 46 - 10 * step, longitude: 15 + 10 * step)) == nil)
        // Between the void and valid neighbours: the valid ones only, never -32768 mixed in.
        let between = Coordinate(latitude: 46 - 10.5 * step, longitude: 15 + 10.5 * step)
        #expect(tile.elevation(at: between) == 50)
    }

    @Test func wrongFileSizeIsRejectedWithTheExpectedSizes() {
        do {
            _ = try SRTMTile(southLatitude: 45, westLongitude: 15, bytes: [UInt8](repeating: 0, count: 1000), source: "N45E015.hgt")
            Issue.record("a 1000-byte tile was accepted")
        } catch {
            #expect(error.description.contains("N45E015.hgt"))
            #expect(error.description.contains("3601") && error.description.contains("1201"))
        }
    }

    @Test func tileNamesRoundTrip() throws {
        #expect(SRTMTile.fileName(southLatitude: 45, westLongitude: 15) == "N45E015.hgt")
        #expect(SRTMTile.fileName(southLatitude: -1, westLongitude: -70) == "S01W070.hgt")
        let corner = try #require(SRTMTile.corner(fromFileName: "s01w070.hgt"))
        #expect(corner.latitude == -1 && corner.longitude == -70)
        #expect(SRTMTile.corner(fromFileName: "N45E015.tif") == nil)
        #expect(SRTMTile.corner(fromFileName: "X45E015.hgt") == nil)
    }

    @Test func missingDemDirectoryIsAClearError() {
        #expect(throws: ARExportError.elevationDirectoryMissing("/nonexistent/dem")) {
            try ElevationModel.load(directory: "/nonexistent/dem", covering: BoundingBox(minLatitude: 1, minLongitude: 1, maxLatitude: 2, maxLongitude: 2))
        }
    }
}
