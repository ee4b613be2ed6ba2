/// The tags a road type implies for a way, reduced to what the way does not already say, with limits that
/// a lower limit makes moot left out.
///
/// A road type lists `maxspeed` with limits for other vehicles and conditions (`maxspeed:hgv=80`,
/// `maxspeed:conditional=80 @ (trailer)`). Where the general limit is lower or equal (a way tagged
/// `maxspeed=60`, or the road type's own), those say nothing more and are dropped; conditional limits lose
/// the conditions at or above it. The same holds level by level: `maxspeed:hgv` bounds
/// `maxspeed:hgv:conditional`.
enum ImpliedSpeedTags {
    private static let speedKey = "maxspeed"
    private static let subkeyPrefix = "maxspeed:"
    private static let conditionalSuffix = ":conditional"

    /// The road type's tags that are not in `wayTags`, after the way's tags and the road type's are merged
    /// and moot limits removed.
    ///
    /// A zone value such as `maxspeed=RO:urban` on the way is no limit: it neither overrides the road
    /// type's `maxspeed` nor counts as already given.
    /// - Parameter trimmedRoadTypeTags: `trimmed(roadTypeTags)`, precomputed; it is the answer (less the
    ///   way's other keys) when the way's tags cannot change the trimming, the common case.
    /// - Complexity: O(tags × key depth).
    static func added(to wayTags: [String: String], roadTypeTags: [String: String],
                      trimmedRoadTypeTags: [String: String]) -> [String: String] {
        let wayHasLimit = wayTags[speedKey].flatMap(TagQuantity.standardValue) != nil
        func isGiven(_ key: String) -> Bool {
            wayTags[key] != nil && (key != speedKey || wayHasLimit)
        }
        guard wayHasLimit || wayTags.contains(where: { changesBounds($0, of: roadTypeTags) }) else {
            // Most ways repeat none of the road type's keys: then the precomputed dictionary is the answer.
            guard trimmedRoadTypeTags.keys.contains(where: isGiven) else { return trimmedRoadTypeTags }
            return trimmedRoadTypeTags.filter { !isGiven($0.key) }
        }
        var merged = roadTypeTags
        for (key, value) in wayTags where isGiven(key) { merged[key] = value }
        return trimmed(merged).filter { !isGiven($0.key) }
    }

    /// Whether a way's `maxspeed:…` tag can change how the road type's tags are trimmed: by a limit of its
    /// own, or by replacing one of the road type's tags (which may have been a bound). Any other way tag is
    /// merged and removed again without touching a bound (`maxspeed:type=GB:nsl_dual`).
    private static func changesBounds(_ wayTag: (key: String, value: String), of roadTypeTags: [String: String]) -> Bool {
        wayTag.key.hasPrefix(subkeyPrefix)
            && (roadTypeTags[wayTag.key] != nil || TagQuantity.standardValue(of: wayTag.value) != nil)
    }

    /// `tags` with moot limits removed: every `maxspeed:…` tag is bounded by the lowest limit among
    /// `maxspeed` and the tags whose keys lead up to its own (`maxspeed:hgv` for `maxspeed:hgv:conditional`).
    /// A plain limit at or above that bound is removed; a conditional one keeps only its conditions below it
    /// (and those whose speed cannot be read), or is removed when none is left.
    ///
    /// This is the reference library's level-by-level recursion in closed form: each level lowers the bound
    /// of the keys below it to the minimum of the bounds so far, and a key removed on the way had a limit at
    /// or above a bound already counted, so it never lowers one.
    /// - Complexity: O(tags × key depth) lookups.
    static func trimmed(_ tags: [String: String]) -> [String: String] {
        var trimmed = tags
        for (key, value) in tags where key.hasPrefix(subkeyPrefix) {
            guard let bound = lowestLimit(above: key, in: tags) else { continue }
            if key.hasSuffix(conditionalSuffix) {
                trimmed[key] = conditionsBelow(bound, in: value)
            } else if let speed = TagQuantity.standardValue(of: value), speed >= bound {
                trimmed[key] = nil
            }
        }
        return trimmed
    }

    /// The lowest readable limit among the tags whose keys are `key` cut at one of its colons.
    private static func lowestLimit(above key: String, in tags: [String: String]) -> Double? {
        var lowest: Double?
        var index = key.utf8.startIndex
        while let colon = key.utf8[index...].firstIndex(of: UInt8(ascii: ":")) {
            if let value = tags[String(key[..<colon])], let limit = TagQuantity.standardValue(of: value) {
                lowest = min(lowest ?? limit, limit)
            }
            index = key.utf8.index(after: colon)
        }
        return lowest
    }

    /// The conditions (`80 @ (trailer); 60 @ (weightrating>7.5)`) whose speed is below `limit`, or whose
    /// speed cannot be read; nil when nothing is left.
    private static func conditionsBelow(_ limit: Double, in value: String) -> String? {
        let kept = split(value[...], at: "; ").filter { condition in
            guard let speed = TagQuantity.standardValue(of: String(split(condition, at: " @ ")[0])) else { return true }
            return speed < limit
        }
        let joined = kept.joined(separator: "; ")
        return joined.isEmpty ? nil : joined
    }

    /// `text` cut at every occurrence of an ASCII `separator` (which cannot fall inside a multi-byte
    /// character), keeping empty pieces.
    private static func split(_ text: Substring, at separator: StaticString) -> [Substring] {
        let needle = UnsafeBufferPointer(start: separator.utf8Start, count: separator.utf8CodeUnitCount)
        let bytes = text.utf8
        var pieces: [Substring] = []
        var pieceStart = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index...].starts(with: needle) {
                pieces.append(text[pieceStart..<index])
                index = bytes.index(index, offsetBy: needle.count)
                pieceStart = index
            } else {
                index = bytes.index(after: index)
            }
        }
        pieces.append(text[pieceStart..<bytes.endIndex])
        return pieces
    }
}
