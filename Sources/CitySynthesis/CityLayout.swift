import Foundation
import Geodesy
import SeededRandom

/// The plan of a synthetic city: a square grid of junctions with curved streets, diagonal avenues,
/// service spurs, and a ring motorway with interchanges, all derived from `(size, seed)` by pure
/// functions, so the node pass and the way pass of the generator agree without storing anything.
///
/// Grid: junction `(row, column)`, rows counted from north to south, columns from west to east,
/// `blockWidth` apart east-west and `blockHeight` north-south (jittered a few metres off the arteries).
/// Road classes by row/column index: multiples of 16 are primary, of 8 secondary, of 4 tertiary,
/// the rest residential (every fourth of those one-way, alternating direction).
///
/// Node id ranges, in the order the nodes are written (ascending, as OSM files are sorted):
/// junctions, horizontal shape points, vertical shape points, diagonal midpoints, service-spur
/// points, inner ring, outer ring, ramp shape points. Ids inside a range are sparse where a segment
/// has fewer than its maximum of shape points.
///
/// Invariant: every id a way or relation references is written by the node pass, and vice versa
/// every written node is referenced by at least one way.
struct CityLayout: Sendable {
    let size: Int
    let seed: UInt64
    let center: Coordinate

    let blockWidth: Meters = 120
    let blockHeight: Meters = 100
    /// Streets per run before a way is split (OSM ways are split at major junctions).
    let runLength = 8
    /// Every `diagonalSpacing`-th diagonal line (column - row) carries a diagonal avenue.
    let diagonalSpacing = 12
    /// Shape points at most per grid segment.
    let maxShape = 2
    let ringSpacing: Meters = 80
    let ringCarriagewayGap: Meters = 15

    /// Number of ring nodes per carriageway.
    let ringNodes: Int
    let ringRadius: Meters
    /// Where ramps join the ring: a junction of a primary artery near the ring, and the ring index there.
    let interchanges: [Interchange]

    struct Interchange: Sendable {
        var row: Int
        var column: Int
        var ringIndex: Int
    }

    /// Junctions per nodes, as the grid's mix of shape points and spurs works out (measured): used to
    /// pick the grid size for a requested node count.
    static let nodesPerJunction = 3.29

    /// The grid side for about `nodes` nodes (at least 4).
    static func side(forNodes nodes: Int) -> Int {
        max(4, Int((Double(nodes) / nodesPerJunction).squareRoot().rounded()))
    }

    init(size: Int, seed: UInt64, center: Coordinate) {
        self.size = size
        self.seed = seed
        self.center = center
        let width = Double(size - 1) * blockWidth, height = Double(size - 1) * blockHeight
        ringRadius = 0.42 * min(width, height)
        ringNodes = max(16, Int((2 * Double.pi * ringRadius / ringSpacing).rounded(.up)))
        var found: [Interchange] = []
        let half = Double(size - 1) / 2
        // Each primary row and column crosses the ring twice; an interchange sits at the artery's
        // junction nearest each crossing.
        for line in stride(from: 0, to: size, by: 16) {
            let offset = (half - Double(line)) * blockHeight
            if abs(offset) < 0.95 * ringRadius {
                let along = (ringRadius * ringRadius - offset * offset).squareRoot()
                for sign in [-1.0, 1.0] {
                    let column = min(size - 1, max(0, Int((sign * along / blockWidth + half).rounded())))
                    found.append(Interchange(row: line, column: column, ringIndex: 0))
                }
            }
        }
        for line in stride(from: 0, to: size, by: 16) {
            let offset = (Double(line) - half) * blockWidth
            if abs(offset) < 0.95 * ringRadius {
                let along = (ringRadius * ringRadius - offset * offset).squareRoot()
                for sign in [1.0, -1.0] {
                    let row = min(size - 1, max(0, Int((half - sign * along / blockHeight).rounded())))
                    found.append(Interchange(row: row, column: line, ringIndex: 0))
                }
            }
        }
        let nodes = ringNodes, blockW = blockWidth, blockH = blockHeight
        interchanges = found.map { change in
            var c = change
            let x = (Double(change.column) - half) * blockW, y = (half - Double(change.row)) * blockH
            var angle = atan2(y, x)
            if angle < 0 { angle += 2 * .pi }
            c.ringIndex = Int((angle / (2 * .pi) * Double(nodes)).rounded()) % nodes
            return c
        }
    }

    // MARK: Hashing

    /// A reproducible 64-bit hash of a feature (`kind` names the feature family).
    @inline(__always) func hash(_ kind: UInt64, _ a: Int, _ b: Int = 0) -> UInt64 {
        SplitMix64.mix(SplitMix64.mix(SplitMix64.mix(seed &+ kind &* 0x9E37_79B9) &+ UInt64(bitPattern: Int64(a))) &+ UInt64(bitPattern: Int64(b)))
    }

