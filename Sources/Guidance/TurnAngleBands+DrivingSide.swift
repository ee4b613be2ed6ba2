import RoadNetwork

extension TurnAngleBands {
    /// The AR arrow for a modifier on a road where traffic keeps to `side`: a U-turn swings across the
    /// oncoming lanes, to the left in right-hand traffic and to the right in left-hand traffic.
    static func direction(for modifier: ManeuverModifier?, drivingSide side: DrivingSide) -> TurnDirection {
        if modifier == .uturn { return side == .left ? .right : .left }
        return direction(for: modifier)
    }
}
