import SeededRandom

/// The tests' deterministic generator (SplitMix64), so property tests and damage runs draw the same cases
/// on every run and failures reproduce.
public typealias SeededGenerator = SplitMix64
