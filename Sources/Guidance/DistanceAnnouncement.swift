import Geodesy

/// A distance rounded the way navigation apps announce it.
///
/// Rounding bands: under 100 m to the nearest 10 m (never below 10 m); under 1 km to the nearest 50 m;
/// 1–10 km to 0.1 km; 10 km and above to whole kilometres. A value that rounds up into the next band
/// is shown in that band's form (975 m -> "1 km").
public struct DistanceAnnouncement: Sendable, Hashable {
    /// The rounded distance in metres.
    public let rounded: Meters

    public init(_ distance: Meters) {
        let d = max(0, distance.isFinite ? distance : 0)
        if d < 95 {
            rounded = max(10, (d / 10).rounded() * 10)
        } else if d < 975 {
            rounded = (d / 50).rounded() * 50
        } else if d < 9_950 {
            rounded = (d / 100).rounded() * 100
        } else {
            rounded = (d / 1000).rounded() * 1000
        }
    }

    /// The text in a language: "80 m", "1.2 km" (English) or "1,2 km" (Croatian decimal comma).
    public func text(_ language: InstructionLanguage) -> String {
        if rounded < 1000 { return "\(Int(rounded)) m" }
        let tenths = Int((rounded / 100).rounded())
        if tenths % 10 == 0 || rounded >= 10_000 { return "\(tenths / 10) km" }
        let separator = language == .hr ? "," : "."
        return "\(tenths / 10)\(separator)\(tenths % 10) km"
    }
}
