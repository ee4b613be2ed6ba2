import Geodesy
import RoadNetwork

/// Which speed limits raise speed warnings: `--warn-on` on the command line, `warn_on=` in a query.
///
/// Most limits on a map are not posted but estimated (the country's legal default, the neighbouring
/// roads', the highway class's). Every front end warns the same way, through `warning(speed:limit:)`:
///
/// - `both` (the default): every limit is compared; a warning against an estimated limit is flagged
///   as such (`Waypoint.warningIsEstimated`, `warning_estimated` in the outputs).
/// - `posted`: only posted limits (`posted`, `zone`) are compared; where the limit is estimated the
///   warning is `unchecked` (grey), whatever the speed, rather than a colour that claims a limit.
/// - `estimated`: only estimated limits are compared, posted ones are `unchecked` (to review the
///   estimates along a drive).
///
/// `unknown` stays `unknown` under every policy (no speed, or no limit to compare with).
public enum WarningPolicy: String, Sendable, CaseIterable {
    case posted, estimated, both

    /// Whether the policy compares speeds with `limit`.
    public func checks(_ limit: SpeedLimit) -> Bool {
        switch self {
        case .both: true
        case .posted: !limit.isEstimated
        case .estimated: limit.isEstimated
        }
    }

    /// The warning for a vehicle at `speed` under `limit`: `SpeedWarning.classify`, made `unchecked`
    /// where the policy does not check the limit and a comparison was possible.
    public func warning(speed: KilometersPerHour?, limit: SpeedLimit) -> SpeedWarning {
        let warning = SpeedWarning.classify(speed: speed, limit: limit)
        return warning.isComparison && !checks(limit) ? .unchecked : warning
    }

    /// Whether `warning` was found against an estimated limit (see `Waypoint.warningIsEstimated`).
    public static func isEstimated(_ warning: SpeedWarning, limit: SpeedLimit?) -> Bool {
        warning.isComparison && limit?.isEstimated == true
    }

    /// The policy a word names, in any case (`posted`, `estimated`, `both`).
    /// - Throws: `GuidanceInputError` for `.warningPolicy`, listing the three.
    public init(parsing text: String) throws(GuidanceInputError) {
        guard let policy = WarningPolicy(rawValue: text.trimmingCharacters().lowercased()) else {
            throw GuidanceInputError(setting: .warningPolicy, value: text, expected: Self.expected)
        }
        self = policy
    }

    /// The accepted words, as an error lists them: `posted, estimated or both`.
    public static var expected: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}
