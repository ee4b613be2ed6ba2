import Geodesy
@testable import Guidance
import OSMImport
import RoadNetwork
import Routing
import TestSupport

/// An ASCII map imported through the OSM importer, with helpers to route between its letters and to
/// build legs by hand (for maneuvers a shortest path would never take, like a U-turn).
struct GuidanceFixture {
    let map: MapFixture
    let graph: RoadGraph
    let router: Router

    init(_ drawing: String, ways: [MapFixture.Way], restrictions: [MapFixture.Restriction] = [], gridSize: Meters = 10,
         nodeTags: [Character: [String: String]] = [:]) throws {
        map = MapFixture(drawing, gridSize: gridSize)
        let xml = map.osmXML(ways: ways, restrictions: restrictions, nodeTags: nodeTags)
        graph = try OSMImporter.importXML(xml, sourceName: "fixture").graph
        router = Router(graph: graph)
    }

    /// The graph node of a map letter.
    func node(_ letter: Character) -> NodeIndex {
        let id = map.nodeID(letter)
        guard let i = graph.nodeOSMIDs.firstIndex(of: id) else { preconditionFailure("\(letter) is not a routing node") }
        return NodeIndex(i)
    }

    /// The directed edge between two adjacent routing nodes.
    func edge(_ from: Character, _ to: Character) -> EdgeIndex {
        let a = node(from), b = node(to)
        guard let e = graph.outgoingEdges(of: a).first(where: { graph.head[Int($0)] == b }) else {
            preconditionFailure("no edge \(from)->\(to)")
        }
        return e
    }

    /// Routes with the Router from the first letter to the last, through the letters between as vias.
    func route(_ letters: String) throws -> Route {
        let points = letters.map { map.coordinate($0) }
        return try router.route(from: points.first!, to: points.last!, via: Array(points.dropFirst().dropLast()))
    }

    /// A one-leg route along the given routing nodes, built by hand (full edges, node to node).
    /// `destinationInput` lets a test place the destination beside the road (to test the arrival side).
    func handRoute(_ letters: String, destinationInput: Coordinate? = nil) -> Route {
        let chars = Array(letters)
        var edges: [EdgeIndex] = []
        var coordinates: [Coordinate] = []
        var segmentEdge: [Int] = []
        var distance: Meters = 0, duration: Seconds = 0
        for k in 1..<chars.count {
            let e = edge(chars[k - 1], chars[k])
            let geometry = graph.geometry(of: e)
            if coordinates.isEmpty { coordinates.append(geometry[0]) }
            for p in geometry.dropFirst() { coordinates.append(p); segmentEdge.append(edges.count) }
            edges.append(e)
            distance += Double(graph.lengthMeters[Int(e)])
            duration += Double(graph.travelTimeSeconds[Int(e)])
        }
        let start = SnappedLocation(input: coordinates[0], location: coordinates[0], edge: edges[0], fraction: 0, distance: 0)
        let last = coordinates[coordinates.count - 1]
        let input = destinationInput ?? last
        let end = SnappedLocation(input: input, location: last, edge: edges[edges.count - 1], fraction: 1,
                                  distance: GreatCircle.distance(from: input, to: last))
        let leg = RouteLeg(from: start, to: end, edges: edges, coordinates: coordinates, segmentEdge: segmentEdge,
                           distance: distance, duration: duration)
        return Route(legs: [leg], metric: .time, settledNodes: 0)
    }

    /// The steps of a one-leg route.
    func steps(_ route: Route, language: InstructionLanguage = .en) -> [RouteStep] {
        RouteGuidance.steps(for: route.legs[0], in: graph, language: language)
    }

    /// The maneuvers between depart and arrive.
    func turns(_ route: Route, language: InstructionLanguage = .en) -> [Maneuver] {
        let all = steps(route, language: language).map(\.maneuver)
        return Array(all.dropFirst().dropLast())
    }
}

/// Tags of a named road of a class.
func road(_ name: String, _ highway: String = "residential", _ extra: [String: String] = [:]) -> [String: String] {
    var tags = ["highway": highway]
    if !name.isEmpty { tags["name"] = name }
    for (k, v) in extra { tags[k] = v }
    return tags
}
