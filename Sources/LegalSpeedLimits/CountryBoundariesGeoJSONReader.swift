/// Reads the features of a GeoJSON FeatureCollection of Polygons and MultiPolygons, each with a string
/// `properties.id`, and says precisely what is wrong with a damaged one.
///
/// Members other than those named are skipped, in any order. Rings must have at least four positions and
/// be closed; positions must be longitude then latitude within range (a third number, an altitude, is
/// ignored). Ids must be unique.
struct CountryBoundariesGeoJSONReader {
    private var scanner: CountryBoundariesJSONScanner
    // The feature being read, named in an error about it.
    private var featureIndex: Int?
    private var featureID: String?

    private static let geometryTypes = ["Polygon", "MultiPolygon"]

    /// The features of the collection, in the order of the file.
    /// - Throws: `LegalDataError` naming `sourceName`, the feature (index and id, when known), the byte
    ///   offset and what was expected there.
    static func features(in bytes: [UInt8], sourceName: String) throws(LegalDataError) -> [CountryBoundariesFeature] {
        var reader = CountryBoundariesGeoJSONReader(scanner: CountryBoundariesJSONScanner(bytes))
        do {
            return try reader.readCollection()
        } catch {
            throw LegalDataError(file: sourceName, problem: reader.context + error.description)
        }
    }

    private var context: String {
        guard let featureIndex else { return "" }
        guard let featureID else { return "feature \(featureIndex): " }
        return "feature \(featureIndex) (id \"\(featureID)\"): "
    }

    // MARK: Collection and features

    private mutating func readCollection() throws(CountryBoundariesJSONScanner.Failure) -> [CountryBoundariesFeature] {
        var members = try scanner.enterObject("a GeoJSON FeatureCollection '{'")
        var features: [CountryBoundariesFeature]?
        while let key = try scanner.nextKey(&members) {
            switch key {
            case "type": try readType(expecting: "FeatureCollection")
            case "features": features = try readFeatures()
            default: try scanner.skipValue()
            }
        }
        guard let features else { throw failure(expected: "a \"features\" array in the FeatureCollection", found: "none") }
        try scanner.expectEnd()
        return features
    }

    private mutating func readFeatures() throws(CountryBoundariesJSONScanner.Failure) -> [CountryBoundariesFeature] {
        var elements = try scanner.enterArray("the \"features\" array '['")
        var features: [CountryBoundariesFeature] = []
        var indexOfID: [String: Int] = [:]
        while try scanner.nextElement(&elements) {
            featureIndex = features.count
            featureID = nil
            let feature = try readFeature()
            if let first = indexOfID.updateValue(features.count, forKey: feature.id) {
                throw failure(expected: "each id once", found: "\"\(feature.id)\" again (first in feature \(first))")
            }
            features.append(feature)
        }
        featureIndex = nil
        return features
    }

    private mutating func readFeature() throws(CountryBoundariesJSONScanner.Failure) -> CountryBoundariesFeature {
        var members = try scanner.enterObject("a Feature object '{'")
        var rings: CountryBoundariesFeature?
        while let key = try scanner.nextKey(&members) {
            switch key {
            case "type": try readType(expecting: "Feature")
            case "properties": featureID = try readID()
            case "geometry": rings = try readGeometry()
            default: try scanner.skipValue()
            }
        }
        guard let featureID else {
            throw failure(expected: "properties.id, a string such as \"PT\" or \"US-CA\"", found: "none")
        }
        guard var feature = rings else { throw failure(expected: "a geometry", found: "none") }
        feature.id = featureID
        return feature
    }

    private mutating func readType(expecting expected: String) throws(CountryBoundariesJSONScanner.Failure) {
        let start = scanner.offsetOfNextValue()
        let type = try scanner.readString()
        guard type == expected else {
            throw failure(at: start, expected: "type \"\(expected)\"", found: "\"\(type)\"")
        }
    }

    // The id, or nil when the properties are null or have none (reported once the feature is read).
    private mutating func readID() throws(CountryBoundariesJSONScanner.Failure) -> String? {
        if scanner.skipNull() { return nil }
        var members = try scanner.enterObject("the properties object '{'")
        var id: String?
        while let key = try scanner.nextKey(&members) {
            if key == "id" {
                id = try scanner.readString()
            } else {
                try scanner.skipValue()
            }
        }
        return id
    }

    // MARK: Geometry

