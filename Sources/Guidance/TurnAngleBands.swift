import Geodesy

/// The angle bands that turn a deviation from straight ahead into OSRM's modifiers and the AR arrow.
///
/// The deviation is `bearingBefore.turnAngle(to: bearingAfter)`: 0 means straight on, positive turns
/// right, negative turns left, in -180..<180. The bands follow OSRM's `getTurnDirection` (which measures
/// the turn angle with 180 = straight; its bands at 160/140/60 are deviations of 20/40/120); only the
/// U-turn band is widened, because a real road reversing is never exactly 180° off:
///
/// | |deviation|        | modifier           | arrow             |
/// |--------------------|--------------------|-------------------|
/// | 0 … 20 (incl.)     | `straight`         | straight          |
/// | over 20 … 40       | `slight left/right`| left/right        |
/// | over 40 … 120      | `left/right`       | left/right        |
/// | over 120, under 170| `sharp left/right` | left/right        |
/// | 170 and more       | `uturn`            | left (right-hand traffic turns back to the left) |
enum TurnAngleBands {
    /// Largest deviation still called straight.
    static let straight: Degrees = 20
    /// Largest deviation called slight.
    static let slight: Degrees = 40
    /// Largest deviation called a plain left/right.
    static let normal: Degrees = 120
    /// Smallest deviation called a U-turn.
    static let uturn: Degrees = 170

    /// The OSRM modifier for a deviation.
    static func modifier(forDeviation deviation: Degrees) -> ManeuverModifier {
        let a = abs(deviation)
        let right = deviation > 0
        if a <= straight { return .straight }
        if a <= slight { return right ? .slightRight : .slightLeft }
        if a <= normal { return right ? .right : .left }
        if a < uturn { return right ? .sharpRight : .sharpLeft }
        return .uturn
    }

    /// The AR arrow for a modifier.
    static func direction(for modifier: ManeuverModifier?) -> TurnDirection {
        switch modifier {
        case .none, .straight: .straight
        case .slightRight, .right, .sharpRight: .right
        case .slightLeft, .left, .sharpLeft, .uturn: .left
        }
    }

    /// Whether a deviation lies in the straight or slight bands (a branch a driver sees as "ahead").
    static func isAhead(_ deviation: Degrees) -> Bool { abs(deviation) <= slight }
}
