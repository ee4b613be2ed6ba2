import Geodesy

/// A square matrix of travel durations between stops, `self[i, j]` from stop `i` to stop `j`; not
/// necessarily symmetric (one-way streets), every cell finite.
public struct TravelCosts: Sendable, Equatable {
    /// Row-major cells.
    private var cells: [Seconds]
    /// The number of stops.
    public let count: Int

    /// - Precondition: `rows` is square and every cell is finite and non-negative.
    public init(_ rows: [[Seconds]]) {
        count = rows.count
        precondition(rows.allSatisfy { $0.count == rows.count }, "a square matrix")
        cells = rows.flatMap { $0 }
        precondition(cells.allSatisfy { $0.isFinite && $0 >= 0 }, "finite, non-negative durations")
    }

    init(count: Int, cell: (Int, Int) -> Seconds) {
        self.count = count
        cells = (0..<count * count).map { cell($0 / count, $0 % count) }
    }

    @inline(__always) public subscript(from: Int, to: Int) -> Seconds { cells[from * count + to] }

    /// The duration of a closed tour (back from its last stop to its first).
    public func cycleCost(_ tour: [Int]) -> Seconds {
        guard let first = tour.first, let last = tour.last else { return 0 }
        return pathCost(tour) + self[last, first]
    }

    /// The duration of an open path through the stops in order.
    public func pathCost(_ path: [Int]) -> Seconds {
        zip(path, path.dropFirst()).reduce(0) { $0 + self[$1.0, $1.1] }
    }

    /// The duration of a trip of the given shape: its stops in order, closed when `roundtrip`.
    public func tripCost(_ order: [Int], roundtrip: Bool) -> Seconds { roundtrip ? cycleCost(order) : pathCost(order) }
}
