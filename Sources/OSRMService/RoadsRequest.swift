import Geodesy
import RoadNetwork

/// A `/roads/v1?bbox={minLon},{minLat},{maxLon},{maxLat}&zoom={z}` request: the roads a map shows in a
/// view, for the page's base map (Waymark's own service; OSRM has none).
///
/// `zoom` is the Web Mercator zoom level of the view (as Leaflet counts it): it decides which road
/// classes are drawn (`minimumZoom(of:)`) and how much the lines are simplified. `max_bytes` lowers
/// the size limit of the answer (`maximumBytes` at most).
public struct RoadsRequest: Sendable, Equatable {
    public var bbox: BoundingBox
    public var zoom: Int
    public var maxBytes: Int

    /// The largest answer, bytes: a city-wide view of a large city's main roads fits.
    public static let maximumBytes = 2_000_000
    /// Zoom levels Leaflet offers (0 = the world in one tile, 22 = a few centimetres per pixel).
    static let zoomRange = 0...22
    static let optionNames = ["bbox", "zoom", "max_bytes"]

    public init(bbox: BoundingBox, zoom: Int, maxBytes: Int = RoadsRequest.maximumBytes) {
        self.bbox = bbox
        self.zoom = zoom
        self.maxBytes = maxBytes
    }

    /// Reads the options of a `/roads/v1` request.
    /// - Throws: `InvalidQuery` for a missing or malformed `bbox` or `zoom`, an unknown or repeated
    ///   option; `InvalidValue` for a box outside the world or whose minimum exceeds its maximum.
    public static func parse(options: [(name: String, value: String)]) throws(ServiceError) -> RoadsRequest {
        var reader = try OptionReader(options)
        guard let boxText = reader.take("bbox") else {
            throw ServiceError(.invalidQuery, "option bbox is required (bbox={minLon},{minLat},{maxLon},{maxLat})")
        }
        let bbox = try parseBox(boxText)
        guard reader.hasOption("zoom") else { throw ServiceError(.invalidQuery, "option zoom is required (zoom=0...22)") }
        let zoom = try reader.integer("zoom", default: 0, range: zoomRange)
        let maxBytes = try reader.integer("max_bytes", default: maximumBytes, range: 1000...maximumBytes)
        try reader.finish(allowed: optionNames)
        return RoadsRequest(bbox: bbox, zoom: zoom, maxBytes: maxBytes)
    }

    /// Parses `minLon,minLat,maxLon,maxLat` (the order of GeoJSON's `bbox` and Leaflet's `toBBoxString()`).
    static func parseBox(_ text: String) throws(ServiceError) -> BoundingBox {
        let fields = text.split(separator: ",", omittingEmptySubsequences: false)
        let values = fields.compactMap { DecimalNumber.parse($0) }
        guard fields.count == 4, values.count == 4 else {
            throw OptionReader.invalid("bbox", text, expected: "four decimal numbers {minLon},{minLat},{maxLon},{maxLat}")
        }
        let (minLon, minLat, maxLon, maxLat) = (values[0], values[1], values[2], values[3])
        guard (-180.0...180.0).contains(minLon), (-180.0...180.0).contains(maxLon) else {
            throw ServiceError(.invalidValue, "bbox longitude must be in -180...180 (got \(minLon), \(maxLon))")
        }
        guard (-90.0...90.0).contains(minLat), (-90.0...90.0).contains(maxLat) else {
            throw ServiceError(.invalidValue, "bbox latitude must be in -90...90 (got \(minLat), \(maxLat))")
        }
        guard minLon <= maxLon, minLat <= maxLat else {
            throw ServiceError(.invalidValue, "bbox minimum must not exceed its maximum (got \(text.prefix(80)))")
        }
        return BoundingBox(minLatitude: minLat, minLongitude: minLon, maxLatitude: maxLat, maxLongitude: maxLon)
    }

    /// The lowest zoom at which a road class is drawn: the main roads from a region-wide view on, the
    /// residential streets at a district view, service roads only close up.
    public static func minimumZoom(of highway: HighwayClass) -> Int {
        switch highway.mainClass {
        case .motorway, .trunk: 0
        case .primary: 9
        case .secondary: 10
        case .tertiary: 11
        case .unclassified, .residential: 13
        case .livingStreet: 14
        default: 15
        }
    }

    /// The lowest zoom at which a car ferry line is drawn: at every zoom, as a ferry links parts of the map.
    public static let ferryMinimumZoom = 0
}
