import ArgumentParser
import Guidance
import OSRMService

/// `--language`, shared by every command that writes instructions.
struct LanguageArgument: ParsableArguments {
    @Option(name: .long, help: "Instruction language: en or hr.")
    var language: String = "en"

    func parsed() throws(GuidanceInputError) -> InstructionLanguage { try InstructionLanguage(parsing: language) }
}

/// The guidance options `waypoints` and `markers` share: `--speed`, `--spacing`, `--warn-on`, `--language`
/// and `--alternative`.
struct GuidanceArguments: ParsableArguments {
    // Strings (not Double) so that "--speed=-5" and "--speed fast" read as bad values.
    @Option(name: .long, help: "Planned constant speed in km/h, for the speed warnings (and marker colours).")
    var speed: String?
    @Option(name: .long, help: "Waypoint spacing: 'bands' or a fixed interval in metres.")
    var spacing: String = "bands"
    @Option(name: .customLong("warn-on"), help: ArgumentHelp(
        "Which speed limits raise warnings: 'posted' (signed limits only; where the limit is estimated the warning is "
            + "'unchecked', grey), 'estimated' (estimated limits only) or 'both' (warnings against estimated limits are flagged).",
        valueName: "posted|estimated|both"))
    var warnOn: String = WarningPolicy.both.rawValue
    @OptionGroup var language: LanguageArgument
    @Option(name: .long, help: "Follow this alternative route: 0 the best (default), 1 to 3 an alternative (between --from and --to only).",
            transform: NumericOption.whole)
    var alternative: Int = 0

    func validate() throws {
        _ = try checkingOptions { try options() }
        try NumericOption.check(alternative, option: "--alternative", range: 0...ServiceLimits().alternatives,
                                unit: "an alternative's number (0 is the best route)")
    }

    /// The options, parsed and checked by `GuidanceOptions(parsingSpacing:plannedSpeed:language:warningPolicy:)`.
    func options() throws(GuidanceInputError) -> GuidanceOptions {
        try GuidanceOptions(parsingSpacing: spacing, plannedSpeed: speed, language: language.language, warningPolicy: warnOn)
    }
}
