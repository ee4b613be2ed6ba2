/// The tags of the drivable ways that the legal speed rules read, interned: ways repeat the same few
/// combinations (`highway=residential` alone, `highway=primary` + `lanes=2` …), so a way keeps a 32-bit
/// index into the distinct sets instead of its tags.
///
/// `name` and `ref`, which make nearly every way distinct, are left out: the graph keeps both per edge,
/// and the estimate adds them back where a country's rules read them (`LegalDefaultSpeeds.keysRead`).
struct WayTagSets: Sendable {
    /// The distinct sets; entry 0 is the empty set.
    private(set) var sets: [[String: String]] = [[:]]
    /// Set index by the set's tags written out in file order (`key=value` joined by `\u{1}`): one string
    /// to hash per way instead of a dictionary.
    private var indexOfSignature: [String: UInt32] = ["": 0]
    /// The tag set of each kept way, by way id.
    private(set) var setOfWay: [Int64: UInt32] = [:]
    /// The keys kept.
    let keys: Set<String>

    /// Keys never kept in a set (see the type's note).
    static let keysKeptPerEdge: Set<String> = ["name", "ref"]

    init(keys: Set<String>) {
        self.keys = keys.subtracting(Self.keysKeptPerEdge)
    }

    /// Records the rule-relevant tags of way `id`.
    /// - Complexity: O(tags) expected.
    mutating func record(way id: Int64, tags: [OSMTag]) {
        var signature = ""
        for tag in tags where keys.contains(tag.key) {
            if !signature.isEmpty { signature += "\u{1}" }
            signature += tag.key + "=" + tag.value
        }
        guard !signature.isEmpty else { return }
        if let index = indexOfSignature[signature] {
            setOfWay[id] = index
            return
        }
        var set: [String: String] = [:]
        for tag in tags where keys.contains(tag.key) { set[tag.key] = tag.value }
        let index = UInt32(sets.count)
        sets.append(set)
        indexOfSignature[signature] = index
        setOfWay[id] = index
    }

    /// The rule-relevant tags of way `id` (empty when it had none or was not recorded).
    func tags(ofWay id: Int64) -> (index: UInt32, tags: [String: String]) {
        let index = setOfWay[id] ?? 0
        return (index, sets[Int(index)])
    }
}
