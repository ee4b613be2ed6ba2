import Foundation
import Testing
@testable import LegalSpeedLimits

/// The reference library's worked examples, on small rule sets written here.
@Suite struct LegalDefaultSpeedsTests {
    typealias Result = LegalDefaultSpeeds.Result

    /// Filter texts of one road type: exact, fuzzy, relation.
    struct Filters {
        var filter: String?
        var fuzzy: String?
        var relation: String?
    }

    /// A rules file's JSON, for `LegalDefaultSpeeds(json:sourceName:)`.
    static func rulesJSON(_ roadTypes: [String: Filters], _ regions: [String: [(name: String?, tags: [String: String])]]) -> [UInt8] {
        var roadTypesObject: [String: [String: String]] = [:]
        for (name, filters) in roadTypes {
            var object: [String: String] = [:]
            object["filter"] = filters.filter
            object["fuzzyFilter"] = filters.fuzzy
            object["relationFilter"] = filters.relation
            roadTypesObject[name] = object
        }
        let regionsObject = regions.mapValues { entries in
            entries.map { entry -> [String: Any] in
                var object: [String: Any] = ["tags": entry.tags]
                object["name"] = entry.name
                return object
            }
        }
        let file: [String: Any] = ["meta": ["revisionId": "1"], "roadTypesByName": roadTypesObject,
                                   "speedLimitsByCountryCode": regionsObject, "warnings": []]
        return [UInt8](try! JSONSerialization.data(withJSONObject: file))
    }

    static func speeds(_ roadTypes: [String: Filters], _ regions: [String: [(name: String?, tags: [String: String])]]) throws(LegalDataError) -> LegalDefaultSpeeds {
        try LegalDefaultSpeeds(json: rulesJSON(roadTypes, regions), sourceName: "fixture.json")
    }

    static func loadError(_ roadTypes: [String: Filters], _ regions: [String: [(name: String?, tags: [String: String])]] = [:]) -> LegalDataError? {
        do {
            _ = try speeds(roadTypes, regions)
            return nil
        } catch {
            return error
        }
    }

    /// The reference tests' South Africa: one road type of each kind of filter.
    let za: LegalDefaultSpeeds

    init() throws {
        za = try Self.southAfrica()
    }

    static func southAfrica() throws(LegalDataError) -> LegalDefaultSpeeds {
        try speeds(
            [
                "living street": Filters(filter: "highway=living_street"),
                "alley": Filters(filter: "{urban} and alley=yes"),
                "urban": Filters(filter: "lit=yes", fuzzy: "highway=residential"),
                "urban state road": Filters(filter: "{urban} and {state road}"),
                "rural": Filters(fuzzy: "sidewalk=no"),
                "dual carriageway": Filters(filter: "dual_carriageway=yes"),
                "motorway": Filters(filter: "highway=motorway"),
                "state road": Filters(relation: "type=route and ref~ZA.*"),
                "rural state road": Filters(filter: "{rural} and {state road}"),
                "road in construction": Filters(filter: "~construction|proposed~yes"),
                "imaginary road": Filters(filter: "~imagination:.*"),
            ],
            ["ZA": [
                ("road in construction", ["maxspeed": "0"]),
                ("living street", ["maxspeed": "10"]),
                ("alley", ["maxspeed": "5"]),
                ("urban state road", ["maxspeed": "60"]),
                ("urban", ["maxspeed": "50"]),
                (nil, ["maxspeed": "100"]),
                ("rural", ["maxspeed": "100"]),
                ("dual carriageway", ["maxspeed": "110"]),
                ("rural state road", ["maxspeed": "115"]),
                ("motorway", ["maxspeed": "120"]),
                ("imaginary road", ["maxspeed": "999"]),
            ]]
        )
    }

    /// Only a default entry with `tags`, to see how result tags are trimmed.
    static func defaultOnly(_ tags: [String: String]) throws -> LegalDefaultSpeeds {
        try speeds([:], ["AB": [(nil, tags)]])
    }

