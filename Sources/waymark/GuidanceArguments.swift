import ArgumentParser
import Geodesy
import OSMImport
import Guidance

/// `--language`, shared by every command that writes instructions.
struct LanguageArgument: ParsableArguments {
    @Option(name: .long, help: "Instruction language: en or hr.")
    var language: String = "en"

    func parsed() throws -> InstructionLanguage {
        guard let parsed = InstructionLanguage(rawValue: language.lowercased()) else {
            throw CommandFailure(message: "--language '\(language)' is not supported (expected en or hr)")
        }
        return parsed
    }
}

/// The guidance options `waypoints` and `markers` share: `--speed`, `--spacing` and `--language`.
struct GuidanceArguments: ParsableArguments {
    @Option(name: .long, help: "Planned constant speed in km/h, for the speed warnings (and marker colours).")
    var speed: String?

    @Option(name: .long, help: "Waypoint spacing: 'bands' or a fixed interval in metres.")
    var spacing: String = "bands"

    @OptionGroup var language: LanguageArgument

    func validate() throws { _ = try options() }

    /// The options, checked by `GuidanceOptions.validate`; a bad value names its option.
    func options() throws -> GuidanceOptions {
        let language = try language.parsed()
        var planned: KilometersPerHour?
        if let speed {
            // A string option (not Double) so that "--speed=-5" and "--speed fast" read as bad values.
            planned = DecimalNumber.parse(speed.trimmingCharacters()) ?? .nan
        }
        let policy: SpacingPolicy
        if spacing.lowercased() == "bands" {
            policy = .bands
        } else {
            policy = .fixed(DecimalNumber.parse(spacing.trimmingCharacters()) ?? .nan)
        }
        let options = GuidanceOptions(spacing: policy, language: language, plannedSpeed: planned)
        do throws(GuidanceOptionsError) {
            try options.validate()
        } catch {
            let (option, value) = if case .spacingOutOfRange = error { ("--spacing", spacing) } else { ("--speed", speed ?? "") }
            throw CommandFailure(message: "\(option) '\(value)' is invalid (expected \(error.expected))")
        }
        return options
    }
}
