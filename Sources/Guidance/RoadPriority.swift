import RoadNetwork

/// How important a road class is to a driver choosing a way through a junction (OSRM's road priority
/// classes: lower is more important).
///
/// A primary road carrying on past a service road is the obvious way even when the service road is
/// straighter; the priority makes that judgement comparable across classes.
struct RoadPriority: Sendable, Hashable {
    let value: Int
    /// Service roads, driveways, parking aisles and anything below: never the obvious way over a real road.
    let isLowPriority: Bool

    init(_ highway: HighwayClass) {
        switch highway {
        case .motorway: value = 0
        case .motorwayLink: value = 1
        case .trunk: value = 2
        case .trunkLink: value = 3
        case .primary: value = 4
        case .primaryLink: value = 5
        case .secondary: value = 6
        case .secondaryLink: value = 7
        case .tertiary: value = 8
        case .tertiaryLink: value = 9
        case .residential: value = 10
        case .livingStreet: value = 11
        case .service: value = 12
        case .unclassified: value = 15
        case .road: value = 31
        }
        isLowPriority = highway == .service || highway == .road
    }

    /// How much more important a road must be than another to be the obvious way by its class alone.
    static let distinctionFactor = 2.0

    /// Whether `candidate` is the obvious way over `other` by class alone, for a driver arriving on a road
    /// of class `arrival`: it is much more important and the driver stays on its class, or it is a real road
    /// and `other` a low-priority one (OSRM's `obviousByRoadClass`).
    static func isObviousByClass(arrival: RoadPriority, candidate: RoadPriority, other: RoadPriority) -> Bool {
        let muchMoreImportant = distinctionFactor * Double(candidate.value) < Double(other.value)
        return (muchMoreImportant && arrival == candidate)
            || (!candidate.isLowPriority && !arrival.isLowPriority && other.isLowPriority)
    }
}