    // MARK: Finding the road type

    @Test func nothingMatchesWithoutADefault() throws {
        let sudan = try Self.speeds(["urban": Filters(filter: "lit=yes")], ["SD": [("urban", ["maxspeed": "60"])]])
        #expect(sudan.speedLimits(region: "SD", tags: ["lit": "no"]) == nil)
    }

    @Test func unknownRegion() {
        #expect(za.speedLimits(region: "GY", tags: ["lit": "yes"]) == nil)
        #expect(!za.hasRules(for: "GY"))
        #expect(za.hasRules(for: "ZA-NC"))
        #expect(za.regions == ["ZA"])
    }

    @Test func fallbackWhenNoTagsMatch() {
        #expect(za.speedLimits(region: "ZA", tags: ["lit": "no"]) == Result(roadTypeName: nil, tags: ["maxspeed": "100"], certitude: .fallback))
    }

    @Test func simpleMatch() {
        #expect(za.speedLimits(region: "ZA", tags: ["lit": "yes"]) == Result(roadTypeName: "urban", tags: ["maxspeed": "50"], certitude: .exact))
    }

    @Test func matchFromMaxSpeed() {
        #expect(za.speedLimits(region: "ZA", tags: ["maxspeed": "110"]) == Result(roadTypeName: "dual carriageway", tags: [:], certitude: .fromMaxSpeed))
    }

    @Test func fuzzyMatch() {
        #expect(za.speedLimits(region: "ZA", tags: ["highway": "residential"]) == Result(roadTypeName: "urban", tags: ["maxspeed": "50"], certitude: .fuzzy))
    }

    @Test func subdivisionWithoutRulesUsesItsCountry() {
        #expect(za.speedLimits(region: "ZA-NC", tags: ["lit": "yes"]) == Result(roadTypeName: "urban", tags: ["maxspeed": "50"], certitude: .exact))
        #expect(za.speedLimits(region: "ZA-NC", tags: ["maxspeed": "50"]) == Result(roadTypeName: "urban", tags: [:], certitude: .fromMaxSpeed))
    }

    @Test func entriesFurtherDownAreTriedFirst() {
        let motorway = za.speedLimits(region: "ZA", tags: ["highway": "motorway", "lit": "yes", "dual_carriageway": "yes"])
        #expect(motorway == Result(roadTypeName: "motorway", tags: ["maxspeed": "120"], certitude: .exact))
        let dual = za.speedLimits(region: "ZA", tags: ["lit": "yes", "dual_carriageway": "yes"])
        #expect(dual == Result(roadTypeName: "dual carriageway", tags: ["maxspeed": "110"], certitude: .exact))
    }

    @Test func entriesAboveTheDefaultAreTriedFromTheTop() {
        let livingStreet = za.speedLimits(region: "ZA", tags: ["highway": "living_street", "lit": "yes"])
        #expect(livingStreet == Result(roadTypeName: "living street", tags: ["maxspeed": "10"], certitude: .exact))
    }

    @Test func exactBeatsFromMaxSpeedBeatsFuzzy() {
        #expect(za.speedLimits(region: "ZA", tags: ["lit": "yes", "sidewalk": "no"]) == Result(roadTypeName: "urban", tags: ["maxspeed": "50"], certitude: .exact))
        #expect(za.speedLimits(region: "ZA", tags: ["lit": "yes", "sidewalk": "no", "maxspeed": "110"]) == Result(roadTypeName: "urban", tags: [:], certitude: .exact))
        #expect(za.speedLimits(region: "ZA", tags: ["sidewalk": "no", "maxspeed": "110"]) == Result(roadTypeName: "dual carriageway", tags: [:], certitude: .fromMaxSpeed))
    }

