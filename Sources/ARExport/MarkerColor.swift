import Guidance

/// The colour a marker is drawn in, from the speed warning where it stands.
public enum MarkerColor: String, Sendable, CaseIterable {
    /// Within the limit (or no limit applies).
    case blue
    /// Up to 10 % over the limit.
    case orange
    /// More than 10 % over the limit.
    case red
    /// Speed or limit unknown.
    case grey

    public init(_ warning: SpeedWarning) {
        switch warning {
        case .normal: self = .blue
        case .over: self = .orange
        case .farOver: self = .red
        case .unknown: self = .grey
        }
    }
}
