import Guidance
import RouteFormats
import Routing

/// The documents a route is written as by `Navigator.document(for:format:language:)` (OSRM's JSON is
/// `OSRMService`'s, with its request options).
public enum RouteDocumentFormat: String, CaseIterable, Sendable {
    /// The summary and the turn-by-turn steps, as text.
    case text
    /// A GeoJSON feature collection of the route's line.
    case geojson
    /// A GPX track with the steps as route points.
    case gpx
}

extension Navigator {
    /// The route as a whole document in `format`, ending in a newline; instructions in `language`.
    /// - Complexity: O(route edges), plus the guidance of the steps for text and GPX.
    public func document(for route: Route, format: RouteDocumentFormat, language: InstructionLanguage = .en) -> String {
        switch format {
        case .text: RouteSummaryText.text(for: route, steps: steps(for: route, language: language), graph: graph, language: language)
        case .geojson: RouteGeoJSON.document(route: route, graph: graph) + "\n"
        case .gpx: RouteGPX.document(route: route, steps: steps(for: route, language: language))
        }
    }
}
