/// The colour a speed warning is shown in: the one colour map of the waypoint stream, the AR markers
/// and their map views.
///
/// `normal` blue, `over` orange, `far_over` red, `unknown` and `unchecked` grey (also every
/// point-of-interest label). Whether the limit behind a colour is estimated is said beside it
/// (`warning_estimated`), not by another colour.
public enum WarningColor: String, Sendable, CaseIterable {
    /// Within the limit (or no limit applies).
    case blue
    /// Up to 10 % over the limit.
    case orange
    /// More than 10 % over the limit.
    case red
    /// Speed or limit unknown, or a limit the warning policy does not check.
    case grey

    public init(_ warning: SpeedWarning) {
        switch warning {
        case .normal: self = .blue
        case .over: self = .orange
        case .farOver: self = .red
        case .unknown, .unchecked: self = .grey
        }
    }

    /// The colour as `#rrggbb`, for map viewers (simplestyle `marker-color`).
    public var hex: String {
        switch self {
        case .blue: "#1e6bff"
        case .orange: "#ff9500"
        case .red: "#ff2d20"
        case .grey: "#8e8e93"
        }
    }
}
