/// The legal default speed limits of the OSM wiki page "Default speed limits": for a country or
/// subdivision and a way's tags, the road type the way is of and the limits that type implies.
///
/// Each region has an ordered list of road types (`urban`, `rural`, `motorway`, `Italy: Autostrada` …) with
/// their tags (`maxspeed=50`, `maxspeed:hgv=80` …); one entry without a name is the region's default. Road
/// types are recognised by tag filters (`TagFilterExpression`) that may refer to each other by
/// placeholder (`{rural} and {dual carriageway}`); the caller can answer any placeholder itself, typically
/// `urban` from its own knowledge of built-up areas.
///
/// The semantics are those of the osm-legal-default-speeds library's `getSpeedLimits`: see
/// `speedLimits(region:tags:relationTags:placeholder:)`. Loaded once, immutable, safe to share.
public struct LegalDefaultSpeeds: Sendable {
    /// What a lookup found: the road type and the tags it adds to the way.
    public struct Result: Equatable, Sendable {
        /// The road type's name as on the wiki page, or nil for the region's default entry.
        public var roadTypeName: String?
        /// The tags the road type implies that the way does not have already: `maxspeed` (a number in km/h
        /// or `"… mph"`, or a word such as `walk`), and limits for other vehicles and conditions that are
        /// below it. No `maxspeed` when the way has a numeric one of its own (a zone value such as
        /// `DE:urban` does not count) or the road type has none (German motorways).
        public var tags: [String: String]
        public var certitude: Certitude

        public init(roadTypeName: String?, tags: [String: String], certitude: Certitude) {
            self.roadTypeName = roadTypeName
            self.tags = tags
            self.certitude = certitude
        }
    }

    /// How the road type was found, from surest to weakest.
    public enum Certitude: Sendable, Equatable, CaseIterable {
        /// A road type's filter (or relation filter) matched.
        case exact
        /// No filter matched; the way's own `maxspeed` equals the road type's.
        case fromMaxSpeed
        /// Only a fuzzy filter matched: a guess from the road class where the decisive tags are missing.
        case fuzzy
        /// Nothing matched: the region's default entry.
        case fallback
    }

    /// One entry of a region's list.
    struct RoadTypeRule: Sendable {
        /// Nil for the region's default entry.
        let name: String?
        /// The road type's index in the catalog; nil exactly when `name` is.
        let roadType: Int?
        let tags: [String: String]
        /// `tags` without limits their own `maxspeed` makes moot.
        let trimmedTags: [String: String]
    }

    /// The rules file's `meta`: source page, revision, licence.
    public let meta: [String: String]
    /// The rules file's `warnings`: rows of the wiki table its generator could not read.
    public let warnings: [String]
    /// The tag keys any filter reads by name (see `isRelevantKey(_:)` for keys read through patterns).
    public let relevantKeys: Set<String>
    let relevantKeyPatterns: [TagPattern]
    let catalog: RoadTypeCatalog
    let rulesByRegion: [String: [RoadTypeRule]]

    /// The codes that have rules of their own (`DE`, `US-CA`, `BE-VLG` …), sorted.
    public var regions: [String] { rulesByRegion.keys.sorted() }

    /// Whether `region` has rules, its own or its country's.
    public func hasRules(for region: String) -> Bool { rules(for: region) != nil }