    @Test func placeholdersInExactAndFuzzyMatches() {
        #expect(za.speedLimits(region: "ZA", tags: ["lit": "yes", "alley": "yes"]) == Result(roadTypeName: "alley", tags: ["maxspeed": "5"], certitude: .exact))
        #expect(za.speedLimits(region: "ZA", tags: ["highway": "residential", "alley": "yes"]) == Result(roadTypeName: "alley", tags: ["maxspeed": "5"], certitude: .fuzzy))
    }

    @Test func keyPatternFilters() {
        #expect(za.speedLimits(region: "ZA", tags: ["proposed": "yes"])?.roadTypeName == "road in construction")
        #expect(za.speedLimits(region: "ZA", tags: ["imagination:x": "1"])?.roadTypeName == "imaginary road")
        #expect(za.speedLimits(region: "ZA", tags: ["not:imagination": "1"])?.certitude == .fallback)
    }

    @Test func relationMembership() {
        let relations = [["type": "route", "ref": "Bus 1234"], ["type": "route", "ref": "ZA 2"]]
        let rural = za.speedLimits(region: "ZA", tags: ["sidewalk": "no"], relationTags: relations)
        #expect(rural == Result(roadTypeName: "rural state road", tags: ["maxspeed": "115"], certitude: .fuzzy))
        let urban = za.speedLimits(region: "ZA", tags: ["lit": "yes"], relationTags: [["type": "route", "ref": "ZA 2"]])
        #expect(urban == Result(roadTypeName: "urban state road", tags: ["maxspeed": "60"], certitude: .exact))
        let bus = za.speedLimits(region: "ZA", tags: ["lit": "yes"], relationTags: [["type": "route", "ref": "Bus 1234"]])
        #expect(bus?.roadTypeName == "urban")
    }

    @Test func theHookReplacesPlaceholders() {
        let urban = za.speedLimits(region: "ZA", tags: [:]) { name, evaluate in name == "urban" ? true : evaluate() }
        #expect(urban == Result(roadTypeName: "urban", tags: ["maxspeed": "50"], certitude: .exact))
        let alley = za.speedLimits(region: "ZA", tags: ["alley": "yes"]) { name, evaluate in name == "urban" ? true : evaluate() }
        #expect(alley == Result(roadTypeName: "alley", tags: ["maxspeed": "5"], certitude: .exact))
        let stateRoad = za.speedLimits(region: "ZA", tags: ["highway": "residential"]) { name, evaluate in
            name == "state road" ? true : evaluate()
        }
        #expect(stateRoad == Result(roadTypeName: "urban state road", tags: ["maxspeed": "60"], certitude: .fuzzy))
        // Forcing false hides a match the tags would give.
        let notUrban = za.speedLimits(region: "ZA", tags: ["lit": "yes"]) { name, evaluate in name == "urban" ? false : evaluate() }
        #expect(notUrban == Result(roadTypeName: nil, tags: ["maxspeed": "100"], certitude: .fallback))
    }

    @Test func theHookIsAskedOncePerNameAndStep() {
        var asked: [String: Int] = [:]
        _ = za.speedLimits(region: "ZA", tags: ["highway": "residential", "alley": "yes"]) { name, evaluate in
            asked[name, default: 0] += 1
            return evaluate()
        }
        // Exact step and fuzzy step: `urban` is asked by `alley` and `urban state road` and for itself.
        #expect(asked["urban"] == 2)
        #expect(asked.values.allSatisfy { $0 <= 2 })
    }

    // MARK: Result tags

    @Test func limitsAboveMaxSpeedAreDropped() throws {
        let kmh = try Self.defaultOnly(["maxspeed": "60", "maxspeed:hgv": "80", "maxspeed:mofa": "50"])
        #expect(kmh.speedLimits(region: "AB", tags: [:])?.tags == ["maxspeed": "60", "maxspeed:mofa": "50"])
        let mph = try Self.defaultOnly(["maxspeed": "35 mph", "maxspeed:hgv": "40 mph", "maxspeed:mofa": "10 mph"])
        #expect(mph.speedLimits(region: "AB", tags: [:])?.tags == ["maxspeed": "35 mph", "maxspeed:mofa": "10 mph"])
    }

