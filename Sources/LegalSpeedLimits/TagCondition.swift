/// One test of a tag filter on an element's tags, as parsed: `highway`, `!name`, `oneway=yes`, `ref~N.*`,
/// `lanes>=2`. `TagFilterProgram` lays it out for evaluation (`TagFilterProgram.Check`).
enum TagCondition: Sendable, CustomStringConvertible {
    /// `key`.
    case hasKey(String)
    /// `!key`.
    case lacksKey(String)
    /// `key=value`.
    case hasTag(key: String, value: String)
    /// `key!=value`: also true when the key is missing.
    case lacksTag(key: String, value: String)
    /// `~pattern`: some key matches.
    case hasKeyMatching(TagPattern)
    /// `!~pattern`: no key matches.
    case lacksKeyMatching(TagPattern)
    /// `key~pattern`: the key is there and its value matches.
    case valueMatches(key: String, TagPattern)
    /// `key!~pattern`: also true when the key is missing.
    case valueDoesNotMatch(key: String, TagPattern)
    /// `~keyPattern~valuePattern`: some tag matches both.
    case tagMatches(key: TagPattern, value: TagPattern)
    /// `key>=3.5`, `width<7ft`: the value read as a number with an optional unit compares so; false when the
    /// key is missing or its value is not a number.
    case compares(key: String, ComparisonOperator, Float)

    /// The comparison operators, spelled as in the filter language.
    enum ComparisonOperator: String, Sendable {
        case lessThan = "<", lessThanOrEqual = "<=", greaterThan = ">", greaterThanOrEqual = ">="

        /// Whether `value` compares so with `limit`. Single precision, as the reference library compares.
        func holds(_ value: Float, _ limit: Float) -> Bool {
            switch self {
            case .lessThan: value < limit
            case .lessThanOrEqual: value <= limit
            case .greaterThan: value > limit
            case .greaterThanOrEqual: value >= limit
            }
        }
    }

    /// What the condition reads: a key by name, or any key a pattern matches.
    enum KeyRead: Sendable {
        case key(String)
        case keys(matching: TagPattern)
    }

    var keyRead: KeyRead {
        switch self {
        case .hasKey(let key), .lacksKey(let key), .hasTag(let key, _), .lacksTag(let key, _),
             .valueMatches(let key, _), .valueDoesNotMatch(let key, _), .compares(let key, _, _):
            .key(key)
        case .hasKeyMatching(let pattern), .lacksKeyMatching(let pattern), .tagMatches(let pattern, _):
            .keys(matching: pattern)
        }
    }

    var description: String {
        switch self {
        case .hasKey(let key): key
        case .lacksKey(let key): "!\(key)"
        case .hasTag(let key, let value): "\(key)=\(value)"
        case .lacksTag(let key, let value): "\(key)!=\(value)"
        case .hasKeyMatching(let pattern): "~\(pattern)"
        case .lacksKeyMatching(let pattern): "!~\(pattern)"
        case .valueMatches(let key, let pattern): "\(key)~\(pattern)"
        case .valueDoesNotMatch(let key, let pattern): "\(key)!~\(pattern)"
        case .tagMatches(let key, let value): "~\(key)~\(value)"
        case .compares(let key, let comparison, let limit): "\(key)\(comparison.rawValue)\(limit)"
        }
    }

    /// Whether some key matches: a plain alternation of keys is looked up key by key instead of scanning
    /// the tags.
    /// - Complexity: O(alternatives) for a plain alternation, O(tags) otherwise.
    static func hasKey(matching pattern: TagPattern, in tags: [String: String]) -> Bool {
        if let keys = pattern.plainTexts { return keys.contains { tags[$0] != nil } }
        return tags.keys.contains(where: pattern.matches)
    }

    /// Whether some tag's key and value both match.
    static func hasTag(key keyPattern: TagPattern, value valuePattern: TagPattern, in tags: [String: String]) -> Bool {
        if let keys = keyPattern.plainTexts {
            return keys.contains { key in tags[key].map(valuePattern.matches) ?? false }
        }
        return tags.contains { keyPattern.matches($0.key) && valuePattern.matches($0.value) }
    }

    /// Whether `value`, read as a number with an optional unit, compares so with `limit`; false when it is
    /// missing or not a number.
    static func compare(_ value: String?, _ comparison: ComparisonOperator, _ limit: Float) -> Bool {
        guard let value, let number = TagQuantity.standardValue(of: value) else { return false }
        return comparison.holds(Float(number), limit)
    }
}
