import Geodesy
import RoadNetwork
import Routing

/// Measured facts about a leg's polyline that steps and waypoints share.
///
/// Invariant: `cumulativeDistance.count == coordinates.count`, starting at 0, non-decreasing;
/// `edgeStart.count == edges.count + 1`, non-decreasing, `edgeStart[i]` is the coordinate where
/// `edges[i]` begins (the junction node for i > 0).
struct LegGeometry: Sendable {
    var cumulativeDistance: [Meters]
    var cumulativeDuration: [Seconds]
    var edgeStart: [Int]

    /// - Complexity: O(coordinates + edges).
    init(leg: RouteLeg, graph: borrowing RoadGraph) {
        let coords = leg.coordinates
        var distance: [Meters] = [0]
        var duration: [Seconds] = [0]
        distance.reserveCapacity(coords.count)
        duration.reserveCapacity(coords.count)
        var k = 1
        while k < coords.count {
            let d = GreatCircle.distance(from: coords[k - 1], to: coords[k])
            var t: Seconds = 0
            let s = k - 1
            if s < leg.segmentEdge.count, leg.segmentEdge[s] < leg.edges.count {
                let e = Int(leg.edges[leg.segmentEdge[s]])
                let length = Double(graph.lengthMeters[e])
                if length > 0 { t = d * Double(graph.travelTimeSeconds[e]) / length }
            }
            distance.append(distance[k - 1] + d)
            duration.append(duration[k - 1] + t)
            k += 1
        }
        // The router's own duration is authoritative (it may add turn costs); spread it over the
        // segments in proportion to the per-edge estimate.
        if let total = duration.last, total > 0, leg.duration > 0 {
            let scale = leg.duration / total
            for i in duration.indices { duration[i] *= scale }
        }
        cumulativeDistance = distance
        cumulativeDuration = duration
        var starts: [Int] = []
        starts.reserveCapacity(leg.edges.count + 1)
        var s = 0
        for i in 0..<leg.edges.count {
            while s < leg.segmentEdge.count && leg.segmentEdge[s] < i { s += 1 }
            starts.append(min(s, max(0, coords.count - 1)))
        }
        starts.append(max(0, coords.count - 1))
        edgeStart = starts
    }
}
