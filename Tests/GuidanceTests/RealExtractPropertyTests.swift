import Geodesy
@testable import Guidance
import OSMImport
import RoadNetwork
import Routing
import TestSupport
import Testing


/// Properties of the waypoint stream over random routes on real extracts.
@Suite(.serialized) struct RealExtractPropertyTests {
    /// Checks one route's waypoints against the spacing rule, the vertices and the steps.
    static func check(route: Route, graph: RoadGraph, options: GuidanceOptions) {
        let waypoints = RouteGuidance.waypoints(for: route, in: graph, options: options)
        // The route polyline with its cumulative distances (legs joined at their via points).
        var polyline: [Coordinate] = []
        for leg in route.legs { polyline.append(contentsOf: polyline.isEmpty ? leg.coordinates[...] : leg.coordinates.dropFirst()) }
        var cumulative: [Meters] = [0]
        for k in polyline.indices.dropFirst() { cumulative.append(cumulative[k - 1] + GreatCircle.distance(from: polyline[k - 1], to: polyline[k])) }

        #expect(waypoints.first?.maneuver?.type == .depart)
        #expect(waypoints.last?.kind == .destination)
        #expect(waypoints.last?.maneuver?.type == .arrive)
        #expect(abs((waypoints.last?.distanceAlongRoute ?? 0) - (cumulative.last ?? 0)) < 0.01)

        // Spacing: a gap lies within one stretch; it is at most that stretch's interval, or the whole
        // stretch when the stretch is too short to be densified.
        for (a, b) in zip(waypoints, waypoints.dropFirst()) {
            #expect(a.sequence + 1 == b.sequence)
            let gap = b.distanceAlongRoute - a.distanceAlongRoute
            #expect(gap > DensifiedPolyline.duplicateTolerance, "repeated waypoint at \(a.distanceAlongRoute) m")
            let middle = (a.distanceAlongRoute + b.distanceAlongRoute) / 2
            var lo = 0, hi = cumulative.count - 1
            while hi - lo > 1 { let m = (lo + hi) / 2; if cumulative[m] <= middle { lo = m } else { hi = m } }
            let stretch = cumulative[hi] - cumulative[lo]
            let allowed = options.spacing.interval(forStretch: stretch) ?? stretch
            #expect(gap <= allowed + 0.01, "gap \(gap) m on a \(stretch) m stretch")
            // The chord between consecutive waypoints matches their distance along the route.
            #expect(abs(GreatCircle.distance(from: a.coordinate, to: b.coordinate) - gap) < 0.05)
        }
        // Every distinct vertex is a waypoint.
        var w = 0
        for d in cumulative {
            while w < waypoints.count && waypoints[w].distanceAlongRoute < d - 0.005 { w += 1 }
            #expect(w < waypoints.count && abs(waypoints[w].distanceAlongRoute - d) < 0.005, "vertex at \(d) m missing")
        }

        // Maneuvers: the steps of every leg, in order (later legs' depart coincides with the via's arrive).
        var expected: [Maneuver] = []
        var offset: Meters = 0
        for (i, leg) in route.legs.enumerated() {
            var steps = RouteGuidance.steps(for: leg, in: graph, language: options.language).map(\.maneuver)
            for k in steps.indices { steps[k].distanceAlongRoute += offset }   // steps measure from their leg's start
            expected.append(contentsOf: i == 0 ? steps[...] : steps.dropFirst())
            offset += GreatCircle.length(of: leg.coordinates)
        }
        let emitted = waypoints.compactMap(\.maneuver)
        // Two maneuvers at one point of the route (a zero-length edge) share one waypoint: the later is
        // kept. (The same position passed twice, as around a roundabout, is two points of the route.)
        let distinct = expected.enumerated().filter { i, m in
            i + 1 >= expected.count || expected[i + 1].distanceAlongRoute - m.distanceAlongRoute >= DensifiedPolyline.duplicateTolerance
        }.map(\.element)
        #expect(emitted.map(\.type) == distinct.map(\.type))
        // A leg alone cannot know it ends at a via point, so only the stream says "waypoint 1".
        let texts = { (list: [Maneuver]) in list.enumerated().map { i, m in m.type == .arrive && i < list.count - 1 ? "via" : m.instruction } }
        #expect(texts(emitted) == texts(distinct))
        for (m, waypoint) in zip(emitted, waypoints.filter { $0.maneuver != nil }) {
            #expect(GreatCircle.distance(from: m.location, to: waypoint.coordinate) < 0.01)
            #expect(abs(m.distanceAlongRoute - waypoint.distanceAlongRoute) < 0.01)
        }
        for (m, e) in zip(emitted, distinct) { #expect(abs(m.distanceAlongRoute - e.distanceAlongRoute) < 0.01) }
        // Every maneuver other than depart/arrive has an instruction naming a real maneuver type.
        #expect(emitted.allSatisfy { !$0.instruction.isEmpty })
    }

    static func randomRoutes(extract: String, count: Int, seed: UInt64, vias: Bool = false) throws -> (RoadGraph, [Route]) {
        let path = try SharedExtracts.require(extract)
        let graph = try OSMImporter.importFile(path: path).graph
        let router = Router(graph: graph)
        let workspace = router.makeWorkspace()
        var rng = SeededGenerator(seed: seed)
        var routes: [Route] = []
        var attempts = 0
        while routes.count < count && attempts < count * 4 {
            attempts += 1
            func randomPoint() -> Coordinate { graph.nodeCoordinates[Int.random(in: 0..<graph.nodeCount, using: &rng)] }
            let via = vias && attempts % 3 == 0 ? [randomPoint()] : []
            if let route = try? router.route(from: randomPoint(), to: randomPoint(), via: via, workspace: workspace),
               route.distance > 0 {
                routes.append(route)
            }
        }
        #expect(routes.count == count, "only \(routes.count) of \(count) random routes found on \(extract)")
        return (graph, routes)
    }

    @Test(.enabled(if: SharedExtracts.available("monaco.osm.bz2"))) func monacoRandomRoutesKeepSpacingAndMatchSteps() throws {
        let (graph, routes) = try Self.randomRoutes(extract: "monaco.osm.bz2", count: 40, seed: 7, vias: true)
        for route in routes {
            Self.check(route: route, graph: graph, options: GuidanceOptions(plannedSpeed: 50))
        }
        // Fixed spacing and Croatian text on a few of them.
        for route in routes.prefix(5) {
            Self.check(route: route, graph: graph, options: GuidanceOptions(spacing: .fixed(15), language: .hr))
        }
    }

    @Test(.enabled(if: SharedExtracts.available("porto-roads.osm.bz2"))) func portoRandomRoutesKeepSpacingAndMatchSteps() throws {
        let (graph, routes) = try Self.randomRoutes(extract: "porto-roads.osm.bz2", count: 30, seed: 11)
        for route in routes {
            Self.check(route: route, graph: graph, options: GuidanceOptions(plannedSpeed: 90))
        }
    }
}
