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

    /// The duration of a stage, if it was recorded.
    public func duration(of name: String) -> Duration? { stages.first { $0.name == name }?.duration }
}
