import Geodesy
import LegalSpeedLimits
import RoadNetwork

/// The legal rules as the estimate asks them, with every answer cached: a city's ways repeat a few
/// thousand distinct (region, tags, built-up) combinations, and a rule evaluation walks a country's
/// whole list of road types.
struct EvaluationContext {
    let rules: LegalDefaultSpeeds
    let walkingPace: KilometersPerHour
    private var legalLimits: [LegalKey: SpeedLimit?] = [:]
    private var builtUpOfTagSet: [UInt32: BuiltUpArea?] = [:]
    private var zoneLimitOfTagSet: [UInt32: SpeedLimit?] = [:]
    private var keysReadInRegion: [RegionCode: Set<String>] = [:]

    init(rules: LegalDefaultSpeeds, walkingPace: KilometersPerHour) {
        self.rules = rules
        self.walkingPace = walkingPace
    }

    /// The keys a zone tag may stand in, in the order the profile reads them (`CarProfile.interpret`).
    static let zoneKeys = ["maxspeed", "maxspeed:type", "source:maxspeed", "zone:maxspeed", "zone:traffic"]

    /// Whether the rules of `region` read `key` (so that it must be part of the cache key).
    mutating func reads(_ key: String, in region: RegionCode) -> Bool {
        if let keys = keysReadInRegion[region] { return keys.contains(key) }
        let keys = rules.keysRead(region: region.description)
        keysReadInRegion[region] = keys
        return keys.contains(key)
    }

    /// Urban or rural when the way's own tags say so (the rules' `urban` and `rural` filters, not their
    /// fuzzy guesses), else nil.
    mutating func builtUpByTags(tagSet: UInt32, tags: [String: String]) -> BuiltUpArea? {
        if let cached = builtUpOfTagSet[tagSet] { return cached }
        let answer: BuiltUpArea?
        if rules.matches(roadType: "urban", tags: tags) {
            answer = .urbanByTags
        } else if rules.matches(roadType: "rural", tags: tags) {
            answer = .ruralByTags
        } else {
            answer = nil
        }
        builtUpOfTagSet[tagSet] = answer
        return answer
    }

    /// The limit of the zone a way's tags name (`DE:urban`, `GB:nsl_dual`), by the rules of the zone's
    /// country; nil when the rules do not decide it exactly (the profile's zone table then stands).
    mutating func zoneLimit(tagSet: UInt32, tags: [String: String]) -> SpeedLimit? {
        if let cached = zoneLimitOfTagSet[tagSet] { return cached }
        var answer: SpeedLimit?
        if let zone = Self.zoneKeys.lazy.compactMap({ tags[$0] }).first(where: { $0.contains(":") }),
           let country = zone.split(separator: ":").first.map(String.init), rules.hasRules(for: country.uppercased()),
           let result = rules.speedLimits(region: country.uppercased(), tags: tags), result.certitude == .exact {
            answer = limit(from: result.tags, source: .zone)
        }
        zoneLimitOfTagSet[tagSet] = answer
        return answer
    }

    /// The legal default for `key`, nil when the region has no rule that gives one.
    mutating func legalLimit(_ key: LegalKey, tags: [String: String]) -> SpeedLimit? {
        if let cached = legalLimits[key] { return cached }
        var answer: SpeedLimit?
        if key.region != .none {
            var query = tags
            // An unreadable `maxspeed` (`fast`) must not be matched as if it were a limit.
            query["maxspeed"] = nil
            if !key.name.isEmpty { query["name"] = key.name }
            if !key.ref.isEmpty { query["ref"] = key.ref }
            let isUrban = key.isUrban
            let result = rules.speedLimits(region: key.region.description, tags: query) { name, evaluate in
                switch name {
                case "urban": isUrban
                case "rural": !isUrban
                default: evaluate()
                }
            }
            if let result { answer = limit(from: result.tags, source: .legalDefault) }
        }
        legalLimits[key] = answer
        return answer
    }

    /// The car limit a rule's tags give: `maxspeed` (`50`, `30 mph`, `walk`, `none`), or unlimited where
    /// the rule gives only an advisory speed (German motorways: `maxspeed:advisory=130`); nil otherwise.
    func limit(from tags: [String: String], source: SpeedLimitSource) -> SpeedLimit? {
        guard let value = tags["maxspeed"] else {
            return tags["maxspeed:advisory"] != nil ? .unlimited(source: source) : nil
        }
        switch value {
        case "none": return .unlimited(source: source)
        case "walk": return .limited(walkingPace, source: source)
        default: break
        }
        guard let speed = LegalDefaultSpeeds.kilometersPerHour(of: value), speed.kmh > 0 else { return nil }
        return .limited(speed.kmh, unit: speed.isMilesPerHour ? .milesPerHour : .kilometersPerHour, source: source)
    }
}
