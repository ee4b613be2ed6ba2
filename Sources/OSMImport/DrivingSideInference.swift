import Foundation
import Geodesy
import RoadNetwork

/// Infers the side traffic keeps to from the extract's roundabouts.
///
/// Traffic circulates counterclockwise on roundabouts where cars keep right and clockwise where they
/// keep left (UK, Malta, Japan …), and roundabouts are one-way and tagged everywhere, so their
/// orientation is a reliable, local witness. Each ring votes; the majority decides. An extract
/// without roundabouts (or a tie) says nothing, and right-hand traffic is assumed.
enum DrivingSideInference {
    /// The votes: rings circulating clockwise and counterclockwise.
    struct Votes: Equatable {
        var clockwise = 0
        var counterclockwise = 0

        /// The side the majority says, or nil on a tie (including no roundabouts at all).
        var side: DrivingSide? {
            clockwise > counterclockwise ? .left : counterclockwise > clockwise ? .right : nil
        }
    }

    /// Counts the orientation of every roundabout ring: a connected set of oneway `roundabout` edges.
    ///
    /// The ring's signed area (shoelace sum over its edges' polylines in travel direction, in a plane
    /// around its first node) is positive when traffic goes counterclockwise. Two-way "roundabouts"
    /// cancel out to nothing and do not vote.
    /// - Complexity: O(roundabout edges and their shape points).
    static func votes(in graph: RoadGraph) -> Votes {
        var ringOfNode: [NodeIndex: Int] = [:]
        var parent: [Int] = []
        func find(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }
        func ring(of node: NodeIndex) -> Int {
            if let r = ringOfNode[node] { return r }
            parent.append(parent.count)
            ringOfNode[node] = parent.count - 1
            return parent.count - 1
        }
        var roundaboutEdges: [Int] = []
        for e in 0..<graph.edgeCount where graph.flags[e].contains(.roundabout) && graph.flags[e].contains(.oneway) {
            roundaboutEdges.append(e)
            let a = find(ring(of: graph.tail[e])), b = find(ring(of: graph.head[e]))
            if a != b { parent[a] = b }
        }
        var area: [Int: Double] = [:]
        var anchor: [Int: Coordinate] = [:]
        for e in roundaboutEdges {
            let r = find(ringOfNode[graph.tail[e]]!)
            let origin = anchor[r] ?? graph.nodeCoordinates[Int(graph.tail[e])]
            anchor[r] = origin
            let scale = cos(origin.latitude * .pi / 180)
            let points = graph.geometry(of: EdgeIndex(e))
            var sum = 0.0
            for (p, q) in zip(points, points.dropFirst()) {
                let px = (p.longitude - origin.longitude) * scale, py = p.latitude - origin.latitude
                let qx = (q.longitude - origin.longitude) * scale, qy = q.latitude - origin.latitude
                sum += px * qy - qx * py
            }
            area[r, default: 0] += sum
        }
        var votes = Votes()
        for value in area.values {
            if value < 0 { votes.clockwise += 1 } else if value > 0 { votes.counterclockwise += 1 }
        }
        return votes
    }
}
