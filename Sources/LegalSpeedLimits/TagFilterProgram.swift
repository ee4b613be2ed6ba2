/// A tag filter's expression tree laid out flat for evaluation: steps in an array, operands by index.
///
/// Walking the parsed tree (an indirect enum) copied every node and condition it passed, and the
/// reference counting of those copies cost more than the tests themselves; here the steps are plain
/// values and the conditions are read in place, so one way is tested in well under a microsecond per
/// filter.
struct TagFilterProgram: Sendable {
    enum Step: Sendable {
        /// `conditions[index]`.
        case condition(Int)
        /// The placeholder of that index in the expression's `placeholders`, negated for `!{…}`.
        case placeholder(Int, isNegated: Bool)
        /// The negation of the step at that index.
        case not(Int)
        /// All / any of the steps listed in `operands[range]`.
        case all(Range<Int>)
        case any(Range<Int>)
    }

    private var steps: [Step] = []
    private var operands: [Int] = []
    private var conditions: [TagCondition] = []
    private var root = 0

    /// Lays out `node`'s tree.
    init(_ node: TagFilterExpression.Node) {
        root = append(node)
    }

    /// Whether `tags` pass; `placeholder` answers placeholders by index. Left to right, stopping as soon as
    /// the answer is known.
    func matches(_ tags: [String: String], _ placeholder: (Int) -> Bool) -> Bool {
        steps.withUnsafeBufferPointer { steps in
            operands.withUnsafeBufferPointer { operands in
                conditions.withUnsafeBufferPointer { conditions in
                    let evaluation = Evaluation(steps: steps, operands: operands, conditions: conditions)
                    return evaluation.evaluate(root, tags, placeholder)
                }
            }
        }
    }

    /// The arrays as buffers for one evaluation: the recursion passes plain pointers, where passing the
    /// arrays retained and released them at every step.
    private struct Evaluation {
        let steps: UnsafeBufferPointer<Step>
        let operands: UnsafeBufferPointer<Int>
        let conditions: UnsafeBufferPointer<TagCondition>

        func evaluate(_ index: Int, _ tags: [String: String], _ placeholder: (Int) -> Bool) -> Bool {
            switch steps[index] {
            case .condition(let condition):
                return conditions[condition].matches(tags)
            case .placeholder(let placeholderIndex, let isNegated):
                return placeholder(placeholderIndex) != isNegated
            case .not(let operand):
                return !evaluate(operand, tags, placeholder)
            case .all(let range):
                for operand in range where !evaluate(operands[operand], tags, placeholder) { return false }
                return true
            case .any(let range):
                for operand in range where evaluate(operands[operand], tags, placeholder) { return true }
                return false
            }
        }
    }

    /// Appends the steps of `node` (children first) and returns the index of its own step.
    private mutating func append(_ node: TagFilterExpression.Node) -> Int {
        let step: Step
        switch node {
        case .condition(let condition):
            conditions.append(condition)
            step = .condition(conditions.count - 1)
        case .placeholder(let index, let isNegated):
            step = .placeholder(index, isNegated: isNegated)
        case .not(let operand):
            step = .not(append(operand))
        case .all(let children):
            step = .all(appendOperands(children))
        case .any(let children):
            step = .any(appendOperands(children))
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
}