    private mutating func readGeometry() throws(CountryBoundariesJSONScanner.Failure) -> CountryBoundariesFeature {
        guard !scanner.skipNull() else { throw failure(expected: "a Polygon or MultiPolygon geometry", found: "null") }
        var members = try scanner.enterObject("a geometry object '{'")
        var type: String?
        var feature: CountryBoundariesFeature?
        var deferredCoordinates: Int?
        while let key = try scanner.nextKey(&members) {
            switch key {
            case "type": type = try readGeometryType()
            case "coordinates" where type != nil: feature = try readCoordinates(ofType: type ?? "")
            case "coordinates":
                // The type comes later: read the coordinates once it is known.
                deferredCoordinates = scanner.offset
                try scanner.skipValue()
            default: try scanner.skipValue()
            }
        }
        guard let type else { throw failure(expected: "a geometry type, Polygon or MultiPolygon", found: "none") }
        if let deferredCoordinates { feature = try readCoordinates(ofType: type, at: deferredCoordinates) }
        guard let feature else { throw failure(expected: "geometry coordinates", found: "none") }
        return feature
    }

    private mutating func readGeometryType() throws(CountryBoundariesJSONScanner.Failure) -> String {
        let start = scanner.offsetOfNextValue()
        let type = try scanner.readString()
        guard Self.geometryTypes.contains(type) else {
            throw failure(at: start, expected: "geometry type Polygon or MultiPolygon", found: "\"\(type)\"")
        }
        return type
    }

    private mutating func readCoordinates(ofType type: String, at offset: Int) throws(CountryBoundariesJSONScanner.Failure)
        -> CountryBoundariesFeature {
        let end = scanner.offset
        scanner.rewind(to: offset)
        let feature = try readCoordinates(ofType: type)
        scanner.rewind(to: end)
        return feature
    }

    private mutating func readCoordinates(ofType type: String) throws(CountryBoundariesJSONScanner.Failure) -> CountryBoundariesFeature {
        var feature = CountryBoundariesFeature(id: "")
        guard type == "MultiPolygon" else {
            try readPolygon(into: &feature)
            return feature
        }
        var polygons = try scanner.enterArray("a MultiPolygon's array of polygons '['")
        while try scanner.nextElement(&polygons) { try readPolygon(into: &feature) }
        return feature
    }

    private mutating func readPolygon(into feature: inout CountryBoundariesFeature) throws(CountryBoundariesJSONScanner.Failure) {
        var rings = try scanner.enterArray("a Polygon's array of rings '['")
        let firstRing = feature.ringCount
        while try scanner.nextElement(&rings) { try readRing(into: &feature) }
        guard feature.ringCount > firstRing else { throw failure(expected: "at least one ring in a polygon", found: "none") }
    }

    private mutating func readRing(into feature: inout CountryBoundariesFeature) throws(CountryBoundariesJSONScanner.Failure) {
        let start = scanner.offsetOfNextValue()
        var positions = try scanner.enterArray("a ring, an array of positions '['")
        let first = feature.longitudes.count
        while try scanner.nextElement(&positions) { try readPosition(into: &feature) }
        let count = feature.longitudes.count - first
        guard count >= 4 else {
            throw failure(at: start, expected: "a ring of at least 4 positions (a closed ring repeats its first last)",
                          found: "\(count)")
        }
        guard feature.longitudes[first] == feature.longitudes[first + count - 1],
              feature.latitudes[first] == feature.latitudes[first + count - 1] else {
            throw failure(at: start, expected: "a closed ring (its last position the same as its first)", found: "different ones")
        }
        feature.ringStarts.append(feature.longitudes.count)
    }

    private mutating func readPosition(into feature: inout CountryBoundariesFeature) throws(CountryBoundariesJSONScanner.Failure) {
        var numbers = try scanner.enterArray("a position '[longitude, latitude]'")
        guard try scanner.nextElement(&numbers) else { throw failure(expected: "a longitude in the position", found: "none") }
        let longitude = try readNumber(in: -180 ... 180, naming: "a longitude")
        guard try scanner.nextElement(&numbers) else { throw failure(expected: "a latitude after the longitude", found: "none") }
        let latitude = try readNumber(in: -90 ... 90, naming: "a latitude")
        // A third number is an altitude, which a boundary does not need.
        while try scanner.nextElement(&numbers) { _ = try scanner.readNumber() }
        feature.longitudes.append(longitude)
        feature.latitudes.append(latitude)
    }

    private mutating func readNumber(in range: ClosedRange<Double>, naming what: String) throws(CountryBoundariesJSONScanner.Failure)
        -> Double {
        let start = scanner.offsetOfNextValue()
        let value = try scanner.readNumber()
        guard range.contains(value) else {
            throw failure(at: start, expected: "\(what) in \(Int(range.lowerBound))...\(Int(range.upperBound))", found: "\(value)")
        }
        return value
    }

    // A problem with what was read rather than with the syntax: `found` says what the text has instead.
    private func failure(at offset: Int? = nil, expected: String, found: String) -> CountryBoundariesJSONScanner.Failure {
        CountryBoundariesJSONScanner.Failure(offset: offset ?? scanner.offset, expected: expected, found: found)
    }
}
