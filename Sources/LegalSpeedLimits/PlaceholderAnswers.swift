/// Answers to a `TagFilterProgram`'s placeholders, by their index in the expression's `placeholders`.
///
/// A protocol rather than a closure, so that the rules can answer through a plain value (a road-type
/// table and an unowned matcher) that the evaluation passes down without reference counting.
protocol PlaceholderAnswers {
    func answer(_ placeholder: Int) -> Bool
}

/// Placeholder answers from a closure: for a filter evaluated on its own.
struct ClosurePlaceholderAnswers: PlaceholderAnswers {
    let answerAt: (Int) -> Bool

    func answer(_ placeholder: Int) -> Bool { answerAt(placeholder) }
}
