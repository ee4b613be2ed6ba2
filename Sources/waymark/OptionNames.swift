import ARExport
import Benchmarking
import CitySynthesis
import Guidance
import OSRMService
import Places
import Server
import WaymarkKit

/// The options that carry the libraries' inputs, and the one map from an error to its message: a library
/// error is worded by its library (`description(naming:)`), naming the option that carried the value.
enum OptionNames {
    /// The options of `markers`.
    static let markers = MarkerInputNames(
        settings: [.origin: "--origin", .originAltitude: "--origin", .cameraHeight: "--camera-height", .roadMarkerHeight: "--road-marker-height",
                   .turnArrowHeight: "--arrow-height", .destinationHeight: "--destination-height", .poiLabelHeight: "--poi-height",
                   .batchSize: "--batch-size", .batchTrigger: "--batch-trigger", .visibilityRadius: "--visibility"],
        elevationDirectory: "--dem", places: places(categories: "--pois"))

    /// The options that carry guidance settings.
    static let guidance: [GuidanceOptions.Setting: String] = [.spacing: "--spacing", .plannedSpeed: "--speed", .language: "--language",
                                                              .warningPolicy: "--warn-on"]

    /// The options of `serve`.
    static let server: [WaymarkServer.Settings.Name: String] = [
        .port: "--port", .threads: "--threads", .requestTimeout: "--timeout", .routeCoordinates: "--max-coordinates",
        .tableCoordinates: "--max-table-size", .tripStops: "--max-trip-size", .matchCoordinates: "--max-matching-size", .landmarks: "--landmarks", .pageDirectory: "--page-dir", .leafletDirectory: "--leaflet-dir",
        .noPage: "--no-page", .logLevel: "--log-level",
    ]

    /// The options of a place query; `categories` is the one that takes the category list.
    static func places(categories: String) -> [PlacesParameter: String] {
        [.center: "--near", .radius: "--radius", .categories: categories, .limit: "--limit", .corridor: "--poi-corridor"]
    }

    /// An error as the one line `waymark: error:` prints.
    static func message(for error: any Error) -> String {
        switch error {
        case let error as MarkerExportError: error.description(naming: markers)
        case let error as ARExportError: error.description(naming: markers.settings, elevationDirectory: markers.elevationDirectory)
        case let error as PlacesError: error.description(naming: places(categories: "--category"))
        case let error as RoadNetworkImportError: error.description(namingDatabase: "--db")
        case let error as BoundingBoxInputError: error.description(naming: "--bbox")
        case let error as BenchmarkError: error.description(namingStages: "--stages", tableSizes: "--table-sizes", tableRepeats: "--table-repeats",
                                                                        outputs: [.pairs: "--write-pairs", .perQuery: "--per-query"])
        case let error as GuidanceInputError: error.description(naming: guidance)
        case let error as ServerSettingsError: error.description(naming: server)
        case let error as ServiceError: error.message
        case let error as CityGenerationError: error.description(namingNodes: "--nodes", center: "--center")
        case is TraceError, is WaypointStreamError: "--trace \(error)"
        case let error as AlternativeRouteError: error.description(naming: "--alternative")
        default: "\(error)"
        }
    }
}
