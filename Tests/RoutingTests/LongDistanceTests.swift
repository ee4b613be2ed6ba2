import Geodesy
import OSMImport
import RoadNetwork
import Testing
@_spi(Experiments) @testable import Routing

/// Hierarchies and potentials add costs in 32 bits, and distances are millimetres: 2³² − 1 of them are
/// 4,295 km, less than a drive across a continent. Such a route is still found, equal to Dijkstra's,
/// whether the distance hierarchy cannot be built (a shortcut would pass 32 bits), is built but a query's
/// sum passes 32 bits, or potentials stand in for it; the time hierarchy (49 days) is kept.
@Suite struct LongDistanceTests {
    /// A primary road east along the equator, 6,000 km long, in `segments` equal pieces, with a short
    /// side road at every inner junction so that each stays a node of the graph:
    ///
    ///     a------b------c------ … ------z
    ///            |      |
    ///            s      s
    static func equatorRoad(segments: Int) throws -> RoadGraph {
        let step = 54.0 / Double(segments)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n"
        for i in 0...segments {
            xml += "<node id=\"\(i + 1)\" lat=\"0\" lon=\"\(Double(i) * step)\"/>\n"
            xml += "<node id=\"\(1000 + i)\" lat=\"0.01\" lon=\"\(Double(i) * step)\"/>\n"
        }
        xml += "<way id=\"1\">" + (0...segments).map { "<nd ref=\"\($0 + 1)\"/>" }.joined()
            + "<tag k=\"highway\" v=\"primary\"/></way>\n"
        for i in 1..<segments {
            xml += "<way id=\"\(10 + i)\"><nd ref=\"\(i + 1)\"/><nd ref=\"\(1000 + i)\"/><tag k=\"highway\" v=\"residential\"/></way>\n"
        }
        return try OSMImporter.importXML(xml + "</osm>\n", options: ImportOptions()).graph
    }

    static let west = Coordinate(latitude: 0, longitude: 0)
    static let east = Coordinate(latitude: 0, longitude: 54)

    /// Three to twelve pieces: with three the distance hierarchy cannot be built, with six it is built
    /// and the query's sum passes 32 bits (both cases are checked to occur, so both are tested).
    @Test func aRouteLongerThan32BitMillimetresIsDijkstrasWithHierarchies() throws {
        var leftOut = 0, overflowedQueries = 0
        for segments in [3, 4, 6, 8, 12] {
            let graph = try Self.equatorRoad(segments: segments)
            let router = try Router(graph: graph, hierarchies: .contract(ContractionOptions()))
            #expect(router.hierarchy(for: .time) != nil, "\(segments) pieces: the time hierarchy is kept")
            if router.hierarchy(for: .distance) == nil {
                guard case .weightOverflow = router.hierarchiesLeftOut else {
                    Issue.record("\(segments) pieces: no distance hierarchy, but not for an overflow: \(String(describing: router.hierarchiesLeftOut))")
                    continue
                }
                leftOut += 1
            }
            let workspace = router.makeWorkspace()
            for metric in RoutingMetric.allCases {
                let route = try router.route(from: Self.west, to: Self.east, metric: metric, workspace: workspace)
                if metric == .distance && router.hierarchy(for: .distance) != nil && workspace.hierarchyWorkspace.lastSearchOverflowed {
                    overflowedQueries += 1
                }
                let dijkstra = try router.route(from: Self.west, to: Self.east, metric: metric, algorithm: .dijkstra, workspace: workspace)
                #expect(route.weight == dijkstra.weight && route.distance == dijkstra.distance, "\(segments) pieces, \(metric)")
                #expect(route.distance > 6_000_000 && route.distance < 6_010_000, "\(segments) pieces, \(metric): \(route.distance) m")
            }
        }
        #expect(leftOut > 0, "no graph left its distance hierarchy out, so that case went untested")
        #expect(overflowedQueries > 0, "no query's sum passed 32 bits, so the fallback went untested")
    }

    /// The table routes such entries pair by pair: every entry equals the pairwise route.
    @Test func tableEntriesLongerThan32BitMillimetresEqualPairwiseRoutes() throws {
        for segments in [6, 8] {
            let router = try Router(graph: try Self.equatorRoad(segments: segments), hierarchies: .contract(ContractionOptions()))
            let points = [Self.west, Coordinate(latitude: 0, longitude: 27), Self.east]
            let snapped = try router.snapWaypoints(points, maxDistance: 1000)
            let workspace = router.makeWorkspace()
            for metric in RoutingMetric.allCases {
                let table = router.table(from: snapped, to: snapped, metric: metric, workspace: workspace)
                for (i, from) in points.enumerated() {
                    for (j, to) in points.enumerated() where i != j {
                        let route = try router.route(from: from, to: to, metric: metric, algorithm: .dijkstra, workspace: workspace)
                        let k = i * points.count + j
                        #expect(table.durations[k] == route.duration && table.distances[k] == route.distance,
                                "\(segments) pieces, \(metric), \(i) to \(j)")
                    }
                }
            }
        }
    }

    /// Potentials past 32 bits are capped, not taken for "cut off": A* on potential hierarchies finds
    /// the route too.
    @Test func aStarOnPotentialsFindsARouteLongerThan32BitMillimetres() throws {
        for segments in [3, 6, 8, 12] {
            let router = try PotentialHierarchyTests.withPotentials(try Self.equatorRoad(segments: segments))
            let workspace = router.makeWorkspace()
            for metric in RoutingMetric.allCases {
                let route = try router.route(from: Self.west, to: Self.east, metric: metric, algorithm: .aStar, workspace: workspace)
                let dijkstra = try router.route(from: Self.west, to: Self.east, metric: metric, algorithm: .dijkstra, workspace: workspace)
                #expect(route.weight == dijkstra.weight && route.distance == dijkstra.distance, "\(segments) pieces, \(metric)")
            }
        }
    }
}