    @Test func conditionsAtOrAboveMaxSpeedAreDropped() throws {
        let some = try Self.defaultOnly(["maxspeed": "60", "maxspeed:conditional": "80 @ (something); 50 @ (something else)"])
        #expect(some.speedLimits(region: "AB", tags: [:])?.tags == ["maxspeed": "60", "maxspeed:conditional": "50 @ (something else)"])
        let someMph = try Self.defaultOnly(["maxspeed": "35 mph", "maxspeed:conditional": "35 mph @ (something); 20 mph @ (something else)"])
        #expect(someMph.speedLimits(region: "AB", tags: [:])?.tags == ["maxspeed": "35 mph", "maxspeed:conditional": "20 mph @ (something else)"])
        let all = try Self.defaultOnly(["maxspeed": "60", "maxspeed:conditional": "80 @ (something); 60 @ (something else)"])
        #expect(all.speedLimits(region: "AB", tags: [:])?.tags == ["maxspeed": "60"])
        let allMph = try Self.defaultOnly(["maxspeed": "20 mph", "maxspeed:conditional": "40 mph @ (something); 30 mph @ (something else)"])
        #expect(allMph.speedLimits(region: "AB", tags: [:])?.tags == ["maxspeed": "20 mph"])
    }

    @Test func conditionsOfVehicleLimitsAreBoundedByBoth() throws {
        let underDefault = try Self.defaultOnly(["maxspeed": "60", "maxspeed:hgv:conditional": "80 @ (something); 50 @ (something else)"])
        #expect(underDefault.speedLimits(region: "AB", tags: [:])?.tags == ["maxspeed": "60", "maxspeed:hgv:conditional": "50 @ (something else)"])
        let underVehicle = try Self.defaultOnly(["maxspeed:hgv": "60", "maxspeed:hgv:conditional": "80 @ (something); 50 @ (something else)"])
        #expect(underVehicle.speedLimits(region: "AB", tags: [:])?.tags == ["maxspeed:hgv": "60", "maxspeed:hgv:conditional": "50 @ (something else)"])
        let underVehicleMph = try Self.defaultOnly(["maxspeed:hgv": "30 mph", "maxspeed:hgv:conditional": "40 mph @ (something); 20 mph @ (something else)"])
        #expect(underVehicleMph.speedLimits(region: "AB", tags: [:])?.tags == ["maxspeed:hgv": "30 mph", "maxspeed:hgv:conditional": "20 mph @ (something else)"])
        let none = try Self.defaultOnly(["maxspeed:hgv": "60", "maxspeed:hgv:conditional": "80 @ (something); 60 @ (something else)"])
        #expect(none.speedLimits(region: "AB", tags: [:])?.tags == ["maxspeed:hgv": "60"])
        let noneMph = try Self.defaultOnly(["maxspeed:hgv": "10 mph", "maxspeed:hgv:conditional": "40 mph @ (something); 30 mph @ (something else)"])
        #expect(noneMph.speedLimits(region: "AB", tags: [:])?.tags == ["maxspeed:hgv": "10 mph"])
    }

    @Test func theWaysOwnLimitsBoundAndReplaceTheRoadTypes() throws {
        let speeds = try Self.defaultOnly(["maxspeed": "100", "maxspeed:hgv": "80", "maxspeed:mofa": "50"])
        #expect(speeds.speedLimits(region: "AB", tags: ["maxspeed": "80"])?.tags == ["maxspeed:mofa": "50"])
        #expect(speeds.speedLimits(region: "AB", tags: ["maxspeed": "100", "maxspeed:mofa": "50"])?.tags == ["maxspeed:hgv": "80"])
        let twoLimits = try Self.defaultOnly(["maxspeed": "100", "maxspeed:hgv": "80"])
        #expect(twoLimits.speedLimits(region: "AB", tags: ["maxspeed": "80", "maxspeed:hgv": "50"])?.tags == [:])
    }

