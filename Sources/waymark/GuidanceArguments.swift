import OSMImport
import Geodesy
import Guidance

/// Parses the guidance options that `waypoints` and `markers` share (`--spacing`, `--language`, and a
/// planned `--speed`), naming the option and what was expected when a value is invalid.
/// The widest fixed waypoint spacing, metres (wider leaves a route with no waypoints between its ends).
let maximumSpacing: Double = 100_000

func parseGuidanceOptions(spacing: String, language: String, plannedSpeed: KilometersPerHour?) throws -> GuidanceOptions {
    guard let lang = InstructionLanguage(rawValue: language.lowercased()) else {
        throw CommandFailure(message: "--language '\(language)' is not supported (expected en or hr)")
    }
    let policy: SpacingPolicy
    if spacing.lowercased() == "bands" {
        policy = .bands
    } else if let metres = DecimalNumber.parse(spacing.trimmingCharacters()), metres.isFinite, (1...maximumSpacing).contains(metres) {
        policy = .fixed(metres)
    } else {
        throw CommandFailure(message: "--spacing '\(spacing)' is invalid (expected 'bands' or a number of metres from 1 to \(Int(maximumSpacing)))")
    }
    if let plannedSpeed, !(plannedSpeed.isFinite && plannedSpeed > 0 && plannedSpeed < 1000) {
        // Echo the value as typed for whole numbers ("-5", not "-5.0").
        let shown = plannedSpeed.isFinite && plannedSpeed == plannedSpeed.rounded() && abs(plannedSpeed) < 1e15
            ? String(Int64(plannedSpeed)) : "\(plannedSpeed)"
        throw CommandFailure(message: "--speed '\(shown)' is invalid (expected a number of km/h above 0 and below 1000)")
    }
    return GuidanceOptions(spacing: policy, language: lang, plannedSpeed: plannedSpeed)
}
