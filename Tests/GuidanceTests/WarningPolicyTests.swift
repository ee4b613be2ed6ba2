import Geodesy
@testable import Guidance
import RoadNetwork
import Routing
import Testing

/// Which limits raise warnings (`--warn-on`, `warn_on=`), and the flag on a warning found against an
/// estimated limit.
@Suite struct WarningPolicyTests {
    static let posted = SpeedLimit.limited(50, source: .posted)
    static let zone = SpeedLimit.limited(30, source: .zone)
    static let legal = SpeedLimit.limited(50, source: .legalDefault)
    static let neighbours = SpeedLimit.limited(50, source: .neighbours)
    static let classDefault = SpeedLimit.limited(50, source: .classDefault)

    @Test func bothComparesEveryLimit() {
        for limit in [Self.posted, Self.legal, Self.neighbours, Self.classDefault] {
            #expect(WarningPolicy.both.warning(speed: 60, limit: limit) == .farOver)
            #expect(WarningPolicy.both.warning(speed: 50, limit: limit) == .normal)
        }
        #expect(WarningPolicy.both.warning(speed: 35, limit: Self.zone) == .farOver)
    }

    @Test func postedLeavesEstimatedLimitsUncheckedWhateverTheSpeed() {
        for limit in [Self.legal, Self.neighbours, Self.classDefault, .unlimited(source: .legalDefault)] {
            #expect(WarningPolicy.posted.warning(speed: 120, limit: limit) == .unchecked)
            #expect(WarningPolicy.posted.warning(speed: 20, limit: limit) == .unchecked)
        }
        #expect(WarningPolicy.posted.warning(speed: 53, limit: Self.posted) == .over)
        #expect(WarningPolicy.posted.warning(speed: 35, limit: Self.zone) == .farOver)
        #expect(WarningPolicy.posted.warning(speed: 250, limit: .unlimited()) == .normal)
    }

    @Test func estimatedLeavesPostedLimitsUnchecked() {
        #expect(WarningPolicy.estimated.warning(speed: 60, limit: Self.posted) == .unchecked)
        #expect(WarningPolicy.estimated.warning(speed: 60, limit: Self.zone) == .unchecked)
        #expect(WarningPolicy.estimated.warning(speed: 60, limit: Self.legal) == .farOver)
        #expect(WarningPolicy.estimated.warning(speed: 40, limit: Self.neighbours) == .normal)
    }

    @Test func anUnknownSpeedOrLimitStaysUnknownUnderEveryPolicy() {
        for policy in WarningPolicy.allCases {
            #expect(policy.warning(speed: nil, limit: Self.legal) == .unknown)
            #expect(policy.warning(speed: nil, limit: Self.posted) == .unknown)
            #expect(policy.warning(speed: 50, limit: .unknown()) == .unknown)
            #expect(policy.warning(speed: 50, limit: .unknown(source: .classDefault)) == .unknown)
        }
    }

    @Test func onlyAComparisonWithAnEstimatedLimitIsAnEstimatedWarning() {
        #expect(WarningPolicy.isEstimated(.over, limit: Self.legal))
        #expect(WarningPolicy.isEstimated(.normal, limit: Self.classDefault))
        #expect(WarningPolicy.isEstimated(.farOver, limit: Self.neighbours))
        #expect(!WarningPolicy.isEstimated(.over, limit: Self.posted))
        #expect(!WarningPolicy.isEstimated(.unknown, limit: Self.legal))
        #expect(!WarningPolicy.isEstimated(.unchecked, limit: Self.legal))
        #expect(!WarningPolicy.isEstimated(.normal, limit: nil))
    }

