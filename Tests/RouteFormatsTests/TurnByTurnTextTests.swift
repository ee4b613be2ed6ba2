import Testing
import Geodesy
import Guidance
import OSMImport
import RoadNetwork
import Routing
import TestSupport
@testable import RouteFormats

/// The turn-by-turn text: numbered maneuvers, distance since the previous one, the instruction in the
/// chosen language, the road, and the limit only where it changes (estimated ones said to be).
struct TurnByTurnTextTests {
    static let map = MapFixture("""
        a - - - - - - - - - - b - - - - - - - - - - c - - - - e
                                                    |
                                                    |
                                                    d
        """, gridSize: 40)

    static func lines(language: InstructionLanguage = .en, to destination: Character = "d") throws -> [String] {
        let xml = map.osmXML(ways: [
            .init("ab", ["highway": "primary", "name": "Ilica", "maxspeed": "50"]),
            .init("bce", ["highway": "primary", "name": "Ilica", "maxspeed": "30"]),
            .init("cd", ["highway": "residential", "name": "Trpimirova", "maxspeed": "30"]),
        ])
        let graph = try OSMImporter.importXML(xml, sourceName: "text").graph
        let route = try Router(graph: graph).route(from: map.coordinate("a"), to: map.coordinate(destination))
        let steps = RouteGuidance.steps(for: route, in: graph, language: language)
        return TurnByTurnText.lines(route: route, steps: steps, graph: graph, language: language)
    }

    @Test func numberedInstructionsWithDistancesRoadsAndLimitChanges() throws {
        let lines = try Self.lines()
        #expect(lines == [
            "   1.          Head east on Ilica  [Ilica, limit 50 km/h]",
            "               after 900 m: limit 30 km/h",
            "   2.  1.8 km  Turn right onto Trpimirova  [Trpimirova]",
            "   3.   100 m  You have arrived at your destination",
        ])
    }

    @Test func croatianText() throws {
        let lines = try Self.lines(language: .hr)
        #expect(lines[0].hasSuffix("Krenite prema istoku na Ilica  [Ilica, ograničenje 50 km/h]"))
        #expect(lines[1].hasSuffix("nakon 900 m: ograničenje 30 km/h"))
        #expect(lines[2].hasSuffix("1,8 km  Skrenite desno na Trpimirova  [Trpimirova]"))
    }

    @Test func postedLimitsAreToldEstimatesSaySoAndClassDefaultsAreNot() {
        #expect(TurnByTurnText.limitText(.limited(50, source: .classDefault), language: .en) == nil)
        #expect(TurnByTurnText.limitText(.unlimited(source: .classDefault), language: .en) == nil)
        #expect(TurnByTurnText.limitText(.unknown(), language: .en) == nil)
        #expect(TurnByTurnText.limitText(.unknown(source: .legalDefault), language: .en) == nil)
        #expect(TurnByTurnText.limitText(.unlimited(), language: .hr) == "bez ograničenja")
        #expect(TurnByTurnText.limitText(.limited(48.28, unit: .milesPerHour, source: .posted), language: .en) == "limit 30 mph")
        #expect(TurnByTurnText.limitText(.limited(30, source: .zone), language: .en) == "limit 30 km/h")
        #expect(TurnByTurnText.limitText(.limited(90, source: .legalDefault), language: .en) == "limit 90 km/h (estimated)")
        #expect(TurnByTurnText.limitText(.limited(40, source: .neighbours), language: .hr) == "ograničenje 40 km/h (procjena)")
        #expect(TurnByTurnText.limitText(.limited(88.5, unit: .milesPerHour, source: .legalDefault), language: .en) == "limit 55 mph (estimated)")
        #expect(TurnByTurnText.limitText(.unlimited(source: .legalDefault), language: .en) == "no limit (estimated)")
    }
}
