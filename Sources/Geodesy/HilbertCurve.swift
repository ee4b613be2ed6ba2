/// Positions along a Hilbert curve through a square grid of `side × side` cells: consecutive positions
/// are always neighbouring cells, so sorting points by position keeps most points that lie close together
/// close together in the order too (better than row by row, where a cell's northern neighbour is a whole
/// row away).
///
/// Invariant: `side` is a power of two, at most 2¹⁶, so a position fits 32 bits.
public struct HilbertCurve: Sendable {
    /// Cells per side.
    public let side: UInt32

    /// The curve with `2^order` cells per side.
    /// - Precondition: `1 ≤ order ≤ 16`.
    public init(order: Int) {
        precondition((1...16).contains(order), "a Hilbert curve of order \(order) does not fit 32 bits")
        side = 1 << UInt32(order)
    }

    /// The position of cell `(x, y)` along the curve, in `0 ..< side²`.
    /// - Precondition: `x < side`, `y < side`.
    /// - Complexity: O(order).
    public func position(x: UInt32, y: UInt32) -> UInt32 {
        precondition(x < side && y < side, "cell (\(x), \(y)) is outside a \(side)-cell curve")
        var (x, y) = (x, y)
        var position: UInt32 = 0
        var half = side >> 1
        while half > 0 {
            let right: UInt32 = x & half != 0 ? 1 : 0, upper: UInt32 = y & half != 0 ? 1 : 0
            position += half * half * ((3 * right) ^ upper)
            // Rotate the quadrant so the curve inside it starts and ends where its neighbours join it.
            if upper == 0 {
                if right == 1 { (x, y) = (side - 1 - x, side - 1 - y) }
                (x, y) = (y, x)
            }
            half >>= 1
        }
        return position
    }

    /// The position of the cell that `coordinate` falls in when `box` is divided into `side × side` cells
    /// (longitude across, latitude up; points outside the box count in its edge cells).
    /// - Complexity: O(order).
    public func position(of coordinate: Coordinate, in box: BoundingBox) -> UInt32 {
        func cell(_ value: Double, _ low: Double, _ high: Double) -> UInt32 {
            guard high > low else { return 0 }
            let scaled = (value - low) / (high - low) * Double(side)
            return UInt32(min(max(scaled, 0), Double(side - 1)))
        }
        return position(x: cell(coordinate.longitude, box.minLongitude, box.maxLongitude),
                        y: cell(coordinate.latitude, box.minLatitude, box.maxLatitude))
    }
}
