import Foundation
import Geodesy
import OSMImport
import OSRMService
import RoadNetwork
import Testing
import TestSupport

/// Mapbox-style requests (`/directions/v5/{owner}/driving/…` and the same options on `/route/v1`):
/// responses decoded by the client-model decoder (`DirectionsResponse`), the voice and banner
/// instructions on every step, English and Croatian, and the options' errors.
///
///     a ------ b ------ c
///               \
///                e ------ f
///
/// A motorway A1 (a–c) with exit 12 at b onto a slip road signed "N13: Maia", then Rua Nova.
@Suite struct DirectionsRequestTests {
    static let motorway = MapFixture("""
        a ------ b ------ c
                  \\
                   e ------ f
        """, gridSize: 200)

    static let motorwayService = {
        let xml = motorway.osmXML(ways: [
            .init("abc", ["highway": "motorway", "ref": "A1", "oneway": "yes"]),
            .init("be", ["highway": "motorway_link", "destination:ref": "N13", "destination": "Maia", "oneway": "yes"]),
            .init("ef", ["highway": "primary", "name": "Rua Nova"]),
        ], nodeTags: ["b": ["highway": "motorway_junction", "ref": "12"]])
        // swiftlint:disable:next force_try
        return RoutingService(graph: try! OSMImporter.importXML(xml, sourceName: "directions").graph)
    }()

    /// A roundabout (`hefgh`, anticlockwise) with roads to the four sides.
    static let ring = MapFixture("""
                n
                |
                f
              /   \\
        w - g       e - x
              \\   /
                h
                |
                s
        """, gridSize: 10)

    static let ringService = {
        let xml = ring.osmXML(ways: [
            .init("hefgh", ["highway": "primary", "junction": "roundabout"]),
            .init("sh", ["highway": "primary", "name": "South Road"]), .init("ex", ["highway": "primary", "name": "East Road"]),
            .init("fn", ["highway": "primary", "name": "North Road"]), .init("gw", ["highway": "primary", "name": "West Road"]),
        ])
        // swiftlint:disable:next force_try
        return RoutingService(graph: try! OSMImporter.importXML(xml, sourceName: "directions-ring").graph)
    }()

    static func lonLat(_ c: Coordinate) -> String { "\(c.longitude),\(c.latitude)" }
    static let exitRoute = "\(lonLat(motorway.coordinate("a")));\(lonLat(motorway.coordinate("f")))"
    static let guidanceOptions = "steps=true&voice_instructions=true&banner_instructions=true"

    static func ask(_ target: String, _ service: RoutingService) -> (status: Int, body: String) {
        let response = service.respond(to: target, workspace: service.makeWorkspace())
        return (response.status, response.body)
    }

    static func steps(_ body: DirectionsResponse.Body) -> [DirectionsResponse.Step] {
        body.routes.flatMap(\.legs).flatMap(\.steps)
    }

