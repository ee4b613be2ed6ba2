import Geodesy

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
        typealias F = ExportFormatting
        let filter = query.categories.isEmpty ? "any category" : query.categories.map(\.name).joined(separator: ", ")
        var out = "\(places.count) place\(places.count == 1 ? "" : "s") within \(F.fixed(query.radius, 1)) m of \(query.center) (\(filter))\n"
        for p in places {
            let distance = F.fixed(p.distance, 0) + " m"
            let padded = String(repeating: " ", count: max(0, 8 - distance.count)) + distance
            let direction = "\(p.compass.rawValue) (\(F.fixed(p.bearing.degrees, 0))°)"
            let name = p.pointOfInterest.name.isEmpty ? "(unnamed)" : p.pointOfInterest.name
            out += "\(padded)  \(direction.padding(20))  \(name)  [\(p.category)]  \(p.pointOfInterest.coordinate)\n"
        }
        return out
    }

    static func json(_ places: [NearbyPointOfInterest], query: PointOfInterestQuery) -> String {
        typealias F = ExportFormatting
        var out = "{\n  \"center\": {\"latitude\": \(F.fixed(query.center.latitude, 7)), \"longitude\": \(F.fixed(query.center.longitude, 7))},\n"
        out += "  \"radius\": \(F.fixed(query.radius, 3)),\n"
        out += "  \"categories\": [\(query.categories.map { F.jsonString($0.name) }.joined(separator: ", "))],\n"
        out += "  \"limit\": \(query.limit.map(String.init) ?? "null"),\n"
        out += "  \"count\": \(places.count),\n  \"pointsOfInterest\": ["
        for (i, p) in places.enumerated() {
            let poi = p.pointOfInterest
            out += i == 0 ? "\n    " : ",\n    "
            out += "{\"name\": \(F.jsonString(poi.name)), \"category\": \(F.jsonString(p.category)), \"key\": \(F.jsonString(poi.key)), "
            out += "\"value\": \(F.jsonString(poi.category)), \"osmType\": \"\(poi.osmType)\", \"osmId\": \(poi.osmID), "
            out += "\"latitude\": \(F.fixed(poi.coordinate.latitude, 7)), \"longitude\": \(F.fixed(poi.coordinate.longitude, 7)), "
            out += "\"distance\": \(F.fixed(p.distance, 1)), \"bearing\": \(F.fixed(p.bearing.degrees, 1)), \"compass\": \"\(p.compass.rawValue)\"}"
        }
        out += places.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    static func geoJSON(_ places: [NearbyPointOfInterest]) -> String {
        typealias F = ExportFormatting
        var out = "{\"type\": \"FeatureCollection\", \"features\": ["
        for (i, p) in places.enumerated() {
            let poi = p.pointOfInterest
            out += i == 0 ? "\n" : ",\n"
            out += "  {\"type\": \"Feature\", \"geometry\": {\"type\": \"Point\", \"coordinates\": [\(F.fixed(poi.coordinate.longitude, 7)), \(F.fixed(poi.coordinate.latitude, 7))]}, "
            out += "\"properties\": {\"name\": \(F.jsonString(poi.name)), \"category\": \(F.jsonString(p.category)), \"osmType\": \"\(poi.osmType)\", "
            out += "\"osmId\": \(poi.osmID), \"distance\": \(F.fixed(p.distance, 1)), \"bearing\": \(F.fixed(p.bearing.degrees, 1)), \"compass\": \"\(p.compass.rawValue)\"}}"
        }
        out += places.isEmpty ? "]}\n" : "\n]}\n"
        return out
    }
}

extension String {
    /// The string padded with spaces on the right to `width` characters.
    fileprivate func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
