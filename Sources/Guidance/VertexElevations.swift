import Geodesy
import RoadNetwork
import Routing

/// Elevations of a leg's vertices from the graph's `ele` data, interpolated along each edge.
///
/// Most extracts carry no elevation; then every value is nil and nothing is measured.
struct VertexElevations {
    private var values: [Meters?]

    /// - Complexity: O(coordinates × shape points of their edge) for edges with elevation data, else
    ///   O(coordinates + shape points of the leg's edges).
    init(leg: RouteLeg, graph: borrowing RoadGraph) {
        values = Array(repeating: nil, count: leg.coordinates.count)
        guard !leg.coordinates.isEmpty else { return }
        // Whether each of the leg's edges has any elevation, looked at once per edge.
        let hasElevation = leg.edges.map { Self.hasElevation($0, graph: graph) }
        guard hasElevation.contains(true) else { return }
        for k in leg.coordinates.indices {
            let segment = min(k, leg.segmentEdge.count - 1)
            guard segment >= 0, leg.segmentEdge[segment] < leg.edges.count else { continue }
            let slot = leg.segmentEdge[segment]
            if hasElevation[slot] { values[k] = Self.elevation(at: leg.coordinates[k], on: leg.edges[slot], graph: graph) }
            if values[k] == nil && k > 0, leg.segmentEdge[k - 1] < leg.edges.count, hasElevation[leg.segmentEdge[k - 1]] {
                // A junction vertex is also the end of the previous edge.
                values[k] = Self.elevation(at: leg.coordinates[k], on: leg.edges[leg.segmentEdge[k - 1]], graph: graph)
            }
        }
    }

    /// Whether an edge's end nodes or shape points carry any elevation.
    static func hasElevation(_ edge: EdgeIndex, graph: RoadGraph) -> Bool {
        if !graph.nodeElevations[Int(graph.tail[Int(edge)])].isNaN || !graph.nodeElevations[Int(graph.head[Int(edge)])].isNaN { return true }
        let first = Int(graph.firstShapePoint[Int(edge)]), last = Int(graph.firstShapePoint[Int(edge) + 1])
        for i in first..<last where !graph.shapeElevations[i].isNaN { return true }
        return false
    }

    /// The elevation of a point on an edge, interpolated between the nearest known elevations.
    static func elevation(at c: Coordinate, on edge: EdgeIndex, graph: RoadGraph) -> Meters? {
        guard hasElevation(edge, graph: graph) else { return nil }
        let points = graph.geometry(of: edge)
        let heights = graph.geometryElevations(of: edge)
        // The closest segment, then linear interpolation between its ends' known heights.
        var best = (distance: Meters.infinity, segment: 0, fraction: 0.0)
        for s in 0..<(points.count - 1) {
            let hit = GreatCircle.closestPoint(to: c, onSegmentFrom: points[s], to: points[s + 1])
            if hit.distance < best.distance { best = (hit.distance, s, hit.fraction) }
        }
        let a = heights[best.segment], b = heights[best.segment + 1]
        switch (a.isNaN, b.isNaN) {
        case (false, false): return Double(a) + (Double(b) - Double(a)) * best.fraction
        case (false, true): return Double(a)
        case (true, false): return Double(b)
        case (true, true): return nil
        }
    }

    /// The elevation of a densified point: its vertex's, or interpolated between its stretch's ends.
    func elevation(of point: DensePoint, in polyline: [Coordinate]) -> Meters? {
        if let v = point.vertex { return values[v] }
        let s = point.segment
        guard s + 1 < values.count else { return nil }
        switch (values[s], values[s + 1]) {
        case let (a?, b?):
            let length = GreatCircle.distance(from: polyline[s], to: polyline[s + 1])
            let f = length > 0 ? GreatCircle.distance(from: polyline[s], to: point.coordinate) / length : 0
            return a + (b - a) * f
        case let (a?, nil): return a
        case let (nil, b?): return b
        default: return nil
        }
    }
}
