/// Reads the text of a tag filter into an expression tree, accepting exactly what the reference
/// library's parser accepts: the same operators, quoting, whitespace rules and reserved words.
///
/// One pass over the text: an operand (optionally after opening brackets), optional closing brackets,
/// then `and`/`or` or the end. Brackets open and close groups; within a group the operands joined by
/// `and` form terms and the terms joined by `or` form the group, which gives `and` its precedence.
struct TagFilterExpressionParser {
    private typealias Node = TagFilterExpression.Node

    /// A bracketed group being read: its `or` terms, each a list of `and` operands.
    private struct OpenGroup {
        var isNegated: Bool
        var terms: [[Node]] = [[]]

        /// The group as one node; single operands and single terms are not wrapped, nested groups of the
        /// same operator are merged (the tree evaluates the same, one level less).
        func node() -> Node {
            let termNodes = terms.map { operands in operands.count == 1 ? operands[0] : .all(Self.spliced(operands, all: true)) }
            let group = termNodes.count == 1 ? termNodes[0] : .any(Self.spliced(termNodes, all: false))
            return isNegated ? .not(group) : group
        }

        private static func spliced(_ nodes: [Node], all: Bool) -> [Node] {
            nodes.flatMap { node -> [Node] in
                switch node {
                case .all(let children) where all: children
                case .any(let children) where !all: children
                default: [node]
                }
            }
        }
    }

    /// Operators in the order they are tried: two-character ones before their one-character prefixes.
    private static let operators = [">=", "<=", ">", "<", "!=", "=", "!~", "~"]
    private static let reservedWords = ["or", "and"]
    private static let quotationMarks: [Unicode.Scalar] = ["\"", "'"]
    private static let comparisons: [String: TagCondition.ComparisonOperator] = [
        "<": .lessThan, "<=": .lessThanOrEqual, ">": .greaterThan, ">=": .greaterThanOrEqual,
    ]

    private let source: String
    private let text: [Unicode.Scalar]
    private var cursor = 0
    private var groups = [OpenGroup(isNegated: false)]
    private var negatesNextGroup = false
    private var placeholderNames: [String] = []

    init(_ source: String) {
        self.source = source
        text = Array(source.unicodeScalars)
    }

    /// The expression tree and the placeholder names, in order of first appearance.
    mutating func parse() throws(TagFilterSyntaxError) -> (TagFilterExpression.Node, [String]) {
        var isFirstOperand = true
        while true {
            if try !skipSpacesAndBrackets("("), !isFirstOperand {
                throw error("Expected a whitespace or bracket before the tag")
            }
            isFirstOperand = false
            if nextIsNegatedGroup() {
                cursor += 1
                negatesNextGroup = true
                continue
            }
            try addOperand()
            let isSeparated = try skipSpacesAndBrackets(")")
            if isAtEnd { break }
            guard isSeparated else { throw error("Expected a whitespace or bracket after the tag") }
            try readJunction()
        }
        guard groups.count == 1 else { throw error("Closed one bracket too little") }
        return (groups[0].node(), placeholderNames)
    }

    // MARK: Structure

    private mutating func addOperand() throws(TagFilterSyntaxError) {
        let operand: Node
        if advance(ifNextIs: "!{") {
            operand = .placeholder(index: try placeholderIndex(), isNegated: true)
        } else if advance(ifNextIs: "{") {
            operand = .placeholder(index: try placeholderIndex(), isNegated: false)
        } else {
            operand = .condition(try condition())
        }
        groups[groups.count - 1].terms[groups[groups.count - 1].terms.count - 1].append(operand)
    }

    private mutating func readJunction() throws(TagFilterSyntaxError) {
        if advance(ifNextIs: "or") {
            groups[groups.count - 1].terms.append([])
        } else if !advance(ifNextIs: "and") {
            throw error("Expected end of string, 'and' or 'or'")
        }
    }

    /// Skips any mix of whitespace and `bracket`s, opening or closing a group for each bracket.
    /// - Returns: whether anything was skipped (the separation the grammar requires between tokens).
    private mutating func skipSpacesAndBrackets(_ bracket: Unicode.Scalar) throws(TagFilterSyntaxError) -> Bool {
        let start = cursor
        var passStart: Int
        repeat {
            passStart = cursor
            skipSpaces()
            if advance(ifNextIs: bracket) {
                if bracket == "(" { openGroup() } else { try closeGroup() }
            }
        } while passStart < cursor
        return start < cursor
    }

