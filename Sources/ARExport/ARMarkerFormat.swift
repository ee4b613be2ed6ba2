/// The formats an AR marker list is written in, by their names on a command line or in a query.
public enum ARMarkerFormat: String, CaseIterable, Sendable {
    /// Batches of markers with their AR frame (`ARMarkerList.json()`).
    case json
    /// A feature collection of the markers' positions (`ARMarkerList.geoJSON()`).
    case geojson
    /// One row per marker (`ARMarkerList.csv()`).
    case csv
    /// Waypoints for GPS tools (`ARMarkerList.gpx()`).
    case gpx

    /// The whole list written in this format.
    public func document(for list: ARMarkerList) -> String {
        switch self {
        case .json: list.json()
        case .geojson: list.geoJSON()
        case .csv: list.csv()
        case .gpx: list.gpx()
        }
    }
}
