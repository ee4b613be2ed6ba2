/// A tag filter laid out flat for evaluation: steps in an array, operands, keys, values and patterns by
/// index, so that testing a way copies nothing that is reference counted.
///
/// Walking the parsed tree (an indirect enum of conditions holding strings) copied every node and
/// condition it passed, and the reference counting of those copies cost more than the tests themselves.
/// Here every step is a plain value. Keys are numbered: the rules number them across all their filters
/// (`renumberingKeys`), so a way's tags are looked up once per lookup instead of once per condition.
/// A class of constants: evaluating it retains one reference, not each of its arrays.
final class TagFilterProgram: Sendable {
    /// One test of a tag, with key, value and pattern by index.
    enum Check: Sendable {
        case hasKey(Int), lacksKey(Int)
        case hasTag(Int, value: Int), lacksTag(Int, value: Int)
        case hasKeyMatching(pattern: Int), lacksKeyMatching(pattern: Int)
        case valueMatches(Int, pattern: Int), valueDoesNotMatch(Int, pattern: Int)
        case tagMatches(keyPattern: Int, valuePattern: Int)
        case compares(Int, TagCondition.ComparisonOperator, Float)
    }

    enum Step: Sendable {
        case check(Check)
        /// The placeholder of that index in the expression's `placeholders`, negated for `!{…}`.
        case placeholder(Int, isNegated: Bool)
        /// The negation of the step at that index.
        case not(Int)
        /// All / any of the steps listed in `operands[range]`.
        case all(Range<Int>)
        case any(Range<Int>)
    }

    private let steps: [Step]
    private let operands: [Int]
    /// Key names by number: the program's own keys, or after `renumberingKeys` the whole table.
    let keys: [String]
    private let values: [String]
    private let patterns: [TagPattern]
    private let root: Int

    /// Lays out `node`'s tree, numbering its keys in order of appearance.
    convenience init(_ node: TagFilterExpression.Node) {
        var layout = Layout()
        let root = layout.append(node)
        self.init(steps: layout.steps, operands: layout.operands, keys: layout.keys, values: layout.values,
                  patterns: layout.patterns, root: root)
    }

    private init(steps: [Step], operands: [Int], keys: [String], values: [String], patterns: [TagPattern], root: Int) {
        self.steps = steps
        self.operands = operands
        self.keys = keys
        self.values = values
        self.patterns = patterns
        self.root = root
    }

    /// The same program with its keys numbered as in `table` (which must hold them all).
    func renumberingKeys(into table: [String], numbers: [String: Int]) -> TagFilterProgram {
        let renumberedSteps = steps.map { step in
            guard case .check(let check) = step else { return step }
            return .check(check.renumbered { numbers[keys[$0]]! })
        }
        return TagFilterProgram(steps: renumberedSteps, operands: operands, keys: table, values: values, patterns: patterns, root: root)
    }

    /// Whether the tags `source` gives pass, with placeholders answered by `placeholders`. Left to right,
    /// stopping as soon as the answer is known.
    func matches(_ source: some TagValueSource, _ placeholders: some PlaceholderAnswers) -> Bool {
        steps.withUnsafeBufferPointer { steps in
            operands.withUnsafeBufferPointer { operands in
                keys.withUnsafeBufferPointer { keys in
                    let evaluation = Evaluation(steps: steps, operands: operands, keys: keys, values: values, patterns: patterns)
                    return evaluation.evaluate(root, source, placeholders)
                }
            }
        }
    }

    // MARK: Evaluation

    /// The arrays as buffers for one evaluation: the recursion passes plain pointers.
    private struct Evaluation {
        let steps: UnsafeBufferPointer<Step>
        let operands: UnsafeBufferPointer<Int>
        let keys: UnsafeBufferPointer<String>
        let values: [String]
        let patterns: [TagPattern]

        func evaluate(_ index: Int, _ source: some TagValueSource, _ placeholders: some PlaceholderAnswers) -> Bool {
            switch steps[index] {
            case .check(let check):
                return passes(check, source)
            case .placeholder(let placeholder, let isNegated):
                return placeholders.answer(placeholder) != isNegated
            case .not(let operand):
                return !evaluate(operand, source, placeholders)
            case .all(let range):
                for operand in range where !evaluate(operands[operand], source, placeholders) { return false }
                return true
            case .any(let range):
                for operand in range where evaluate(operands[operand], source, placeholders) { return true }
                return false
            }
        }

