import Foundation
import Geodesy
import RoadNetwork

/// A uniform grid over the segments of the edge polylines, answering "the nearest point on a road".
///
/// Built once per graph and read-only afterwards, so any number of threads may query it. Positions are
/// projected equirectangularly around the graph's centre (x east, y north, metres); cell `(column, row)`
/// covers `[column × cellSize, (column + 1) × cellSize)` from the grid's south-west corner.
///
/// Layout (CSR): the edges with a segment passing through cell `c = row × columns + column` are
/// `entryEdge[i]` for `i` in `firstEntry[c] ..< firstEntry[c + 1]`, each once per cell; a query searching
/// the cell measures the segments of such an edge that pass through it, by the same test that listed the
/// edge (segment `k` of edge `e` runs from point `k` to point `k + 1` of `graph.geometry(of: e)`). One
/// entry per edge and cell, not per segment and cell: the entries are 4 bytes instead of 8 and fewer (44 %
/// fewer on a generated 5 M-node city), and a query measures the same segments as before, for a cheap
/// planar test of each segment of a listed edge. Only one edge of each two-way pair is indexed (the twin
/// with the smaller index); the router offers the other direction itself. Edges a route may not start
/// or end on (`EdgeFlags.notStartPoint`: ferries, private service roads) are left out.
public struct SnapIndex: Sendable {
    /// Side of one square cell.
    let cellSize: Meters
    let columns: Int
    let rows: Int
    let originX: Double
    let originY: Double
    let referenceLatitude: Degrees
    let referenceLongitude: Degrees
    let metersPerDegreeX: Double
    let metersPerDegreeY: Double
    let firstEntry: [UInt32]
    let entryEdge: [EdgeIndex]

    /// Bytes of the grid's arrays (cell offsets and entry edges), capacity included.
    public var byteCount: Int {
        firstEntry.capacity * MemoryLayout<UInt32>.stride + entryEdge.capacity * MemoryLayout<EdgeIndex>.stride
    }

    /// Cells beyond this count make the grid coarser, so memory stays bounded on large areas.
    static let maximumCellCount = 4_000_000

    /// Indexes every edge segment of `graph` (one edge of each twin pair, as `twin` gives them).
    /// - Complexity: O(segments × cells each covers) time, O(cells + entries) memory.
    init(graph: RoadGraph, twin: [EdgeIndex], cellSize preferredCellSize: Meters = 50) {
        let box = graph.boundingBox
        let metersPerDegree = GreatCircle.earthRadius * .pi / 180
        if box.isEmpty {
            cellSize = preferredCellSize; columns = 1; rows = 1; originX = 0; originY = 0
            referenceLatitude = 0; referenceLongitude = 0
            metersPerDegreeX = metersPerDegree; metersPerDegreeY = metersPerDegree
            firstEntry = [0, 0]; entryEdge = []
            return
        }
        referenceLatitude = (box.minLatitude + box.maxLatitude) / 2
        referenceLongitude = (box.minLongitude + box.maxLongitude) / 2
        metersPerDegreeY = metersPerDegree
        metersPerDegreeX = metersPerDegree * max(0.01, cos(referenceLatitude * .pi / 180))
        let width = (box.maxLongitude - box.minLongitude) * metersPerDegreeX
        let height = (box.maxLatitude - box.minLatitude) * metersPerDegreeY
        var size = preferredCellSize
        // Coarsen until the grid fits; a country-sized graph gets bigger cells, not gigabytes.
        while (width / size + 1) * (height / size + 1) > Double(SnapIndex.maximumCellCount) { size *= 2 }
        cellSize = size
        columns = Int(width / size) + 1
        rows = Int(height / size) + 1
        originX = (box.minLongitude - referenceLongitude) * metersPerDegreeX
        originY = (box.minLatitude - referenceLatitude) * metersPerDegreeY

        // Two passes over the same cell enumeration: count per cell, then fill (counting sort).
        var counts = [UInt32](repeating: 0, count: columns * rows + 1)
        var totalEntries = 0
        let grid: Grid = (columns: columns, rows: rows, size: size, originX: originX, originY: originY)
        let project = { [referenceLatitude, referenceLongitude, metersPerDegreeX, metersPerDegreeY] (c: Coordinate) -> (Double, Double) in
            ((c.longitude - referenceLongitude) * metersPerDegreeX, (c.latitude - referenceLatitude) * metersPerDegreeY)
        }
        // Each indexed edge's cells, once each: its segments' cells, sorted and without repeats.
        func forEachCell(_ body: (Int, EdgeIndex) -> Void) {
            // Local to this call: a variable captured from outside would be checked for exclusive
            // access on every append.
            var cells: [Int] = []
            // Node by node, in edge order: each edge's tail is the node walked, not searched for.
            for v in 0..<graph.nodeCount {
                for edge in graph.outgoingEdges(of: NodeIndex(v)) {
                    let e = Int(edge), t = Int(twin[e])
                    if twin[e] != EdgeTwins.none && t < e { continue }
                    if graph.flags[e].contains(.notStartPoint) { continue }
                    let points = graph.geometry(of: edge, leaving: NodeIndex(v))
                    cells.removeAll(keepingCapacity: true)
                    for k in 0..<(points.count - 1) {
                        let (ax, ay) = project(points[k]), (bx, by) = project(points[k + 1])
                        SnapIndex.cells(alongSegment: (ax, ay), (bx, by), grid: grid) { cells.append($0) }
                    }
                    if cells.count > 1 { cells.sort() }
                    for (i, cell) in cells.enumerated() where i == 0 || cells[i - 1] != cell { body(cell, edge) }
                }
            }
        }
        forEachCell { cell, _ in counts[cell + 1] += 1; totalEntries += 1 }
        for i in 0..<(columns * rows) { counts[i + 1] += counts[i] }
        var next = counts
        var edges = [EdgeIndex](repeating: 0, count: totalEntries)
        forEachCell { cell, edge in
            edges[Int(next[cell])] = edge
            next[cell] += 1
        }
        firstEntry = counts
        entryEdge = edges
    }

