/// Where the cells of a `CountryBoundariesGrid` lie: square cells of `1 / cellsPerDegree` degrees from the
/// south-west corner of the world, row-major, and the reference point of each.
///
/// The index build and the query place points in cells through these same functions, so a point and the
/// edges near it always agree on the cell.
struct CountryBoundariesGridLayout: Sendable {
    let cellsPerDegree: Double
    let columnCount: Int
    let rowCount: Int

    // Where in its cell the reference point lies, as fractions of the cell's side: near the middle, far
    // from the rims (so an edge outside the cell is far from it too), and at no round number a boundary
    // vertex or a straight border along a meridian or parallel is likely to share.
    private static let referenceFractionEast = 0.4863
    private static let referenceFractionNorth = 0.5137

    /// Cells of `1 / cellsPerDegree` degrees; `cellsPerDegree` must be positive and at most 10 000 (about
    /// 11 m).
    init(cellsPerDegree: Double) {
        precondition(cellsPerDegree > 0 && cellsPerDegree <= 10_000, "cellsPerDegree \(cellsPerDegree) outside 0...10 000")
        self.cellsPerDegree = cellsPerDegree
        columnCount = Int((360 * cellsPerDegree).rounded(.up))
        rowCount = Int((180 * cellsPerDegree).rounded(.up))
    }

    var cellCount: Int { columnCount * rowCount }

    /// The row of a latitude, clamped to the grid (a point on the north rim is in the last row).
    @inline(__always) func row(ofLatitude latitude: Double) -> Int {
        Self.clampedIndex((latitude + 90) * cellsPerDegree, count: rowCount)
    }

    /// The column of a longitude, clamped to the grid (a point on the east rim is in the last column).
    @inline(__always) func column(ofLongitude longitude: Double) -> Int {
        Self.clampedIndex((longitude + 180) * cellsPerDegree, count: columnCount)
    }

    func southLatitude(ofRow row: Int) -> Double { -90 + Double(row) / cellsPerDegree }

    func westLongitude(ofColumn column: Int) -> Double { -180 + Double(column) / cellsPerDegree }

    func referenceLatitude(ofRow row: Int) -> Double {
        southLatitude(ofRow: row) + Self.referenceFractionNorth / cellsPerDegree
    }

    func referenceLongitude(ofColumn column: Int) -> Double {
        westLongitude(ofColumn: column) + Self.referenceFractionEast / cellsPerDegree
    }

    // Truncation is the floor here: negative values were clamped to 0 first.
    @inline(__always) private static func clampedIndex(_ scaled: Double, count: Int) -> Int {
        scaled <= 0 ? 0 : min(Int(scaled), count - 1)
    }
}
