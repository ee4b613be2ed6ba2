import Foundation
import Geodesy
import RoadNetwork

/// An in-memory spatial index over points of interest: a uniform latitude/longitude grid in CSR form.
///
/// Layout: `points` is sorted by grid cell; `cellKeys` lists the occupied cells in ascending key
/// order (row-major: south to north, then west to east) and the places of cell `cellKeys[i]` are
/// `points[cellStart[i] ..< cellStart[i + 1]]`. A cell is `cellSize` degrees square (about 1.1 km
/// north-south), so a 1.5 km query reads a handful of cells and a 10 km one a few hundred.
/// Read-only after construction and safe to share between queries.
///
/// Places with invalid coordinates are dropped. Searches do not wrap around the antimeridian.
public struct PointOfInterestFinder: Sendable {
    /// Edge length of a grid cell.
    public static let cellSize: Degrees = 0.01
    /// The indexed places, sorted by cell.
    public let points: [PointOfInterest]
    private let cellKeys: [Int64]
    private let cellStart: [Int]

    // Row and column offsets keep keys positive; a row holds at most 36 001 columns.
    private static let rowStride: Int64 = 65_536
    private static func row(_ latitude: Degrees) -> Int64 { Int64((latitude / cellSize).rounded(.down)) + 9_001 }
    private static func column(_ longitude: Degrees) -> Int64 { Int64((longitude / cellSize).rounded(.down)) + 18_001 }
    private static func key(row: Int64, column: Int64) -> Int64 { row * rowStride + column }

    /// Builds the index.
    /// - Complexity: O(n log n) for n places.
    public init(_ places: [PointOfInterest]) {
        let keyed = places.enumerated()
            .filter { $0.element.coordinate.isValid }
            .map { (key: PointOfInterestFinder.key(row: PointOfInterestFinder.row($0.element.coordinate.latitude),
                                                  column: PointOfInterestFinder.column($0.element.coordinate.longitude)),
                    order: $0.offset, place: $0.element) }
            .sorted { ($0.key, $0.order) < ($1.key, $1.order) }
        var keys: [Int64] = [], starts: [Int] = []
        for (i, entry) in keyed.enumerated() where keys.last != entry.key {
            keys.append(entry.key)
            starts.append(i)
        }
        starts.append(keyed.count)
        points = keyed.map(\.place)
        cellKeys = keys
        cellStart = starts
    }

    public var count: Int { points.count }

    /// Calls `body` with the index (into `points`) of every place in the cells overlapping `box`; the
    /// caller filters exactly (places near the box's edge may lie just outside it).
    /// - Complexity: O(rows × log cells + places in the cells visited).
    public func forEachCandidate(in box: BoundingBox, _ body: (Int) -> Void) {
        guard !box.isEmpty, !cellKeys.isEmpty else { return }
        let firstRow = PointOfInterestFinder.row(max(-90, box.minLatitude)), lastRow = PointOfInterestFinder.row(min(90, box.maxLatitude))
        let firstColumn = PointOfInterestFinder.column(max(-180, box.minLongitude))
        let lastColumn = PointOfInterestFinder.column(min(180, box.maxLongitude))
        guard firstRow <= lastRow, firstColumn <= lastColumn else { return }
        for row in firstRow...lastRow {
            let low = PointOfInterestFinder.key(row: row, column: firstColumn)
            let high = PointOfInterestFinder.key(row: row, column: lastColumn)
            // Lower bound of `low` in the sorted keys, then a scan along the row.
            var lo = 0, hi = cellKeys.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if cellKeys[mid] < low { lo = mid + 1 } else { hi = mid }
            }
            var cell = lo
            while cell < cellKeys.count, cellKeys[cell] <= high {
                for i in cellStart[cell] ..< cellStart[cell + 1] { body(i) }
                cell += 1
            }
        }
    }

    /// The box around a circle, slightly enlarged so rounding never drops a place on the rim.
    public static func boundingBox(around center: Coordinate, radius: Meters) -> BoundingBox {
        let latitudeSpan = radius / GreatCircle.earthRadius * 180 / .pi * 1.01
        let minLatitude = max(-90, center.latitude - latitudeSpan), maxLatitude = min(90, center.latitude + latitudeSpan)
        let widest = max(abs(minLatitude), abs(maxLatitude))
        let cosine = cos(widest * .pi / 180)
        let longitudeSpan = cosine < 1e-6 ? 360 : latitudeSpan / cosine
        return BoundingBox(minLatitude: minLatitude, minLongitude: max(-180, center.longitude - longitudeSpan),
                           maxLatitude: maxLatitude, maxLongitude: min(180, center.longitude + longitudeSpan))
    }

    /// The places within the query's radius and categories, nearest first (ties by name, then OSM id),
    /// at most `limit` of them.
    /// - Complexity: O(places in the cells the circle overlaps × log of the matches).
    public func nearby(_ query: PointOfInterestQuery) -> [NearbyPointOfInterest] {
        var found: [NearbyPointOfInterest] = []
        forEachCandidate(in: PointOfInterestFinder.boundingBox(around: query.center, radius: query.radius)) { i in
            let place = points[i]
            guard query.accepts(place) else { return }
            let distance = GreatCircle.distance(from: query.center, to: place.coordinate)
            guard distance <= query.radius else { return }
            found.append(NearbyPointOfInterest(
                pointOfInterest: place,
                category: PointOfInterestCategory.name(forKey: place.key, value: place.category) ?? place.category,
                distance: distance,
                bearing: GreatCircle.initialBearing(from: query.center, to: place.coordinate)))
        }
        found.sort {
            ($0.distance, $0.pointOfInterest.name, $0.pointOfInterest.osmID) < ($1.distance, $1.pointOfInterest.name, $1.pointOfInterest.osmID)
        }
        if let limit = query.limit, found.count > limit { found.removeLast(found.count - limit) }
        return found
    }
}
