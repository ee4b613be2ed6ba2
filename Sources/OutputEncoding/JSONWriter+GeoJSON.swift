extension JSONWriter {
    /// The geometry types Waymark's GeoJSON outputs write (RFC 7946, section "Geometry Object").
    public enum GeometryType: String, Sendable {
        case point = "Point"
        case lineString = "LineString"
    }

    /// An RFC 7946 FeatureCollection, `{"type": "FeatureCollection", "features": [...]}`, whose features
    /// `writeFeatures` writes (each with `feature`); with `multilineIndent` each feature goes on a line of
    /// its own. The one FeatureCollection writer of every GeoJSON output.
    public mutating func featureCollection(multilineIndent: Int? = nil, _ writeFeatures: (inout JSONWriter) -> Void) {
        beginObject()
        field("type", "FeatureCollection")
        key("features")
        beginArray(multilineIndent: multilineIndent)
        writeFeatures(&self)
        endArray()
        endObject()
    }

    /// One RFC 7946 Feature, `{"type": "Feature", "geometry": {"type": …, "coordinates": …},
    /// "properties": {…}}`: `writeCoordinates` writes the geometry's coordinates (one value) and
    /// `writeProperties` the members of the properties object. The one feature writer of every GeoJSON output.
    public mutating func feature(
        _ geometry: GeometryType,
        coordinates writeCoordinates: (inout JSONWriter) -> Void,
        properties writeProperties: (inout JSONWriter) -> Void
    ) {
        beginObject()
        field("type", "Feature")
        key("geometry")
        beginObject()
        field("type", geometry.rawValue)
        key("coordinates")
        writeCoordinates(&self)
        endObject()
        key("properties")
        beginObject()
        writeProperties(&self)
        endObject()
        endObject()
    }
}