    @Test func aWaysWordForAVehicleLimitLiftsTheBoundItReplaces() throws {
        let speeds = try Self.defaultOnly(["maxspeed": "100", "maxspeed:hgv": "80", "maxspeed:hgv:conditional": "90 @ (x); 70 @ (y)"])
        let plain = ["maxspeed": "100", "maxspeed:hgv": "80", "maxspeed:hgv:conditional": "70 @ (y)"]
        #expect(speeds.speedLimits(region: "AB", tags: [:])?.tags == plain)
        // A tag the road type does not have, without a readable limit, changes nothing.
        #expect(speeds.speedLimits(region: "AB", tags: ["maxspeed:type": "AB:rural"])?.tags == plain)
        // `signals` replaces the road type's 80, so 90 is no longer moot for lorries.
        let signals = speeds.speedLimits(region: "AB", tags: ["maxspeed:hgv": "signals"])
        #expect(signals?.tags == ["maxspeed": "100", "maxspeed:hgv:conditional": "90 @ (x); 70 @ (y)"])
    }

    @Test func aZoneMaxSpeedIsNoLimit() throws {
        let speeds = try Self.defaultOnly(["maxspeed": "100"])
        #expect(speeds.speedLimits(region: "AB", tags: ["maxspeed": "RO:urban"])?.tags == ["maxspeed": "100"])
    }

    @Test func otherTagsOfTheWayAreNotRepeated() throws {
        let speeds = try Self.defaultOnly(["maxspeed": "100", "minspeed": "60"])
        #expect(speeds.speedLimits(region: "AB", tags: ["minspeed": "40", "highway": "primary"])?.tags == ["maxspeed": "100"])
    }

    // MARK: Keys

    @Test func relevantKeys() {
        for key in ["highway", "sidewalk", "ref", "proposed", "construction", "imagination:1", "lit", "type"] {
            #expect(za.isRelevantKey(key), "\(key)")
        }
        for key in ["opening_hours", "urban", "{urban}", "not:imagination"] {
            #expect(!za.isRelevantKey(key), "\(key)")
        }
        #expect(za.relevantKeys.isSuperset(of: ["highway", "sidewalk", "ref", "proposed", "construction", "lit", "alley"]))
    }

    @Test func keysReadThroughPlaceholders() throws {
        let speeds = try Self.speeds(
            [
                "urban": Filters(filter: "lit=yes", fuzzy: "sidewalk=both"),
                "main road": Filters(filter: "{urban} and lanes>=2", relation: "network=X and {numbered}"),
                "numbered": Filters(filter: "ref"),
                "unused": Filters(filter: "name=X"),
            ],
            ["XX": [("main road", ["maxspeed": "60"]), (nil, ["maxspeed": "80"])], "YY": [("unused", ["maxspeed": "10"])]]
        )
        #expect(speeds.keysRead(region: "XX") == ["lit", "sidewalk", "lanes", "ref"])
        #expect(speeds.relationKeysRead(region: "XX") == ["network"])
        #expect(speeds.keysRead(region: "YY") == ["name"])
        #expect(speeds.keysRead(region: "XX-1") == speeds.keysRead(region: "XX"))
        #expect(speeds.keysRead(region: "ZZ").isEmpty)
    }

    // MARK: Loading errors

    @Test func filterSyntaxErrorsNameTheRoadType() {
        let region = ["FR": [(name: Optional("urban"), tags: ["maxspeed": "50"])]]
        for filters in [Filters(filter: "and and"), Filters(fuzzy: "and and"), Filters(relation: "and and")] {
            let error = Self.loadError(["urban": filters], region)
            #expect(error?.file == "fixture.json")
            #expect(error?.problem.contains("road type \"urban\"") == true, "\(String(describing: error))")
            #expect(error?.problem.contains("at position 0") == true, "\(String(describing: error))")
        }
        let fuzzy = Self.loadError(["urban": Filters(fuzzy: "lanes>=two")], region)
        #expect(fuzzy?.problem == "road type \"urban\": fuzzyFilter \"lanes>=two\": at position 7: Expected a number (e.g. 3.5) or a number with a known unit (e.g. 3.5st)")
    }

