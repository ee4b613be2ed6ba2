extension ARExportError {
    /// The message in a front end's own terms: the option or parameter that carried the value at fault
    /// is named instead of the library's noun (`invalid value '0' for --camera-height: expected …`).
    ///
    /// The names are the front end's; the wording is the one every front end shares. A setting or
    /// directory without a name is described in the library's words (`description`).
    /// - Parameters:
    ///   - settings: the name of the input that sets each marker setting.
    ///   - elevationDirectory: the name of the input that gives the elevation tile directory.
    public func description(naming settings: [ARMarkerOptions.Setting: String], elevationDirectory: String?) -> String {
        switch self {
        case .invalidSetting(let setting, let value, let expected):
            "invalid value '\(value)' for \(settings[setting] ?? setting.noun): expected \(expected)"
        case .elevationDirectoryMissing(let path):
            if let elevationDirectory { "\(elevationDirectory) \(path): \(Self.missingDirectoryReason)" } else { description }
        case .emptyRoute, .invalidElevationTile:
            description
        }
    }
}
