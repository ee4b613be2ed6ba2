import Foundation
import Geodesy

/// A digital elevation model: the SRTM tiles of a `--dem` directory that cover an area.
///
/// Tiles are loaded once, up front, for the bounding box of the route (a 1" tile is 26 MB, so only the
/// needed ones are read); a point outside every loaded tile, or on a void, has no elevation.
public struct ElevationModel: Sendable {
    /// Loaded tiles keyed by their south-west corner.
    private var tiles: [TileKey: SRTMTile] = [:]
    /// The directory the tiles came from (for messages).
    public let directory: String

    private struct TileKey: Hashable, Sendable { var latitude: Int; var longitude: Int }

    /// An elevation model made of the given tiles.
    public init(tiles: [SRTMTile], directory: String = "<memory>") {
        self.directory = directory
        for tile in tiles { self.tiles[TileKey(latitude: tile.southLatitude, longitude: tile.westLongitude)] = tile }
    }

    /// Loads the tiles of `directory` that overlap `area`; tiles that are absent are skipped (the area
    /// may reach the sea or beyond the downloaded set), a tile that is present but malformed is an error.
    /// - Complexity: O(tiles overlapping `area` × samples per tile).
    public static func load(directory: String, covering area: BoundingBox) throws(ARExportError) -> ElevationModel {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .elevationDirectoryMissing(directory)
        }
        guard !area.isEmpty else { return ElevationModel(tiles: [], directory: directory) }
        var tiles: [SRTMTile] = []
        let south = Int(area.minLatitude.rounded(.down)), north = Int(area.maxLatitude.rounded(.down))
        let west = Int(area.minLongitude.rounded(.down)), east = Int(area.maxLongitude.rounded(.down))
        for lat in south...north {
            for lon in west...east {
                let name = SRTMTile.fileName(southLatitude: lat, westLongitude: lon)
                for candidate in [name, name.lowercased()] {
                    let path = (directory as NSString).appendingPathComponent(candidate)
                    if FileManager.default.fileExists(atPath: path) {
                        tiles.append(try SRTMTile(contentsOf: path))
                        break
                    }
                }
            }
        }
        return ElevationModel(tiles: tiles, directory: directory)
    }

    /// Number of tiles loaded.
    public var tileCount: Int { tiles.count }

    /// The terrain height at a point, or nil when no loaded tile has data there.
    public func elevation(at c: Coordinate) -> Meters? {
        let key = TileKey(latitude: Int(c.latitude.rounded(.down)), longitude: Int(c.longitude.rounded(.down)))
        if let tile = tiles[key], let h = tile.elevation(at: c) { return h }
        // A point on a tile's north or east edge also lies on its neighbour; try those the key missed.
        for tile in tiles.values where tile.covers(c) {
            if let h = tile.elevation(at: c) { return h }
        }
        return nil
    }
}
