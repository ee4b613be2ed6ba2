import Foundation
import Geodesy
import OSMImport
import RoadNetwork
import TestSupport
import Testing
@_spi(Experiments) @testable import Routing

/// An ASCII-map fixture imported through the real OSM importer, with helpers to route between letters
/// (or points between two letters) and to read back which letters a route passes.
struct FixtureNetwork {
    let map: MapFixture
    let graph: RoadGraph
    let router: Router

    /// `smallComponentSize` is the island limit of the router (default OSRM's 1,000, under which a
    /// fixture has no main network and every point keeps its nearest road).
    init(_ drawing: String, gridSize: Meters = 10, ways: [MapFixture.Way], restrictions: [MapFixture.Restriction] = [],
         nodeTags: [Character: [String: String]] = [:], extraXML: String = "",
         smallComponentSize: Int = Router.defaultSmallComponentSize) throws {
        map = MapFixture(drawing, gridSize: gridSize)
        var xml = map.osmXML(ways: ways, restrictions: restrictions, nodeTags: nodeTags)
        if !extraXML.isEmpty { xml = xml.replacingOccurrences(of: "</osm>", with: extraXML + "\n</osm>") }
        graph = try OSMImporter.importXML(xml, sourceName: "fixture").graph
        router = try Router(graph: graph, smallComponentSize: smallComponentSize, hierarchies: .contract(ContractionOptions()))
    }

    /// The point a fraction of the way from one letter to another (straight between them).
    func point(_ a: Character, _ b: Character, _ fraction: Double = 0.5) -> Coordinate {
        GreatCircle.intermediate(from: map.coordinate(a), to: map.coordinate(b), fraction: fraction)
    }

    /// Routes through the points; the contraction hierarchy must find a route of exactly the same
    /// weight as the search asked for (every fixture scenario checks it too).
    func route(_ points: [Coordinate], metric: RoutingMetric = .distance, algorithm: SearchAlgorithm = .aStar) throws(RoutingError) -> Route {
        let via = Array(points.dropFirst().dropLast())
        let route = try router.route(from: points[0], to: points[points.count - 1], via: via, metric: metric, algorithm: algorithm)
        let hierarchical = try router.route(from: points[0], to: points[points.count - 1], via: via, metric: metric,
                                            algorithm: .contractionHierarchy)
        #expect(hierarchical.weight == route.weight, "the hierarchy's route weighs \(hierarchical.weight), \(algorithm)'s \(route.weight)")
        return route
    }

    /// The letters the route's polyline passes through (within half a metre), in order, without repeats.
    func letters(of route: Route) -> String {
        var out = ""
        for leg in route.legs {
            for c in leg.coordinates {
                guard let letter = map.letters.first(where: { GreatCircle.distance(from: map.coordinate($0), to: c) < 0.5 }) else { continue }
                if out.last != letter { out.append(letter) }
            }
        }
        return out
    }

    /// Distance between two letters.
    func distance(_ a: Character, _ b: Character) -> Meters {
        GreatCircle.distance(from: map.coordinate(a), to: map.coordinate(b))
    }
}
