import Geodesy
import Guidance

/// Parses the guidance options that `waypoints` and `markers` share (`--spacing`, `--language`, and a
/// planned `--speed`), naming the option and what was expected when a value is invalid.
func parseGuidanceOptions(spacing: String, language: String, plannedSpeed: KilometersPerHour?) throws -> GuidanceOptions {
    guard let lang = InstructionLanguage(rawValue: language.lowercased()) else {
        throw CommandFailure(message: "--language '\(language)' is not supported (expected en or hr)")
    }
    let policy: SpacingPolicy
    if spacing.lowercased() == "bands" {
        policy = .bands
    } else if let metres = Double(spacing), metres.isFinite, metres >= 1 {
        policy = .fixed(metres)
    } else {
        throw CommandFailure(message: "--spacing '\(spacing)' is invalid (expected 'bands' or a number of metres, at least 1)")
    }
    if let plannedSpeed, !(plannedSpeed.isFinite && plannedSpeed > 0 && plannedSpeed < 1000) {
        // Echo the value as typed for whole numbers ("-5", not "-5.0").
        let shown = plannedSpeed.isFinite && plannedSpeed == plannedSpeed.rounded() && abs(plannedSpeed) < 1e15
            ? String(Int64(plannedSpeed)) : "\(plannedSpeed)"
        throw CommandFailure(message: "--speed '\(shown)' is invalid (expected a positive number of km/h below 1000)")
    }
    return GuidanceOptions(spacing: policy, language: lang, plannedSpeed: plannedSpeed)
}
