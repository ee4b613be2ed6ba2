import Geodesy
import OutputEncoding
import Places

/// The output formats of a point-of-interest listing (`waymark pois --format`).
public enum NearbyPointsOfInterestFormat: String, Sendable, CaseIterable {
    case text, json, geojson

    /// Writes the places found by `query` in this format.
    /// - Complexity: O(places).
    public func render(_ places: [NearbyPointOfInterest], query: PointOfInterestQuery) -> String {
        switch self {
        case .text: NearbyPointsOfInterestFormat.text(places, query: query)
        case .json: NearbyPointsOfInterestFormat.json(places, query: query)
        case .geojson: NearbyPointsOfInterestFormat.geoJSON(places)
        }
    }

    /// One line per place: distance, compass word and bearing, name, category, position.
    static func text(_ places: [NearbyPointOfInterest], query: PointOfInterestQuery) -> String {
        let filter = query.categories.isEmpty ? "any category" : query.categories.map(\.name).joined(separator: ", ")
        var out = "\(places.count) place\(places.count == 1 ? "" : "s") within \(DecimalNumber.fixed(query.radius, decimals: 1)) m "
            + "of \(query.center) (\(filter))\n"
        for p in places {
            let distance = DecimalNumber.fixed(p.distance, decimals: 0) + " m"
            let padded = String(repeating: " ", count: max(0, 8 - distance.count)) + distance
            let direction = "\(p.compass.rawValue) (\(DecimalNumber.fixed(p.bearing.degrees, decimals: 0))°)"
            let name = p.pointOfInterest.name.isEmpty ? "(unnamed)" : p.pointOfInterest.name
            out += "\(padded)  \(direction.padding(20))  \(name)  [\(p.category)]  \(p.pointOfInterest.coordinate)\n"
        }
        return out
    }

    /// The query, then one object per place on its own line.
    static func json(_ places: [NearbyPointOfInterest], query: PointOfInterestQuery) -> String {
        var w = JSONWriter(layout: .spaced, capacity: 256 + 256 * places.count)
        w.beginObject(multilineIndent: 0)
        w.key("center")
        w.beginObject()
        w.field("latitude", query.center.latitude, decimals: 7)
        w.field("longitude", query.center.longitude, decimals: 7)
        w.endObject()
        w.field("radius", query.radius, decimals: 3)
        w.key("categories")
        w.beginArray()
        for c in query.categories { w.string(c.name) }
        w.endArray()
        w.field("limit", query.limit)
        w.field("count", places.count)
        w.key("points_of_interest")
        w.beginArray(multilineIndent: 2)
        for p in places {
            let poi = p.pointOfInterest
            w.beginObject()
            w.field("name", poi.name)
            w.field("category", p.category)
            w.field("key", poi.key)
            w.field("value", poi.category)
            w.field("osm_type", "\(poi.osmType)")
            w.field("osm_id", Int(poi.osmID))
            w.field("latitude", poi.coordinate.latitude, decimals: 7)
            w.field("longitude", poi.coordinate.longitude, decimals: 7)
            w.field("distance", p.distance, decimals: 1)
            w.field("bearing", p.bearing.degrees, decimals: 1)
            w.field("compass", p.compass.rawValue)
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.text + "\n"
    }

    /// An RFC 7946 FeatureCollection of Points, one feature per line.
    static func geoJSON(_ places: [NearbyPointOfInterest]) -> String {
        var w = JSONWriter(layout: .spaced, capacity: 64 + 256 * places.count)
        w.featureCollection(multilineIndent: 0) { w in
            for p in places {
                let poi = p.pointOfInterest
                w.feature(.point) { w in
                    w.position(poi.coordinate, decimals: 7)
                } properties: { w in
                    w.field("name", poi.name)
                    w.field("category", p.category)
                    w.field("osm_type", "\(poi.osmType)")
                    w.field("osm_id", Int(poi.osmID))
                    w.field("distance", p.distance, decimals: 1)
                    w.field("bearing", p.bearing.degrees, decimals: 1)
                    w.field("compass", p.compass.rawValue)
                }
            }
        }
        return w.text + "\n"
    }
}

extension String {
    /// The string padded with spaces on the right to `width` characters.
    fileprivate func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
