/// Answers "is this way of road type X?" for one way during one lookup, remembering each answer.
///
/// Road types refer to each other by placeholder (`{rural} and {motorway}`), and the same road type is
/// asked about many times in one lookup (`{rural}` by a dozen road types of a country), so each answer is
/// kept: one slot per road type and per pass (exact or fuzzy). The caller's placeholder hook is thus asked
/// at most once per road type and pass, which gives the same answers as asking it every time as long as
/// it answers the same for the same name within one lookup.
///
/// The way's tags are fetched once, into a slot per key the catalog numbers, so conditions read an array
/// instead of hashing the key again. A class, so that the placeholder answers refer to it without
/// copying (and reference counting) its fields at every step.
final class RoadTypeMatcher {
    /// Slot states in the memo.
    private static let unknown: UInt8 = 0, no: UInt8 = 1, yes: UInt8 = 2

    /// The caller's hook: a road type's name and the evaluation of its filters, giving the answer to use.
    typealias Hook = (_ name: String, _ evaluate: () -> Bool) -> Bool

    let catalog: RoadTypeCatalog
    let relationTags: [[String: String]]
    private let way: WayTagSource
    /// The caller's non-escaping hook, made storable by `withoutActuallyEscaping` for the lookup's duration.
    private let hook: Hook
    /// Two slots per road type, exact pass then fuzzy pass.
    private let memo: UnsafeMutableBufferPointer<UInt8>

    /// Runs `body` with a matcher for a way, its scratch space allocated on the stack for the call.
    /// - Complexity: O(road types + numbered keys + the way's tags) to set up.
    static func withMatcher<Answer>(catalog: RoadTypeCatalog, tags: [String: String], relationTags: [[String: String]],
                                    hook: @escaping Hook, _ body: (RoadTypeMatcher) -> Answer) -> Answer {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: catalog.count * 2) { memo in
            withUnsafeTemporaryAllocation(of: String?.self, capacity: catalog.keys.count) { values in
                memo.initialize(repeating: unknown)
                values.initialize(repeating: nil)
                defer { _ = values.deinitialize() }
                for (key, value) in tags {
                    if let number = catalog.keyNumbers[key] { values[number] = value }
                }
                let way = WayTagSource(values: UnsafeBufferPointer(values), tags: tags)
                return body(RoadTypeMatcher(catalog: catalog, way: way, relationTags: relationTags, memo: memo, hook: hook))
            }
        }
    }

    private init(catalog: RoadTypeCatalog, way: WayTagSource, relationTags: [[String: String]],
                 memo: UnsafeMutableBufferPointer<UInt8>, hook: @escaping Hook) {
        self.catalog = catalog
        self.way = way
        self.relationTags = relationTags
        self.memo = memo
        self.hook = hook
    }

    /// Whether the way is of `roadType`, in the exact pass or the fuzzy pass (which also tries fuzzy filters),
    /// as the hook decides.
    /// - Complexity: each road type's filters are evaluated at most once per pass.
    func matches(_ roadType: Int, fuzzy: Bool) -> Bool {
        let slot = roadType * 2 + (fuzzy ? 1 : 0)
        if memo[slot] != Self.unknown { return memo[slot] == Self.yes }
        let answer = hook(catalog.names[roadType]) { self.filtersMatch(roadType, fuzzy: fuzzy) }
        memo[slot] = answer ? Self.yes : Self.no
        return answer
    }

    /// The road type's own filters, in the reference order: a relation the way is in, its exact filter,
    /// then (fuzzy pass only) its fuzzy filter. A road type without filters never matches by itself.
    private func filtersMatch(_ roadType: Int, fuzzy: Bool) -> Bool {
        if !relationTags.isEmpty, let relation = catalog.filters[roadType].relation,
           relationTags.contains(where: { evaluate(relation, on: DictionaryTagSource(tags: $0), fuzzy: fuzzy) }) {
            return true
        }
        if let exact = catalog.filters[roadType].exact, evaluate(exact, on: way, fuzzy: fuzzy) { return true }
        if fuzzy, let fuzzyFilter = catalog.filters[roadType].fuzzy, evaluate(fuzzyFilter, on: way, fuzzy: fuzzy) { return true }
        return false
    }

    /// One filter on the way's or a relation's tags; its placeholders ask about the way, in the same pass.
    private func evaluate(_ filter: RoadTypeCatalog.ResolvedFilter, on tags: some TagValueSource, fuzzy: Bool) -> Bool {
        filter.roadTypeOfPlaceholder.withUnsafeBufferPointer { roadTypes in
            filter.program.matches(tags, RoadTypeAnswers(matcher: self, roadTypes: roadTypes, fuzzy: fuzzy))
        }
    }

    /// A placeholder answered by the road type it names.
    private struct RoadTypeAnswers: PlaceholderAnswers {
        /// Unowned and unsafe: the matcher runs the evaluation that holds this, so it outlives it, and a
        /// counted reference would be retained and released at every step of the evaluation.
        unowned(unsafe) let matcher: RoadTypeMatcher
        let roadTypes: UnsafeBufferPointer<Int>
        let fuzzy: Bool

        func answer(_ placeholder: Int) -> Bool { matcher.matches(roadTypes[placeholder], fuzzy: fuzzy) }
    }

    /// The way's tags, by key number (as fetched into the lookup's slots) and as a dictionary.
    private struct WayTagSource: TagValueSource {
        let values: UnsafeBufferPointer<String?>
        let tags: [String: String]

        func value(ofKey key: Int, in keys: UnsafeBufferPointer<String>) -> String? { values[key] }
    }
}