    /// The road type of a way and the speed-limit tags it implies.
    ///
    /// In order, the first that gives an answer:
    /// 1. a road type whose filter matches (certitude `exact`);
    /// 2. a road type whose `maxspeed` equals the way's own `maxspeed` (`fromMaxSpeed`);
    /// 3. a road type whose fuzzy filter matches (`fuzzy`);
    /// 4. the region's default entry (`fallback`); nil when the region has none.
    ///
    /// In steps 1 to 3 the entries after the default entry are tried from the last one up (the more
    /// specific types, such as `motorway`, come last on the wiki), then those before it from the first one
    /// down (`living street` before `urban`).
    ///
    /// - Parameters:
    ///   - region: an ISO 3166-1 code, or a subdivision (`US-CA`); a subdivision without rules of its
    ///     own uses its country's.
    ///   - tags: the way's tags.
    ///   - relationTags: the tags of the relations the way is a member of (route relations identify the
    ///     road class in the United States).
    ///   - placeholder: answers a road type's name (asked for the types tried and for every placeholder)
    ///     given the evaluation of its filters; return `evaluate()` to keep the rules' answer. Asked at
    ///     most once per name and step, so it must give the same answer for the same name in one lookup.
    /// - Complexity: each road type's filters are evaluated at most twice (exact and fuzzy step):
    ///   microseconds for a way, plus the result's tags.
    public func speedLimits(
        region: String,
        tags: [String: String],
        relationTags: [[String: String]] = [],
        placeholder: (_ name: String, _ evaluate: () -> Bool) -> Bool = { $1() }
    ) -> Result? {
        guard let rules = rules(for: region) else { return nil }
        return withoutActuallyEscaping(placeholder) { hook in
            RoadTypeMatcher.withMatcher(catalog: catalog, tags: tags, relationTags: relationTags, hook: hook) { matcher in
                classify(tags, among: rules, matcher: matcher)
            }
        }
    }

    /// The tags of the region's road type called `name`, for zone values such as `maxspeed=DE:urban` or
    /// `maxspeed:type=GB:nsl_single`.
    ///
    /// Tried in order: the name as given (`urban`, `motorway`); without a country prefix (`DE:urban`); with
    /// underscores as spaces (`living_street`); and the road type whose filter recognises the zone value as
    /// `maxspeed:type=<country>:<name>` (`GB:nsl_single` is `rural`, `GB:nsl_dual` is `dual carriageway`,
    /// `GB:nsl_restricted` is `United Kingdom: restricted road`). Nil when none applies.
    /// - Complexity: O(region's entries) per spelling; the last try evaluates the filters as a lookup does.
    public func roadType(named name: String, region: String) -> [String: String]? {
        guard let rules = rules(for: region) else { return nil }
        for spelling in Self.spellings(ofRoadType: name) {
            if let rule = rules.first(where: { $0.name == spelling }) { return rule.tags }
        }
        let zoneValue = Self.hasCountryPrefix(name) ? name : "\(Self.country(of: region)):\(name)"
        let zoneTags = ["maxspeed:type": zoneValue]
        let match = RoadTypeMatcher.withMatcher(catalog: catalog, tags: zoneTags, relationTags: [], hook: { $1() }) { matcher in
            Self.firstNamedRule(in: rules) { matcher.matches(rules[$0].roadType!, fuzzy: false) }
        }
        return match.map { rules[$0].tags }
    }

    /// Whether some filter reads the tag `key`, by name or by a key pattern: tags for which this is false
    /// can be dropped before a lookup (so that more ways share a cached result).
    public func isRelevantKey(_ key: String) -> Bool {
        relevantKeys.contains(key) || relevantKeyPatterns.contains { $0.matches(key) }
    }

    /// The keys of the way's own tags that the filters of the region's road types read, with the road types
    /// they refer to by placeholder, transitively. Keys read only through a key pattern (`~imagination:.*`)
    /// are not listed. A lookup also reads `maxspeed` and the `maxspeed:…` keys, whatever the filters.
    public func keysRead(region: String) -> Set<String> {
        keysReached(region: region, by: catalog.wayKeysReached)
    }

    /// Like `keysRead(region:)`, for the tags of the relations the way is in (read by relation filters).
    public func relationKeysRead(region: String) -> Set<String> {
        keysReached(region: region, by: catalog.relationKeysReached)
    }

