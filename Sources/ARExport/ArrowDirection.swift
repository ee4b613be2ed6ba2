import Guidance

/// Which way an arrow marker points; the model is chosen by the app.
public enum ArrowDirection: String, Sendable, CaseIterable {
    case left, right, straight
    case uTurn = "u_turn"
    /// Straight down at the spot (destination and via arrows).
    case down

    /// The arrow for a maneuver: its modifier when it has one (OSRM semantics), else its direction.
    public init(_ maneuver: Maneuver) {
        switch maneuver.modifier {
        case .uturn?: self = .uTurn
        case .sharpLeft?, .left?, .slightLeft?: self = .left
        case .sharpRight?, .right?, .slightRight?: self = .right
        case .straight?: self = .straight
        case nil:
            switch maneuver.direction {
            case .left: self = .left
            case .right: self = .right
            case .straight: self = .straight
            }
        }
    }
}
