import Geodesy
import RoadNetwork

extension SnapIndex {
    /// The nearest point of every indexed edge within `maxDistance` of `coordinate`, nearest first, at
    /// most `limit` of them: the candidate road positions of a map-matching point, one per road (twin
    /// pair) in reach, where `nearest(to:in:maxDistance:)` gives only the best.
    ///
    /// Each result's `edge` is the indexed edge of its twin pair and `fraction` is measured along the
    /// polyline's great-circle length, as `nearest` reports them. Ties go to the smaller edge index.
    /// - Complexity: O(cells within `maxDistance` + segments of the edges in them + k log k) for k edges
    ///   in reach; independent of the graph size.
    public func candidates(near coordinate: Coordinate, in graph: RoadGraph, maxDistance: Meters, limit: Int) -> [SnappedLocation] {
        guard entryEdge.count > 0, maxDistance >= 0, limit > 0, coordinate.isValid else { return [] }
        let x = (coordinate.longitude - referenceLongitude) * metersPerDegreeX
        let y = (coordinate.latitude - referenceLatitude) * metersPerDegreeY
        // The projection stretches distances by the cosine ratio across the grid: search a margin wider.
        let reach = min(maxDistance, SnapIndex.halfEarthCircumference) * 1.1
        func column(_ value: Double) -> Int { min(columns - 1, max(0, Int(((value - originX) / cellSize).rounded(.down)))) }
        func row(_ value: Double) -> Int { min(rows - 1, max(0, Int(((value - originY) / cellSize).rounded(.down)))) }
        let gx = (x - originX) / cellSize, gy = (y - originY) / cellSize
        let outsideX = max(0, -gx, gx - Double(columns)) * cellSize
        let outsideY = max(0, -gy, gy - Double(rows)) * cellSize
        if outsideX > reach + cellSize || outsideY > reach + cellSize { return [] }

        var measured: Set<EdgeIndex> = []
        var found: [SnappedLocation] = []
        for r in row(y - reach)...row(y + reach) {
            for c in column(x - reach)...column(x + reach) {
                let cell = r * columns + c
                for i in Int(firstEntry[cell])..<Int(firstEntry[cell + 1]) {
                    let edge = entryEdge[i]
                    guard measured.insert(edge).inserted,
                          let hit = closestPoint(of: edge, to: coordinate, in: graph), hit.distance <= maxDistance else { continue }
                    found.append(hit)
                }
            }
        }
        found.sort { ($0.distance, $0.edge) < ($1.distance, $1.edge) }
        return Array(found.prefix(limit))
    }

    /// The point of `edge`'s polyline nearest `coordinate`, as a snapped location on `edge`.
    /// - Complexity: O(segments of the edge).
    func closestPoint(of edge: EdgeIndex, to coordinate: Coordinate, in graph: RoadGraph) -> SnappedLocation? {
        let points = graph.geometry(of: edge)
        var best: (distance: Meters, segment: Int, fraction: Double, point: Coordinate)?
        for k in 0..<(points.count - 1) {
            let hit = GreatCircle.closestPoint(to: coordinate, onSegmentFrom: points[k], to: points[k + 1])
            if best.map({ hit.distance < $0.distance }) ?? true { best = (hit.distance, k, hit.fraction, hit.point) }
        }
        guard let found = best else { return nil }
        let fraction = SnapIndex.edgeFraction(edge: edge, segment: found.segment, segmentFraction: found.fraction, in: graph)
        return SnappedLocation(input: coordinate, location: found.point, edge: edge, fraction: fraction, distance: found.distance)
    }
}
