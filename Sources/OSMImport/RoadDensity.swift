import Foundation
import Geodesy
import RoadNetwork

/// How much road lies around each point of a graph: the built-up-area measure that works on a
/// roads-only extract (the density of junctions and local streets is what tells a town from the
/// countryside, as GraphHopper's and Valhalla's density measures use it).
///
/// The rule: road length (each road once, whatever its directions) of every class but motorways and
/// trunk roads — they run through towns and countryside alike — is binned on a grid of `cellSize`
/// squares; the density at a point is the road length in the `window` × `window` cells around its
/// cell divided by their area (the part inside the extract's bounding box), in km of road per km². A
/// point is built-up when the density reaches `urbanThreshold`.
struct RoadDensity: Sendable {
    /// Grid square side.
    static let cellSize: Meters = 100
    /// Side of the square of cells summed around a point (odd): 7 cells, 700 m.
    static let window = 7
    /// Density from which a road counts as built-up, km of road per km². Town streets give 12–25,
    /// villages 8–12, farmland and forest under 4.
    static let urbanThreshold: Double = 7
    /// Step of the walk along each road that bins its length (shorter than a cell, so that a long
    /// country road spreads over every cell it crosses).
    static let binningStep: Meters = 50

    private let originLatitude: Degrees
    private let metersPerDegreeLongitude: Double
    /// The cells the extract covers (its bounding box): a window reaching past them counts only the area
    /// inside, so the roads at the edge of a clipped extract are not taken for the countryside.
    private let coveredRows: ClosedRange<Int64>
    private let coveredColumns: ClosedRange<Int64>
    private var lengthInCell: [Int64: Float] = [:]
    private var windowDensities: [Int64: Float] = [:]

    /// Bins the road length of `graph`.
    /// - Complexity: O(edges + road length / binningStep) expected.
    init(graph: RoadGraph) {
        let box = graph.boundingBox
        originLatitude = box.isEmpty ? 0 : (box.minLatitude + box.maxLatitude) / 2
        metersPerDegreeLongitude = Self.metersPerDegreeLatitude * cos(originLatitude * .pi / 180)
        if box.isEmpty {
            (coveredRows, coveredColumns) = (0...0, 0...0)
        } else {
            let scale = (Self.metersPerDegreeLatitude / Self.cellSize, metersPerDegreeLongitude / Self.cellSize)
            coveredRows = Int64((box.minLatitude * scale.0).rounded(.down))...Int64((box.maxLatitude * scale.0).rounded(.down))
            coveredColumns = Int64((box.minLongitude * scale.1).rounded(.down))...Int64((box.maxLongitude * scale.1).rounded(.down))
        }
        for e in 0..<graph.edgeCount where Self.counts(edge: e, in: graph) {
            bin(graph.geometry(of: EdgeIndex(e)))
        }
    }

    static let metersPerDegreeLatitude = 111_195.0

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

    private mutating func bin(_ points: [Coordinate]) {
        for (a, b) in zip(points, points.dropFirst()) {
            let length = GreatCircle.distance(from: a, to: b)
            let steps = max(1, Int((length / Self.binningStep).rounded(.up)))
            let piece = Float(length / Double(steps))
            for s in 0..<steps {
                let t = (Double(s) + 0.5) / Double(steps)
                let point = Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * t,
                                       longitude: a.longitude + (b.longitude - a.longitude) * t)
                lengthInCell[cell(of: point), default: 0] += piece
            }
        }
    }

    /// The grid cell of a point, packed row and column.
    private func cell(of point: Coordinate) -> Int64 {
        let row = Int64((point.latitude * Self.metersPerDegreeLatitude / Self.cellSize).rounded(.down))
        let column = Int64((point.longitude * metersPerDegreeLongitude / Self.cellSize).rounded(.down))
        return Self.pack(row: row, column: column)
    }

    private static func pack(row: Int64, column: Int64) -> Int64 { row << 32 &+ (column & 0xFFFF_FFFF) }

    /// Road density around `point`, km of road per km².
    /// - Complexity: O(window²) the first time a cell is asked for, O(1) after.
    mutating func density(at point: Coordinate) -> Double {
        let center = cell(of: point)
        if let cached = windowDensities[center] { return Double(cached) }
        let row = center >> 32, column = Int64(Int32(truncatingIfNeeded: center))
        let half = Int64(Self.window / 2)
        var length: Float = 0
        var coveredCells = 0
        for r in (row - half)...(row + half) where coveredRows.contains(r) {
            for c in (column - half)...(column + half) where coveredColumns.contains(c) {
                length += lengthInCell[Self.pack(row: r, column: c)] ?? 0
                coveredCells += 1
            }
        }
        let cellSquareKilometers = Self.cellSize * Self.cellSize / 1e6
        let density = Float(Double(length) / 1000 / (Double(max(1, coveredCells)) * cellSquareKilometers))
        windowDensities[center] = density
        return Double(density)
    }

    /// Whether `point` lies in a built-up area by this measure.
    mutating func isBuiltUp(at point: Coordinate) -> Bool {
        density(at: point) >= Self.urbanThreshold
    }
}
