import Geodesy
import Guidance
import RoadNetwork
import Routing

/// A graph node a route leg drives through: arrived over `inEdge`, left over `outEdge`.
///
/// OSRM lists an intersection for every junction a step passes, the first being the step's maneuver;
/// `passes(along:graph:)` finds them and `assign(_:to:)` hands them to the steps.
struct JunctionPass: Sendable {
    /// The index into the leg's edges of `outEdge` (the junction's number in `RouteStep.passedLanes`).
    var position: Int
    var node: NodeIndex
    var inEdge: EdgeIndex
    var outEdge: EdgeIndex
    var location: Coordinate
    /// Whether more than two roads meet here (a choice of way, not just a bend or a way's end).
    var isIntersection: Bool

    /// Every node between two consecutive edges of the leg, in driving order.
    /// - Complexity: O(edges × node degree).
    static func passes(along leg: RouteLeg, graph: RoadGraph) -> [JunctionPass] {
        var result: [JunctionPass] = []
        result.reserveCapacity(leg.edges.count)
        for i in leg.edges.indices.dropFirst() {
            let node = graph.tail[Int(leg.edges[i])]
            result.append(JunctionPass(position: i, node: node, inEdge: leg.edges[i - 1], outEdge: leg.edges[i],
                                       location: graph.nodeCoordinates[Int(node)],
                                       isIntersection: neighbourCount(of: node, graph: graph) > 2))
        }
        return result
    }

    /// The number of distinct nodes joined to `node` by a road, in either direction.
    static func neighbourCount(of node: NodeIndex, graph: RoadGraph) -> Int {
        var neighbours: Set<NodeIndex> = []
        for e in graph.outgoingEdges(of: node) { neighbours.insert(graph.head[Int(e)]) }
        for e in graph.incomingEdges(of: node) { neighbours.insert(graph.tail[Int(e)]) }
        neighbours.remove(node)
        return neighbours.count
    }

    /// For each step, the junction of its maneuver (nil at depart, arrive and maneuvers off a node) and
    /// the intersections passed until the next step's maneuver.
    /// - Complexity: O(passes + steps).
    static func assign(_ passes: [JunctionPass], to steps: [RouteStep]) -> [(maneuver: JunctionPass?, passed: [JunctionPass])] {
        // Match each maneuver to the first unused pass at its location, in order.
        var matched: [Int?] = []
        var cursor = 0
        for step in steps {
            let type = step.maneuver.type
            var found: Int?
            if type != .depart && type != .arrive {
                var p = cursor
                while p < passes.count && passes[p].location != step.maneuver.location { p += 1 }
                if p < passes.count { found = p; cursor = p + 1 }
            }
            matched.append(found)
        }
        return steps.indices.map { k in
            let maneuver = matched[k].map { passes[$0] }
            let lower: Int? = k == 0 ? 0 : matched[k].map { $0 + 1 }
            guard let lower, steps[k].maneuver.type != .arrive else { return (maneuver, []) }
            let upper = matched[(k + 1)...].lazy.compactMap { $0 }.first ?? passes.count
            let passed = lower < upper ? passes[lower..<upper].filter(\.isIntersection) : []
            return (maneuver, passed)
        }
    }
}
