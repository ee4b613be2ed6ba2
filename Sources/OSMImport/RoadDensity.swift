import Foundation
import Geodesy
import RoadNetwork

/// How much road lies around each point of a graph: the built-up-area measure that works on a
/// roads-only extract (the density of junctions and local streets is what tells a town from the
/// countryside, as GraphHopper's and Valhalla's density measures use it).
///
/// The rule: road length (each road once, whatever its directions) of every class but motorways and
/// trunk roads — they run through towns and countryside alike — is binned on a grid of `cellSize`
/// squares over the extract's bounding box; the density at a point is the road length in the
/// `windowSize` square of cells around its cell divided by the area of those cells (only cells inside the
/// box count, so the roads at the edge of a clipped extract are not taken for countryside, but at least
/// half the window, so a thin box is not taken for a town), in km of road per km². A point is built-up when the density reaches `urbanThreshold`.
///
/// The grid is dense, with a summed-area table, so that a query is four reads; an extract so large
/// that 100 m cells would pass `maximumCells` gets larger cells (and the window as many cells as still
/// make about 700 m).
struct RoadDensity: Sendable {
    /// Grid square side, at least.
    static let cellSize: Meters = 100
    /// Side of the square summed around a point.
    static let windowSize: Meters = 700
    /// Density from which a road counts as built-up, km of road per km². Town streets give 12–25,
    /// villages 8–12, farmland and forest under 4.
    static let urbanThreshold: Double = 7
    /// Step of the walk along each road that bins its length (shorter than a cell, so that a long
    /// country road spreads over every cell it crosses).
    static let binningStep: Meters = 50
    /// Most cells in the grid (64 MB of sums).
    static let maximumCells = 1 << 23
    static let metersPerDegreeLatitude = 111_195.0

    private let box: BoundingBox
    private let metersPerDegreeLongitude: Double
    private let cell: Meters
    private let rows: Int
    private let columns: Int
    /// Half the window, in cells.
    private let reach: Int
    /// `sums[(r + 1) * (columns + 1) + (c + 1)]`: road length in cells with row ≤ r and column ≤ c, metres.
    private var sums: [Double]

    /// Bins the road length of `graph`.
    /// - Complexity: O(edges + road length / binningStep + cells).
    init(graph: RoadGraph) {
        box = graph.boundingBox
        let latitude = box.isEmpty ? 0 : (box.minLatitude + box.maxLatitude) / 2
        metersPerDegreeLongitude = Self.metersPerDegreeLatitude * cos(latitude * .pi / 180)
        let height = box.isEmpty ? 0 : (box.maxLatitude - box.minLatitude) * Self.metersPerDegreeLatitude
        let width = box.isEmpty ? 0 : (box.maxLongitude - box.minLongitude) * metersPerDegreeLongitude
        cell = max(Self.cellSize, (height * width / Double(Self.maximumCells)).squareRoot())
        rows = Int(height / cell) + 1
        columns = Int(width / cell) + 1
        reach = max(0, Int((Self.windowSize / cell / 2).rounded(.down)))
        sums = []
        var lengths = [Double](repeating: 0, count: rows * columns)
        var points: [Coordinate] = []
        for e in 0..<graph.edgeCount where Self.counts(edge: e, in: graph) {
            points.removeAll(keepingCapacity: true)
            points.append(graph.nodeCoordinates[Int(graph.tail[e])])
            points.append(contentsOf: graph.shapePoints(of: EdgeIndex(e)))
            points.append(graph.nodeCoordinates[Int(graph.head[e])])
            bin(points, into: &lengths)
        }
        sums = Self.summedArea(lengths, rows: rows, columns: columns)
    }

    /// Whether an edge's length counts: each road once (a two-way way's backward twin is left out) and
    /// only the classes that tell towns from the countryside.
    static func counts(edge e: Int, in graph: RoadGraph) -> Bool {
        let flags = graph.flags[e]
        if flags.contains(.againstWayDirection) && !flags.contains(.oneway) { return false }
        if flags.contains(.ferry) { return false }
        switch graph.highway[e].mainClass {
        case .motorway, .trunk: return false
        default: return true
        }
    }

    private func bin(_ points: [Coordinate], into lengths: inout [Double]) {
        for (a, b) in zip(points, points.dropFirst()) {
            let length = GreatCircle.distance(from: a, to: b)
            let steps = max(1, Int((length / Self.binningStep).rounded(.up)))
            let piece = length / Double(steps)
            for s in 0..<steps {
                let t = (Double(s) + 0.5) / Double(steps)
                let (row, column) = cellOf(latitude: a.latitude + (b.latitude - a.latitude) * t,
                                           longitude: a.longitude + (b.longitude - a.longitude) * t)
                lengths[row * columns + column] += piece
            }
        }
    }

    /// The grid cell of a point, clamped to the grid.
    private func cellOf(latitude: Degrees, longitude: Degrees) -> (row: Int, column: Int) {
        let row = Int(((latitude - box.minLatitude) * Self.metersPerDegreeLatitude / cell).rounded(.down))
        let column = Int(((longitude - box.minLongitude) * metersPerDegreeLongitude / cell).rounded(.down))
        return (min(max(row, 0), rows - 1), min(max(column, 0), columns - 1))
    }

    private static func summedArea(_ lengths: [Double], rows: Int, columns: Int) -> [Double] {
        var sums = [Double](repeating: 0, count: (rows + 1) * (columns + 1))
        for r in 0..<rows {
            var rowSum = 0.0
            for c in 0..<columns {
                rowSum += lengths[r * columns + c]
                sums[(r + 1) * (columns + 1) + (c + 1)] = sums[r * (columns + 1) + (c + 1)] + rowSum
            }
        }
        return sums
    }

    /// Road density around `point`, km of road per km².
    /// - Complexity: O(1).
    func density(at point: Coordinate) -> Double {
        guard !box.isEmpty else { return 0 }
        let (row, column) = cellOf(latitude: point.latitude, longitude: point.longitude)
        let top = max(0, row - reach), bottom = min(rows - 1, row + reach)
        let left = max(0, column - reach), right = min(columns - 1, column + reach)
        let stride = columns + 1
        let length = sums[(bottom + 1) * stride + (right + 1)] - sums[top * stride + (right + 1)]
            - sums[(bottom + 1) * stride + left] + sums[top * stride + left]
        // Cells outside the extract do not count, but at least half the window does: a thin box (an
        // extract of one road) must not make its own road a dense town.
        let windowCells = Double((2 * reach + 1) * (2 * reach + 1))
        let coveredCells = Double((bottom - top + 1) * (right - left + 1))
        let area = max(coveredCells, windowCells / 2) * cell * cell / 1e6
        return length / 1000 / area
    }

    /// Whether `point` lies in a built-up area by this measure.
    func isBuiltUp(at point: Coordinate) -> Bool {
        density(at: point) >= Self.urbanThreshold
    }
}
