import Geodesy
@testable import Guidance
import RoadNetwork
import Routing
import Testing

/// Bearings are measured about 10 m along the original edge geometry, so a shape point a metre from a
/// junction (common in OSM) does not turn a straight road into a turn.
@Suite struct BearingProbeTests {
    static let origin = Coordinate(latitude: 45.8, longitude: 15.97)

    static func point(east: Meters, north: Meters) -> Coordinate {
        let p = GreatCircle.destination(from: origin, bearing: Bearing(degrees: 90), distance: east)
        return GreatCircle.destination(from: p, bearing: Bearing(degrees: 0), distance: north)
    }

    /// a -> b -> c due east, b -> c starting with a shape point 1 m east and 1 m north of b (45°);
    /// a side road b -> d leaves to the north.
    static func graph() -> RoadGraph {
        var builder = RoadGraphBuilder()
        let a = builder.addNode(coordinate: point(east: 0, north: 0))
        let b = builder.addNode(coordinate: point(east: 100, north: 0))
        let c = builder.addNode(coordinate: point(east: 200, north: 0))
        let d = builder.addNode(coordinate: point(east: 100, north: 100))
        func road(_ from: NodeIndex, _ to: NodeIndex, _ shape: [Coordinate], _ name: String, _ way: Int64) {
            let limit = SpeedLimit.limited(50, source: .posted)
            builder.addEdge(RoadEdgeDescription(from: from, to: to, shape: shape, routingSpeed: 50, highway: .residential,
                                                speedLimit: limit, name: name, wayID: way))
            builder.addEdge(RoadEdgeDescription(from: to, to: from, shape: shape.reversed(), routingSpeed: 50, highway: .residential,
                                                speedLimit: limit, flags: .againstWayDirection, name: name, wayID: way))
        }
        road(a, b, [], "Main", 1)
        road(b, c, [point(east: 101, north: 1)], "Main", 2)
        road(b, d, [], "Side", 3)
        return builder.build()
    }

    static func leg(_ graph: RoadGraph, _ nodes: [NodeIndex]) -> RouteLeg {
        var edges: [EdgeIndex] = [], coordinates: [Coordinate] = [], segmentEdge: [Int] = []
        for k in 1..<nodes.count {
            let e = graph.outgoingEdges(of: nodes[k - 1]).first { graph.head[Int($0)] == nodes[k] }!
            let g = graph.geometry(of: e)
            if coordinates.isEmpty { coordinates.append(g[0]) }
            for p in g.dropFirst() { coordinates.append(p); segmentEdge.append(edges.count) }
            edges.append(e)
        }
        let start = SnappedLocation(input: coordinates[0], location: coordinates[0], edge: edges[0], fraction: 0, distance: 0)
        let end = SnappedLocation(input: coordinates.last!, location: coordinates.last!, edge: edges.last!, fraction: 1, distance: 0)
        return RouteLeg(from: start, to: end, edges: edges, coordinates: coordinates, segmentEdge: segmentEdge,
                        distance: GreatCircle.length(of: coordinates), duration: 10)
    }

    @Test func shapePointNextToTheJunctionDoesNotMakeATurn() {
        let graph = Self.graph()
        let steps = RouteGuidance.steps(for: Self.leg(graph, [0, 1, 2]), in: graph)
        #expect(steps.map(\.maneuver.type) == [.depart, .arrive])
    }

    @Test func bearingsAreMeasuredTenMetresAlongTheRoad() {
        let graph = Self.graph()
        let leg = Self.leg(graph, [0, 1, 2])
        // Straight into the junction; out of it about 10 m along b -> c, so only 1 m of the 45° kink.
        #expect(abs(graph.bearingInto(edges: leg.edges, at: 0, distance: 10).degrees - 90) < 0.1)
        let out = graph.bearingOutOf(edges: leg.edges, at: 1, distance: 10).degrees
        #expect(out > 80 && out < 90)
        // The first polyline segment alone would say 45°.
        #expect(abs(GreatCircle.initialBearing(from: leg.coordinates[1], to: leg.coordinates[2]).degrees - 45) < 1)
    }

    /// A probe that ends on the first segment of an edge takes that segment's own bearing (the probed
    /// point lies on it): the bearing towards the probed point itself, up to that point's rounding (its
    /// coordinates are good to about 1e-10 m, which turns a bearing over 1 m by about 1e-8°, and over
    /// 15 m by 1e-9°; bearings are announced in whole degrees).
    @Test func aProbeEndingOnTheFirstSegmentHasThatSegmentsBearing() {
        let graph = Self.graph()
        let a = graph.nodeCoordinates[0], b = graph.nodeCoordinates[1], d = graph.nodeCoordinates[3]
        for (edge, from, to) in [(graph.outgoingEdges(of: 0).first { graph.head[Int($0)] == 1 }!, a, b),
                                 (graph.outgoingEdges(of: 1).first { graph.head[Int($0)] == 3 }!, b, d)] {
            let length = GreatCircle.distance(from: from, to: to)
            for distance: Meters in [1, 10, 15, 99.9] {
                let probed = GreatCircle.intermediate(from: from, to: to, fraction: distance / length)
                let expected = GreatCircle.initialBearing(from: from, to: probed).degrees
                #expect(abs(graph.bearingOutOf(edge: edge, distance: distance).degrees - expected) < 1e-7)
            }
        }
    }

    @Test func leftTurnIsMeasuredOnTheBranch() {
        let graph = Self.graph()
        let turns = RouteGuidance.steps(for: Self.leg(graph, [0, 1, 3]), in: graph).dropFirst().dropLast()
        #expect(turns.map(\.maneuver.type) == [.turn])
        #expect(turns.first?.maneuver.modifier == .left)
        #expect(abs((turns.first?.maneuver.bearingAfter.degrees ?? 0) - 0) < 0.5)
    }
}
