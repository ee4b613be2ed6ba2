import Foundation
import Geodesy
import Guidance
import OutputEncoding
import RoadNetwork
import Routing
import Testing
@testable import RouteFormats

/// A straight avenue of three 400 m stretches with one speed limit of 50 km/h, each from another source:
/// posted on a–b, Portugal's urban legal default on b–c, the residential class's default on c–d.
///
///     a ------ b ------ c ------ d
///     posted   legal    class default
enum EstimatedLimitAvenue {
    static let origin = Coordinate(latitude: 38.72, longitude: -9.14)
    static let posted = SpeedLimit.limited(50, source: .posted)
    static let legal = SpeedLimit.limited(50, source: .legalDefault).placed(builtUp: .urbanByArea, region: RegionCode("PT")!)
    static let classDefault = SpeedLimit.limited(50, source: .classDefault)

    static func point(east: Meters) -> Coordinate {
        GreatCircle.destination(from: origin, bearing: Bearing(degrees: 90), distance: east)
    }

    static let graph: RoadGraph = {
        var builder = RoadGraphBuilder()
        let nodes = (0..<4).map { builder.addNode(osmID: Int64($0 + 1), coordinate: point(east: Double($0) * 400)) }
        for (k, limit) in [posted, legal, classDefault].enumerated() {
            builder.addEdge(RoadEdgeDescription(from: nodes[k], to: nodes[k + 1], routingSpeed: 40, highway: .residential,
                                                speedLimit: limit, name: "Avenida", wayID: Int64(k + 1)))
            builder.addEdge(RoadEdgeDescription(from: nodes[k + 1], to: nodes[k], routingSpeed: 40, highway: .residential,
                                                speedLimit: limit, flags: .againstWayDirection, name: "Avenida", wayID: Int64(k + 1)))
        }
        return builder.build()
    }()

    /// The route from a to d.
    static func route() throws -> Route {
        try Router(graph: graph).route(from: point(east: 0), to: point(east: 1200))
    }

    /// The source of the stretch `distance` along the route lies on; nil within a metre of a node
    /// between two stretches (where either edge may hold the point).
    static func stretch(at distance: Meters) -> SpeedLimitSource? {
        if abs(distance - 400) < 1 || abs(distance - 800) < 1 { return nil }
        return distance < 400 ? .posted : distance < 800 ? .legalDefault : .classDefault
    }
}

/// Each route output says where a limit comes from and whether it is estimated.
@Suite struct SpeedLimitSourceFormatTests {
    typealias Avenue = EstimatedLimitAvenue

