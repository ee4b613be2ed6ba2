import ARExport
import Geodesy
import Places

/// The CLI's wording of library errors: a library error says what was wrong in its own words (the
/// camera height, a search radius); here it is said with the option that carried the value.
enum LibraryErrorMessages {
    /// The option that sets a marker setting.
    static func option(for setting: ARMarkerOptions.Setting) -> String {
        switch setting {
        case .origin, .originAltitude: "--origin"
        case .cameraHeight: "--camera-height"
        case .roadMarkerHeight: "--road-marker-height"
        case .turnArrowHeight: "--arrow-height"
        case .destinationHeight: "--destination-height"
        case .poiLabelHeight: "--poi-height"
        case .batchSize: "--batch-size"
        case .batchTrigger: "--batch-trigger"
        case .visibilityRadius: "--visibility"
        }
    }

    /// An AR export error as one line naming the option (`--dem` for the elevation directory).
    static func message(for error: ARExportError) -> String {
        switch error {
        case .invalidSetting(let setting, let value, let expected):
            "invalid value '\(value)' for \(option(for: setting)): expected \(expected)"
        case .elevationDirectoryMissing(let path):
            "--dem \(path): \(ARExportError.missingDirectoryReason)"
        case .emptyRoute, .invalidElevationTile:
            error.description
        }
    }

    /// A point-of-interest error as one line naming the option; `categories` is the option that took the
    /// category list (`--category` for `pois`, `--pois` for `markers`).
    static func message(for error: PlacesError, categories: String) -> String {
        func option(_ parameter: PlacesParameter) -> String {
            switch parameter {
            case .center: "--near"
            case .radius: "--radius"
            case .categories: categories
            case .limit: "--limit"
            case .corridor: "--poi-corridor"
            }
        }
        switch error {
        case .invalidValue(let parameter, let value, let expected):
            return "invalid value '\(value)' for \(option(parameter)): expected \(expected)"
        case .radiusTooLarge(let radius, let maximum):
            return "--radius \(DecimalNumber.fixed(radius, decimals: 1)) m is too large: the maximum is \(Int(maximum)) m"
        case .tooManyCategories(let count, let maximum):
            return "\(categories) lists \(count) categories: at most \(maximum) can be combined"
        case .unknownCategory(let name, let known):
            return "unknown category '\(name)' for \(categories): known categories are \(known.joined(separator: ", "))"
        }
    }
}
