import Testing
import LegalSpeedLimits

/// The rules Waymark ships (OSM wiki revision 2607051), on ways whose answers can be read off the wiki.
@Suite struct BundledLegalDefaultSpeedsTests {
    let speeds: LegalDefaultSpeeds

    init() throws {
        speeds = try LegalDefaultSpeeds.bundled()
    }

    private static func forcing(_ forced: [String: Bool]) -> (String, () -> Bool) -> Bool {
        { name, evaluate in forced[name] ?? evaluate() }
    }

    @Test func theFileIsTheExpectedRevision() {
        #expect(speeds.meta["revisionId"] == "2607051")
        #expect(speeds.regions.count == 242)
        #expect(speeds.regions.contains("US-CA") && speeds.regions.contains("DE"))
        #expect(speeds.warnings.count == 38)
    }

    @Test func germanMotorway() throws {
        let result = try #require(speeds.speedLimits(region: "DE", tags: ["highway": "motorway"]))
        #expect(result.roadTypeName == "motorway")
        #expect(result.certitude == .exact)
        // No general limit on German motorways: an advisory 130 and limits for other vehicles.
        #expect(result.tags["maxspeed"] == nil)
        #expect(result.tags["maxspeed:advisory"] == "130")
        #expect(result.tags["maxspeed:hgv"] == "80")
        #expect(result.tags["minspeed"] == "60")
    }

    @Test func germanResidentialStreet() throws {
        let urban = try #require(speeds.speedLimits(region: "DE", tags: ["highway": "residential"], placeholder: Self.forcing(["urban": true])))
        #expect(urban == LegalDefaultSpeeds.Result(roadTypeName: "urban", tags: ["maxspeed": "50"], certitude: .exact))
        // Without the hook, `highway=residential` is the urban road type's fuzzy filter.
        let guessed = try #require(speeds.speedLimits(region: "DE", tags: ["highway": "residential"]))
        #expect(guessed == LegalDefaultSpeeds.Result(roadTypeName: "urban", tags: ["maxspeed": "50"], certitude: .fuzzy))
        let tagged = speeds.speedLimits(region: "DE", tags: ["highway": "residential", "maxspeed": "DE:urban"])
        #expect(tagged == LegalDefaultSpeeds.Result(roadTypeName: "urban", tags: ["maxspeed": "50"], certitude: .exact))
    }

    @Test func germanRuralRoadTrimsLimitsAboveOneHundred() throws {
        let result = try #require(speeds.speedLimits(region: "DE", tags: ["highway": "secondary", "lit": "no"]))
        #expect(result.roadTypeName == "rural")
        #expect(result.certitude == .fuzzy)
        #expect(result.tags["maxspeed"] == "100")
        #expect(result.tags["maxspeed:hgv"] == "80")
        // A way signed 70 keeps no vehicle limit at or above 70, and only the conditions below it.
        let signed = try #require(speeds.speedLimits(region: "DE", tags: ["highway": "secondary", "lit": "no", "maxspeed": "70"]))
        #expect(signed.tags["maxspeed"] == nil && signed.tags["maxspeed:hgv"] == nil)
        #expect(signed.tags["maxspeed:conditional"] == "60 @ (weightrating>7.5)")
    }

    @Test func portuguesePrimaryOutsideTowns() throws {
        let result = try #require(speeds.speedLimits(region: "PT", tags: ["highway": "primary"], placeholder: Self.forcing(["urban": false])))
        #expect(result.roadTypeName == nil)
        #expect(result.certitude == .fallback)
        #expect(result.tags["maxspeed"] == "90")
        #expect(result.tags["maxspeed:hgv"] == "80")
        let unlit = try #require(speeds.speedLimits(region: "PT", tags: ["highway": "primary", "lit": "no"], placeholder: Self.forcing(["urban": false])))
        #expect(unlit.roadTypeName == "rural" && unlit.certitude == .fuzzy && unlit.tags["maxspeed"] == "90")
    }

    @Test func californiaHasRulesOfItsOwn() throws {
        #expect(speeds.hasRules(for: "US-CA"))
        let alley = try #require(speeds.speedLimits(region: "US-CA", tags: ["highway": "service", "width": "5"]))
        #expect(alley == LegalDefaultSpeeds.Result(roadTypeName: "California: alley", tags: ["maxspeed": "15 mph"], certitude: .exact))
        let wideService = try #require(speeds.speedLimits(region: "US-CA", tags: ["highway": "service", "width": "8"]))
        #expect(wideService.roadTypeName != "California: alley")
        let rural = try #require(speeds.speedLimits(region: "US-CA", tags: ["highway": "primary", "rural": "yes"]))
        #expect(rural.roadTypeName == "rural road with 1 lane in each direction")
        #expect(rural.tags["maxspeed"] == "65 mph")
        #expect(rural.tags["maxspeed:hazmat"] == "55 mph")
        let town = try #require(speeds.speedLimits(region: "US-CA", tags: ["highway": "primary"], placeholder: Self.forcing(["urban": true])))
        #expect(town == LegalDefaultSpeeds.Result(roadTypeName: "urban", tags: ["maxspeed": "25 mph"], certitude: .exact))
    }

    @Test func usStateWithoutRulesFallsBackToTheCountry() {
        // The United States' own list has only an empty default entry.
        #expect(speeds.speedLimits(region: "US-XX", tags: ["highway": "primary"]) == LegalDefaultSpeeds.Result(roadTypeName: nil, tags: [:], certitude: .fallback))
    }