    /// A reproducible value in `-1 ..< 1`.
    @inline(__always) func signedUnit(_ kind: UInt64, _ a: Int, _ b: Int = 0) -> Double {
        Double(hash(kind, a, b) >> 11) * (2.0 / 9_007_199_254_740_992.0) - 1
    }

    // MARK: Classes

    enum LineClass { case primary, secondary, tertiary, residential }

    /// The class of grid row or column `line`.
    func lineClass(_ line: Int) -> LineClass {
        if line % 16 == 0 { return .primary }
        if line % 8 == 0 { return .secondary }
        if line % 4 == 0 { return .tertiary }
        return .residential
    }

    /// Residential lines `4k + 2` are one-way; nil for two-way lines, else whether the direction is
    /// along increasing index (east/south) — expressed in the file as `oneway=yes` or `oneway=-1`.
    func isOneway(_ line: Int) -> Bool { line % 4 == 2 }

    // MARK: Ids

    var junctionCount: Int { size * size }
    var horizontalSegments: Int { size * (size - 1) }
    var horizontalBase: Int64 { Int64(junctionCount) + 1 }
    var verticalBase: Int64 { horizontalBase + Int64(horizontalSegments * maxShape) }
    var diagonalBase: Int64 { verticalBase + Int64(horizontalSegments * maxShape) }
    var serviceBase: Int64 { diagonalBase + Int64((size - 1) * (size - 1)) }
    var innerRingBase: Int64 { serviceBase + Int64((size - 1) * (size - 1) * 2) }
    var outerRingBase: Int64 { innerRingBase + Int64(ringNodes) }
    var rampBase: Int64 { outerRingBase + Int64(ringNodes) }

    func junctionID(_ row: Int, _ column: Int) -> Int64 { Int64(row * size + column) + 1 }
    func horizontalShapeID(_ row: Int, _ column: Int, _ s: Int) -> Int64 {
        horizontalBase + Int64((row * (size - 1) + column) * maxShape + s)
    }
    func verticalShapeID(_ row: Int, _ column: Int, _ s: Int) -> Int64 {
        verticalBase + Int64((row * size + column) * maxShape + s)
    }
    func diagonalMidID(_ row: Int, _ column: Int) -> Int64 { diagonalBase + Int64(row * (size - 1) + column) }
    func serviceID(_ row: Int, _ column: Int, _ s: Int) -> Int64 {
        serviceBase + Int64((row * (size - 1) + column) * 2 + s)
    }
    func innerRingID(_ k: Int) -> Int64 { innerRingBase + Int64(k % ringNodes) }
    func outerRingID(_ k: Int) -> Int64 { outerRingBase + Int64(k % ringNodes) }
    /// Ramp `ramp` (0 on-inner, 1 off-inner, 2 on-outer, 3 off-outer) of interchange `index`, shape point `s`.
    func rampShapeID(_ index: Int, _ ramp: Int, _ s: Int) -> Int64 { rampBase + Int64(index * 8 + ramp * 2 + s) }

    // MARK: Counts of optional features

    /// Shape points on the horizontal segment from `(row, column)` to `(row, column + 1)`.
    func horizontalShapeCount(_ row: Int, _ column: Int) -> Int {
        Int(hash(1, row, column) % UInt64(lineClass(row) == .residential ? 3 : 2))
    }
    /// Shape points on the vertical segment from `(row, column)` to `(row + 1, column)`.
    func verticalShapeCount(_ row: Int, _ column: Int) -> Int {
        Int(hash(2, row, column) % UInt64(lineClass(column) == .residential ? 3 : 2))
    }
    /// Whether block `(row, column)` (south-east of that junction) is crossed by a diagonal avenue.
    func hasDiagonal(_ row: Int, _ column: Int) -> Bool {
        ((column - row) % diagonalSpacing + diagonalSpacing) % diagonalSpacing == 0
    }
    /// Whether block `(row, column)` has a dead-end service road from its north-west junction.
    func hasService(_ row: Int, _ column: Int) -> Bool {
        !hasDiagonal(row, column) && hash(3, row, column) % 4 == 0
    }

    // MARK: Positions (metres east/north of the centre)

    func junctionPosition(_ row: Int, _ column: Int) -> (x: Meters, y: Meters) {
        let half = Double(size - 1) / 2
        // Arteries stay straight: only the coordinate across a minor street is jittered.
        let jx = column % 4 == 0 ? 0 : 8 * signedUnit(4, row, column)
        let jy = row % 4 == 0 ? 0 : 8 * signedUnit(5, row, column)
        return ((Double(column) - half) * blockWidth + jx, (half - Double(row)) * blockHeight + jy)
    }