    private mutating func openGroup() {
        groups.append(OpenGroup(isNegated: negatesNextGroup))
        negatesNextGroup = false
    }

    private mutating func closeGroup() throws(TagFilterSyntaxError) {
        guard groups.count > 1 else { throw error("Closed one bracket too much") }
        let closed = groups.removeLast().node()
        groups[groups.count - 1].terms[groups[groups.count - 1].terms.count - 1].append(closed)
    }

    /// `!` followed by optional whitespace and `(`.
    private func nextIsNegatedGroup() -> Bool {
        guard next(is: "!") else { return false }
        var index = cursor + 1
        while index < text.count, Self.isSpace(text[index]) { index += 1 }
        return index < text.count && text[index] == "("
    }

    // MARK: Operands

    private mutating func placeholderIndex() throws(TagFilterSyntaxError) -> Int {
        let length = distance(toNext: "}")
        guard cursor + length < text.count else {
            throw TagFilterSyntaxError(expression: source, position: cursor + length, reason: "Missing closing bracket '}' for placeholder")
        }
        let name = take(length)
        cursor += 1
        if let index = placeholderNames.firstIndex(of: name) { return index }
        placeholderNames.append(name)
        return placeholderNames.count - 1
    }

    private mutating func condition() throws(TagFilterSyntaxError) -> TagCondition {
        if advance(ifNextIs: "!") {
            let isPattern = advance(ifNextIs: "~")
            skipSpaces()
            let keyStart = cursor
            let key = try key()
            return isPattern ? .lacksKeyMatching(try pattern(key, at: keyStart)) : .lacksKey(key)
        }
        if advance(ifNextIs: "~") {
            return try keyPatternCondition()
        }
        let key = try key()
        guard let op = readOperator() else { return .hasKey(key) }
        if let comparison = Self.comparisons[op] {
            return .compares(key: key, comparison, try number())
        }
        let valueStart = cursor
        let value = try quotableWord()
        switch op {
        case "=": return .hasTag(key: key, value: value)
        case "!=": return .lacksTag(key: key, value: value)
        case "~": return .valueMatches(key: key, try pattern(value, at: valueStart))
        default: return .valueDoesNotMatch(key: key, try pattern(value, at: valueStart))
        }
    }

    /// After a leading `~`: `~keyregex` or `~keyregex~valueregex`.
    private mutating func keyPatternCondition() throws(TagFilterSyntaxError) -> TagCondition {
        skipSpaces()
        let keyStart = cursor
        let keyPattern = try pattern(try key(), at: keyStart)
        guard let op = readOperator() else { return .hasKeyMatching(keyPattern) }
        guard op == "~" else {
            throw error("Unexpected operator '\(op)': The key prefix operator '~' must be used together with the binary operator '~'")
        }
        let valueStart = cursor
        return .tagMatches(key: keyPattern, value: try pattern(try quotableWord(), at: valueStart))
    }

    private mutating func key() throws(TagFilterSyntaxError) -> String {
        let wordLength = self.wordLength()
        if let reserved = Self.reservedWords.first(where: { next(is: $0) && wordLength == $0.unicodeScalars.count }) {
            throw error("A key cannot be named like the reserved word '\(reserved)', surround it with quotation marks")
        }
        let length = try quotationLength() ?? min(wordLength, Self.operators.map { distance(toNext: $0) }.min() ?? wordLength)
        guard length > 0 else { throw error("Missing key (dangling prefix operator)") }
        return Self.unquoted(take(length))
    }

    /// An operator with the whitespace around it, or nil (and nothing consumed) when none follows.
    private mutating func readOperator() -> String? {
        let start = cursor
        skipSpaces()
        guard let op = Self.operators.first(where: { advance(ifNextIs: $0) }) else {
            cursor = start
            return nil
        }
        skipSpaces()
        return op
    }

