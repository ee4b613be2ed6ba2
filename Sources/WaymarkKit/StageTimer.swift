import Geodesy

/// Wall-clock time of consecutive named stages (load, route, guidance …), for `--timings` style reports.
///
/// Not thread-safe: one timer follows one request through its stages.
public final class StageTimer {
    private let clock = ContinuousClock()
    private var mark: ContinuousClock.Instant
    /// The stages in order, each with the time since the previous lap (or since the timer was made).
    public private(set) var stages: [(name: String, duration: Duration)] = []

    public init() { mark = clock.now }

    /// Ends the stage `name` now.
    public func lap(_ name: String) {
        let now = clock.now
        stages.append((name, now - mark))
        mark = now
    }

    /// `load 12.3 ms, route 4.5 ms, …` with `decimals` places of milliseconds.
    public func report(decimals: Int = 1) -> String {
        stages.map { stage in
            let c = stage.duration.components
            let milliseconds = Double(c.seconds) * 1_000 + Double(c.attoseconds) / 1e15
            return "\(stage.name) \(DecimalNumber.fixed(milliseconds, decimals: decimals)) ms"
        }.joined(separator: ", ")
    }

    /// Seconds from the timer's creation to its last lap.
    public var totalSeconds: Double {
        stages.reduce(0) { total, stage in
            total + Double(stage.duration.components.seconds) + Double(stage.duration.components.attoseconds) * 1e-18
        }
    }

    /// The duration of a stage, if it was recorded.
    public func duration(of name: String) -> Duration? { stages.first { $0.name == name }?.duration }
}
