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
    /// `edges[index]`, stopping early at the end of the last edge.
    /// - Complexity: O(shape points walked).
    func probeForward(edges: [EdgeIndex], from index: Int, distance: Meters) -> Coordinate {
        var current = nodeCoordinates[Int(tail[Int(edges[index])])]
        var remaining = distance
        var k = index
        while k < edges.count {
            let e = edges[k]
            for next in shapePoints(of: e) {
                if let hit = step(&current, to: next, remaining: &remaining) { return hit }
            }
            if let hit = step(&current, to: nodeCoordinates[Int(head[Int(e)])], remaining: &remaining) { return hit }
            k += 1
        }
        return current
    }

    /// The point `distance` metres back from the head of `edges[index]`, walking `edges[...index]` in
    /// reverse, stopping early at the tail of the first edge.
    /// - Complexity: O(shape points walked).
    func probeBackward(edges: [EdgeIndex], from index: Int, distance: Meters) -> Coordinate {
        var current = nodeCoordinates[Int(head[Int(edges[index])])]
        var remaining = distance
        var k = index
        while k >= 0 {
            let e = edges[k]
            for next in shapePoints(of: e).reversed() {
                if let hit = step(&current, to: next, remaining: &remaining) { return hit }
            }
            if let hit = step(&current, to: nodeCoordinates[Int(tail[Int(e)])], remaining: &remaining) { return hit }
            k -= 1
        }
        return current
    }

    /// The bearing of travel into the head of `edges[index]`, measured over `distance` metres.
    func bearingInto(edges: [EdgeIndex], at index: Int, distance: Meters) -> Bearing {
        let node = nodeCoordinates[Int(head[Int(edges[index])])]
        let back = probeBackward(edges: edges, from: index, distance: distance)
        return GreatCircle.initialBearing(from: back, to: node)
    }

    /// The bearing of travel out of the tail of `edges[index]`, measured over `distance` metres.
    func bearingOutOf(edges: [EdgeIndex], at index: Int, distance: Meters) -> Bearing {
        let node = nodeCoordinates[Int(tail[Int(edges[index])])]
        if let bearing = bearingAlongFirstSegment(of: edges[index], from: node, distance: distance) { return bearing }
        return bearingOutOfBeyondFirstSegment(edges: edges, at: index, from: node, distance: distance)
    }

    /// `bearingOutOf(edges:at:distance:)` when `bearingAlongFirstSegment` has been asked already and
    /// said nil; `node` is the coordinate of the tail of `edges[index]`.
    func bearingOutOfBeyondFirstSegment(edges: [EdgeIndex], at index: Int, from node: Coordinate, distance: Meters) -> Bearing {
        let ahead = probeForward(edges: edges, from: index, distance: distance)
        return GreatCircle.initialBearing(from: node, to: ahead)
    }

    /// The bearing of a single edge leaving its tail, measured over up to `distance` metres of it.
    /// - Complexity: O(shape points walked); allocates nothing (it runs for every branch of every junction).
    func bearingOutOf(edge: EdgeIndex, distance: Meters) -> Bearing {
        bearingOutOf(edge: edge, leaving: tail[Int(edge)], distance: distance)
    }

    /// The same for a caller that knows the edge's tail (looking it up searches `firstOut`).
    /// - Precondition: `tailNode == tail[edge]`.
    func bearingOutOf(edge: EdgeIndex, leaving tailNode: NodeIndex, distance: Meters) -> Bearing {
        let node = nodeCoordinates[Int(tailNode)]
        if let bearing = bearingAlongFirstSegment(of: edge, from: node, distance: distance) { return bearing }
        var current = node
        var remaining = distance
        for next in shapePoints(of: edge) {
            if let hit = step(&current, to: next, remaining: &remaining) { return GreatCircle.initialBearing(from: node, to: hit) }
        }
        let end = step(&current, to: nodeCoordinates[Int(head[Int(edge)])], remaining: &remaining) ?? current
        return GreatCircle.initialBearing(from: node, to: end)
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
