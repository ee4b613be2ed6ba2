/// Whether a change of street name or reference is worth telling the driver.
///
/// Drivers do not want to hear about every relabelling of the road they are on: `Hauptstraße` becoming
/// `Hauptstraßenbrücke` over a bridge, `42 N` becoming `42 S`, `West 42` becoming `East 42`, a route number
/// joining or leaving (`US 75` → `US 75;US 69`), or a name dropped for an unnamed stretch. These rules are
/// OSRM's (`requiresNameAnnounced`): a change is announced only when the road really becomes another one.
enum NameChange {
    /// Compass words that may be added, dropped or exchanged in front of or behind a street name without
    /// making it another street (OSRM car profile's `suffix_list`, compared case-insensitively; it holds the
    /// common abbreviations of each other too).
    static let compassAffixes: Set<String> = [
        "n", "ne", "e", "se", "s", "sw", "w", "nw", "north", "south", "west", "east", "nor", "sou", "we", "ea",
    ]

    /// Whether going from a road named `fromName`/`fromRef` onto one named `toName`/`toRef` is a change the
    /// driver must be told about.
    static func requiresAnnouncement(fromName: String, fromRef: String, toName: String, toRef: String) -> Bool {
        // The common case, one road going on: nothing to compare.
        if fromName == toName && fromRef == toRef { return false }
        // Onto a named road from one without any label.
        if fromName.isEmpty && fromRef.isEmpty && !(toName.isEmpty && toRef.isEmpty) { return true }

        let namesAreEmpty = fromName.isEmpty && toName.isEmpty
        let nameIsContained = fromName.hasPrefix(toName) || toName.hasPrefix(fromName)
        let nameIsRemoved = !fromName.isEmpty && toName.isEmpty

        let fromRefs = normalisedRef(fromRef), toRefs = normalisedRef(toRef)
        let refsAreEmpty = fromRefs.isEmpty && toRefs.isEmpty
        let refIsContained = fromRefs.isEmpty || toRefs.isEmpty || fromRefs.contains(toRefs) || toRefs.contains(fromRefs)
        let refIsRemoved = !fromRefs.isEmpty && toRefs.isEmpty

        func isObviousChange(isAffixChange: Bool) -> Bool {
            let namesAreEqual = fromName == toName || nameIsContained || isAffixChange
            return (namesAreEmpty && refsAreEmpty) || (namesAreEqual && refIsContained)
                || (namesAreEqual && refsAreEmpty) || (refIsContained && nameIsRemoved) || (namesAreEqual && refIsRemoved)
                || isAffixChange
        }
        // The longest-common-part comparison is the costly one: only when nothing simpler decides.
        let obviousChange = isObviousChange(isAffixChange: false)
            || isObviousChange(isAffixChange: isCompassAffixChange(fromName, toName))
        // A numbered road becoming a named one (or the reverse) is worth saying even when the number stays.
        let labelKindSwaps = (fromName.isEmpty && !fromRefs.isEmpty && !toName.isEmpty && toRefs.isEmpty)
            || (!fromName.isEmpty && fromRefs.isEmpty && toName.isEmpty && !toRefs.isEmpty)
        return !obviousChange || labelKindSwaps
    }

    /// `US 64; US 412  ;` → `US 64;US 412`: references compare without the spaces around separators.
    static func normalisedRef(_ ref: String) -> String {
        // Most references are one number with nothing to trim: the same string, without splitting it.
        let bytes = ref.utf8
        if !bytes.contains(UInt8(ascii: ";")) && bytes.first != UInt8(ascii: " ") && bytes.last != UInt8(ascii: " ") {
            return ref
        }
        return ref.split(separator: ";").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.joined(separator: ";")
    }

    /// Whether two names differ only by compass words around their longest common part
    /// (`42 N`/`42 S`, `North Capitol Northeast`/`North Capitol Northwest`).
    static func isCompassAffixChange(_ a: String, _ b: String) -> Bool {
        guard !a.isEmpty, !b.isEmpty else { return false }
        // Compared as code points when each is a character of its own (see `separateCharacters`): the
        // same runs and parts as comparing characters, at a fraction of the cost.
        if let x = separateCharacters(a), let y = separateCharacters(b) {
            return areCompassAffixes(around: longestCommonSubstring(x, y), of: x, and: y, isCompassWord: isCompassWord)
        }
        return isCompassAffixChangeByCharacters(a, b)
    }