    @Test func mapboxRequestIsAnsweredAndDecodesWithTheClientModel() throws {
        let target = "/directions/v5/mapbox/driving/\(Self.exitRoute).json?\(Self.guidanceOptions)&voice_units=metric"
            + "&language=en-US&roundabout_exits=true&access_token=pk.test&geometries=polyline6&overview=full"
        let (status, body) = Self.ask(target, Self.motorwayService)
        #expect(status == 200, "\(body)")
        let decoded = try DirectionsResponse.decode(body)
        #expect(decoded.code == "Ok")
        #expect(decoded.routes.first?.voiceLocale == "en")
        DirectionsResponse.checkGuidance(decoded)
        let steps = Self.steps(decoded)
        let exit = try #require(steps.firstIndex { $0.maneuver.type == .takeOffRamp })
        #expect(steps[exit].maneuver.instruction == "Take exit 12 towards Maia")
        // The motorway step announces the exit 500 m ahead and again just before it.
        let spoken = steps[exit - 1].voiceInstructions?.map(\.announcement) ?? []
        #expect(spoken.contains("In 500 metres, take exit 12 towards Maia"), "\(spoken)")
        #expect(spoken.last == "Take exit 12 towards Maia")
        let banner = try #require(steps[exit - 1].bannerInstructions?.first)
        #expect(banner.primary.components == [.text(kind: .exit, text: "Exit"), .text(kind: .exitNumber, text: "12"),
                                              .text(kind: .icon, text: "N13"), .text(kind: .delimiter, text: "/"),
                                              .text(kind: .text, text: "Maia")])
        #expect(banner.primary.type == .takeOffRamp)

        // The same request on /route/v1 (without Mapbox's token) is the same body.
        let osrm = "/route/v1/driving/\(Self.exitRoute)?\(Self.guidanceOptions)&voice_units=metric&language=en-US"
            + "&roundabout_exits=true&geometries=polyline6&overview=full"
        #expect(Self.ask(osrm, Self.motorwayService).body == body)
    }

    @Test func croatianAndImperialTexts() throws {
        let target = "/directions/v5/mapbox/driving-traffic/\(Self.exitRoute)?\(Self.guidanceOptions)&language=hr&voice_units=imperial"
        let (status, body) = Self.ask(target, Self.motorwayService)
        #expect(status == 200, "\(body)")
        let decoded = try DirectionsResponse.decode(body)
        DirectionsResponse.checkGuidance(decoded)
        let steps = Self.steps(decoded)
        let exit = try #require(steps.firstIndex { $0.maneuver.type == .takeOffRamp })
        #expect(steps[exit].maneuver.instruction == "Izađite na izlazu 12 prema Maia")
        let spoken = steps[exit - 1].voiceInstructions?.map(\.announcement) ?? []
        #expect(spoken.contains("Za četvrt milje, izađite na izlazu 12 prema Maia"), "\(spoken)")
        #expect(steps.last?.voiceInstructions?.map(\.announcement) == ["Stigli ste na odredište"])
        #expect(steps[exit - 1].bannerInstructions?.first?.primary.components.first == .text(kind: .exit, text: "Izlaz"))
    }

    @Test func withoutTheOptionsNoInstructionsAreWritten() throws {
        let (status, body) = Self.ask("/route/v1/driving/\(Self.exitRoute)?steps=true", Self.motorwayService)
        #expect(status == 200)
        let steps = Self.steps(try DirectionsResponse.decode(body))
        #expect(steps.allSatisfy { $0.voiceInstructions == nil && $0.bannerInstructions == nil })
        #expect(steps.allSatisfy { !$0.maneuver.instruction.isEmpty })
        #expect(!body.contains("voiceLocale"))
    }

    @Test func routeEndingInsideTheRoundaboutHasAModifier() throws {
        let e = Self.ring.coordinate("e"), f = Self.ring.coordinate("f")
        let onRing = GreatCircle.intermediate(from: e, to: f, fraction: 0.5)
        let target = "/directions/v5/mapbox/driving/\(Self.lonLat(Self.ring.coordinate("s")));\(Self.lonLat(onRing))?\(Self.guidanceOptions)"
        let (status, body) = Self.ask(target, Self.ringService)
        #expect(status == 200, "\(body)")
        let decoded = try DirectionsResponse.decode(body)
        DirectionsResponse.checkGuidance(decoded)
        let roundabout = try #require(Self.steps(decoded).first { $0.maneuver.type == .roundabout })
        #expect(roundabout.maneuver.exit == nil)
        #expect(roundabout.maneuver.modifier != nil)
    }

    @Test func roundaboutExitsFalseFoldsTheExitStep() throws {
        let route = "\(Self.lonLat(Self.ring.coordinate("s")));\(Self.lonLat(Self.ring.coordinate("n")))"
        let with = Self.steps(try DirectionsResponse.decode(Self.ask("/route/v1/driving/\(route)?\(Self.guidanceOptions)", Self.ringService).body))
        let without = try DirectionsResponse.decode(
            Self.ask("/route/v1/driving/\(route)?\(Self.guidanceOptions)&roundabout_exits=false", Self.ringService).body)
        DirectionsResponse.checkGuidance(without)
        #expect(with.map(\.maneuver.type) == [.depart, .roundabout, .exitRoundabout, .arrive])
        #expect(Self.steps(without).map(\.maneuver.type) == [.depart, .roundabout, .arrive])
        #expect(abs(Self.steps(without)[1].distance - (with[1].distance + with[2].distance)) <= 0.11)
        let degrees = try #require(with[0].bannerInstructions?.first?.primary.degrees)
        #expect(degrees > 135 && degrees < 225, "straight across is about 180°, got \(degrees)")
    }

    @Test(arguments: [
        ("voice_units=furlongs", "InvalidValue", "voice_units"),
        ("language=xx", "InvalidValue", "language"),
        ("colour=blue", "InvalidQuery", "colour"),
        ("voice_units=metric&voice_units=imperial", "InvalidQuery", "voice_units"),
    ])
    func badOptionsAreOSRMErrorsNamingTheOption(option: String, code: String, named: String) throws {
        for prefix in ["/directions/v5/mapbox/driving/", "/route/v1/driving/"] {
            let (status, body) = Self.ask("\(prefix)\(Self.exitRoute)?\(Self.guidanceOptions)&\(option)", Self.motorwayService)
            #expect(status == 400)
            let error = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String])
            #expect(error["code"] == code, "\(prefix): \(body)")
            #expect(error["message"]?.contains(named) == true, "\(prefix): \(body)")
        }
    }

    @Test func badPathsAndOptionCombinations() throws {
        let cases: [(String, String)] = [
            ("/directions/v5/mapbox/walking/\(Self.exitRoute)", "InvalidUrl"),
            ("/directions/v5/driving/\(Self.exitRoute)", "InvalidUrl"),
            ("/directions/v1/mapbox/driving/\(Self.exitRoute)", "InvalidVersion"),
            ("/directions/v5/mapbox/driving/\(Self.exitRoute)?voice_instructions=true", "InvalidOptions"),
            ("/route/v1/driving/\(Self.exitRoute)?steps=true&access_token=pk.test", "InvalidQuery"),
        ]
        for (target, code) in cases {
            let (status, body) = Self.ask(target, Self.motorwayService)
            #expect(status == 400 && body.hasPrefix("{\"code\":\"\(code)\""), "\(target): \(body)")
        }
    }
}