    @Test func circularPlaceholdersAreRefused() {
        let obvious = Self.loadError(["rural": Filters(filter: "{rural}")])
        #expect(obvious?.problem == "road type \"rural\": circular placeholders: {rural} -> {rural}")
        let pair = Self.loadError(["urban": Filters(filter: "{lit}"), "lit": Filters(filter: "{urban}")])
        #expect(pair?.problem.contains("circular placeholders") == true)
        let deep = Self.loadError([
            "urban": Filters(filter: "{lit}", fuzzy: "{sidewalk}"),
            "lit": Filters(filter: "lit=yes"),
            "sidewalk": Filters(filter: "sidewalk=yes", fuzzy: "{something else}"),
            "something else": Filters(filter: "{urban}"),
        ])
        // Road types are visited in name order, so the circle is reported from `sidewalk`.
        #expect(deep?.problem == "road type \"sidewalk\": circular placeholders: {sidewalk} -> {something else} -> {urban} -> {sidewalk}")
        // Shared references without a circle are fine.
        #expect(Self.loadError(["a": Filters(filter: "{b} and {c}"), "b": Filters(filter: "{c}"), "c": Filters(filter: "x")]) == nil)
    }

    @Test func damagedJSONNamesTheFile() {
        let cut = Array("{\"roadTypesByName\": {\"urban\": {\"filter\": \"lit=yes\"".utf8)
        #expect(throws: LegalDataError.self) { try LegalDefaultSpeeds(json: cut, sourceName: "cut.json") }
        do {
            _ = try LegalDefaultSpeeds(json: cut, sourceName: "cut.json")
            Issue.record("loaded a cut file")
        } catch {
            #expect(error.file == "cut.json")
            #expect(error.problem.hasPrefix("not valid JSON"))
        }
        do {
            _ = try LegalDefaultSpeeds(json: Array("{\"roadTypesByName\": {}}".utf8), sourceName: "short.json")
            Issue.record("loaded without speedLimitsByCountryCode")
        } catch {
            #expect(error.problem == "missing \"speedLimitsByCountryCode\" in the top level")
        }
        do {
            let wrongType = Array("{\"roadTypesByName\": {}, \"speedLimitsByCountryCode\": {\"DE\": [{\"tags\": {\"maxspeed\": 50}}]}}".utf8)
            _ = try LegalDefaultSpeeds(json: wrongType, sourceName: "typed.json")
            Issue.record("loaded a number as a tag value")
        } catch {
            #expect(error.problem.hasPrefix("unexpected value at speedLimitsByCountryCode.DE.[0].tags.maxspeed"), "\(error.problem)")
        }
    }

    // MARK: Speed values

    @Test func kilometersPerHourOfSpeedValues() throws {
        #expect(LegalDefaultSpeeds.kilometersPerHour(of: "50")! == (50, false))
        #expect(LegalDefaultSpeeds.kilometersPerHour(of: " 50 ")! == (50, false))
        #expect(LegalDefaultSpeeds.kilometersPerHour(of: "50 km/h")! == (50, false))
        let mph = try #require(LegalDefaultSpeeds.kilometersPerHour(of: "30 mph"))
        #expect(abs(mph.kmh - 48.28032) < 1e-9 && mph.isMilesPerHour)
        #expect(LegalDefaultSpeeds.kilometersPerHour(of: "30mph")?.isMilesPerHour == true)
        #expect(abs(LegalDefaultSpeeds.kilometersPerHour(of: "10 knots")!.kmh - 18.52) < 1e-9)
        for word in ["walk", "none", "signals", "DE:urban", "", "5 m", "50 kmh", "mph"] {
            #expect(LegalDefaultSpeeds.kilometersPerHour(of: word) == nil, "\(word)")
        }
    }
}
