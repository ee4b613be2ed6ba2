import Geodesy
import RoadNetwork
import Testing
@testable import OSMImport

/// Every `maxspeed` form the profile reads, and the country table of zone limits.
@Suite struct MaxspeedTests {
    func limit(_ text: String) -> SpeedLimit? {
        if case .limit(let l) = CarProfile.readMaxspeed(text) { return l }
        return nil
    }

    @Test func plainNumberIsKilometersPerHour() {
        #expect(limit("50") == .limited(50, source: .posted))
        #expect(limit(" 30 ") == .limited(30, source: .posted))
        #expect(limit("7.5") == .limited(7.5, source: .posted))
    }

    @Test func explicitKilometerUnits() {
        #expect(limit("50 km/h") == .limited(50, source: .posted))
        #expect(limit("60kmh") == .limited(60, source: .posted))
        #expect(limit("70 kph") == .limited(70, source: .posted))
    }

    @Test func milesPerHourKeepTheirUnit() throws {
        let l = try #require(limit("30 mph"))
        #expect(l.unit == .milesPerHour)
        #expect(abs(Double(l.kilometersPerHour) - 48.28032) < 0.001)
        #expect(l.valueInTaggedUnit == 30)
        #expect(limit("20mph")?.valueInTaggedUnit == 20)
    }

    @Test func knotsKeepTheirUnit() throws {
        let l = try #require(limit("10 knots"))
        #expect(l.unit == .knots)
        #expect(abs(Double(l.kilometersPerHour) - 18.52) < 0.001)
        #expect(l.valueInTaggedUnit == 10)
    }

    @Test func noneIsUnlimitedAndSignalsIsUnknown() {
        #expect(limit("none") == .unlimited(source: .posted))
        #expect(limit("signals") == .unknown(source: .posted))
        #expect(limit("variable") == .unknown(source: .posted))
    }

    @Test func walkIsWalkingPace() {
        #expect(limit("walk") == .limited(6, source: .posted))
    }

    @Test func severalValuesGiveTheLowest() {
        #expect(limit("50;30") == .limited(30, source: .posted))
    }

    @Test func unreadableValuesAreReportedAsSuch() {
        #expect(CarProfile.readMaxspeed("fast") == .unreadable)
        #expect(CarProfile.readMaxspeed("50 furlongs") == .unreadable)
        #expect(CarProfile.readMaxspeed("XX:nowhere") == .unreadable)
        #expect(CarProfile.readMaxspeed("-20") == .unreadable)
    }

    @Test func germanZones() {
        #expect(limit("DE:urban") == .limited(50, source: .zone))
        #expect(limit("DE:rural") == .limited(100, source: .zone))
        #expect(limit("DE:motorway") == .unlimited(source: .zone))
        #expect(limit("DE:living_street") == .limited(7, source: .zone))
        #expect(limit("DE:zone30") == .limited(30, source: .zone))
        #expect(limit("DE:zone:30") == .limited(30, source: .zone))
        #expect(limit("DE:zone:20") == .limited(20, source: .zone))
    }

    @Test func britishZonesAreInMilesPerHour() {
        #expect(limit("GB:nsl_single")?.valueInTaggedUnit == 60)
        #expect(limit("GB:nsl_single")?.unit == .milesPerHour)
        #expect(limit("GB:nsl_dual")?.valueInTaggedUnit == 70)
        #expect(limit("GB:motorway")?.valueInTaggedUnit == 70)
        #expect(limit("GB:zone20")?.valueInTaggedUnit == 20)
        #expect(limit("GB:zone20")?.unit == .milesPerHour)
    }

    @Test func countryTableCoversTheCommonCountries() {
        let expected: [(String, Float)] = [
            ("FR:urban", 50), ("FR:rural", 80), ("FR:motorway", 130), ("IT:urban", 50), ("IT:rural", 90),
            ("IT:motorway", 130), ("ES:urban", 50), ("ES:rural", 90), ("ES:motorway", 120), ("AT:urban", 50),
            ("AT:rural", 100), ("AT:motorway", 130), ("PT:urban", 50), ("PT:rural", 90), ("PT:motorway", 120),
            ("DK:urban", 50), ("DK:rural", 80), ("NL:urban", 50), ("NL:rural", 80), ("MT:urban", 50),
            ("MT:rural", 80), ("RU:living_street", 20), ("RU:urban", 60), ("RU:rural", 90), ("HR:urban", 50),
            ("HR:rural", 90), ("HR:motorway", 130), ("CH:rural", 80), ("PL:motorway", 140), ("CZ:rural", 90),
        ]
        for (text, kmh) in expected {
            #expect(limit(text) == .limited(Double(kmh), source: .zone), "\(text)")
        }
        #expect(limit("US:urban")?.valueInTaggedUnit == 25)
        #expect(limit("US:urban")?.unit == .milesPerHour)
        #expect(limit("fr:URBAN") == .limited(50, source: .zone))
    }

