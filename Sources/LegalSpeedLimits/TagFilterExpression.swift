/// A tag filter of the OSM wiki's speed-limit rules, parsed: `highway~motorway|motorway_link and lanes>=2`,
/// `{rural} and !{oneway}`, `(!width or width<=7.6)`.
///
/// The language is that of the osm-legal-default-speeds library (and StreetComplete's element filters):
///
/// | expression | true when the tags… |
/// | --- | --- |
/// | `key`, `!key` | have / lack the key |
/// | `key=value`, `key!=value` | have that value / do not (a missing key counts as "not") |
/// | `key~regex`, `key!~regex` | have the key with a value the regex matches as a whole / do not |
/// | `~regex`, `!~regex` | have / lack a key the regex matches |
/// | `~keyregex~valueregex` | have a tag whose key and value both match |
/// | `key<3`, `<=`, `>`, `>=` | have a numeric value (units allowed: `7.5t`, `30 mph`, `3'4"`) that compares so |
/// | `{name}`, `!{name}` | the placeholder `name` is true / false (the caller answers it) |
/// | `a and b`, `a or b`, `( )`, `!( )` | combine; `and` binds tighter than `or` |
///
/// Keys and values may be quoted with `"` or `'` (with `\"` and `\'` inside) to hold spaces, `)` or
/// operators. Operands are separated from `and`/`or` by whitespace or brackets.
public struct TagFilterExpression: Sendable, CustomStringConvertible {
    /// The expression as given.
    public let source: String
    /// The names in braces, each once, in the order they first appear.
    public let placeholders: [String]
    /// The keys the filter reads by name (a plain alternation of keys, `~a|b`, counts as its names).
    public let keysRead: Set<String>
    let program: TagFilterProgram
    /// Key patterns that are real regular expressions, which `keysRead` cannot list.
    let keyPatterns: [TagPattern]

    /// The parsed tree, as the parser builds it; laid out as `program` for evaluation.
    indirect enum Node: Sendable {
        case condition(TagCondition)
        /// `{name}` by its index in `placeholders`, negated for `!{name}`.
        case placeholder(index: Int, isNegated: Bool)
        case not(Node)
        case all([Node])
        case any([Node])
    }

    /// Parses `source`.
    /// - Throws: `TagFilterSyntaxError` naming the expression and the position where reading stopped.
    /// - Complexity: O(n²) in the length at worst (each operand looks ahead for operators), tiny for real rules.
    public init(_ source: String) throws(TagFilterSyntaxError) {
        var parser = TagFilterExpressionParser(source)
        let (root, placeholders) = try parser.parse()
        self.source = source
        program = TagFilterProgram(root)
        self.placeholders = placeholders
        var keys = Set<String>()
        var patterns: [TagPattern] = []
        root.collectKeysRead(into: &keys, patterns: &patterns)
        keysRead = keys
        keyPatterns = patterns
    }

    /// Whether `tags` pass the filter; `placeholder` answers each `{name}` (unknown names are false by
    /// default). Evaluation stops as soon as the answer is known, left to right.
    /// - Complexity: O(conditions), each a dictionary lookup, plus the placeholder answers.
    public func matches(tags: [String: String], placeholder: (String) -> Bool = { _ in false }) -> Bool {
        withoutActuallyEscaping(placeholder) { placeholder in
            program.matches(DictionaryTagSource(tags: tags), ClosurePlaceholderAnswers { placeholder(placeholders[$0]) })
        }
    }

    /// Whether the filter reads the tag `key`: by name, or by a key pattern that matches it.
    public func readsKey(_ key: String) -> Bool {
        keysRead.contains(key) || keyPatterns.contains { $0.matches(key) }
    }

    public var description: String { source }
}

extension TagFilterExpression.Node {
    func collectKeysRead(into keys: inout Set<String>, patterns: inout [TagPattern]) {
        switch self {
        case .condition(let condition):
            switch condition.keyRead {
            case .key(let key): keys.insert(key)
            case .keys(let pattern):
                if let names = pattern.plainTexts { keys.formUnion(names) } else { patterns.append(pattern) }
            }
        case .placeholder: break
        case .not(let node): node.collectKeysRead(into: &keys, patterns: &patterns)
        case .all(let nodes), .any(let nodes):
            for node in nodes { node.collectKeysRead(into: &keys, patterns: &patterns) }
        }
    }
}
