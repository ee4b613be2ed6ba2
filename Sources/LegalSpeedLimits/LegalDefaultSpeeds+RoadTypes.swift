extension LegalDefaultSpeeds {
    /// Whether a way's tags make it of the road type called `name` (`urban`, `rural`, `motorway` …), by the
    /// type's own filter and the types it refers to; with `fuzzy`, its fuzzy filter may also decide. False
    /// for a name the rules do not define.
    /// - Complexity: each road type's filters are evaluated at most once.
    public func matches(roadType name: String, tags: [String: String], fuzzy: Bool = false) -> Bool {
        guard let roadType = catalog.indexByName[name] else { return false }
        return RoadTypeMatcher.withMatcher(catalog: catalog, tags: tags, relationTags: [], hook: { $1() }) { matcher in
            matcher.matches(roadType, fuzzy: fuzzy)
        }
    }
}
