import Foundation
import OSRMService
import Routing
import Testing

/// A service whose router has contraction hierarchies and builds its landmarks on first use (what
/// `waymark serve` does with a database with hierarchies) answers `exclude=` as one whose landmarks were
/// built at set-up: the toll-free detour on the fixture town.
///
///     a-----b=====c-----d      (b=c: toll)
///           |     |
///           e     f
///           |     |
///     g-----h-----i-----j
@Suite struct ExcludeWithLandmarksOnFirstUseTests {
    typealias F = ServiceFixture
    static let avoidingToll = RoutingServiceTests.aToD + "?exclude=toll&overview=full&geometries=geojson&steps=true"

    static func service(landmarkTiming: LandmarkProvision.Timing) throws -> RoutingService {
        let router = try Router(graph: F.graph, landmarks: 2, landmarkTiming: landmarkTiming, hierarchies: .contract(ContractionOptions()))
        return RoutingService(router: router, pointsOfInterest: F.imported.pointsOfInterest)
    }

    @Test func excludeAnswersAsWithLandmarksBuiltAtSetUpAndBuildsThemOnce() throws {
        let lazy = try Self.service(landmarkTiming: .onFirstUse)
        let plain = try F.ask(RoutingServiceTests.aToD, service: lazy)
        #expect(plain.status == 200 && !lazy.router.landmarkProvision.isBuilt, "a hierarchy route needs no landmarks")

        let answer = try F.ask(Self.avoidingToll, service: lazy)
        let expected = try F.ask(Self.avoidingToll, service: Self.service(landmarkTiming: .atSetUp))
        #expect(answer.status == 200 && answer.body == expected.body)
        let detour = try RoutingServiceTests.route(answer.json)["distance"] as? Double ?? 0
        let direct = try RoutingServiceTests.route(plain.json)["distance"] as? Double ?? .infinity
        #expect(detour > direct, "the route avoiding the toll goes round by South Road")
        #expect(lazy.router.landmarkProvision.isBuilt, "the excluding router built the service router's landmarks, which it shares")
    }
}
