import Geodesy
import RoadNetwork

/// A road leaving a junction, as lane matching sees it: its turn angle (OSRM's: 0 back, 90 right, 180
/// straight on, 270 left), the arrow that points its way, and whether a car may take it.
struct LaneExit: Sendable, Hashable {
    /// The index of the road in its `Junction`'s roads.
    var road: Int
    var angle: Degrees
    /// The arrow pointing along this road (`straight`, `slight left` …, `uturn` for the way back).
    var direction: TurnLaneMask
    var entryAllowed: Bool
    /// The route leaves the junction here and drives on without an instruction, or at a fork or a slight
    /// continue of the road, where OSRM lets through lanes lead as well.
    var isQuietContinuation = false

    /// The arrow of a turn by `angle`, OSRM's bands (`getTurnDirection`): sharp right under 60°, right
    /// under 140°, slight right under 160°, straight to 200°, slight left to 220°, left to 300°, sharp
    /// left beyond, and the way back at 0.
    static func direction(ofAngle angle: Degrees) -> TurnLaneMask {
        switch angle {
        case let a where a > 0 && a < 60: .sharpRight
        case let a where a >= 60 && a < 140: .right
        case let a where a >= 140 && a < 160: .slightRight
        case let a where a >= 160 && a <= 200: .straight
        case let a where a > 200 && a <= 220: .slightLeft
        case let a where a > 220 && a <= 300: .left
        case let a where a > 300 && a < 360: .sharpLeft
        default: .uturn
        }
    }

    /// The arrow of a maneuver's modifier (nil: none given).
    static func direction(of modifier: ManeuverModifier?) -> TurnLaneMask? {
        switch modifier {
        case .uturn: .uturn
        case .sharpRight: .sharpRight
        case .right: .right
        case .slightRight: .slightRight
        case .straight: .straight
        case .slightLeft: .slightLeft
        case .left: .left
        case .sharpLeft: .sharpLeft
        case nil: nil
        }
    }

    /// Takes the direction of the instruction for leaving here (Waymark's own judgement of the junction,
    /// as OSRM matches lanes to its instructions): through lanes lead onto the road as well where nothing
    /// is said (the obvious way on), the name changes, or a fork or a continue bends slightly.
    mutating func describe(type: ManeuverType, modifier: ManeuverModifier?, isSilent: Bool) {
        if let direction = Self.direction(of: modifier) { self.direction = direction }
        let slight = modifier == .slightLeft || modifier == .slightRight
        switch type {
        case _ where isSilent: isQuietContinuation = true
        case .newName, .notification: isQuietContinuation = true
        case .fork, .continue: isQuietContinuation = slight
        default: isQuietContinuation = false
        }
    }

    /// Whether an arrow could stand for this road when arrows and roads pair up in order: it does not
    /// point to the other side (a right arrow to a road bearing left beyond straight on, or the reverse).
    func couldPair(with tag: TurnLaneMask) -> Bool {
        if TurnLaneMask.anyRight.contains(tag) { return angle <= 200 }
        if TurnLaneMask.anyLeft.contains(tag) { return angle >= 160 }
        return tag == .straight || tag == .none
    }

    /// Whether lanes showing `tag` lead onto this road (OSRM's `isValidMatch`): right arrows to a turn
    /// to the right, left arrows (and the u-turn arrow) to the left, through arrows straight on or onto
    /// the road the route quietly continues on.
    func isLed(by tag: TurnLaneMask) -> Bool {
        switch tag {
        case .uturn: direction == .uturn || TurnLaneMask.anyLeft.contains(direction)
        case .straight, .none: direction == .straight || isQuietContinuation
        default: TurnLaneMask.anyRight.contains(tag) ? TurnLaneMask.anyRight.contains(direction)
            : TurnLaneMask.anyLeft.contains(tag) && TurnLaneMask.anyLeft.contains(direction)
        }
    }

    /// How far the road lies from where `tag` points (OSRM's `getMatchingQuality`), degrees.
    func deviation(from tag: TurnLaneMask) -> Degrees {
        let ideal: Degrees = switch tag {
        case .uturn: 0
        case .sharpRight: 35
        case .right: 90
        case .slightRight: 135
        case .slightLeft: 225
        case .left: 270
        case .sharpLeft: 315
        default: 180
        }
        let d = abs(angle - ideal).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }
}
