/// A regular expression of the tag-filter language (`highway~motorway|motorway_link`), matched against a
/// whole key or value, compiled once.
///
/// Most patterns in the rules are plain alternations or a plain alternation with a wildcard on one side
/// (`.*urban`, `(US|AL|I).*`); those are answered by a set lookup or a prefix/suffix test, because a
/// general regular expression costs about a microsecond a match and a way is tested against dozens. Only
/// the rest go to Swift's `Regex`. All forms agree with the regular expression: `.` matches any character
/// but a line break, and the match is of the whole text.
/// A class: conditions hold it and are read in place while ways are matched, and one reference is cheaper
/// to hand around than a set or a regex.
final class TagPattern: Sendable, CustomStringConvertible {
    /// The pattern as the filter spelled it.
    let source: String
    let form: Form

    enum Form: Sendable {
        /// A plain alternation, `a|b|c`.
        case oneOf(Set<String>)
        /// `(a|b).*`: one of the alternatives, then anything on one line.
        case startsWithOneOf([String])
        /// `.*(a|b)`.
        case endsWithOneOf([String])
        /// `.*(a|b).*`.
        case containsOneOf([String])
        case regex(CompiledRegex)
    }

    /// A `Regex` shared between threads. `Regex<AnyRegexOutput>` is not `Sendable` only because its output
    /// type holds `Any`; the regex itself is immutable once compiled (its program is lowered once, behind an
    /// atomic), and the outputs of a match belong to that match. Only `wholeMatch` is used, for a yes/no.
    struct CompiledRegex: @unchecked Sendable {
        let regex: Regex<AnyRegexOutput>

        /// Compiles `source` and lowers it at once by a trial match, so that a construct the matching
        /// engine does not support fails here, at load time, and not while ways are being matched.
        init(_ source: String) throws {
            regex = try Regex(source)
            _ = try regex.wholeMatch(in: "")
        }

        func wholeMatches(_ text: String) -> Bool {
            (try? regex.wholeMatch(in: text)) != nil
        }
    }

    /// Characters that make a pattern more than plain text and `|`.
    private static let regexSyntax: Set<Character> = ["\\", ".", "[", "]", "{", "}", "(", ")", "*", "+", "?", "^", "$"]
    private static let anything = ".*"

    /// Compiles `source`.
    /// - Throws: the `Regex` parser's error when the pattern is not a valid regular expression.
    init(_ source: String) throws {
        self.source = source
        if let alternatives = Self.plainAlternatives(source[...]) {
            form = .oneOf(Set(alternatives))
        } else if let form = Self.wildcardForm(source) {
            self.form = form
        } else {
            form = .regex(try CompiledRegex(source))
        }
    }

    var description: String { source }

    /// The texts a plain alternation stands for, when the pattern is one.
    var plainTexts: Set<String>? {
        if case .oneOf(let texts) = form { return texts }
        return nil
    }

    /// Whether the whole of `text` matches.
    /// - Complexity: O(1) expected for a plain alternation, O(alternatives × length) for the wildcard forms.
    func matches(_ text: String) -> Bool {
        switch form {
        case .oneOf(let texts):
            return texts.contains(text)
        case .startsWithOneOf(let prefixes):
            return prefixes.contains { text.hasPrefix($0) && Self.isOneLine(text.dropFirst($0.count)) }
        case .endsWithOneOf(let suffixes):
            return suffixes.contains { text.hasSuffix($0) && Self.isOneLine(text.dropLast($0.count)) }
        case .containsOneOf(let infixes):
            return Self.isOneLine(text[...]) && infixes.contains { text.contains($0) }
        case .regex(let regex):
            return regex.wholeMatches(text)
        }
    }

    /// `a|b|c` without any other regular-expression syntax, split at the bars.
    private static func plainAlternatives(_ pattern: Substring) -> [String]? {
        guard !pattern.contains(where: { regexSyntax.contains($0) }) else { return nil }
        return pattern.split(separator: "|" as Character, omittingEmptySubsequences: false).map(String.init)
    }

    /// `X.*`, `.*X` or `.*X.*`, where X is a plain alternation, bare or in one pair of parentheses.
    private static func wildcardForm(_ pattern: String) -> Form? {
        var core = Substring(pattern)
        let leading = core.hasPrefix(anything)
        if leading { core = core.dropFirst(anything.count) }
        let trailing = core.hasSuffix(anything)
        if trailing { core = core.dropLast(anything.count) }
        guard leading || trailing, let alternatives = alternativesOfCore(core), !alternatives.contains("") else { return nil }
        switch (leading, trailing) {
        case (true, true): return .containsOneOf(alternatives)
        case (true, false): return .endsWithOneOf(alternatives)
        default: return .startsWithOneOf(alternatives)
        }
    }

    private static func alternativesOfCore(_ core: Substring) -> [String]? {
        if core.hasPrefix("("), core.hasSuffix(")"), core.count >= 2 {
            return plainAlternatives(core.dropFirst().dropLast())
        }
        // Without parentheses, `.*a|b` would bind as `(.*a)|b`: only a single word is safe.
        guard let alternatives = plainAlternatives(core), alternatives.count == 1 else { return nil }
        return alternatives
    }

    /// Whether `.*` matches `text`: no line breaks.
    private static func isOneLine(_ text: Substring) -> Bool {
        !text.contains(where: \.isNewline)
    }
}
