/// A PrimitiveBlock's string table, read in place: index 0 is the empty delimiter, every other entry a
/// key, value, role or user name of the block.
///
/// Strings are made once per index and only when asked for, and each index's key class (is it a key
/// the receiver wants for nodes, ways or relations?) is computed once, so a key repeated on thousands
/// of elements costs one comparison.
struct PBFStringTable {
    private var entries: [UnsafeRawBufferPointer] = []
    private var strings: [String?] = []
    /// Per index: 0 not classified yet, else `classified` plus the wanted-for bits.
    private var keyClasses: [UInt8] = []

    static let wantedForNode: UInt8 = 1, wantedForWay: UInt8 = 2, wantedForRelation: UInt8 = 4
    private static let classified: UInt8 = 0x80

    /// Reads the `StringTable` message (field 1: repeated bytes). The entries point into `bytes`.
    init(_ bytes: UnsafeRawBufferPointer) throws(ProtobufError) {
        var reader = ProtobufReader(bytes)
        while let field = try reader.nextField() {
            if field.number == 1, field.wireType == .lengthDelimited {
                entries.append(try reader.lengthDelimited())
            } else {
                try reader.skip(field.wireType)
            }
        }
        strings = Array(repeating: nil, count: entries.count)
        keyClasses = Array(repeating: 0, count: entries.count)
    }

    var count: Int { entries.count }

    /// Throws unless `index` is in the table; `what` names the field for the message.
    @inline(__always)
    func check(_ index: UInt64, _ what: @autoclosure () -> String) throws(ProtobufError) {
        guard index < UInt64(entries.count) else {
            throw ProtobufError("\(what()) index \(index) is outside the block's string table (\(entries.count) strings)")
        }
    }

    /// The string at a checked index (invalid UTF-8 is replaced, as XML readers cannot be given it either).
    mutating func string(_ index: Int) -> String {
        if let s = strings[index] { return s }
        let s = String(decoding: entries[index], as: UTF8.self)
        strings[index] = s
        return s
    }

    /// Which element kinds want the key at a checked index (`wantedFor…` bits).
    @inline(__always)
    mutating func keyClass(_ index: Int, _ filters: PBFTagFilters) -> UInt8 {
        let known = keyClasses[index]
        if known != 0 { return known }
        let key = entries[index]
        var bits = Self.classified
        if filters.node.contains(key) { bits |= Self.wantedForNode }
        if filters.way?.contains(key) ?? true { bits |= Self.wantedForWay }
        if filters.relation?.contains(key) ?? true { bits |= Self.wantedForRelation }
        keyClasses[index] = bits
        return bits
    }
}

/// The tag keys passed on per element kind (nil: all), as the XML decoder takes them.
struct PBFTagFilters: Sendable {
    var node: TagKeyFilter
    var way: TagKeyFilter?
    var relation: TagKeyFilter?

    init(nodeTagKeys: [String], wayTagKeys: [String]?, relationTagKeys: [String]?) {
        node = TagKeyFilter(nodeTagKeys)
        way = wayTagKeys.map(TagKeyFilter.init)
        relation = relationTagKeys.map(TagKeyFilter.init)
    }
}
