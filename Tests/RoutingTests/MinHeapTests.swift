import Testing
import TestSupport
@testable import Routing

/// The search heap pops in key order whatever order the entries came in, including entries pushed
/// again while others wait (the searches' lazy deletion) and equal keys.
struct MinHeapTests {
    /// Random pushes and pops, interleaved, against a sorted array of what is in the heap.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func popsTheSmallestEntryAfterAnyMixOfPushesAndPops(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var heap = MinHeap<UInt64>(initialCapacity: 4)
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
        var heap = MinHeap<UInt64>(initialCapacity: 4)
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

    /// A heap started in a storage another heap grew starts empty, keeps the grown memory and still pops
    /// in order; growing it again moves the storage's memory with it.
    @Test func aHeapStartedInUsedStorageStartsEmptyAndKeepsItsMemory() {
        let storage = MinHeapStorage<UInt64>(capacity: 2)
        var first = MinHeap(emptyIn: storage)
        for entry in [UInt64(9), 4, 7, 1, 8] { first.push(entry) }
        #expect(storage.capacity == 8, "grown twice, from 2")
        var second = MinHeap(emptyIn: storage)
        #expect(second.isEmpty)
        for entry in (0..<20).map({ UInt64(($0 * 7) % 20) }) { second.push(entry) }
        #expect(storage.capacity == 32)
        var drained: [UInt64] = []
        while !second.isEmpty { drained.append(second.pop()) }
        #expect(drained == (0..<20).map(UInt64.init))
    }

    /// Entries ordered by a key alone: every pop has the smallest key left, whatever the other fields.
    @Test func keyOnlyEntriesPopInKeyOrder() {
        var rng = SeededGenerator(seed: 11)
        var heap = MinHeap<KeyedEntry>(initialCapacity: 1)
        var keys: [Double] = []
        for state in 0..<2_000 {
            let key = Double(Int.random(in: 0..<50, using: &rng))
            heap.push(KeyedEntry(key: key, state: UInt32(state)))
            keys.append(key)
        }
        var popped: [Double] = []
        var states = Set<UInt32>()
        while !heap.isEmpty {
            let entry = heap.pop()
            popped.append(entry.key)
            states.insert(entry.state)
        }
        #expect(popped == keys.sorted())
        #expect(states.count == 2_000, "every entry comes out once")
    }

    private struct KeyedEntry: MinHeapEntry {
        var key: Double
        var state: UInt32
        static func precedes(_ a: KeyedEntry, _ b: KeyedEntry) -> Bool { a.key < b.key }
    }
}
