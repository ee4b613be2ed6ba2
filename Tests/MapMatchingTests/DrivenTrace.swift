import Foundation
import Geodesy
import OSMImport
import RoadNetwork
import Routing
import SeededRandom
import TestSupport

/// A GPS trace made by driving a route: a point every `spacing` metres along its polyline, moved by
/// Gaussian noise of standard deviation `sigma` in a seeded random direction, one second apart per
/// point (so traces carry timestamps as a phone's would).
struct DrivenTrace {
    var coordinates: [Coordinate]
    var timestamps: [Double]

    init(route: Route, spacing: Meters, sigma: Meters, interval: Double = 5, generator: inout SplitMix64) {
        let line = route.legs.flatMap(\.coordinates)
        coordinates = DrivenTrace.sample(line, every: spacing).map { point in
            DrivenTrace.displace(point, sigma: sigma, generator: &generator)
        }
        timestamps = coordinates.indices.map { 1_700_000_000 + Double($0) * interval }
    }

    /// Points every `spacing` metres along a polyline, its first and last point included.
    static func sample(_ line: [Coordinate], every spacing: Meters) -> [Coordinate] {
        guard var previous = line.first else { return [] }
        var points = [previous], carried: Meters = 0
        for next in line.dropFirst() {
            let length = GreatCircle.distance(from: previous, to: next)
            var at = spacing - carried
            while at <= length {
                points.append(GreatCircle.intermediate(from: previous, to: next, fraction: at / length))
                at += spacing
            }
            carried = length - (at - spacing)
            previous = next
        }
        if let last = line.last, points.last != last { points.append(last) }
        return points
    }

    /// A point moved by a 2-D Gaussian error of standard deviation `sigma` per axis (Box–Muller).
    static func displace(_ point: Coordinate, sigma: Meters, generator: inout SplitMix64) -> Coordinate {
        guard sigma > 0 else { return point }
        let u = max(generator.nextUnit(), 1e-12), v = generator.nextUnit()
        let radius = sigma * (-2 * log(u)).squareRoot()
        let east = radius * cos(2 * .pi * v), north = radius * sin(2 * .pi * v)
        let moved = GreatCircle.destination(from: point, bearing: Bearing(degrees: 0), distance: north)
        return GreatCircle.destination(from: moved, bearing: Bearing(degrees: 90), distance: east)
    }
}

/// The share of a drive's length that a matched route covers, edge by edge: the length of the driven
/// edges (a road in either direction counts once per direction driven) that the matched routes also
/// drive, over the driven length.
func matchedShare(driven: Route, matched: [Route], graph: RoadGraph) -> Double {
    let matchedEdges = Set(matched.flatMap { $0.legs.flatMap(\.edges) })
    var total: Meters = 0, right: Meters = 0
    for edge in Set(driven.legs.flatMap(\.edges)) {
        let length = Double(graph.lengthMeters[Int(edge)])
        total += length
        if matchedEdges.contains(edge) { right += length }
    }
    return total > 0 ? right / total : 1
}

/// An ASCII-map network imported through the real importer, with a router that has hierarchies.
struct MatchingFixture {
    let map: MapFixture
    let graph: RoadGraph
    let router: Router

    init(_ drawing: String, gridSize: Meters = 10, ways: [MapFixture.Way]) throws {
        map = MapFixture(drawing, gridSize: gridSize)
        graph = try OSMImporter.importXML(map.osmXML(ways: ways), sourceName: "fixture").graph
        router = try Router(graph: graph, smallComponentSize: 1, hierarchies: .contract(ContractionOptions()))
    }

    /// The point a fraction of the way from one letter to another, moved `north` metres.
    func point(_ a: Character, _ b: Character, _ fraction: Double = 0.5, north: Meters = 0) -> Coordinate {
        let c = GreatCircle.intermediate(from: map.coordinate(a), to: map.coordinate(b), fraction: fraction)
        return GreatCircle.destination(from: c, bearing: Bearing(degrees: north < 0 ? 180 : 0), distance: abs(north))
    }

    /// The name of the road a location lies on.
    func name(of location: SnappedLocation) -> String {
        graph.name(of: location.edge)
    }
}
