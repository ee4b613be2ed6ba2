/// A key that `DenseCodeTable` can number: its bits, equal for equal keys, to be mixed into a hash.
protocol DenseCodeKey: Equatable {
    var hashBits: UInt64 { get }
}

/// Numbers distinct keys 0, 1, 2, … in the order they first appear: open addressing with linear probing
/// over a power-of-two table, at most half full, hashing each key's bits with the SplitMix64 finalizer.
/// Each slot holds its key beside the code, so a probe reads one place in memory.
///
/// Why not `Dictionary`: loading a graph interns every edge twice (its attributes, then its way and
/// attributes), and Swift's seeded SipHash, the dictionary's resizing and its separate key storage took
/// 1.3 s of the 5 M-node city's load. The keys come from the graph's own arrays, so a hash that an
/// adversary could not predict buys nothing here.
///
/// Invariant: `keys` are distinct and `keys[c]` has code `c`; every key sits in one slot at or after its
/// probe start with `code + 1` beside it, and every other slot has 0 there; `slots.count` is a power of
/// two at least twice `keys.count`.
struct DenseCodeTable<Key: DenseCodeKey> {
    private struct Slot {
        var key: Key?
        var codePlusOne: UInt32
    }

    /// The distinct keys, by code.
    private(set) var keys: [Key] = []
    private var slots: [Slot]

    /// A table with room for `expectedCount` keys before it first grows.
    init(expectedCount: Int = 8) {
        var size = 16
        while size < 2 * expectedCount { size *= 2 }
        slots = [Slot](repeating: Slot(key: nil, codePlusOne: 0), count: size)
    }

    /// The code of `key`, numbering it next when it is new.
    /// - Complexity: O(1) expected, amortised over the table's doubling.
    mutating func code(of key: Key) -> UInt32 {
        let mask = slots.count - 1
        var i = Self.slot(of: key, mask: mask)
        while slots[i].codePlusOne != 0 {
            if slots[i].key == key { return slots[i].codePlusOne - 1 }
            i = (i + 1) & mask
        }
        let code = UInt32(keys.count)
        keys.append(key)
        slots[i] = Slot(key: key, codePlusOne: code + 1)
        if 2 * keys.count > slots.count { grow() }
        return code
    }

    /// The probe start of `key` in a table of `mask + 1` slots.
    @inline(__always)
    private static func slot(of key: Key, mask: Int) -> Int {
        var z = key.hashBits
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: z ^ (z >> 31)) & mask
    }

    /// Doubles the slots and places every key again.
    private mutating func grow() {
        var grown = [Slot](repeating: Slot(key: nil, codePlusOne: 0), count: 2 * slots.count)
        let mask = grown.count - 1
        for (code, key) in keys.enumerated() {
            var i = Self.slot(of: key, mask: mask)
            while grown[i].codePlusOne != 0 { i = (i + 1) & mask }
            grown[i] = Slot(key: key, codePlusOne: UInt32(code) + 1)
        }
        slots = grown
    }
}