    /// A speed value in km/h: `"50"`, `"50 km/h"`, `"30 mph"`, `"30mph"`, `"10 knots"`; nil for words
    /// (`walk`, `none`, `signals`, zone values) and for units that are not speeds.
    public static func kilometersPerHour(of value: String) -> (kmh: Double, isMilesPerHour: Bool)? {
        let trimmed = String(value.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
        if let number = TagQuantity.plainNumber(trimmed), number.isFinite { return (number, false) }
        guard let (number, unit) = TagQuantity.numberAndUnit(trimmed), TagQuantity.speedUnits.contains(unit),
              let factor = TagQuantity.unitFactors[unit] else { return nil }
        return (number * factor, unit == "mph")
    }

    // MARK: Lookup steps

    private func classify(_ tags: [String: String], among rules: [RoadTypeRule], matcher: RoadTypeMatcher) -> Result? {
        if let index = Self.firstNamedRule(in: rules, where: { matcher.matches(rules[$0].roadType!, fuzzy: false) }) {
            return result(rules[index], .exact, wayTags: tags)
        }
        if let givenSpeed = tags["maxspeed"],
           let index = Self.firstNamedRule(in: rules, where: { rules[$0].tags["maxspeed"] == givenSpeed }) {
            return result(rules[index], .fromMaxSpeed, wayTags: tags)
        }
        if let index = Self.firstNamedRule(in: rules, where: { matcher.matches(rules[$0].roadType!, fuzzy: true) }) {
            return result(rules[index], .fuzzy, wayTags: tags)
        }
        return rules.firstIndex(where: { $0.name == nil }).map { result(rules[$0], .fallback, wayTags: tags) }
    }

    /// The index of the first entry `isMatch` accepts, trying the entries after the default entry from the
    /// last one up, then those before it from the first one down (all of them both ways when there is no
    /// default entry). By index, so that entries are not copied.
    private static func firstNamedRule(in rules: [RoadTypeRule], where isMatch: (Int) -> Bool) -> Int? {
        for index in rules.indices.reversed() {
            guard rules[index].roadType != nil else { break }
            if isMatch(index) { return index }
        }
        for index in rules.indices {
            guard rules[index].roadType != nil else { break }
            if isMatch(index) { return index }
        }
        return nil
    }

    private func result(_ rule: RoadTypeRule, _ certitude: Certitude, wayTags: [String: String]) -> Result {
        let tags = ImpliedSpeedTags.added(to: wayTags, roadTypeTags: rule.tags, trimmedRoadTypeTags: rule.trimmedTags)
        return Result(roadTypeName: rule.name, tags: tags, certitude: certitude)
    }

    // MARK: Regions

    /// The region's list, or its country's when the subdivision has none.
    func rules(for region: String) -> [RoadTypeRule]? {
        rulesByRegion[region] ?? rulesByRegion[Self.country(of: region)]
    }

    private static func country(of region: String) -> String {
        String(region.prefix(while: { $0 != "-" }))
    }

    private func keysReached(region: String, by reached: [Set<String>]) -> Set<String> {
        guard let rules = rules(for: region) else { return [] }
        return rules.reduce(into: Set<String>()) { keys, rule in
            if let roadType = rule.roadType { keys.formUnion(reached[roadType]) }
        }
    }

    /// `DE:urban` -> `DE:urban`, `urban`; `living_street` -> also `living street`.
    private static func spellings(ofRoadType name: String) -> [String] {
        var spellings = [name]
        if hasCountryPrefix(name), let colon = name.firstIndex(of: ":") {
            spellings.append(String(name[name.index(after: colon)...]))
        }
        for spelling in spellings where spelling.contains("_") {
            spellings.append(spelling.replacing("_", with: " "))
        }
        return spellings
    }

    /// `DE:…`, `GB:…`: two capital letters and a colon.
    private static func hasCountryPrefix(_ name: String) -> Bool {
        let head = Array(name.unicodeScalars.prefix(3))
        return head.count == 3 && head[2] == ":" && head[0..<2].allSatisfy { ("A"..."Z").contains($0) }
    }
}
