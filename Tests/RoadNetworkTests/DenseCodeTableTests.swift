import Testing
import TestSupport
@testable import RoadNetwork

/// Interning numbers keys in the order they first appear, as a dictionary from key to code would.
@Suite struct DenseCodeTableTests {
    struct Pair: DenseCodeKey {
        var a: UInt64
        var b: UInt32
        var hashBits: UInt64 { a ^ UInt64(b) << 7 }
    }

    /// Every key hashes alike: probing alone tells them apart.
    struct Colliding: DenseCodeKey {
        var value: Int
        var hashBits: UInt64 { 42 }
    }

    @Test func codesNumberDistinctKeysInOrderOfFirstAppearance() {
        var rng = SeededGenerator(seed: 5)
        var table = DenseCodeTable<Pair>()
        var reference: [Pair: UInt32] = [:]
        for _ in 0..<50_000 {
            let key = Pair(a: UInt64.random(in: 0..<3_000, using: &rng), b: UInt32.random(in: 0..<4, using: &rng))
            let expected = reference[key] ?? UInt32(reference.count)
            reference[key] = expected
            #expect(table.code(of: key) == expected)
        }
        let keys = table.keysByCode()
        #expect(table.count == reference.count && keys.count == reference.count)
        #expect(keys.enumerated().allSatisfy { reference[$0.element] == UInt32($0.offset) })
    }

    @Test func keysWithOneHashStayDistinct() {
        var table = DenseCodeTable<Colliding>()
        let codes = (0..<100).map { table.code(of: Colliding(value: $0)) }
        #expect(codes == (0..<100).map(UInt32.init))
        #expect((0..<100).reversed().map { table.code(of: Colliding(value: $0)) } == (0..<100).reversed().map(UInt32.init))
        #expect(table.keysByCode().map(\.value) == Array(0..<100))
        #expect(DenseCodeTable<Colliding>().keysByCode().isEmpty)
    }
}

extension DenseCodeTableTests.Pair: Hashable {}
