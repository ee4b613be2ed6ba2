import Geodesy

extension GuidanceOptions {
    /// A guidance setting a front end reads as text (a command-line option, a form field).
    public enum Setting: String, Sendable, CaseIterable {
        case spacing, plannedSpeed, language, warningPolicy

        /// The library's noun for the setting, used when a front end gives it no name of its own.
        public var noun: String {
            switch self {
            case .spacing: "waypoint spacing"
            case .plannedSpeed: "planned speed"
            case .language: "instruction language"
            case .warningPolicy: "speed warning policy"
            }
        }
    }

    /// Options from text as typed: `spacing` is `bands` or a number of metres, `plannedSpeed` a number
    /// of km/h (nil for none), `language` an `InstructionLanguage` (any case), `warningPolicy` a
    /// `WarningPolicy` (any case); blanks around a number are ignored. Checked as `validate` checks them.
    /// - Throws: `GuidanceInputError` for the first setting at fault, in the order language, warning
    ///   policy, spacing, planned speed, with the text as given.
    public init(parsingSpacing spacing: String, plannedSpeed speed: String?, language: String,
                warningPolicy: String = WarningPolicy.both.rawValue) throws(GuidanceInputError) {
        let language = try InstructionLanguage(parsing: language)
        let warnings = try WarningPolicy(parsing: warningPolicy)
        let policy: SpacingPolicy = spacing.lowercased() == "bands" ? .bands : .fixed(DecimalNumber.parse(spacing.trimmingCharacters()) ?? .nan)
        let planned = speed.map { DecimalNumber.parse($0.trimmingCharacters()) ?? .nan }
        self.init(spacing: policy, language: language, plannedSpeed: planned, warningPolicy: warnings)
        do throws(GuidanceOptionsError) {
            try validate()
        } catch {
            let (setting, value) = if case .spacingOutOfRange = error { (Setting.spacing, spacing) } else { (Setting.plannedSpeed, speed ?? "") }
            throw GuidanceInputError(setting: setting, value: value, expected: error.expected)
        }
    }
}

extension InstructionLanguage {
    /// The language a code names, in any case (`en`, `HR`).
    /// - Throws: `GuidanceInputError` for `.language`, listing the supported codes.
    public init(parsing code: String) throws(GuidanceInputError) {
        guard let language = InstructionLanguage(rawValue: code.lowercased()) else {
            let codes = Self.allCases.map(\.rawValue)
            throw GuidanceInputError(setting: .language, value: code,
                                     expected: codes.dropLast().joined(separator: ", ") + " or " + (codes.last ?? ""))
        }
        self = language
    }
}

/// A guidance setting given as text that cannot be used, with the text as given and what was expected.
public struct GuidanceInputError: Error, Equatable, Sendable, CustomStringConvertible {
    public var setting: GuidanceOptions.Setting
    /// The text as given.
    public var value: String
    /// What the text should have been.
    public var expected: String

    public init(setting: GuidanceOptions.Setting, value: String, expected: String) {
        self.setting = setting
        self.value = value
        self.expected = expected
    }

    public var description: String { description(naming: [:]) }

    /// The message in a front end's own terms, naming the input that carried the setting
    /// (`--speed 'fast' is invalid (expected …)`); a setting without a name reads as the library's noun.
    public func description(naming settings: [GuidanceOptions.Setting: String]) -> String {
        let problem = setting == .language ? "is not supported" : "is invalid"
        return "\(settings[setting] ?? setting.noun) '\(value)' \(problem) (expected \(expected))"
    }
}