    @Test func aPolicyIsReadInAnyCaseAndABadOneNamesWhatIsExpected() throws {
        #expect(try WarningPolicy(parsing: "posted") == .posted)
        #expect(try WarningPolicy(parsing: " Estimated ") == .estimated)
        #expect(try WarningPolicy(parsing: "BOTH") == .both)
        #expect(throws: GuidanceInputError(setting: .warningPolicy, value: "signs", expected: "posted, estimated or both")) {
            try WarningPolicy(parsing: "signs")
        }
        do throws(GuidanceInputError) {
            _ = try GuidanceOptions(parsingSpacing: "bands", plannedSpeed: "50", language: "en", warningPolicy: "")
            Issue.record("an empty policy was accepted")
        } catch {
            #expect(error.description(naming: [.warningPolicy: "--warn-on"]) == "--warn-on '' is invalid (expected posted, estimated or both)")
            #expect(error.description == "speed warning policy '' is invalid (expected posted, estimated or both)")
        }
        let options = try GuidanceOptions(parsingSpacing: "bands", plannedSpeed: "50", language: "en", warningPolicy: "Posted")
        #expect(options.warningPolicy == .posted)
        #expect(try GuidanceOptions(parsingSpacing: "bands", plannedSpeed: nil, language: "en").warningPolicy == .both)
    }

    /// a → b posted 50, b → c the legal default 50, 200 m each.
    static func route() throws -> (RoadGraph, Route) {
        let origin = Coordinate(latitude: 41.15, longitude: -8.61)
        var builder = RoadGraphBuilder()
        let nodes = (0..<3).map { k in
            builder.addNode(coordinate: GreatCircle.destination(from: origin, bearing: Bearing(degrees: 90), distance: Double(k) * 200))
        }
        for (k, limit) in [Self.posted, Self.legal].enumerated() {
            builder.addEdge(RoadEdgeDescription(from: nodes[k], to: nodes[k + 1], routingSpeed: 40, highway: .residential,
                                                speedLimit: limit, name: "Rua", wayID: Int64(k + 1)))
        }
        let graph = builder.build()
        return (graph, try Router(graph: graph).route(from: origin, to: GreatCircle.destination(from: origin, bearing: Bearing(degrees: 90), distance: 400)))
    }

    @Test func waypointsCarryThePolicysWarningAndTheEstimatedFlag() throws {
        let (graph, route) = try Self.route()
        let both = RouteGuidance.waypoints(for: route, in: graph, options: GuidanceOptions(spacing: .fixed(20), plannedSpeed: 54))
        let posted = RouteGuidance.waypoints(for: route, in: graph,
                                             options: GuidanceOptions(spacing: .fixed(20), plannedSpeed: 54, warningPolicy: .posted))
        #expect(both.count == posted.count && both.count > 10)
        for (w, p) in zip(both, posted) {
            #expect(w.warning == .over)
            #expect(w.warningIsEstimated == w.speedLimit.isEstimated)
            #expect(p.warning == (p.speedLimit.isEstimated ? .unchecked : .over))
            #expect(!p.warningIsEstimated)
        }
        #expect(both.contains { $0.warningIsEstimated } && both.contains { !$0.warningIsEstimated })
        var summary = GuidanceSummary(warningPolicy: .both)
        for record in GuidanceReplay.records(for: both) { summary.add(record) }
        #expect(summary.estimatedWarnings[.over] == both.filter(\.warningIsEstimated).count)
        #expect(summary.estimatedWarnings.keys.sorted { $0.rawValue < $1.rawValue } == [.farOver, .normal, .over])
    }

    @Test func aReplayedDriveIsWarnedUnderThePolicy() throws {
        let (graph, route) = try Self.route()
        let waypoints = RouteGuidance.waypoints(for: route, in: graph, options: GuidanceOptions(spacing: .fixed(20)))
        // A trace along the road at 70 km/h, a point every 10 m.
        let points = stride(from: 0.0, through: 400, by: 10).enumerated().map { i, d in
            TracePoint(coordinate: GreatCircle.destination(from: route.coordinates[0], bearing: Bearing(degrees: 90), distance: d),
                       time: Double(i) * 10 / (70 / 3.6), speed: 70)
        }
        let match = TraceMatcher().match(Trace(points: points, sourceName: "drive"), to: route.coordinates)
        var warnings: [(SpeedWarning, Bool)] = []
        GuidanceReplay.replay(waypoints: waypoints, match: match, policy: .posted) { warnings.append(($0.waypoint.warning, $0.waypoint.speedLimit.isEstimated)) }
        #expect(warnings.count > 10)
        for (warning, estimated) in warnings { #expect(warning == (estimated ? .unchecked : .farOver)) }
    }
}
