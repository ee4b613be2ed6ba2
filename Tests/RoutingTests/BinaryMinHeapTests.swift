import Testing
import TestSupport
@_spi(Experiments) @testable import Routing

/// The search heaps pop in key order whatever order the entries came in, including entries pushed
/// again while others wait (the searches' lazy deletion) and equal keys.
struct BinaryMinHeapTests {
    /// Random pushes and pops, interleaved, against a sorted array of what is in the heap.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func popsTheSmallestEntryAfterAnyMixOfPushesAndPops(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var heap = BinaryMinHeap<UInt64>()
        var reference: [UInt64] = []
        // Few distinct keys for some seeds, so equal entries meet in the heap too.
        let keyLimit: UInt64 = seed.isMultiple(of: 2) ? 8 : 1_000_000
        for _ in 0..<5_000 {
            if reference.isEmpty || Double.random(in: 0..<1, using: &rng) < 0.55 {
                let entry = UInt64.random(in: 0..<keyLimit, using: &rng)
                heap.push(entry)
                reference.append(entry)
            } else {
                let smallest = reference.min()!
                reference.remove(at: reference.firstIndex(of: smallest)!)
                #expect(heap.pop() == smallest)
            }
            #expect(heap.count == reference.count)
        }
        var drained: [UInt64] = []
        while !heap.isEmpty { drained.append(heap.pop()) }
        #expect(drained == reference.sorted())
    }

    /// Packed entries pop by key, then by vertex among equal keys.
    @Test func packedEntriesPopByKeyThenVertex() {
        var heap = BinaryMinHeap<UInt64>()
        for (key, vertex) in [(5, 2), (3, 9), (5, 1), (3, 4), (0, 7)] as [(UInt32, UInt32)] {
            heap.push(PackedEntry.make(key: key, vertex: vertex))
        }
        var popped: [(UInt32, UInt32)] = []
        while !heap.isEmpty {
            let entry = heap.pop()
            popped.append((PackedEntry.key(entry), PackedEntry.vertex(entry)))
        }
        #expect(popped.map(\.0) == [0, 3, 3, 5, 5])
        #expect(popped.map(\.1) == [7, 4, 9, 1, 2])
    }
}
