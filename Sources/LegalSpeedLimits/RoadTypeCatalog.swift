/// The named road types of the rules with their parsed filters, numbered so that a placeholder refers to
/// its road type by index instead of by name (no string hashing while a way is classified).
///
/// Every name the rules mention gets a number: those with filters, and those only listed under a country
/// (`village`, `hilly road`), which never match by filter but can still be forced by a caller's
/// placeholder hook, as in the reference library.
struct RoadTypeCatalog: Sendable {
    /// A filter with its placeholders resolved to road-type indices and its keys numbered as in the
    /// catalog's `keys`. A class, so that the lookup passes it around with one reference count.
    final class ResolvedFilter: Sendable {
        let expression: TagFilterExpression
        let program: TagFilterProgram
        /// The road-type index of each entry of `expression.placeholders`.
        let roadTypeOfPlaceholder: [Int]

        init(expression: TagFilterExpression, program: TagFilterProgram, roadTypeOfPlaceholder: [Int]) {
            self.expression = expression
            self.program = program
            self.roadTypeOfPlaceholder = roadTypeOfPlaceholder
        }
    }

    /// The three filters a road type may have.
    struct Filters: Sendable {
        var exact: ResolvedFilter?
        var fuzzy: ResolvedFilter?
        var relation: ResolvedFilter?

        var all: [ResolvedFilter] { [exact, fuzzy, relation].compactMap { $0 } }
    }

    /// The filter texts of one road type as the rules file has them.
    struct FilterTexts: Decodable, Sendable {
        var filter: String?
        var fuzzyFilter: String?
        var relationFilter: String?
    }

    let names: [String]
    let indexByName: [String: Int]
    let filters: [Filters]
    /// Every key a filter reads by name, numbered: a lookup fetches each from the way's tags once.
    let keys: [String]
    let keyNumbers: [String: Int]
    /// For each road type, the keys of the way's own tags its exact and fuzzy filters read, with those of
    /// every road type they refer to by placeholder, transitively.
    let wayKeysReached: [Set<String>]
    /// Likewise for the keys of relation tags its relation filters (and those it refers to) read.
    let relationKeysReached: [Set<String>]

    var count: Int { names.count }

    /// Parses every filter and checks that no road type refers to itself through placeholders.
    /// - Parameter otherNames: names used elsewhere (country lists) that need an index too.
    /// - Throws: a one-line problem naming the road type, for `LegalDataError`.
    init(filterTexts: [String: FilterTexts], otherNames: some Sequence<String>) throws(CatalogProblem) {
        let parsed = try Self.parse(filterTexts)
        let expressions = parsed.values.joined().compactMap { $0 }
        let names = parsed.keys.sorted() + Set(otherNames).union(expressions.flatMap(\.placeholders)).subtracting(parsed.keys).sorted()
        let indexByName = Self.numbers(of: names)
        let keys = Set(expressions.flatMap(\.program.keys)).sorted()
        let keyNumbers = Self.numbers(of: keys)
        let filters = names.map { name in
            Self.resolve(parsed[name] ?? [nil, nil, nil], indexByName, keys: keys, keyNumbers: keyNumbers)
        }
        try Self.checkForCycles(names: names, filters: filters)
        self.names = names
        self.indexByName = indexByName
        self.filters = filters
        self.keys = keys
        self.keyNumbers = keyNumbers
        wayKeysReached = Self.keysReached(filters) { [$0.exact, $0.fuzzy].compactMap { $0 } }
        relationKeysReached = Self.keysReached(filters) { [$0.relation].compactMap { $0 } }
    }

    private static func numbers(of names: [String]) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
    }

    /// A road type whose filters cannot be used.
    struct CatalogProblem: Error {
        let description: String
    }

    /// Exact, fuzzy and relation filter of each road type, parsed, in name order so that the first error
    /// reported does not depend on dictionary order.
    private static func parse(_ texts: [String: FilterTexts]) throws(CatalogProblem) -> [String: [TagFilterExpression?]] {
        var parsed: [String: [TagFilterExpression?]] = [:]
        for name in texts.keys.sorted() {
            let entry = texts[name]!
            var expressions: [TagFilterExpression?] = []
            for (kind, text) in [("filter", entry.filter), ("fuzzyFilter", entry.fuzzyFilter), ("relationFilter", entry.relationFilter)] {
                do {
                    expressions.append(try text.map(TagFilterExpression.init))
                } catch {
                    throw CatalogProblem(description: "road type \"\(name)\": \(kind) \"\(error.expression)\": at position \(error.position): \(error.reason)")
                }
            }
            parsed[name] = expressions
        }
        return parsed
    }

    private static func resolve(_ expressions: [TagFilterExpression?], _ indexByName: [String: Int],
                                keys: [String], keyNumbers: [String: Int]) -> Filters {
        let resolved = expressions.map { expression in
            expression.map {
                ResolvedFilter(expression: $0, program: $0.program.renumberingKeys(into: keys, numbers: keyNumbers),
                               roadTypeOfPlaceholder: $0.placeholders.map { indexByName[$0]! })
            }
        }
        return Filters(exact: resolved[0], fuzzy: resolved[1], relation: resolved[2])
    }

    /// Depth-first search over the placeholder references; a reference back to a road type still being
    /// visited closes a cycle, reported with its path.
    /// - Complexity: O(road types + references).
    private static func checkForCycles(names: [String], filters: [Filters]) throws(CatalogProblem) {
        enum Visit { case unvisited, inProgress, done }
        var visits = [Visit](repeating: .unvisited, count: names.count)
        var path: [Int] = []

        func visit(_ roadType: Int) -> [Int]? {
            switch visits[roadType] {
            case .done: return nil
            case .inProgress: return Array(path[path.firstIndex(of: roadType)!...]) + [roadType]
            case .unvisited: break
            }
            visits[roadType] = .inProgress
            path.append(roadType)
            for referenced in filters[roadType].all.flatMap(\.roadTypeOfPlaceholder) {
                if let cycle = visit(referenced) { return cycle }
            }
            path.removeLast()
            visits[roadType] = .done
            return nil
        }

        for roadType in names.indices {
            if let cycle = visit(roadType) {
                let route = cycle.map { "{\(names[$0])}" }.joined(separator: " -> ")
                throw CatalogProblem(description: "road type \"\(names[cycle[0]])\": circular placeholders: \(route)")
            }
        }
    }

    /// The keys the chosen filters of each road type read, with those of the road types their
    /// placeholders (in any of the three filters) refer to: a placeholder is evaluated with all three
    /// filters of its road type, on the same way and relations.
    /// - Complexity: O(road types × references × keys); the graph is acyclic, so the memoised recursion ends.
    private static func keysReached(_ filters: [Filters], reading chosen: (Filters) -> [ResolvedFilter]) -> [Set<String>] {
        var reached = [Set<String>?](repeating: nil, count: filters.count)
        func keys(of roadType: Int) -> Set<String> {
            if let known = reached[roadType] { return known }
            var found = Set(chosen(filters[roadType]).flatMap(\.expression.keysRead))
            for referenced in filters[roadType].all.flatMap(\.roadTypeOfPlaceholder) {
                found.formUnion(keys(of: referenced))
            }
            reached[roadType] = found
            return found
        }
        return filters.indices.map(keys(of:))
    }
}
