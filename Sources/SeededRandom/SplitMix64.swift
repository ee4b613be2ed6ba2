/// Steele, Lea and Flood's SplitMix64: a tiny, fast, seedable generator whose output is the same on
/// every platform and Swift version, so a seed names one exact sequence (benchmark pairs, cities).
///
/// `SystemRandomNumberGenerator` is deliberately not used anywhere a result must be reproducible.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix64.mix(state)
    }

    /// The SplitMix64 finaliser: a bijective 64-bit mixer, also usable as a stateless hash.
    @inlinable public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0 ..< bound` (Lemire's multiply-shift; the tiny bias is irrelevant here
    /// and, unlike `Int.random(in:using:)`, the mapping is fixed forever).
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        return Int((UInt128(next()) &* UInt128(bound)) >> 64)
    }

    /// A uniform double in `0 ..< 1` built from the top 53 bits.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }
}
