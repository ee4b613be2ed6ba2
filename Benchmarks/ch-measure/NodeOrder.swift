import ArgumentParser

/// A contraction order derived from a node-graph hierarchy: each turn-graph vertex (a directed edge or a
/// state) ranked by the rank of its edge's head or tail junction, instead of by priority.
enum NodeOrder: String, ExpressibleByArgument, CaseIterable {
    /// By the head junction's rank.
    case head
    /// By the tail junction's rank.
    case tail
    /// By the lower of the two ranks (the turn graph without a mode flag only).
    case min
    /// By the higher of the two ranks.
    case max
}
