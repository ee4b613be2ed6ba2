import Foundation
import Geodesy
import RoadNetwork
import TestSupport
@testable import RoadNetworkStore

/// Hand-built graphs and scratch directories shared by the store tests.
enum StoreFixtures {
    /// A graph using every attribute kind: NaN and real elevations, traffic controls with and without a
    /// direction, km/h, mph and knots limits, none and unknown limits from every source, all flags, unicode
    /// names and refs, shape points with and without elevations, both restriction kinds, signposted
    /// destinations and exits, and a numbered motorway junction (b).
    ///
    ///     a ==== b ---- c
    ///            |
    ///            d ~~~~ e
    static func richGraph() -> RoadGraph {
        var builder = RoadGraphBuilder()
        let a = builder.addNode(osmID: 101, coordinate: Coordinate(latitude: 51.5074, longitude: -0.1278))
        let b = builder.addNode(osmID: 102, coordinate: Coordinate(latitude: 51.5080, longitude: -0.1260), elevation: 12.5,
                                control: TrafficControl(kind: .trafficSignals, direction: .backward), junctionExit: "12")
        let c = builder.addNode(osmID: 103, coordinate: Coordinate(latitude: 51.5086, longitude: -0.1240), elevation: -3,
                                control: TrafficControl(kind: .stopMinor))
        let d = builder.addNode(osmID: 9_876_543_210, coordinate: Coordinate(latitude: 51.5070, longitude: -0.1261),
                                control: TrafficControl(kind: .giveWay, direction: .forward))
        let e = builder.addNode(osmID: -7, coordinate: Coordinate(latitude: 51.5065, longitude: -0.1230), elevation: 1234.25)
        let shape = [Coordinate(latitude: 51.5077, longitude: -0.1270), Coordinate(latitude: 51.50785, longitude: -0.1265)]
        builder.addEdge(RoadEdgeDescription(from: a, to: b, shape: shape, shapeElevations: [5, .nan], routingSpeed: 48,
                                            highway: .primary, speedLimit: .limited(30 * 1.609344, unit: .milesPerHour, source: .posted),
                                            flags: [.toll, .bridge], name: "Strand", ref: "A4",
                                            turnLanes: [.left, [.straight, .right], .none], wayID: 1))
        builder.addEdge(RoadEdgeDescription(from: b, to: a, shape: shape.reversed(), routingSpeed: 48, highway: .primary,
                                            speedLimit: .limited(30 * 1.609344, unit: .milesPerHour, source: .posted),
                                            flags: [.toll, .bridge, .againstWayDirection], name: "Strand", ref: "A4",
                                            turnLanes: [[.sharpLeft, .uturn], .mergeToRight], wayID: 1))
        builder.addEdge(RoadEdgeDescription(from: b, to: c, routingSpeed: 90, highway: .motorwayLink,
                                            speedLimit: .unlimited(source: .posted), flags: [.oneway, .link, .tunnel],
                                            name: "Straße des 17. Juni", ref: "", destinations: "A1: Porto, Lisboa",
                                            turnLanes: [.left, [.straight, .right], .none], wayID: 2))
        builder.addEdge(RoadEdgeDescription(from: b, to: d, lengthMeters: 0, routingSpeed: 20, highway: .livingStreet,
                                            speedLimit: .limited(10 * 1.852, unit: .knots, source: .zone),
                                            flags: [.destinationOnly], name: "東京通り 🚗", wayID: 3))
        builder.addEdge(RoadEdgeDescription(from: d, to: b, routingSpeed: 20, highway: .livingStreet,
                                            speedLimit: .unknown(source: .classDefault), flags: [.againstWayDirection],
                                            name: "東京通り 🚗", wayID: 3))
        builder.addEdge(RoadEdgeDescription(from: d, to: e, shape: [Coordinate(latitude: 51.5068, longitude: -0.1245)],
                                            routingSpeed: 30, highway: .service, speedLimit: .limited(50, source: .classDefault),
                                            flags: [.roundabout, .oneway], name: "Rue de l'Église", ref: "D 7", exits: "3; 3a", wayID: 4))
        builder.addRestriction(kind: .prohibitive, fromWay: 1, via: b, toWay: 3, relationID: 555)
        builder.addRestriction(kind: .mandatory, fromWay: 3, via: b, toWay: 2, relationID: 556)
        builder.addViaWayRestriction(kind: .prohibitive, ways: [1, 3, 4], junctions: [b, d], relationID: 557)
        var graph = builder.build()
        graph.drivingSide = .left
        return graph
    }

    static let pointsOfInterest: [PointOfInterest] = [
        PointOfInterest(osmID: 1, osmType: .node, name: "Café Ümlaut", key: "amenity", category: "cafe",
                        coordinate: Coordinate(latitude: 51.5075, longitude: -0.1275)),
        PointOfInterest(osmID: 2, osmType: .way, name: "National Gallery", key: "tourism", category: "museum",
                        coordinate: Coordinate(latitude: 51.5089, longitude: -0.1283)),
        PointOfInterest(osmID: 3, osmType: .relation, name: "Trafalgar Square", key: "leisure", category: "park",
                        coordinate: Coordinate(latitude: 51.5080, longitude: -0.1281)),
        PointOfInterest(osmID: 4, osmType: .node, name: "", key: "amenity", category: "cafe",
                        coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522)),
    ]

    static func metadata(for graph: RoadGraph, pointsOfInterest: [PointOfInterest] = pointsOfInterest) -> RoadNetworkMetadata {
        RoadNetworkMetadata.computed(
            graph: graph, pointsOfInterest: pointsOfInterest, sourceFileName: "london.osm.bz2",
            sourceSHA256: String(repeating: "ab", count: 32), sourceBytes: 123_456, importedAt: "2026-11-21T09:30:00Z",
            writer: "waymark tests",
            importStatistics: [.init(name: "ways.highway", value: 4), .init(name: "nodes.read", value: 5), .init(name: "a_first", value: 0)],
            drivingSideSource: .option)
    }

    /// A fresh empty directory, removed by the caller's `defer`.
    static func scratchDirectory() throws -> URL { try TestFiles.scratchDirectory(prefix: "waymark-store") }

    /// Writes the rich fixture to a new scratch directory and returns (directory, database path).
    static func writtenDatabase() throws -> (URL, String) {
        let directory = try scratchDirectory()
        let path = directory.appendingPathComponent("city.sqlite").path
        let g = richGraph()
        try RoadNetworkStore.write(graph: g, pointsOfInterest: pointsOfInterest, metadata: metadata(for: g), to: path)
        return (directory, path)
    }
}

extension Collection where Element == Float {
    /// Bit patterns, so NaN elevations compare equal to themselves.
    var bits: [UInt32] { map(\.bitPattern) }
}
