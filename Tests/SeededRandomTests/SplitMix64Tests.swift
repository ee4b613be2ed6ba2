import SeededRandom
import Testing

@Test func splitMixSequenceIsFixedForASeed() {
    var a = SplitMix64(seed: 42), b = SplitMix64(seed: 42)
    let first = (0..<5).map { _ in a.next() }
    #expect(first == (0..<5).map { _ in b.next() })
    // The reference value of SplitMix64 seeded with 0 (from the published algorithm).
    var zero = SplitMix64(seed: 0)
    #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
    var bounded = SplitMix64(seed: 1)
    #expect((0..<1000).allSatisfy { _ in (0..<7).contains(bounded.next(below: 7)) })
}
