/// The arrows painted on one lane, as OSM's `turn:lanes` values give them, one bit per arrow in OSRM's
/// order (its `TurnLaneType`), so a lane with several arrows (`left;through`) is one value.
///
/// `none` marks a lane mapped without arrows (an empty value or `none`). `merge_to_left` and
/// `merge_to_right` mark lanes that end; guidance gives no lanes where they appear, as OSRM does.
public struct TurnLaneMask: OptionSet, Hashable, Sendable {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let none = TurnLaneMask(rawValue: 1 << 0)
    public static let straight = TurnLaneMask(rawValue: 1 << 1)
    public static let sharpLeft = TurnLaneMask(rawValue: 1 << 2)
    public static let left = TurnLaneMask(rawValue: 1 << 3)
    public static let slightLeft = TurnLaneMask(rawValue: 1 << 4)
    public static let slightRight = TurnLaneMask(rawValue: 1 << 5)
    public static let right = TurnLaneMask(rawValue: 1 << 6)
    public static let sharpRight = TurnLaneMask(rawValue: 1 << 7)
    public static let uturn = TurnLaneMask(rawValue: 1 << 8)
    public static let mergeToLeft = TurnLaneMask(rawValue: 1 << 9)
    public static let mergeToRight = TurnLaneMask(rawValue: 1 << 10)

    /// Every arrow a mask can hold, in bit order.
    public static let all: [TurnLaneMask] = (0..<11).map { TurnLaneMask(rawValue: UInt16(1) << UInt16($0)) }

    /// The arrows to the left: slight, normal and sharp left.
    public static let anyLeft: TurnLaneMask = [.slightLeft, .left, .sharpLeft]
    /// The arrows to the right: slight, normal and sharp right.
    public static let anyRight: TurnLaneMask = [.slightRight, .right, .sharpRight]

    /// The single arrows of this mask, in bit order (OSRM's order of a lane's `indications`).
    public var arrows: [TurnLaneMask] { Self.all.filter { contains($0) } }

    /// The arrow an OSM `turn:lanes` value names (`through`, `slight_left`, `reverse` …), nil when OSM
    /// knows no such value.
    public init?(osmValue: some StringProtocol) {
        switch String(osmValue) {
        case "none": self = .none
        case "through": self = .straight
        case "sharp_left": self = .sharpLeft
        case "left": self = .left
        case "slight_left": self = .slightLeft
        case "slight_right": self = .slightRight
        case "right": self = .right
        case "sharp_right": self = .sharpRight
        case "reverse": self = .uturn
        case "merge_to_left": self = .mergeToLeft
        case "merge_to_right": self = .mergeToRight
        default: return nil
        }
    }
}