    /// The grid's shape, as the cell tests read it.
    typealias Grid = (columns: Int, rows: Int, size: Double, originX: Double, originY: Double)

    /// The column and row ranges of the cells the segment a-b's bounding box touches.
    private static func cellRanges(ofSegment a: (Double, Double), _ b: (Double, Double), grid: Grid)
        -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        func column(_ x: Double) -> Int { min(grid.columns - 1, max(0, Int(((x - grid.originX) / grid.size).rounded(.down)))) }
        func row(_ y: Double) -> Int { min(grid.rows - 1, max(0, Int(((y - grid.originY) / grid.size).rounded(.down)))) }
        return (column(min(a.0, b.0))...column(max(a.0, b.0)), row(min(a.1, b.1))...row(max(a.1, b.1)))
    }

    /// Whether the segment a-b counts as passing through cell (`c`, `r`): the one cell of a segment
    /// inside one cell, else a cell of its bounding box whose centre lies within half a cell diagonal of
    /// it. The grid lists an edge in the cells its segments pass through, and a query measures in each
    /// searched cell just the segments that pass through it, by this same test.
    @inline(__always)
    private static func segment(_ a: (Double, Double), _ b: (Double, Double), passesThroughColumn c: Int, row r: Int,
                                grid: Grid) -> Bool {
        segment(a, b, passesThroughColumn: c, row: r, grid: grid, ranges: cellRanges(ofSegment: a, b, grid: grid))
    }

    /// The same test, given the segment's `cellRanges`.
    @inline(__always)
    private static func segment(_ a: (Double, Double), _ b: (Double, Double), passesThroughColumn c: Int, row r: Int,
                                grid: Grid, ranges: (columns: ClosedRange<Int>, rows: ClosedRange<Int>)) -> Bool {
        guard ranges.columns.contains(c) && ranges.rows.contains(r) else { return false }
        if ranges.columns.count == 1 && ranges.rows.count == 1 { return true }
        let reach = grid.size * 0.7072   // half the diagonal, a little rounded up
        return squaredDistance(fromCentreOfColumn: c, row: r, toSegment: a, b, grid: grid) <= reach * reach
    }

    /// The squared distance, in projected metres, from the centre of cell (`c`, `r`) to the segment a-b.
    @inline(__always)
    private static func squaredDistance(fromCentreOfColumn c: Int, row r: Int, toSegment a: (Double, Double),
                                        _ b: (Double, Double), grid: Grid) -> Double {
        let dx = b.0 - a.0, dy = b.1 - a.1
        let length2 = dx * dx + dy * dy
        let cx = grid.originX + (Double(c) + 0.5) * grid.size, cy = grid.originY + (Double(r) + 0.5) * grid.size
        var t = length2 > 0 ? ((cx - a.0) * dx + (cy - a.1) * dy) / length2 : 0
        t = min(1, max(0, t))
        let ex = a.0 + t * dx - cx, ey = a.1 + t * dy - cy
        return ex * ex + ey * ey
    }

    /// A quick test that no segment passing through cell (`c`, `r`) fails: every such segment comes within
    /// half a cell diagonal of the cell's centre (a segment inside the cell, because its points are; any
    /// other by the test itself). Three quarters of a cell leave room for rounding.
    @inline(__always)
    private static func segment(_ a: (Double, Double), _ b: (Double, Double), comesNearCentreOfColumn c: Int, row r: Int,
                                grid: Grid) -> Bool {
        let near = grid.size * 0.75
        return squaredDistance(fromCentreOfColumn: c, row: r, toSegment: a, b, grid: grid) <= near * near
    }

    /// Calls `body` with every cell the segment a-b passes through (`segment(_:_:passesThroughColumn:row:grid:)`).
    private static func cells(alongSegment a: (Double, Double), _ b: (Double, Double), grid: Grid, _ body: (Int) -> Void) {
        let ranges = cellRanges(ofSegment: a, b, grid: grid)
        for r in ranges.rows {
            for c in ranges.columns where segment(a, b, passesThroughColumn: c, row: r, grid: grid, ranges: ranges) {
                body(r * grid.columns + c)
            }
        }
    }

    /// A coordinate in the grid's projection (x east, y north, metres from the graph's centre).
    @inline(__always)
    private func project(_ c: Coordinate) -> (Double, Double) {
        ((c.longitude - referenceLongitude) * metersPerDegreeX, (c.latitude - referenceLatitude) * metersPerDegreeY)
    }

    /// The largest distance between two points on Earth, metres.
    static let halfEarthCircumference: Meters = 20_040_000

    /// The nearest point on an indexed edge within `maxDistance` of `coordinate`, or nil.
    ///
    /// The result's `edge` is the indexed edge of its twin pair; `fraction` is measured along the
    /// polyline's great-circle length. Ties go to the smaller edge index, so results are deterministic.
    /// - Complexity: O(cells within `maxDistance` + segments of the edges in them); independent of the graph size.
    public func nearest(to coordinate: Coordinate, in graph: RoadGraph, maxDistance: Meters) -> SnappedLocation? {
        nearest(to: coordinate, in: graph, maxDistance: maxDistance, where: { _ in true })
    }

    /// The nearest point within `maxDistance` on an indexed edge that `accepts`, or nil.
    ///
    /// Used to find the nearest point on the main network when the nearest road is a tiny island; the
    /// search widens ring by ring exactly as `nearest(to:in:maxDistance:)` and skips rejected edges.
    /// - Complexity: O(cells within the distance of the nearest accepted edge + segments of the edges in them).
    public func nearest(to coordinate: Coordinate, in graph: RoadGraph, maxDistance: Meters,
                 where accepts: (EdgeIndex) -> Bool) -> SnappedLocation? {
        guard entryEdge.count > 0, maxDistance >= 0, coordinate.isValid else { return nil }
        let x = (coordinate.longitude - referenceLongitude) * metersPerDegreeX
        let y = (coordinate.latitude - referenceLatitude) * metersPerDegreeY
        // The projection stretches distances by the cosine ratio across the grid; search a margin further.
        // No two points on Earth are farther apart than half its circumference, so a larger limit
        // (`1e21`, infinity) means the same and must not overflow the ring count.
        let searchRadius = min(maxDistance, SnapIndex.halfEarthCircumference) * 1.1 + cellSize
        let gx = (x - originX) / cellSize, gy = (y - originY) / cellSize
        let outsideX = max(0, -gx, gx - Double(columns)) * cellSize
        let outsideY = max(0, -gy, gy - Double(rows)) * cellSize
        if outsideX > searchRadius || outsideY > searchRadius { return nil }
        let cx = Int(gx.rounded(.down)), cy = Int(gy.rounded(.down))

        var best: (distance: Meters, edge: EdgeIndex, segment: UInt32, fraction: Double, point: Coordinate)?
        let maxRing = Int((searchRadius / cellSize).rounded(.up)) + 1
        let grid: Grid = (columns: columns, rows: rows, size: cellSize, originX: originX, originY: originY)
        var ring = 0
        while ring <= maxRing {
            // Everything in ring r or beyond is at least (r - 1) cells away (projected).
            if let b = best, b.distance <= Double(ring - 1) * cellSize * 0.9 { break }
            if Double(ring - 1) * cellSize * 0.9 > maxDistance { break }
            for (column, row) in SnapIndex.ringCells(centerColumn: cx, centerRow: cy, ring: ring)
            where column >= 0 && column < columns && row >= 0 && row < rows {
                let cell = row * columns + column
                for i in Int(firstEntry[cell])..<Int(firstEntry[cell + 1]) {
                    let edge = entryEdge[i]
                    if !accepts(edge) { continue }
                    // The segments through this cell, by the test that listed the edge here: the same
                    // segments a grid of segments would have listed, measured as often.
                    forEachSegment(of: edge, in: graph) { segment, a, b in
                        let pa = project(a), pb = project(b)
                        guard SnapIndex.segment(pa, pb, comesNearCentreOfColumn: column, row: row, grid: grid),
                              SnapIndex.segment(pa, pb, passesThroughColumn: column, row: row, grid: grid) else { return }
                        let hit = GreatCircle.closestPoint(to: coordinate, onSegmentFrom: a, to: b)
                        if let current = best {
                            if hit.distance > current.distance { return }
                            if hit.distance == current.distance && (edge, segment) >= (current.edge, current.segment) { return }
                        }
                        best = (hit.distance, edge, segment, hit.fraction, hit.point)
                    }
                }
            }
            ring += 1
        }
        guard let found = best, found.distance <= maxDistance else { return nil }
        let fraction = SnapIndex.edgeFraction(edge: found.edge, segment: Int(found.segment), segmentFraction: found.fraction, in: graph)
        return SnappedLocation(input: coordinate, location: found.point, edge: found.edge, fraction: fraction, distance: found.distance)
    }

    /// Calls `body(k, a, b)` for every segment `k` of `edge`, from point `a` to point `b`.
    @inline(__always)
    private func forEachSegment(of edge: EdgeIndex, in graph: RoadGraph, _ body: (UInt32, Coordinate, Coordinate) -> Void) {
        let e = Int(edge)
        let first = Int(graph.firstShapePoint[e]), end = Int(graph.firstShapePoint[e + 1])
        var a = graph.nodeCoordinates[Int(graph.tail[e])]
        for k in 0 ... (end - first) {
            let b = first + k < end ? graph.shapePoints[first + k] : graph.nodeCoordinates[Int(graph.head[e])]
            body(UInt32(k), a, b)
            a = b
        }
    }

    /// The cells at Chebyshev distance `ring` from the centre cell.
    private static func ringCells(centerColumn cx: Int, centerRow cy: Int, ring r: Int) -> [(Int, Int)] {
        if r == 0 { return [(cx, cy)] }
        var cells: [(Int, Int)] = []
        cells.reserveCapacity(8 * r)
        for c in (cx - r)...(cx + r) { cells.append((c, cy - r)); cells.append((c, cy + r)) }
        for row in (cy - r + 1)...(cy + r - 1) { cells.append((cx - r, row)); cells.append((cx + r, row)) }
        return cells
    }

    /// A snapped point this close to an end of its edge is *at* that node (fraction exactly 0 or 1), so
    /// rounding in the projection cannot make a point on a junction a point just before it: routing
    /// then starts there with no turn behind it and passes no signal standing on it.
    static let nodeTolerance: Meters = 0.01

    /// Converts a position on segment `segment` of an edge into a fraction of the edge's polyline length
    /// (0 or 1 within `nodeTolerance` of the ends).
    static func edgeFraction(edge: EdgeIndex, segment: Int, segmentFraction: Double, in graph: RoadGraph) -> Double {
        let points = graph.geometry(of: edge)
        var before: Meters = 0, total: Meters = 0
        for k in 0..<(points.count - 1) {
            let length = GreatCircle.distance(from: points[k], to: points[k + 1])
            if k < segment { before += length }
            if k == segment { before += length * segmentFraction }
            total += length
        }
        guard total > 0 else { return 0 }
        if before <= nodeTolerance { return 0 }
        if total - before <= nodeTolerance { return 1 }
        return min(1, max(0, before / total))
    }
}