    @Test func interstateByRouteRelation() throws {
        let result = try #require(speeds.speedLimits(region: "US-ND", tags: ["lanes": "2", "oneway": "yes"],
                                                    relationTags: [["type": "route", "route": "road", "network": "US:I"]]))
        #expect(result.roadTypeName == "US interstate highway with 2 or more lanes in each direction")
        #expect(result.tags["maxspeed"] == "75 mph")
        #expect(result.certitude == .exact)
    }

    @Test func italianRuralRoads() throws {
        let local = try #require(speeds.speedLimits(region: "IT", tags: ["highway": "secondary", "rural": "yes"]))
        #expect(local.roadTypeName == "Italy: Strada extraurbana local")
        #expect(local.tags["maxspeed"] == "90")
        #expect(local.tags["maxspeed:hazmat"] == "50")
        let secondary = try #require(speeds.speedLimits(region: "IT", tags: ["highway": "secondary", "lanes": "2", "dual_carriageway": "no"],
                                                       placeholder: Self.forcing(["rural": true])))
        #expect(secondary.roadTypeName == "Italy: Strada extraurbana secondaria")
        let principal = try #require(speeds.speedLimits(region: "IT", tags: ["highway": "trunk", "lanes": "2", "dual_carriageway": "yes", "shoulder": "yes"],
                                                       placeholder: Self.forcing(["rural": true])))
        #expect(principal.roadTypeName == "Italy: Strada extraurbana principale")
        #expect(principal.tags["maxspeed"] == "110")
        #expect(principal.tags["maxspeed:conditional"] == "90 @ (wet); 80 @ (weightrating>3.5); 70 @ (weightrating>12)")
    }

    @Test func zoneValuesNameRoadTypes() {
        #expect(speeds.roadType(named: "nsl_single", region: "GB")?["maxspeed"] == "60 mph")
        #expect(speeds.roadType(named: "GB:nsl_single", region: "GB-SCT")?["maxspeed"] == "60 mph")
        #expect(speeds.roadType(named: "nsl_dual", region: "GB")?["maxspeed"] == "70 mph")
        #expect(speeds.roadType(named: "nsl_restricted", region: "GB")?["maxspeed"] == "30 mph")
        #expect(speeds.roadType(named: "motorway", region: "GB")?["maxspeed"] == "70 mph")
        #expect(speeds.roadType(named: "DE:urban", region: "DE")?["maxspeed"] == "50")
        #expect(speeds.roadType(named: "rural", region: "DE")?["maxspeed"] == "100")
        #expect(speeds.roadType(named: "living_street", region: "DE")?["maxspeed"] == "walk")
        #expect(speeds.roadType(named: "urban", region: "US-CA")?["maxspeed"] == "25 mph")
        #expect(speeds.roadType(named: "zone30", region: "DE") == nil)
        #expect(speeds.roadType(named: "urban", region: "XX") == nil)
    }

    @Test func keysReadDifferByCountry() {
        let germany = speeds.keysRead(region: "DE")
        #expect(germany.isSuperset(of: ["highway", "lanes", "dual_carriageway", "maxspeed:type", "lit", "sidewalk"]))
        #expect(!germany.contains("ref") && !germany.contains("name"))
        #expect(speeds.keysRead(region: "PE").contains("name"))
        #expect(speeds.keysRead(region: "US-TN").contains("ref"))
        #expect(speeds.keysRead(region: "US-CA").contains("width"))
        #expect(speeds.relationKeysRead(region: "US-TN").isSuperset(of: ["type", "route", "network"]))
        #expect(speeds.relationKeysRead(region: "DE").isEmpty)
        #expect(speeds.isRelevantKey("highway") && speeds.isRelevantKey("network") && !speeds.isRelevantKey("opening_hours"))
    }

    @Test func loadingAndLookupTimes() throws {
        let clock = ContinuousClock()
        var loaded: LegalDefaultSpeeds?
        let loadTime = try clock.measure { loaded = try LegalDefaultSpeeds.bundled() }
        let speeds = try #require(loaded)
        let ways: [(String, [String: String])] = [
            ("DE", ["highway": "residential", "name": "Hauptstraße"]),
            ("DE", ["highway": "primary", "lanes": "4", "ref": "B 27", "maxspeed": "70"]),
            ("GB", ["highway": "trunk", "oneway": "yes", "maxspeed:type": "GB:nsl_dual"]),
            ("US-TN", ["highway": "primary", "ref": "US 41", "lanes": "4"]),
            ("IT", ["highway": "secondary", "maxspeed": "IT:rural"]),
        ]
        let rounds = 2_000
        var found = 0
        let lookupTime = clock.measure {
            for _ in 0..<rounds {
                for (region, tags) in ways where speeds.speedLimits(region: region, tags: tags, placeholder: { name, evaluate in
                    name == "urban" ? false : evaluate()
                }) != nil {
                    found += 1
                }
            }
        }
        #expect(found == rounds * ways.count)
        let microseconds = Double(lookupTime.components.attoseconds) / 1e12 + Double(lookupTime.components.seconds) * 1e6
        print("legal default speeds: bundled rules loaded in \(loadTime); one lookup \(microseconds / Double(rounds * ways.count)) µs")
    }
}