    @Test func directionalTagsApplyToTheirDirection() throws {
        let w = try #require(CarProfile().interpret(tags(["highway": "primary", "maxspeed:forward": "70", "maxspeed:backward": "50"])))
        #expect(w.forwardLimit == .limited(70, source: .posted))
        #expect(w.backwardLimit == .limited(50, source: .posted))
        let mixed = try #require(CarProfile().interpret(tags(["highway": "primary", "maxspeed": "80", "maxspeed:backward": "60"])))
        #expect(mixed.forwardLimit == .limited(80, source: .posted))
        #expect(mixed.backwardLimit == .limited(60, source: .posted))
    }

    @Test func zoneTagsApplyWhenMaxspeedIsAbsent() throws {
        let profile = CarProfile()
        #expect(profile.interpret(tags(["highway": "residential", "maxspeed:type": "DE:zone30"]))?.forwardLimit == .limited(30, source: .zone))
        #expect(profile.interpret(tags(["highway": "tertiary", "source:maxspeed": "DE:rural"]))?.forwardLimit == .limited(100, source: .zone))
        #expect(profile.interpret(tags(["highway": "residential", "zone:maxspeed": "DE:30"]))?.forwardLimit == .limited(30, source: .zone))
        // A tagged maxspeed wins over the zone tag.
        #expect(profile.interpret(tags(["highway": "residential", "maxspeed": "20", "zone:maxspeed": "DE:30"]))?.forwardLimit == .limited(20, source: .posted))
    }

    @Test func classDefaultsApplyWithoutTags() throws {
        let profile = CarProfile()
        let expected: [(String, Double)] = [("motorway", 130), ("trunk", 110), ("primary", 90), ("secondary", 70),
                                             ("tertiary", 60), ("residential", 50), ("living_street", 10), ("service", 30)]
        for (highway, kmh) in expected {
            let w = try #require(profile.interpret(tags(["highway": highway])))
            #expect(w.forwardLimit == .limited(kmh, source: .classDefault), "\(highway)")
        }
    }

    @Test func unreadableMaxspeedFallsBackToClassDefaultAndIsFlagged() throws {
        let w = try #require(CarProfile().interpret(tags(["highway": "residential", "maxspeed": "slow"])))
        #expect(w.forwardLimit == .limited(50, source: .classDefault))
        #expect(w.hadUnreadableMaxspeed)
    }

    @Test func taggedLimitSetsTheRoutingSpeedAtOSRMsReductionButDefaultsDoNot() throws {
        let profile = CarProfile()
        let zone30 = try #require(profile.interpret(tags(["highway": "primary", "maxspeed": "30"])))
        #expect(abs(zone30.forwardSpeed - 24) < 1e-9)
        // Above the class speed too: a tagged 50 on a residential street (class 25 km/h) gives 40 km/h.
        let residential50 = try #require(profile.interpret(tags(["highway": "residential", "maxspeed": "50"])))
        #expect(abs(residential50.forwardSpeed - 40) < 1e-9)
        let zone = try #require(profile.interpret(tags(["highway": "residential", "maxspeed": "DE:urban"])))
        #expect(abs(zone.forwardSpeed - 40) < 1e-9)
        let mph = try #require(profile.interpret(tags(["highway": "primary", "maxspeed": "30 mph"])))
        #expect(abs(mph.forwardSpeed - 0.8 * 30 * 1.609344) < 1e-6)
        let untagged = try #require(profile.interpret(tags(["highway": "primary"])))
        #expect(untagged.forwardSpeed == profile.routingSpeed(for: .primary))
        #expect(profile.routingSpeed(for: .primary) == 65 && profile.routingSpeed(for: .residential) == 25)
        let fastMotorway = try #require(profile.interpret(tags(["highway": "motorway", "maxspeed": "none"])))
        #expect(abs(fastMotorway.forwardSpeed - 0.8 * 140) < 1e-9)
        let signals = try #require(profile.interpret(tags(["highway": "trunk", "maxspeed": "signals"])))
        #expect(signals.forwardSpeed == profile.routingSpeed(for: .trunk))
    }

    @Test func advisoryLimitSetsTheRoutingSpeedButNotThePostedLimit() throws {
        let curve = try #require(CarProfile().interpret(tags(["highway": "primary", "maxspeed": "70", "maxspeed:advisory": "40"])))
        #expect(curve.forwardLimit == .limited(70, source: .posted))
        #expect(abs(curve.forwardSpeed - 32) < 1e-9)
        let oneSide = try #require(CarProfile().interpret(tags(["highway": "primary", "maxspeed": "70",
                                                                "maxspeed:advisory:backward": "30"])))
        #expect(abs(oneSide.forwardSpeed - 56) < 1e-9 && abs(oneSide.backwardSpeed - 24) < 1e-9)
    }

    @Test func roughSurfacesCapTheRoutingSpeed() throws {
        let profile = CarProfile()
        let cobbles = try #require(profile.interpret(tags(["highway": "primary", "surface": "cobblestone"])))
        #expect(cobbles.forwardSpeed == 30)
        let gravelTrack = try #require(profile.interpret(tags(["highway": "primary", "surface": "gravel", "tracktype": "grade4"])))
        #expect(gravelTrack.forwardSpeed == 25)
        let asphalt = try #require(profile.interpret(tags(["highway": "primary", "surface": "asphalt"])))
        #expect(asphalt.forwardSpeed == 65)
        #expect(profile.interpret(tags(["highway": "residential", "smoothness": "impassable"])) == nil)
    }
}
