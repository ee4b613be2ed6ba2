import RoadNetwork

extension LaneIndication {
    /// The indications of a lane's arrows in OSRM's order (`none`, `straight`, `sharp left`, `left`,
    /// `slight left`, `slight right`, `right`, `sharp right`, `uturn`); `[.none]` for a lane without arrows.
    static func indications(of mask: TurnLaneMask) -> [LaneIndication] {
        let result = mask.arrows.compactMap(LaneIndication.init(arrow:))
        return result.isEmpty ? [.none] : result
    }

    /// The indication of one arrow; nil for the merge arrows, which OSRM's API does not list.
    init?(arrow: TurnLaneMask) {
        switch arrow {
        case .none: self = .none
        case .straight: self = .straight
        case .sharpLeft: self = .sharpLeft
        case .left: self = .left
        case .slightLeft: self = .slightLeft
        case .slightRight: self = .slightRight
        case .right: self = .right
        case .sharpRight: self = .sharpRight
        case .uturn: self = .uturn
        default: return nil
        }
    }
}
