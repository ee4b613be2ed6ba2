/// Where a `TagFilterProgram` reads an element's tags: by key number (the way's tags fetched once per
/// lookup into numbered slots), and as a dictionary for key patterns.
protocol TagValueSource {
    /// The value of the key numbered `key`; `keys` names the numbers.
    func value(ofKey key: Int, in keys: UnsafeBufferPointer<String>) -> String?
    var tags: [String: String] { get }
}

/// Tags in a dictionary, looked up by key name: for a filter on its own and for relations' tags.
struct DictionaryTagSource: TagValueSource {
    let tags: [String: String]

    func value(ofKey key: Int, in keys: UnsafeBufferPointer<String>) -> String? { tags[keys[key]] }
}
