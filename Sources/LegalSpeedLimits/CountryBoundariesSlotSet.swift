/// A set of positions in a cell's candidate list: the first 64 as the bits of one word, the rest (cells
/// where more than 64 features meet, which real data does not have) in an array.
struct CountryBoundariesSlotSet: Hashable, Sendable {
    /// Slots 0 to 63, bit `i` for slot `i`.
    var low: UInt64
    /// Slots from 64 on, slot `i` at `i - 64`.
    var high: [Bool]

    /// The empty set of `count` slots.
    init(count: Int) {
        low = 0
        high = [Bool](repeating: false, count: max(count - Self.lowWidth, 0))
    }

    init(low: UInt64, high: [Bool]) {
        self.low = low
        self.high = high
    }

    /// How many slots the word holds.
    static let lowWidth = 64

    mutating func toggle(_ slot: Int) {
        if slot < Self.lowWidth {
            low ^= 1 << UInt64(slot)
        } else {
            high[slot - Self.lowWidth].toggle()
        }
    }

    func contains(_ slot: Int) -> Bool {
        slot < Self.lowWidth ? low & (1 << UInt64(slot)) != 0 : high[slot - Self.lowWidth]
    }
}
