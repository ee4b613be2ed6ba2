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
    ///
    /// Cut by byte offsets on a copy of the UTF-8: the separators are ASCII, so they never fall inside a
    /// multi-byte character.
    private static func conditionsBelow(_ limit: Double, in value: String) -> String? {
        let bytes = Array(value.utf8)
        var kept: [UInt8] = []
        for piece in ranges(of: bytes, between: Array("; ".utf8)) {
            let speedEnd = ranges(of: bytes[piece], between: Array(" @ ".utf8))[0].upperBound
            let speed = TagQuantity.standardValue(of: String(decoding: bytes[piece.lowerBound..<speedEnd], as: UTF8.self))
            if let speed, speed >= limit { continue }
            if !kept.isEmpty { kept += "; ".utf8 }
            kept += bytes[piece]
        }
        return kept.isEmpty ? nil : String(decoding: kept, as: UTF8.self)
    }

    /// The ranges of `bytes` between occurrences of `separator`, empty ones included.
    private static func ranges(of bytes: ArraySlice<UInt8>, between separator: [UInt8]) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var pieceStart = bytes.startIndex
        var index = bytes.startIndex
        while index + separator.count <= bytes.endIndex {
            if bytes[index] == separator[0], bytes[index..<index + separator.count].elementsEqual(separator) {
                pieces.append(pieceStart..<index)
                index += separator.count
                pieceStart = index
            } else {
                index += 1
            }
        }
        pieces.append(pieceStart..<bytes.endIndex)
        return pieces
    }

    private static func ranges(of bytes: [UInt8], between separator: [UInt8]) -> [Range<Int>] {
        ranges(of: bytes[...], between: separator)
    }
}