    /// `isCompassAffixChange` compared character by character, for any text (combining marks, canonically
    /// equivalent spellings); what the code-point comparison must agree with.
    static func isCompassAffixChangeByCharacters(_ a: String, _ b: String) -> Bool {
        guard !a.isEmpty, !b.isEmpty else { return false }
        let x = Array(a), y = Array(b)
        return areCompassAffixes(around: longestCommonSubstring(x, y), of: x, and: y) { part in
            let word = String(part).trimmingSpaces().lowercased()
            return word.isEmpty || compassAffixes.contains(word)
        }
    }

    /// Whether the parts of `x` and `y` before and after their common run are each a compass word or
    /// nothing (`isCompassWord`).
    private static func areCompassAffixes<Element>(around common: (aStart: Int, bStart: Int, length: Int)?,
                                                   of x: [Element], and y: [Element],
                                                   isCompassWord: (ArraySlice<Element>) -> Bool) -> Bool {
        guard let common else { return false }
        return isCompassWord(x[..<common.aStart]) && isCompassWord(x[(common.aStart + common.length)...])
            && isCompassWord(y[..<common.bStart]) && isCompassWord(y[(common.bStart + common.length)...])
    }

    /// Whether code points (of `separateCharacters`) are, without spaces at either end, nothing or a
    /// compass word in any case. Only ASCII letters can spell one: no code point below U+0300 outside
    /// ASCII lowercases to ASCII, and ASCII lowercases letter by letter.
    private static func isCompassWord(_ part: ArraySlice<UInt16>) -> Bool {
        let space = UInt16(UInt8(ascii: " "))
        var word = part
        while word.first == space { word.removeFirst() }
        while word.last == space { word.removeLast() }
        guard !word.isEmpty else { return true }
        guard word.count <= longestCompassAffix, word.allSatisfy({ $0 < 0x80 }) else { return false }
        let lowered = word.map { $0 >= 0x41 && $0 <= 0x5A ? UInt8($0 + 0x20) : UInt8($0) }
        return compassAffixes.contains(String(decoding: lowered, as: UTF8.self))
    }

    /// Letters in the longest compass word.
    private static let longestCompassAffix = compassAffixes.map(\.count).max() ?? 0

    /// The code points of `text` when every one of them is a character of its own and equal characters
    /// are equal code points: all below U+0300 (so no combining mark and no other code point with a
    /// canonical equivalent) and none a carriage return (which a line feed joins). That holds for the
    /// names of most of Europe (Latin-1 and Latin Extended-A/B); nil otherwise.
    static func separateCharacters(_ text: String) -> [UInt16]? {
        var result: [UInt16] = []
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            guard scalar.value < firstCombiningMark, scalar != "\r" else { return nil }
            result.append(UInt16(scalar.value))
        }
        return result
    }

    /// U+0300, the first combining diacritical mark.
    private static let firstCombiningMark: UInt32 = 0x300

    /// The first longest common run of elements of `a` and `b`, or nil when they share none.
    /// - Complexity: O(|a| × |b|) time, O(|b|) memory (names are short).
    /// - Precondition: neither is empty.
    static func longestCommonSubstring<Element: Equatable>(_ a: [Element], _ b: [Element]) -> (aStart: Int, bStart: Int, length: Int)? {
        let n = b.count
        var length = 0, aStart = 0, bStart = 0
        // Two rows of run lengths on the stack (names are short): the run ending at a[i - 1], b[j - 1].
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (n + 1)) { rows in
            var previous = rows.baseAddress!, current = previous + (n + 1)
            rows.initialize(repeating: 0)
            a.withUnsafeBufferPointer { x in
                b.withUnsafeBufferPointer { y in
                    for i in 1...x.count {
                        for j in 1...n {
                            let run = x[i - 1] == y[j - 1] ? previous[j - 1] + 1 : 0
                            current[j] = run
                            if run > length { (length, aStart, bStart) = (run, i - run, j - run) }
                        }
                        swap(&previous, &current)
                    }
                }
            }
        }
        return length > 0 ? (aStart, bStart, length) : nil
    }
}

extension StringProtocol {
    /// The string without leading and trailing spaces.
    fileprivate func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
