import Geodesy

/// OSRM's `tidy`: thins a noisy trace before matching by leaving out a point that lies too close, in both
/// space and time, to the last point kept (a car standing still, or sampling faster than it moves), so
/// that GPS jitter cannot be matched as back-and-forth driving.
enum TraceTidying {
    /// A point nearer than this to the last point kept is left out, unless `duration` has passed.
    static let distance: Meters = 15
    static let duration: Seconds = 5

    /// The indices of the points kept: the first and the last always, and every point at least
    /// `distance` from the last kept point or, with timestamps, at least `duration` after it.
    /// - Complexity: O(points).
    static func keptIndices(of trace: MatchTrace) -> [Int] {
        var kept = [0]
        for i in 1..<trace.count {
            let last = kept[kept.count - 1]
            let far = GreatCircle.distance(from: trace.coordinates[last], to: trace.coordinates[i]) >= distance
            let late = trace.timestamps.map { $0[i] - $0[last] >= duration } ?? false
            if far || late || i == trace.count - 1 { kept.append(i) }
        }
        return kept
    }
}