    static func object(_ text: some StringProtocol) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The stream of the avenue at `speed` under `policy`: its waypoint lines and its summary.
    static func stream(speed: Double, policy: WarningPolicy = .both) throws -> (lines: [[String: Any]], summary: [String: Any]) {
        let route = try Avenue.route()
        let options = GuidanceOptions(spacing: .fixed(50), plannedSpeed: speed, warningPolicy: policy)
        let waypoints = RouteGuidance.waypoints(for: route, in: Avenue.graph, options: options)
        var text: [String] = []
        var writer = WaypointStreamWriter(summary: GuidanceSummary(distance: route.distance, duration: route.duration,
                                                                   warningPolicy: policy)) { text.append($0) }
        for record in GuidanceReplay.records(for: waypoints) { writer.write(record) }
        writer.finish()
        let objects = try text.map { try object($0) }
        return (Array(objects.dropLast()), try #require(objects.last?["summary"] as? [String: Any]))
    }

    @Test func theStreamSaysEachLimitsSourceAndFlagsWarningsAgainstEstimates() throws {
        let (lines, summary) = try Self.stream(speed: 53)
        #expect(lines.count > 20)
        var seen: Set<String> = []
        for line in lines.dropLast() {
            let limit = try #require(line["speed_limit"] as? [String: Any])
            let distance = try #require(line["distance"] as? Double)
            guard let source = Avenue.stretch(at: distance) else { continue }
            seen.insert(source.description)
            #expect(limit["source"] as? String == source.description, "at \(distance) m")
            #expect(limit["estimated"] as? Bool == source.isEstimated)
            #expect(limit["kmh"] as? Double == 50 && limit["kind"] as? String == "limited")
            // 53 km/h is 106 % of 50: over everywhere, flagged where the 50 is an estimate.
            #expect(line["warning"] as? String == "over" && line["color"] as? String == "orange")
            #expect(line["warning_estimated"] as? Bool == source.isEstimated, "at \(distance) m")
            if source == .legalDefault {
                #expect(limit["urban"] as? Bool == true && limit["country"] as? String == "PT" && limit["region"] as? String == "PT")
            } else {
                #expect(limit["urban"] is NSNull && limit["country"] is NSNull && limit["region"] is NSNull)
            }
        }
        #expect(seen == ["posted", "legal_default", "class_default"])
        #expect(summary["version"] as? Int == 4 && WaypointStreamWriter.formatVersion == 4)
        #expect(summary["warn_on"] as? String == "both")
        let warnings = try #require(summary["warnings"] as? [String: Int])
        let estimated = try #require(summary["estimated_warnings"] as? [String: Int])
        #expect(Set(estimated.keys) == ["normal", "over", "far_over"])
        let flagged = lines.filter { $0["warning_estimated"] as? Bool == true }.count
        #expect(estimated["over"] == flagged && flagged > 0 && flagged < warnings["over"] ?? 0)
        #expect(warnings["unchecked"] == 0)
    }

    @Test func warnOnPostedLeavesEstimatedStretchesUncheckedAndGrey() throws {
        let (lines, summary) = try Self.stream(speed: 60, policy: .posted)
        for line in lines.dropLast() {
            let distance = try #require(line["distance"] as? Double)
            guard let source = Avenue.stretch(at: distance) else { continue }
            if source.isEstimated {
                #expect(line["warning"] as? String == "unchecked" && line["color"] as? String == "grey", "at \(distance) m")
            } else {
                #expect(line["warning"] as? String == "far_over" && line["color"] as? String == "red", "at \(distance) m")
            }
            #expect(line["warning_estimated"] as? Bool == false)
        }
        #expect(summary["warn_on"] as? String == "posted")
        let warnings = try #require(summary["warnings"] as? [String: Int])
        let colors = try #require(summary["colors"] as? [String: Int])
        #expect((warnings["unchecked"] ?? 0) > 0)
        #expect(colors["grey"] == (warnings["unchecked"] ?? 0) + (warnings["unknown"] ?? 0))
        #expect(colors.values.reduce(0, +) == lines.count)
        #expect(summary["estimated_warnings"] as? [String: Int] == ["normal": 0, "over": 0, "far_over": 0])
    }

    @Test func warnOnEstimatedChecksOnlyTheEstimates() throws {
        let (lines, _) = try Self.stream(speed: 45, policy: .estimated)
        for line in lines.dropLast() {
            let distance = try #require(line["distance"] as? Double)
            guard let estimated = Avenue.stretch(at: distance)?.isEstimated else { continue }
            #expect(line["warning"] as? String == (estimated ? "normal" : "unchecked"), "at \(distance) m")
            #expect(line["warning_estimated"] as? Bool == estimated)
        }
    }

    @Test func osrmMaxspeedKeepsPostedLimitsAndWaymarkMaxspeedGivesEverySource() throws {
        let route = try Avenue.route()
        var options = OSRMRouteResponse.Options()
        options.annotations = [.maxspeed, .distance]
        let response = try Self.object(OSRMRouteResponse(route: route, steps: RouteGuidance.steps(for: route, in: Avenue.graph),
                                                         options: options).json(graph: Avenue.graph))
        let leg = try #require(((response["routes"] as? [[String: Any]])?.first?["legs"] as? [[String: Any]])?.first)
        let annotation = try #require(leg["annotation"] as? [String: Any])
        let maxspeed = try #require(annotation["maxspeed"] as? [[String: Any]])
        let waymark = try #require(annotation["waymark_maxspeed"] as? [[String: Any]])
        let distances = try #require(annotation["distance"] as? [Double])
        #expect(maxspeed.count == distances.count && waymark.count == distances.count && distances.count == 3)
        // OSRM's meaning: only the posted limit; the estimates are unknown there.
        #expect(maxspeed[0]["speed"] as? Int == 50 && maxspeed[0]["unit"] as? String == "km/h" && maxspeed[0]["unknown"] == nil)
        #expect(maxspeed[1]["unknown"] as? Bool == true && maxspeed[1]["speed"] == nil)
        #expect(maxspeed[2]["unknown"] as? Bool == true && maxspeed[2]["speed"] == nil)
        // Waymark's: every limit, with where it comes from.
        #expect(waymark.map { $0["speed"] as? Int } == [50, 50, 50])
        #expect(waymark.map { $0["source"] as? String } == ["posted", "legal_default", "class_default"])
        #expect(waymark.map { $0["estimated"] as? Bool } == [false, true, true])
        // Asked for without maxspeed, neither is written.
        options.annotations = [.distance]
        let without = try Self.object(OSRMRouteResponse(route: route, steps: route.legs.map { _ in [] }, options: options).json(graph: Avenue.graph))
        let plain = try #require(((without["routes"] as? [[String: Any]])?.first?["legs"] as? [[String: Any]])?.first?["annotation"] as? [String: Any])
        #expect(plain["maxspeed"] == nil && plain["waymark_maxspeed"] == nil)
    }

    @Test func osrmNoneIsPostedOnlyAndEveryEntryCarriesItsSource() throws {
        func entry(_ limit: SpeedLimit, waymark: Bool) throws -> [String: Any] {
            var w = JSONWriter()
            if waymark { OSRMRouteResponse.writeWaymarkMaxSpeed(limit, into: &w) } else { OSRMRouteResponse.writeMaxSpeed(limit, into: &w) }
            return try Self.object(w.text)
        }
        #expect(try entry(.unlimited(source: .posted), waymark: false)["none"] as? Bool == true)
        #expect(try entry(.unlimited(source: .legalDefault), waymark: false)["unknown"] as? Bool == true)
        #expect(try entry(.limited(30, source: .zone), waymark: false)["speed"] as? Int == 30)
        let none = try entry(.unlimited(source: .legalDefault), waymark: true)
        #expect(none["none"] as? Bool == true && none["source"] as? String == "legal_default" && none["estimated"] as? Bool == true)
        let mph = try entry(.limited(48.28032, unit: .milesPerHour, source: .neighbours), waymark: true)
        #expect(mph["speed"] as? Int == 30 && mph["unit"] as? String == "mph" && mph["source"] as? String == "neighbours")
        let unknown = try entry(.unknown(), waymark: true)
        #expect(unknown["unknown"] as? Bool == true && unknown["source"] as? String == "posted" && unknown["estimated"] as? Bool == false)
    }

    @Test func theTextTellsEstimatedLimitsAsEstimatesAndClassDefaultsNotAtAll() throws {
        let route = try Avenue.route()
        for (language, suffix) in [(InstructionLanguage.en, "after 400 m: limit 50 km/h (estimated)"),
                                   (.hr, "nakon 400 m: ograničenje 50 km/h (procjena)")] {
            let steps = RouteGuidance.steps(for: route, in: Avenue.graph, language: language)
            let lines = TurnByTurnText.lines(route: route, steps: steps, graph: Avenue.graph, language: language)
            #expect(lines.count == 3, "\(lines)")
            #expect(lines.first?.hasSuffix(language == .en ? "[Avenida, limit 50 km/h]" : "[Avenida, ograničenje 50 km/h]") == true, "\(lines)")
            #expect(lines.dropFirst().first == String(repeating: " ", count: 15) + suffix, "\(lines)")
            #expect(!lines.contains { $0.contains("after 800 m") || $0.contains("nakon 800 m") }, "the class default is not told")
        }
    }
}
