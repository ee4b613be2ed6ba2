import Foundation
import Geodesy

/// The answer `CountryBoundaries` must give, found the slow and obvious way: the file read by Foundation's
/// JSON parser (not the module's scanner) and every ring of every feature tested with the textbook
/// crossing-number rule (not the module's side-of-line tests), most specific ids first.
struct BruteForceBoundaries: Sendable {
    private struct Feature: Sendable {
        var id: String
        /// Rings of (longitude, latitude), closed.
        var rings: [[(Double, Double)]]
        var box: (west: Double, south: Double, east: Double, north: Double)
    }

    private let features: [Feature]

    /// Reads the collection; nil when Foundation cannot or the shape is not as expected.
    init?(geoJSON: [UInt8]) {
        guard let root = try? JSONSerialization.jsonObject(with: Data(geoJSON)) as? [String: Any],
              let entries = root["features"] as? [[String: Any]] else { return nil }
        var features: [Feature] = []
        for entry in entries {
            guard let feature = Self.feature(entry) else { return nil }
            features.append(feature)
        }
        // Stable: ids with a '-' (subdivisions) first.
        self.features = features.filter { $0.id.contains("-") } + features.filter { !$0.id.contains("-") }
    }

    private static func feature(_ entry: [String: Any]) -> Feature? {
        guard let id = (entry["properties"] as? [String: Any])?["id"] as? String,
              let geometry = entry["geometry"] as? [String: Any], let type = geometry["type"] as? String else { return nil }
        let polygons: [Any]?
        switch type {
        case "Polygon": polygons = [geometry["coordinates"] as Any]
        case "MultiPolygon": polygons = geometry["coordinates"] as? [Any]
        default: return nil
        }
        var rings: [[(Double, Double)]] = []
        for polygon in polygons ?? [] {
            for ring in polygon as? [[[Double]]] ?? [] {
                rings.append(ring.map { ($0[0], $0[1]) })
            }
        }
        let all = rings.joined()
        let box = (west: all.map(\.0).min() ?? 0, south: all.map(\.1).min() ?? 0,
                   east: all.map(\.0).max() ?? 0, north: all.map(\.1).max() ?? 0)
        return Feature(id: id, rings: rings, box: box)
    }

    /// The ids of the features containing the point, most specific first.
    func regions(at coordinate: Coordinate) -> [String] {
        features.filter { Self.contains($0, coordinate.longitude, coordinate.latitude) }.map(\.id)
    }

    private static func contains(_ feature: Feature, _ x: Double, _ y: Double) -> Bool {
        guard x >= feature.box.west, x <= feature.box.east, y >= feature.box.south, y <= feature.box.north else { return false }
        var inside = false
        for ring in feature.rings {
            for index in 0 ..< ring.count - 1 {
                let (x1, y1) = ring[index], (x2, y2) = ring[index + 1]
                if (y1 > y) != (y2 > y) && x < x1 + (y - y1) * (x2 - x1) / (y2 - y1) { inside.toggle() }
            }
        }
        return inside
    }
}
