/// A key that `DenseCodeTable` can number: its bits, equal for equal keys, to be mixed into a hash.
protocol DenseCodeKey: Equatable {
    var hashBits: UInt64 { get }
}

/// Numbers distinct keys 0, 1, 2, … in the order they first appear: open addressing with linear probing
/// over a power-of-two table, at most three quarters full, hashing each key's bits with the SplitMix64
/// finalizer. Each slot holds its key beside the code, so a probe reads one place in memory, and the keys
/// are nowhere else until `keysByCode()` lists them.
///
/// Why not `Dictionary`: loading a graph interns every edge twice (its attributes, then its way and
/// attributes), and with Swift's seeded SipHash, the dictionary's resizing and its separate key storage
/// the 5 M-node city's load took 1.1 s longer (3.1 s against 1.9–2.0 s). The keys come from the graph's
/// own arrays, so a hash that an adversary could not predict buys nothing here. On that city the
/// (way, attributes) table holds 1.4 M keys in 2 M slots of 16 bytes: 32 MB while the graph loads.
///
/// Invariant: every key sits in one slot at or after its probe start with `code + 1` beside it, codes
/// `0 ..< count` each once; every other slot has 0 there; `slots.count` is 0 before the first key, then a
/// power of two with `count ≤ 3/4 × slots.count`.
struct DenseCodeTable<Key: DenseCodeKey> {
    /// A key and its code plus one; an empty slot has 0 and whatever key filled the table first (a key
    /// rather than an optional one keeps a slot at 16 bytes for a 12-byte key).
    private struct Slot {
        var key: Key
        var codePlusOne: UInt32
    }

    /// The distinct keys numbered so far.
    private(set) var count = 0
    /// Allocated on the first key.
    private var slots: [Slot] = []
    private static var initialSize: Int { 16 }

    /// The code of `key`, numbering it next when it is new.
    /// - Complexity: O(1) expected, amortised over the table's doubling.
    mutating func code(of key: Key) -> UInt32 {
        if slots.isEmpty { slots = [Slot](repeating: Slot(key: key, codePlusOne: 0), count: Self.initialSize) }
        let mask = slots.count - 1
        var i = Self.slot(of: key, mask: mask)
        while slots[i].codePlusOne != 0 {
            if slots[i].key == key { return slots[i].codePlusOne - 1 }
            i = (i + 1) & mask
        }
        let code = UInt32(count)
        count += 1
        slots[i] = Slot(key: key, codePlusOne: code + 1)
        if 4 * count > 3 * slots.count { grow() }
        return code
    }

    /// The distinct keys, by code.
    /// - Complexity: O(slots).
    func keysByCode() -> [Key] {
        guard let placeholder = slots.first?.key else { return [] }
        var keys = [Key](repeating: placeholder, count: count)
        for slot in slots where slot.codePlusOne != 0 { keys[Int(slot.codePlusOne - 1)] = slot.key }
        return keys
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
        var grown = [Slot](repeating: slots[0], count: 2 * slots.count)
        for i in grown.indices { grown[i].codePlusOne = 0 }
        let mask = grown.count - 1
        for slot in slots where slot.codePlusOne != 0 {
            var i = Self.slot(of: slot.key, mask: mask)
            while grown[i].codePlusOne != 0 { i = (i + 1) & mask }
            grown[i] = slot
        }
        slots = grown
    }
}
