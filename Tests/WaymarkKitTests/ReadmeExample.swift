// README example begin
import ARExport
import Geodesy
import Guidance
import Places
import RouteFormats
import WaymarkKit

/// A route as OSRM JSON and its AR markers (cafés within 100 m labelled), from a road database.
func osrmAndMarkers(database: String, from: Coordinate, to: Coordinate) throws -> (osrm: String, markers: String) {
    let navigator = try Navigator(source: .database(path: database))      // throws RoadNetworkLoadError
    let route = try navigator.route(from: from, to: to)                     // throws RoutingError
    let options = try GuidanceOptions(language: .en, plannedSpeed: 50).validated()  // throws GuidanceOptionsError
    let waypoints = navigator.waypoints(for: route, options: options)
    let request = MarkerRequest(placeCategories: [PointOfInterestCategory.named("cafe")!], placeCorridor: 100)
    let markers = try navigator.markers(for: waypoints, request: request)   // throws MarkerExportError
    let steps = navigator.steps(for: route, language: options.language)
    return (OSRMRouteResponse(route: route, steps: steps).json(graph: navigator.graph), markers.json())
}
// README example end