        private func passes(_ check: Check, _ source: some TagValueSource) -> Bool {
            switch check {
            case .hasKey(let key): source.value(ofKey: key, in: keys) != nil
            case .lacksKey(let key): source.value(ofKey: key, in: keys) == nil
            case .hasTag(let key, let value): source.value(ofKey: key, in: keys) == values[value]
            case .lacksTag(let key, let value): source.value(ofKey: key, in: keys) != values[value]
            case .hasKeyMatching(let pattern): TagCondition.hasKey(matching: patterns[pattern], in: source.tags)
            case .lacksKeyMatching(let pattern): !TagCondition.hasKey(matching: patterns[pattern], in: source.tags)
            case .valueMatches(let key, let pattern):
                source.value(ofKey: key, in: keys).map(patterns[pattern].matches) ?? false
            case .valueDoesNotMatch(let key, let pattern):
                source.value(ofKey: key, in: keys).map { !patterns[pattern].matches($0) } ?? true
            case .tagMatches(let keyPattern, let valuePattern):
                TagCondition.hasTag(key: patterns[keyPattern], value: patterns[valuePattern], in: source.tags)
            case .compares(let key, let comparison, let limit):
                TagCondition.compare(source.value(ofKey: key, in: keys), comparison, limit)
            }
        }
    }

    // MARK: Layout

    /// The arrays being filled while the tree is laid out.
    private struct Layout {
        var steps: [Step] = []
        var operands: [Int] = []
        var keys: [String] = []
        var values: [String] = []
        var patterns: [TagPattern] = []

        /// Appends the steps of `node` (children first) and returns the index of its own step.
        mutating func append(_ node: TagFilterExpression.Node) -> Int {
            let step: Step
            switch node {
            case .condition(let condition): step = .check(check(for: condition))
            case .placeholder(let index, let isNegated): step = .placeholder(index, isNegated: isNegated)
            case .not(let operand): step = .not(append(operand))
            case .all(let children): step = .all(appendOperands(children))
            case .any(let children): step = .any(appendOperands(children))
            }
            steps.append(step)
            return steps.count - 1
        }

        private mutating func appendOperands(_ children: [TagFilterExpression.Node]) -> Range<Int> {
            let stepIndices = children.map { append($0) }
            let start = operands.count
            operands.append(contentsOf: stepIndices)
            return start..<operands.count
        }

        private mutating func check(for condition: TagCondition) -> Check {
            switch condition {
            case .hasKey(let key): .hasKey(number(key))
            case .lacksKey(let key): .lacksKey(number(key))
            case .hasTag(let key, let value): .hasTag(number(key), value: add(value))
            case .lacksTag(let key, let value): .lacksTag(number(key), value: add(value))
            case .hasKeyMatching(let pattern): .hasKeyMatching(pattern: add(pattern))
            case .lacksKeyMatching(let pattern): .lacksKeyMatching(pattern: add(pattern))
            case .valueMatches(let key, let pattern): .valueMatches(number(key), pattern: add(pattern))
            case .valueDoesNotMatch(let key, let pattern): .valueDoesNotMatch(number(key), pattern: add(pattern))
            case .tagMatches(let keyPattern, let valuePattern): .tagMatches(keyPattern: add(keyPattern), valuePattern: add(valuePattern))
            case .compares(let key, let comparison, let limit): .compares(number(key), comparison, limit)
            }
        }

        private mutating func number(_ key: String) -> Int {
            if let known = keys.firstIndex(of: key) { return known }
            keys.append(key)
            return keys.count - 1
        }

        private mutating func add(_ value: String) -> Int {
            values.append(value)
            return values.count - 1
        }

        private mutating func add(_ pattern: TagPattern) -> Int {
            patterns.append(pattern)
            return patterns.count - 1
        }
    }
}

extension TagFilterProgram.Check {
    /// The same check with its key number (if any) replaced.
    func renumbered(_ newNumber: (Int) -> Int) -> Self {
        switch self {
        case .hasKey(let key): .hasKey(newNumber(key))
        case .lacksKey(let key): .lacksKey(newNumber(key))
        case .hasTag(let key, let value): .hasTag(newNumber(key), value: value)
        case .lacksTag(let key, let value): .lacksTag(newNumber(key), value: value)
        case .valueMatches(let key, let pattern): .valueMatches(newNumber(key), pattern: pattern)
        case .valueDoesNotMatch(let key, let pattern): .valueDoesNotMatch(newNumber(key), pattern: pattern)
        case .compares(let key, let comparison, let limit): .compares(newNumber(key), comparison, limit)
        case .hasKeyMatching, .lacksKeyMatching, .tagMatches: self
        }
    }
}
