import Geodesy
import OSMImport
import Routing
import TestSupport
@testable import Guidance
import RoadNetwork
import Testing

@Suite struct SpeedWarningTests {
    static let fifty = SpeedLimit.limited(50, source: .posted)
    static let thirtyMph = SpeedLimit.limited(SpeedConversion.kilometersPerHour(milesPerHour: 30), unit: .milesPerHour, source: .posted)

    @Test func exactlyTheLimitIsNormal() {
        #expect(SpeedWarning.classify(speed: 50, limit: Self.fifty) == .normal)
        #expect(SpeedWarning.classify(speed: 30, limit: Self.fifty) == .normal)
    }

    @Test func justOverTheLimitIsOver() {
        #expect(SpeedWarning.classify(speed: 50.1, limit: Self.fifty) == .over)
    }

    @Test func exactlyOneHundredTenPercentIsOver() {
        #expect(SpeedWarning.classify(speed: 55, limit: Self.fifty) == .over)
        #expect(SpeedWarning.classify(speed: 50 * 1.1, limit: Self.fifty) == .over)
    }

    @Test func aboveOneHundredTenPercentIsFarOver() {
        #expect(SpeedWarning.classify(speed: 55.1, limit: Self.fifty) == .farOver)
        #expect(SpeedWarning.classify(speed: 120, limit: Self.fifty) == .farOver)
    }

    @Test func mphLimitAtThirtyMphIsNormal() {
        #expect(Self.thirtyMph.valueInTaggedUnit == 30)
        let thirty = SpeedConversion.kilometersPerHour(milesPerHour: 30)  // 48.28032 km/h
        #expect(SpeedWarning.classify(speed: thirty, limit: Self.thirtyMph) == .normal)
        #expect(SpeedWarning.classify(speed: SpeedConversion.kilometersPerHour(milesPerHour: 33), limit: Self.thirtyMph) == .over)
        #expect(SpeedWarning.classify(speed: SpeedConversion.kilometersPerHour(milesPerHour: 33.1), limit: Self.thirtyMph) == .farOver)
        #expect(SpeedWarning.classify(speed: SpeedConversion.kilometersPerHour(milesPerHour: 30.2), limit: Self.thirtyMph) == .over)
    }

    @Test func unlimitedRoadsAreNormalAtAnySpeed() {
        #expect(SpeedWarning.classify(speed: 250, limit: .unlimited()) == .normal)
    }

    @Test func unknownLimitOrSpeedIsUnknown() {
        #expect(SpeedWarning.classify(speed: 50, limit: .unknown()) == .unknown)
        #expect(SpeedWarning.classify(speed: nil, limit: Self.fifty) == .unknown)
        #expect(SpeedWarning.classify(speed: .nan, limit: Self.fifty) == .unknown)
    }

    @Test func waypointsCarryTheirEdgesLimitAndWarning() throws {
        let f = try GuidanceFixture("a -------------------- b -------------------- c", ways: [
            .init("ab", road("Slow Lane", "residential", ["maxspeed": "30 mph"])),
            .init("bc", road("Fast Lane", "primary", ["maxspeed": "50"])),
        ])
        let route = try f.route("ac")
        let waypoints = RouteGuidance.waypoints(for: route, in: f.graph, options: GuidanceOptions(plannedSpeed: 50))
        let first = waypoints.filter { $0.distanceAlongRoute < 199 }
        let second = waypoints.filter { $0.distanceAlongRoute > 201 }
        #expect(!first.isEmpty && !second.isEmpty)
        for w in first {
            #expect(w.speedLimit.unit == .milesPerHour)
            #expect(w.speedLimit.valueInTaggedUnit == 30)
            #expect(w.warning == .over)          // 50 km/h is 103.6 % of 30 mph
            #expect(w.vehicleSpeed == 50)
        }
        for w in second {
            #expect(w.speedLimit.valueInTaggedUnit == 50)
            #expect(w.warning == .normal)
        }
        let unknown = RouteGuidance.waypoints(for: route, in: f.graph)
        #expect(unknown.allSatisfy { $0.warning == .unknown })
    }
}