    private mutating func quotableWord() throws(TagFilterSyntaxError) -> String {
        let length = try quotationLength() ?? wordLength()
        guard length > 0 else { throw error("Missing value (dangling operator)") }
        return Self.unquoted(take(length))
    }

    /// The limit of a comparison: a word (never quoted) read as a number with an optional unit.
    private mutating func number() throws(TagFilterSyntaxError) -> Float {
        let length = wordLength()
        guard length > 0 else { throw error("Missing value (dangling operator)") }
        let start = cursor
        guard let value = TagQuantity.standardValue(of: take(length)) else {
            throw TagFilterSyntaxError(expression: source, position: start,
                                       reason: "Expected a number (e.g. 3.5) or a number with a known unit (e.g. 3.5st)")
        }
        return Float(value)
    }

    private func pattern(_ text: String, at position: Int) throws(TagFilterSyntaxError) -> TagPattern {
        do {
            return try TagPattern(text)
        } catch {
            throw TagFilterSyntaxError(expression: source, position: position, reason: "Invalid regular expression '\(text)': \(error)")
        }
    }

    // MARK: Scanning

    private var isAtEnd: Bool { cursor >= text.count }

    private func next(is word: String) -> Bool {
        var index = cursor
        for scalar in word.unicodeScalars {
            guard index < text.count, text[index] == scalar else { return false }
            index += 1
        }
        return true
    }

    private func next(is scalar: Unicode.Scalar) -> Bool { cursor < text.count && text[cursor] == scalar }

    private mutating func advance(ifNextIs word: String) -> Bool {
        guard next(is: word) else { return false }
        cursor += word.unicodeScalars.count
        return true
    }

    private mutating func advance(ifNextIs scalar: Unicode.Scalar) -> Bool {
        guard next(is: scalar) else { return false }
        cursor += 1
        return true
    }

    private mutating func take(_ length: Int) -> String {
        let end = min(text.count, cursor + length)
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text[cursor..<end])
        cursor = end
        return String(scalars)
    }

    private mutating func skipSpaces() {
        while cursor < text.count, Self.isSpace(text[cursor]) { cursor += 1 }
    }

    /// Scalars from the cursor (plus `offset`) to the next occurrence of `word`, or to the end.
    private func distance(toNext word: String, offset: Int = 0) -> Int {
        let needle = Array(word.unicodeScalars)
        var index = cursor + offset
        while index + needle.count <= text.count {
            if text[index] == needle[0], Array(text[index..<index + needle.count]) == needle { return index - cursor }
            index += 1
        }
        return text.count - cursor
    }

    /// A word ends at whitespace or a closing bracket.
    private func wordLength() -> Int {
        var index = cursor
        while index < text.count, !Self.isSpace(text[index]), text[index] != ")" { index += 1 }
        return index - cursor
    }

    /// The length of a quoted word including both quotation marks, or nil when no quotation mark is next.
    private func quotationLength() throws(TagFilterSyntaxError) -> Int? {
        guard cursor < text.count, Self.quotationMarks.contains(text[cursor]) else { return nil }
        let mark = String(text[cursor])
        var length = 0
        while true {
            length = distance(toNext: mark, offset: 1 + length)
            guard cursor + length < text.count else { throw error("Did not close quotation marks") }
            if text[cursor + length - 1] != "\\" { return length + 1 }
        }
    }

    /// A word without its enclosing quotation marks, and escaped quotation marks unescaped.
    private static func unquoted(_ word: String) -> String {
        var inner = Substring(word).unicodeScalars
        if let first = inner.first, quotationMarks.contains(first) { inner = inner.dropFirst().dropLast() }
        var result = String.UnicodeScalarView()
        var index = inner.startIndex
        while index < inner.endIndex {
            let following = inner.index(after: index)
            if inner[index] == "\\", following < inner.endIndex, quotationMarks.contains(inner[following]) {
                index = following
            }
            result.append(inner[index])
            index = inner.index(after: index)
        }
        return String(result)
    }

    /// Whitespace as Java's `\s`: space, tab, line feed, vertical tab, form feed, carriage return.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || ("\t"..."\r").contains(scalar)
    }

    private func error(_ reason: String) -> TagFilterSyntaxError {
        TagFilterSyntaxError(expression: source, position: cursor, reason: reason)
    }
}
