import Geodesy

/// The distribution of per-query times of one benchmark stage.
///
/// Percentiles use the nearest-rank method on the sorted sample (p95 of 20 queries is the 19th
/// smallest), so every figure is a time some query actually took.
public struct LatencySummary: Sendable, Equatable {
    public var count: Int
    public var total: Seconds
    public var median: Seconds
    public var p95: Seconds
    public var p99: Seconds
    public var min: Seconds
    public var max: Seconds
    public var mean: Seconds { count == 0 ? 0 : total / Double(count) }
    /// Queries per second on one core: count / total time of the queries themselves.
    public var queriesPerSecond: Double { total > 0 ? Double(count) / total : 0 }

    /// Summarises per-query times (in any order).
    /// - Complexity: O(n log n).
    public init(_ samples: [Seconds]) {
        let sorted = samples.sorted()
        count = sorted.count
        total = sorted.reduce(0, +)
        median = LatencySummary.percentile(sorted, 50)
        p95 = LatencySummary.percentile(sorted, 95)
        p99 = LatencySummary.percentile(sorted, 99)
        min = sorted.first ?? 0
        max = sorted.last ?? 0
    }

    /// The nearest-rank percentile of a sorted sample (0 for an empty sample).
    public static func percentile(_ sorted: [Seconds], _ p: Double) -> Seconds {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }
}
