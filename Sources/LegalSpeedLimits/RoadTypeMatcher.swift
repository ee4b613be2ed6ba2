/// Answers "is this way of road type X?" for one way during one lookup, remembering each answer.
///
/// Road types refer to each other by placeholder (`{rural} and {motorway}`), and the same road type is
/// asked about many times in one lookup (`{rural}` by a dozen road types of a country), so each answer is
/// kept: one slot per road type and per pass (exact or fuzzy). The caller's placeholder hook is thus asked
/// at most once per road type and pass, which gives the same answers as asking it every time as long as
/// it answers the same for the same name within one lookup.
///
/// A class, and the filters classes too: the evaluation recurses through closures, and copying structs
/// of several references into each closure cost more retains and releases than the matching itself.
final class RoadTypeMatcher {
    /// Slot states in the memo.
    private static let unknown: UInt8 = 0, no: UInt8 = 1, yes: UInt8 = 2

    /// The caller's hook: a road type's name and the evaluation of its filters, giving the answer to use.
    typealias Hook = (_ name: String, _ evaluate: () -> Bool) -> Bool

    let catalog: RoadTypeCatalog
    let tags: [String: String]
    let relationTags: [[String: String]]
    /// The caller's non-escaping hook, made storable by `withoutActuallyEscaping` for the lookup's duration.
    private let hook: Hook
    /// Two slots per road type, exact pass then fuzzy pass; owned by the caller for the lookup's duration.
    private let memo: UnsafeMutableBufferPointer<UInt8>

    /// The number of memo slots a lookup in `catalog` needs.
    static func memoSlots(for catalog: RoadTypeCatalog) -> Int { catalog.count * 2 }

    /// - Parameter memo: at least `memoSlots(for: catalog)` bytes; cleared here.
    init(catalog: RoadTypeCatalog, tags: [String: String], relationTags: [[String: String]],
         memo: UnsafeMutableBufferPointer<UInt8>, hook: @escaping Hook) {
        self.catalog = catalog
        self.hook = hook
        self.tags = tags
        self.relationTags = relationTags
        self.memo = memo
        memo.initialize(repeating: Self.unknown)
    }

    /// Whether the way is of `roadType`, in the exact pass or the fuzzy pass (which also tries fuzzy filters),
    /// as the hook decides.
    /// - Complexity: each road type's filters are evaluated at most once per pass.
    func matches(_ roadType: Int, fuzzy: Bool) -> Bool {
        let slot = roadType * 2 + (fuzzy ? 1 : 0)
        if memo[slot] != Self.unknown { return memo[slot] == Self.yes }
        let answer = hook(catalog.names[roadType]) { filtersMatch(roadType, fuzzy: fuzzy) }
        memo[slot] = answer ? Self.yes : Self.no
        return answer
    }

    /// The road type's own filters, in the reference order: a relation the way is in, its exact filter,
    /// then (fuzzy pass only) its fuzzy filter. A road type without filters never matches by itself.
    private func filtersMatch(_ roadType: Int, fuzzy: Bool) -> Bool {
        let filters = catalog.filters[roadType]
        if let relation = filters.relation, !relationTags.isEmpty, relationTags.contains(where: { evaluate(relation, on: $0, fuzzy: fuzzy) }) {
            return true
        }
        if let exact = filters.exact, evaluate(exact, on: tags, fuzzy: fuzzy) { return true }
        if fuzzy, let fuzzyFilter = filters.fuzzy, evaluate(fuzzyFilter, on: tags, fuzzy: fuzzy) { return true }
        return false
    }

    /// One filter on some tags; its placeholders ask about the way (not about `tags`, which may be a
    /// relation's), in the same pass.
    private func evaluate(_ filter: RoadTypeCatalog.ResolvedFilter, on tags: [String: String], fuzzy: Bool) -> Bool {
        filter.expression.matches(tags: tags) { placeholder in
            matches(filter.roadTypeOfPlaceholder[placeholder], fuzzy: fuzzy)
        }
    }
}
