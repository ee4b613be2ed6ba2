import Geodesy
import RoadNetwork

extension SpeedWarning {
    /// The share of the limit up to which exceeding it is `over` rather than `farOver` (110 %).
    public static let farOverRatio = 1.10

    /// Relative tolerance of the comparisons: limits are stored as `Float` km/h, so a 30 mph limit is
    /// 48.28032 km/h only to about 1e-7; a vehicle at exactly the limit (or exactly 110 %) must not be
    /// pushed into the next level by that rounding.
    static let tolerance = 1e-6

    /// The warning for a vehicle at `speed` under `limit`.
    ///
    /// `normal` at or under the limit (exactly 100 % is normal), `over` above it up to and including
    /// 110 %, `farOver` above 110 %; `unlimited` roads are always `normal`; `unknown` when the limit is
    /// unknown or the speed is nil or not a valid number.
    public static func classify(speed: KilometersPerHour?, limit: SpeedLimit) -> SpeedWarning {
        guard let speed, speed.isFinite, speed >= 0 else { return .unknown }
        switch limit.kind {
        case .unknown: return .unknown
        case .unlimited: return .normal
        case .limited:
            let kmh = Double(limit.kilometersPerHour)
            guard kmh > 0 else { return .unknown }
            if speed <= kmh * (1 + tolerance) { return .normal }
            if speed <= kmh * farOverRatio * (1 + tolerance) { return .over }
            return .farOver
        }
    }
}
