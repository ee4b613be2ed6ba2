import ARExport
import Geodesy
import Places
import Benchmarking
import WaymarkKit

/// The CLI's wording of library errors: a library error says what was wrong in its own words (the
/// camera height, a search radius); here it is said with the option that carried the value.
enum LibraryErrorMessages {
    /// The option that sets each marker setting.
    static let markerOptions: [ARMarkerOptions.Setting: String] = [
        .origin: "--origin", .originAltitude: "--origin", .cameraHeight: "--camera-height", .roadMarkerHeight: "--road-marker-height",
        .turnArrowHeight: "--arrow-height", .destinationHeight: "--destination-height", .poiLabelHeight: "--poi-height",
        .batchSize: "--batch-size", .batchTrigger: "--batch-trigger", .visibilityRadius: "--visibility",
    ]

    /// An AR export error as one line naming the option (`--dem` for the elevation directory).
    static func message(for error: ARExportError) -> String {
        switch error {
        case .invalidSetting(let setting, let value, let expected):
            "invalid value '\(value)' for \(markerOptions[setting] ?? setting.noun): expected \(expected)"
        case .elevationDirectoryMissing(let path):
            "--dem \(path): \(ARExportError.missingDirectoryReason)"
        case .emptyRoute, .invalidElevationTile:
            error.description
        }
    }

    /// A point-of-interest error as one line naming the option; `categories` is the option that took the
    /// category list (`--category` for `pois`, `--pois` for `markers`).
    static func message(for error: PlacesError, categories: String) -> String {
        let options: [PlacesParameter: String] = [.center: "--near", .radius: "--radius", .categories: categories,
                                                  .limit: "--limit", .corridor: "--poi-corridor"]
        switch error {
        case .invalidValue(let parameter, let value, let expected):
            return "invalid value '\(value)' for \(options[parameter] ?? parameter.noun): expected \(expected)"
        case .radiusTooLarge(let radius, let maximum):
            return "--radius \(DecimalNumber.fixed(radius, decimals: 1)) m is too large: the maximum is \(Int(maximum)) m"
        case .tooManyCategories(let count, let maximum):
            return "\(categories) lists \(count) categories: at most \(maximum) can be combined"
        case .unknownCategory(let name, let known):
            return "unknown category '\(name)' for \(categories): known categories are \(known.joined(separator: ", "))"
        }
    }
}

extension LibraryErrorMessages {
    /// A marker pipeline error as one line naming the option.
    static func message(for error: MarkerExportError) -> String {
        switch error {
        case .places(let error): message(for: error, categories: "--pois")
        case .export(let error): message(for: error)
        case .pointsOfInterest(let error): error.description
        }
    }

    /// An import error as one line; a foreign file in the way names `--db`.
    static func message(for error: RoadNetworkImportError) -> String {
        switch error {
        case .foreignFile(let path, let detail):
            "\(path): exists and is not a road database (\(detail)); refusing to replace it with --db (\(RoadNetworkImportError.foreignFileAdvice))"
        case .foreignDatabase(let path):
            "\(path): exists and is an SQLite file not written by 'waymark import'; refusing to replace it with --db (\(RoadNetworkImportError.foreignFileAdvice))"
        default:
            error.description
        }
    }

    /// A benchmark error as one line naming the option (`--stages`, `--write-pairs`, `--per-query`).
    static func message(for error: BenchmarkError) -> String {
        switch error {
        case .stageNeedsOSMInput, .stageNeedsDatabase, .unknownStage, .noStages: "--stages: \(error)"
        case .output(let file, let error): "\(file == .pairs ? "--write-pairs" : "--per-query") \(error)"
        default: error.description
        }
    }
}
