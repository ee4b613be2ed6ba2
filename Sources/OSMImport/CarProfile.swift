import Geodesy
import RoadNetwork

/// Which OSM ways a car may drive, in which directions, how fast routing assumes it goes, and what
/// speed limit is posted.
///
/// Two speeds are kept apart on purpose:
/// - the **posted limit** (`SpeedLimit`): what the sign says, from `maxspeed` tags, `CC:zone` forms or,
///   failing both, `defaultSpeedLimits` per class — shown to the driver and used for speed warnings;
/// - the **routing speed**: what A* uses for travel time, `routingSpeeds` per class, lowered to
///   `postedLimitFactor` × the limit when a limit is tagged (a 30 zone on a residential street is
///   slower than the class average; traffic rarely reaches a tagged limit, hence 0.9). Defaults never
///   lower the routing speed, since they are guesses.
///
/// The tables are `var` so a caller can tune them; `CarProfile()` gives the documented defaults (see
/// README "## Car profile").
public struct CarProfile: Sendable {
    /// Routing speed per class, km/h (typical urban/interurban averages, not limits).
    public var routingSpeeds: [HighwayClass: KilometersPerHour]
    /// Posted limit assumed per class when nothing is tagged, km/h.
    public var defaultSpeedLimits: [HighwayClass: KilometersPerHour]
    /// Routing speed on an edge with a tagged limit is `min(class speed, factor × limit)`.
    public var postedLimitFactor: Double
    /// Speed assumed for `maxspeed=walk`, km/h.
    public var walkingPace: KilometersPerHour
    /// Speed of a car ferry without a `duration` tag, km/h (OSRM's `route_speeds.ferry`).
    public var ferrySpeed: KilometersPerHour

    public init() {
        routingSpeeds = [
            .motorway: 110, .motorwayLink: 60, .trunk: 90, .trunkLink: 50,
            .primary: 65, .primaryLink: 45, .secondary: 55, .secondaryLink: 40,
            .tertiary: 45, .tertiaryLink: 35, .unclassified: 35, .residential: 30,
            .livingStreet: 10, .service: 15, .road: 25,
        ]
        defaultSpeedLimits = [
            .motorway: 130, .motorwayLink: 80, .trunk: 110, .trunkLink: 80,
            .primary: 90, .primaryLink: 60, .secondary: 70, .secondaryLink: 60,
            .tertiary: 60, .tertiaryLink: 50, .unclassified: 50, .residential: 50,
            .livingStreet: 10, .service: 30, .road: 50,
        ]
        postedLimitFactor = 0.9
        walkingPace = 6
        ferrySpeed = 5
    }

    /// The routing speed of a class before any tagged limit.
    public func routingSpeed(for highway: HighwayClass) -> KilometersPerHour {
        routingSpeeds[highway] ?? 30
    }

    /// The posted limit assumed for a class with no usable tag.
    public func defaultSpeedLimit(for highway: HighwayClass) -> SpeedLimit {
        .limited(defaultSpeedLimits[highway] ?? 50, source: .classDefault)
    }

    /// The routing speed on an edge of `highway` whose posted limit is `limit`.
    public func routingSpeed(for highway: HighwayClass, limit: SpeedLimit) -> KilometersPerHour {
        let base = routingSpeed(for: highway)
        guard limit.kind == .limited, limit.source != .classDefault else { return base }
        return max(1, min(base, postedLimitFactor * Double(limit.kilometersPerHour)))
    }
}
