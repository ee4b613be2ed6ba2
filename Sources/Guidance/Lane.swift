/// What a lane's painted arrows show (OSRM's lane `indications`, from OSM's `turn:lanes` values).
public enum LaneIndication: String, Sendable, Hashable, CaseIterable {
    case none
    case uturn
    case sharpRight = "sharp right"
    case right
    case slightRight = "slight right"
    case straight
    case slightLeft = "slight left"
    case left
    case sharpLeft = "sharp left"
}

/// One lane of the road approaching a junction, counted from the left edge of the carriageway
/// (OSRM's lane object): its arrows, and whether it leads onto the route.
///
/// Lanes come from the road's `turn:lanes` tags, so they are mapped data, never an estimate.
public struct Lane: Sendable, Hashable {
    /// The arrows painted on the lane; `[.none]` for a lane without arrows.
    public var indications: [LaneIndication]
    /// Whether a driver in this lane can follow the route (OSRM's `valid`).
    public var valid: Bool
    /// Among the valid lanes, whether this is one the route prefers, so that no lane change is needed at
    /// the next maneuvers close ahead (Mapbox's `active`).
    public var active: Bool
    /// The arrow of this lane that the route follows (Mapbox's `valid_indication`); nil when not valid.
    public var validIndication: LaneIndication?

    /// OSRM's test-harness form of a lane list: each lane's indications joined by `;`, then `:true` or
    /// `:false` for `valid`, lanes separated by spaces (`left:false straight;right:true`); "" for none.
    public static func summary(_ lanes: [Lane]) -> String {
        lanes.map { $0.indications.map(\.rawValue).joined(separator: ";") + ($0.valid ? ":true" : ":false") }.joined(separator: " ")
    }

    public init(indications: [LaneIndication], valid: Bool, active: Bool = false, validIndication: LaneIndication? = nil) {
        self.indications = indications
        self.valid = valid
        self.active = active
        self.validIndication = validIndication
    }
}
