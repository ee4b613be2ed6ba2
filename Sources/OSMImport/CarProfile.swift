import Geodesy
import RoadNetwork

/// Which OSM ways a car may drive, in which directions, how fast routing assumes it goes, what speed
/// limit is posted, and which nodes make a car wait.
///
/// Two speeds are kept apart on purpose:
/// - the **posted limit** (`SpeedLimit`): what the sign says, from `maxspeed` tags, `CC:zone` forms or,
///   failing both, `defaultSpeedLimits` per class — shown to the driver and used for speed warnings;
/// - the **routing speed**: what travel times are computed with, OSRM's car profile rules: the class speed
///   (`routingSpeeds`, OSRM's `speeds` table) unless a limit is *tagged* (a `maxspeed:advisory`, `maxspeed`
///   or zone tag; class defaults are guesses and never count), then `postedLimitFactor` (OSRM's
///   `speed_reduction`, 0.8) × that limit — higher or lower than the class speed, since a tagged 50 on a
///   residential street is a better guess than the class average; `maxspeed=none` counts as
///   `unlimitedRoadSpeed`. Finally `surface`, `tracktype` and `smoothness` cap it (OSRM's tables).
///
/// Waiting at nodes is recorded, not timed, here: `interpretNode` reads traffic signals, stop and
/// give-way signs into a `TrafficControl`; routing's turn cost model decides how long each costs.
///
/// The tables are `var` so a caller can tune them; `CarProfile()` gives the documented defaults (see
/// docs/car-profile.md).
public struct CarProfile: Sendable {
    /// Routing speed per class, km/h, before any tagged limit (OSRM's car `speeds`).
    public var routingSpeeds: [HighwayClass: KilometersPerHour]
    /// Posted limit assumed per class when nothing is tagged, km/h.
    public var defaultSpeedLimits: [HighwayClass: KilometersPerHour]
    /// Routing speed on an edge with a tagged limit is `factor × limit` (OSRM's `speed_reduction`).
    public var postedLimitFactor: Double
    /// The limit `maxspeed=none` stands for when routing speeds are derived, km/h (OSRM's
    /// `maxspeed_table["none"]`).
    public var unlimitedRoadSpeed: KilometersPerHour
    /// Speed assumed for `maxspeed=walk`, km/h.
    public var walkingPace: KilometersPerHour
    /// Speed of a car ferry without a `duration` tag, km/h (OSRM's `route_speeds.ferry`).
    public var ferrySpeed: KilometersPerHour
    /// Speed of a car shuttle train without a `duration` tag, km/h (OSRM's `route_speeds.shuttle_train`).
    public var shuttleTrainSpeed: KilometersPerHour
    /// Caps on the routing speed by `surface`, `tracktype` and `smoothness` value, km/h (OSRM's
    /// `surface_speeds`, `tracktype_speeds`, `smoothness_speeds`).
    public var surfaceSpeeds: [String: KilometersPerHour]
    public var tracktypeSpeeds: [String: KilometersPerHour]
    public var smoothnessSpeeds: [String: KilometersPerHour]

    public init() {
        routingSpeeds = [
            .motorway: 90, .motorwayLink: 45, .trunk: 85, .trunkLink: 40,
            .primary: 65, .primaryLink: 30, .secondary: 55, .secondaryLink: 25,
            .tertiary: 40, .tertiaryLink: 20, .unclassified: 25, .residential: 25,
            .livingStreet: 10, .service: 15, .road: 25,
        ]
        defaultSpeedLimits = [
            .motorway: 130, .motorwayLink: 80, .trunk: 110, .trunkLink: 80,
            .primary: 90, .primaryLink: 60, .secondary: 70, .secondaryLink: 60,
            .tertiary: 60, .tertiaryLink: 50, .unclassified: 50, .residential: 50,
            .livingStreet: 10, .service: 30, .road: 50,
        ]
        postedLimitFactor = 0.8
        unlimitedRoadSpeed = 140
        walkingPace = 6
        ferrySpeed = 5
        shuttleTrainSpeed = 10
        surfaceSpeeds = [
            "cement": 80, "compacted": 80, "fine_gravel": 80,
            "paving_stones": 60, "metal": 60, "bricks": 60,
            "grass": 40, "wood": 40, "sett": 40, "grass_paver": 40, "gravel": 40, "unpaved": 40, "ground": 40,
            "dirt": 40, "pebblestone": 40, "tartan": 40,
            "cobblestone": 30, "clay": 30,
            "earth": 20, "stone": 20, "rocky": 20, "sand": 20,
            "laterite": 15, "mud": 10, "ice": 20, "snow": 30,
        ]
        tracktypeSpeeds = ["grade1": 60, "grade2": 40, "grade3": 30, "grade4": 25, "grade5": 20]
        smoothnessSpeeds = ["intermediate": 80, "bad": 40, "very_bad": 20, "horrible": 10, "very_horrible": 5, "impassable": 0]
    }

    /// The routing speed of a class before any tagged limit.
    public func routingSpeed(for highway: HighwayClass) -> KilometersPerHour {
        routingSpeeds[highway] ?? 25
    }

    /// The posted limit assumed for a class with no usable tag.
    public func defaultSpeedLimit(for highway: HighwayClass) -> SpeedLimit {
        .limited(defaultSpeedLimits[highway] ?? 50, source: .classDefault)
    }

    /// The routing speed on an edge of `highway` whose tagged (or zone) limit is `limit`: the class
    /// speed for a class default or an unknown limit, else `postedLimitFactor` × the limit.
    public func routingSpeed(for highway: HighwayClass, limit: SpeedLimit) -> KilometersPerHour {
        guard limit.source != .classDefault else { return routingSpeed(for: highway) }
        switch limit.kind {
        case .limited: return max(1, postedLimitFactor * Double(limit.kilometersPerHour))
        case .unlimited: return postedLimitFactor * unlimitedRoadSpeed
        case .unknown: return routingSpeed(for: highway)
        }
    }

    /// The lowest cap the `surface`, `tracktype` and `smoothness` values put on a speed (nil: no cap).
    func surfaceCap(surface: String?, tracktype: String?, smoothness: String?) -> KilometersPerHour? {
        let caps = [surface.flatMap { surfaceSpeeds[$0] }, tracktype.flatMap { tracktypeSpeeds[$0] },
                    smoothness.flatMap { smoothnessSpeeds[$0] }].compactMap { $0 }
        return caps.min()
    }
}
