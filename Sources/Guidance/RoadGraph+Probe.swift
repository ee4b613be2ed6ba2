import Geodesy
import RoadNetwork

/// Bearings measured a short way along the original edge geometry, as turn classification needs them.
///
/// Why a probe and not the adjacent polyline segment: a shape point 1 m from a junction (common in
/// OSM) would make the bearing noise; walking about 10 m along the road, across edges when the first
/// one is short, gives the direction a driver perceives. The walk always uses the graph's geometry,
/// never densified points.
extension RoadGraph {
    /// The point `distance` metres along the route edges `edges[index...]`, starting at the tail of
    /// `edges[index]`, stopping early at the end of the last edge; and whether it lies on `edges[index]`
    /// itself (the walk went no further).
    /// - Complexity: O(shape points walked).
    func probeForward<Edges: RandomAccessCollection<EdgeIndex>>(edges: Edges, from index: Int, distance: Meters)
        -> (point: Coordinate, onFirstEdge: Bool) where Edges.Index == Int {
        var current = nodeCoordinates[Int(tail[Int(edges[index])])]
        var remaining = distance
        var k = index
        while k < edges.endIndex {
            let e = edges[k]
            for next in shapePoints(of: e) {
                if let hit = step(&current, to: next, remaining: &remaining) { return (hit, k == index) }
            }
            if let hit = step(&current, to: nodeCoordinates[Int(head[Int(e)])], remaining: &remaining) { return (hit, k == index) }
            k += 1
        }
        return (current, false)
    }

    /// The point `distance` metres back from the head of `edges[index]`, walking `edges[...index]` in
    /// reverse, stopping early at the tail of the first edge; and whether it lies on `edges[index]` itself.
    /// - Complexity: O(shape points walked).
    func probeBackward<Edges: RandomAccessCollection<EdgeIndex>>(edges: Edges, from index: Int, distance: Meters)
        -> (point: Coordinate, onFirstEdge: Bool) where Edges.Index == Int {
        var current = nodeCoordinates[Int(head[Int(edges[index])])]
        var remaining = distance
        var k = index
        while k >= edges.startIndex {
            let e = edges[k]
            for next in shapePoints(of: e).reversed() {
                if let hit = step(&current, to: next, remaining: &remaining) { return (hit, k == index) }
            }
            if let hit = step(&current, to: nodeCoordinates[Int(tail[Int(e)])], remaining: &remaining) { return (hit, k == index) }
            k -= 1
        }
        return (current, false)
    }

    /// The bearing of travel into the head of `edges[index]`, measured over `distance` metres.
    func bearingInto(edges: [EdgeIndex], at index: Int, distance: Meters) -> Bearing {
        arrivalProbe(edges: edges, at: index, distance: distance).bearing
    }

    /// `bearingInto(edges:at:distance:)`, and whether the probe stayed on `edges[index]`.
    func arrivalProbe<Edges: RandomAccessCollection<EdgeIndex>>(edges: Edges, at index: Int, distance: Meters)
        -> ProbedBearing where Edges.Index == Int {
        let node = nodeCoordinates[Int(head[Int(edges[index])])]
        let back = probeBackward(edges: edges, from: index, distance: distance)
        return ProbedBearing(bearing: GreatCircle.initialBearing(from: back.point, to: node), staysOnEdge: back.onFirstEdge)
    }

    /// The bearing of travel out of the tail of `edges[index]`, measured over `distance` metres.
    func bearingOutOf(edges: [EdgeIndex], at index: Int, distance: Meters) -> Bearing {
        departureProbe(edges: edges, at: index, distance: distance).bearing
    }

    /// `bearingOutOf(edges:at:distance:)`, and whether the probe stayed on `edges[index]`. `tailNode` is
    /// the edge's tail when the caller knows it (looking it up searches `firstOut`).
    func departureProbe<Edges: RandomAccessCollection<EdgeIndex>>(edges: Edges, at index: Int, distance: Meters,
                                                                  tailNode: NodeIndex? = nil) -> ProbedBearing
        where Edges.Index == Int {
        let node = nodeCoordinates[Int(tailNode ?? tail[Int(edges[index])])]
        if let bearing = bearingAlongFirstSegment(of: edges[index], from: node, distance: distance) {
            return ProbedBearing(bearing: bearing, staysOnEdge: true)
        }
        let ahead = probeForward(edges: edges, from: index, distance: distance)
        return ProbedBearing(bearing: GreatCircle.initialBearing(from: node, to: ahead.point), staysOnEdge: ahead.onFirstEdge)
    }

    /// The bearing of a single edge leaving its tail, measured over up to `distance` metres of it.
    /// - Complexity: O(shape points walked); allocates nothing (it runs for every branch of every junction).
    func bearingOutOf(edge: EdgeIndex, distance: Meters) -> Bearing {
        bearingOutOf(edge: edge, leaving: tail[Int(edge)], distance: distance)
    }

    /// The same for a caller that knows the edge's tail (looking it up searches `firstOut`).
    /// - Precondition: `tailNode == tail[edge]`.
    func bearingOutOf(edge: EdgeIndex, leaving tailNode: NodeIndex, distance: Meters) -> Bearing {
        departureProbe(edges: CollectionOfOne(edge), at: 0, distance: distance, tailNode: tailNode).bearing
    }

    /// The bearing out of `node` (the tail of `edge`) when the probe ends on the edge's first segment: then
    /// it is that segment's own initial bearing, since the probed point lies on the great circle from
    /// the node through the segment's end, so the point itself need not be computed (the costliest part
    /// of a probe). Nil when the first segment is shorter than `distance` (or has no length).
    func bearingAlongFirstSegment(of edge: EdgeIndex, from node: Coordinate, distance: Meters) -> Bearing? {
        let first = shapePoints(of: edge).first ?? nodeCoordinates[Int(head[Int(edge)])]
        let length = GreatCircle.distance(from: node, to: first)
        guard length >= distance && length > 0 else { return nil }
        return GreatCircle.initialBearing(from: node, to: first)
    }

    /// Advances `current` towards `next`; returns the point where `remaining` runs out, if it does.
    private func step(_ current: inout Coordinate, to next: Coordinate, remaining: inout Meters) -> Coordinate? {
        let d = GreatCircle.distance(from: current, to: next)
        if d >= remaining && d > 0 {
            return GreatCircle.intermediate(from: current, to: next, fraction: remaining / d)
        }
        remaining -= d
        current = next
        return nil
    }
}

/// A bearing measured along a route, and whether its probe stayed on the route's edge at the junction:
/// then it is that edge's own bearing (as `EdgeBearingTable` holds it), whatever the route does beyond.
struct ProbedBearing: Sendable {
    var bearing: Bearing
    var staysOnEdge: Bool
}