    /// Point `s` of `count` shape points on a gently curved street from `a` to `b`.
    func curvePoint(from a: (x: Meters, y: Meters), to b: (x: Meters, y: Meters), index s: Int, of count: Int,
                    amplitude: Meters) -> (x: Meters, y: Meters) {
        let t = Double(s + 1) / Double(count + 1)
        let dx = b.x - a.x, dy = b.y - a.y
        let length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
        let bend = amplitude * sin(.pi * t)
        return (a.x + t * dx - dy / length * bend, a.y + t * dy + dx / length * bend)
    }

    func horizontalShape(_ row: Int, _ column: Int, _ s: Int, of count: Int) -> (x: Meters, y: Meters) {
        let amplitude = (lineClass(row) == .residential ? 12.0 : 3.0) * signedUnit(6, row, column)
        return curvePoint(from: junctionPosition(row, column), to: junctionPosition(row, column + 1), index: s, of: count, amplitude: amplitude)
    }

    func verticalShape(_ row: Int, _ column: Int, _ s: Int, of count: Int) -> (x: Meters, y: Meters) {
        let amplitude = (lineClass(column) == .residential ? 12.0 : 3.0) * signedUnit(7, row, column)
        return curvePoint(from: junctionPosition(row, column), to: junctionPosition(row + 1, column), index: s, of: count, amplitude: amplitude)
    }

    func diagonalMid(_ row: Int, _ column: Int) -> (x: Meters, y: Meters) {
        curvePoint(from: junctionPosition(row, column), to: junctionPosition(row + 1, column + 1), index: 0, of: 1,
                   amplitude: 6 * signedUnit(8, row, column))
    }

    func servicePoint(_ row: Int, _ column: Int, _ s: Int) -> (x: Meters, y: Meters) {
        let a = junctionPosition(row, column)
        let fraction = s == 0 ? 0.3 : 0.55
        // Towards the block's centre, bent a little so the spur is not parallel to a diagonal.
        return (a.x + fraction * blockWidth * 0.5 + 4 * signedUnit(9, row, column),
                a.y - fraction * blockHeight * 0.5)
    }

    func ringPosition(_ k: Int, outer: Bool) -> (x: Meters, y: Meters) {
        let angle = 2 * Double.pi * Double(k % ringNodes) / Double(ringNodes)
        let radius = ringRadius + (outer ? ringCarriagewayGap : 0)
        return (radius * cos(angle), radius * sin(angle))
    }

    /// The ring node a ramp meets: off-ramps leave just before the interchange, on-ramps join just
    /// after it, in each carriageway's direction of travel (inner counter-clockwise, outer clockwise).
    func rampRingIndex(_ change: Interchange, ramp: Int) -> Int {
        let n = ringNodes
        switch ramp {
        case 0: return (change.ringIndex + 1) % n      // on, inner (driving towards increasing index)
        case 1: return (change.ringIndex + n - 1) % n  // off, inner
        case 2: return (change.ringIndex + n - 1) % n  // on, outer (driving towards decreasing index)
        default: return (change.ringIndex + 1) % n     // off, outer
        }
    }

    func rampShape(_ index: Int, _ ramp: Int, _ s: Int) -> (x: Meters, y: Meters) {
        let change = interchanges[index]
        let junction = junctionPosition(change.row, change.column)
        let ring = ringPosition(rampRingIndex(change, ramp: ramp), outer: ramp >= 2)
        return curvePoint(from: junction, to: ring, index: s, of: 2, amplitude: Double(ramp * 2 - 3) * 6)
    }

    // MARK: Geodesy

    /// Metres east and north from the centre that contain every node: half the grid, plus one block for
    /// curved shape points and spurs at its edge.
    var halfExtent: (x: Meters, y: Meters) {
        (Double(size - 1) / 2 * blockWidth + blockWidth, Double(size - 1) / 2 * blockHeight + blockHeight)
    }

    /// The corners of the box around every node, or nil when the city would reach past a pole or the
    /// 180th meridian (coordinates the importer rejects as invalid).
    var corners: [Coordinate]? {
        let (x, y) = halfExtent
        let corners = [coordinate((-x, -y)), coordinate((x, -y)), coordinate((-x, y)), coordinate((x, y))]
        return corners.allSatisfy(\.isValid) ? corners : nil
    }

    private var metersPerDegreeLatitude: Double { 111_132.954 }

    /// Converts a position in metres east/north of the centre to WGS-84 (equirectangular; accurate to
    /// well under a metre over a city's extent, which is all a synthetic map needs).
    func coordinate(_ p: (x: Meters, y: Meters)) -> Coordinate {
        let latitude = center.latitude + p.y / metersPerDegreeLatitude
        let longitude = center.longitude + p.x / (metersPerDegreeLatitude * cos(center.latitude * .pi / 180))
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
