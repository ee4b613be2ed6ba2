import Geodesy

/// The country and subdivision of a point: the ids of the boundary features that contain it, from a
/// GeoJSON file of country (`PT`) and subdivision (`US-CA`) polygons such as the bundled one.
///
/// Features overlap where a subdivision lies inside its country; answers list the most specific first
/// (ids with a `-`, then bare countries, each in the order of the file). Holes count by the even-odd rule.
/// A point on the open sea is in no feature. A point exactly on a border two features share is in exactly
/// one of them; longitude 180 is taken as -180.
///
/// Queries go through a grid (`CountryBoundariesGrid`): a point in a cell no border touches costs a few
/// array reads, one elsewhere a side-of-line test or two per edge touching its cell, at most 16 but for a
/// few cells of the finest level. Loading the bundled file takes a few tens of milliseconds in a release
/// build; a query tens of nanoseconds. Read-only after loading and safe to share between threads.
public struct CountryBoundaries: Sendable {
    /// The grid for country borders: 1° cells, split 4 × 4 while more than 16 border edges touch one, down
    /// to 1/64° (about 1.7 km). On the bundled file that is about 95 000 cells and 103 000 listed edges,
    /// 5.4 MB. Half-degree cells take half as much memory again, 8 edges a leaf twice the build time, for
    /// queries no faster near borders.
    static let defaultShape = CountryBoundariesGridBuilder.Shape(cellsPerDegree: 1, branching: 4, maximumLeafEdges: 16, levelCount: 4)

    /// Every feature's id, in the order of the file.
    public let ids: [String]
    // The ids again, most specific first: the grid's feature indices.
    private let rankedIDs: [String]
    private let grid: CountryBoundariesGrid

    /// Reads a GeoJSON FeatureCollection of Polygon and MultiPolygon features, each with a string
    /// `properties.id`, and indexes it.
    /// - Parameter sourceName: The file named in errors.
    /// - Throws: `LegalDataError` when the text is not such a collection: not JSON, a feature without an id
    ///   or with another geometry type, a ring of fewer than four positions or not closed, a coordinate that
    ///   is not a number or out of range, an id given twice. The problem names the feature (index and id),
    ///   the byte offset and what was expected there.
    /// - Complexity: O(bytes + edges × cells each touches + cells).
    public init(geoJSON: [UInt8], sourceName: String) throws(LegalDataError) {
        try self.init(geoJSON: geoJSON, sourceName: sourceName, shape: Self.defaultShape)
    }

    /// The same with another grid resolution: coarse grids put many edges in a cell, which tests want.
    init(geoJSON: [UInt8], sourceName: String, shape: CountryBoundariesGridBuilder.Shape) throws(LegalDataError) {
        let features = try CountryBoundariesGeoJSONReader.features(in: geoJSON, sourceName: sourceName)
        guard features.count <= Int(UInt16.max) else {
            throw LegalDataError(file: sourceName, problem: "\(features.count) features (expected at most \(UInt16.max))")
        }
        ids = features.map(\.id)
        // Stable: subdivisions first, then countries, each in the order of the file.
        let ranked = features.filter(\.isSubdivision) + features.filter { !$0.isSubdivision }
        rankedIDs = ranked.map(\.id)
        grid = CountryBoundariesGridBuilder.grid(for: ranked, shape: shape)
    }

    /// The bundled country and subdivision boundaries (`LegalDataFiles.boundariesFileName`).
    /// - Throws: `LegalDataError` when the file is missing or damaged.
    public static func bundled() throws(LegalDataError) -> CountryBoundaries {
        let name = LegalDataFiles.boundariesFileName
        return try CountryBoundaries(geoJSON: LegalDataFiles.read(name), sourceName: name)
    }

    /// The ids of every feature containing `coordinate`, most specific first (`["US-CA", "US"]`); empty at
    /// sea or for a coordinate out of range.
    /// - Complexity: O(edges touching the coordinate's grid cell + features containing it); well under a
    ///   microsecond on average.
    public func regions(at coordinate: Coordinate) -> [String] {
        var regions: [String] = []
        grid.forEachFeature(containing: coordinate) { feature in
            regions.append(rankedIDs[feature])
            return true
        }
        return regions
    }

    /// The id of the most specific feature containing `coordinate` (`US-CA` rather than `US`), or nil at
    /// sea or for a coordinate out of range.
    /// - Complexity: O(edges touching the coordinate's grid cell).
    public func region(at coordinate: Coordinate) -> String? {
        var region: String?
        grid.forEachFeature(containing: coordinate) { feature in
            region = rankedIDs[feature]
            return false
        }
        return region
    }
}
