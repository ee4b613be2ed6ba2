/// Decodes one `PrimitiveBlock` (osmformat.proto) into a `PBFDecodedBlock`: DenseNodes and plain nodes
/// with their delta coding undone and coordinates moved from the block's granularity and offsets to
/// fixed-point degrees × 10^7, ways with delta-coded refs, relations with member types and roles.
///
/// Knows nothing about cars: it keeps every element and only the tags whose keys `filters` name. Any
/// damage (a varint past its message, an index outside the string table, arrays of unequal length,
/// a coordinate off the globe) throws a `PBFBlockProblem` naming the element; nothing traps.
/// Safe to run on many threads at once (each call has its own state).
struct PBFPrimitiveBlockDecoder: Sendable {
    let filters: PBFTagFilters

    /// - Complexity: O(bytes of the block).
    func decode(_ bytes: UnsafeRawBufferPointer) throws(PBFBlockProblem) -> PBFDecodedBlock {
        var state: PBFBlockState
        do throws(ProtobufError) {
            state = try PBFBlockState(bytes, filters: filters)
        } catch {
            throw .malformed("damaged PrimitiveBlock: \(error.detail)")
        }
        try state.decodeGroups()
        state.block.uncompressedBytes = bytes.count
        return state.block
    }
}

/// The working state of one block's decoding: its string table, coordinate grid and output.
struct PBFBlockState {
    private let filters: PBFTagFilters
    private var strings: PBFStringTable
    private var groups: [UnsafeRawBufferPointer] = []
    /// Nanodegrees per coordinate unit, and the offsets in nanodegrees (PrimitiveBlock fields 17, 19, 20).
    private var granularity: Int64 = 100
    private var latitudeOffset: Int64 = 0
    private var longitudeOffset: Int64 = 0
    /// Reused per element: tag key and value indices.
    private var keys: [UInt64] = []
    private var values: [UInt64] = []
    var block = PBFDecodedBlock()

    static let latitudeLimitE7: Int64 = 900_000_000
    static let longitudeLimitE7: Int64 = 1_800_000_000

    /// Reads the block's top-level fields (they may come in any order, so groups are decoded after).
    init(_ bytes: UnsafeRawBufferPointer, filters: PBFTagFilters) throws(ProtobufError) {
        self.filters = filters
        var reader = ProtobufReader(bytes)
        var table: UnsafeRawBufferPointer?
        while let field = try reader.nextField() {
            switch (field.number, field.wireType) {
            case (1, .lengthDelimited): table = try reader.lengthDelimited()
            case (2, .lengthDelimited): groups.append(try reader.lengthDelimited())
            case (17, .varint): granularity = Int64(Int32(truncatingIfNeeded: try reader.varint()))
            case (19, .varint): latitudeOffset = Int64(bitPattern: try reader.varint())
            case (20, .varint): longitudeOffset = Int64(bitPattern: try reader.varint())
            default: try reader.skip(field.wireType)
            }
        }
        guard let table else { throw ProtobufError("it has no string table (field 1)") }
        guard granularity > 0 else { throw ProtobufError("granularity is \(granularity) nanodegrees, expected a positive number") }
        strings = try PBFStringTable(table)
    }

    mutating func decodeGroups() throws(PBFBlockProblem) {
        for (number, group) in groups.enumerated() {
            do throws(ProtobufError) {
                var reader = ProtobufReader(group)
                while let field = try reader.nextField() {
                    switch (field.number, field.wireType) {
                    case (1, .lengthDelimited): try decodeNode(try reader.lengthDelimited())
                    case (2, .lengthDelimited): try decodeDenseNodes(try reader.lengthDelimited())
                    case (3, .lengthDelimited): try decodeWay(try reader.lengthDelimited())
                    case (4, .lengthDelimited): try decodeRelation(try reader.lengthDelimited())
                    default: try reader.skip(field.wireType)   // changesets (5), unknown fields
                    }
                }
            } catch {
                guard error.kind == .malformedPBF else { throw PBFBlockProblem(kind: error.kind, detail: error.detail) }
                throw .malformed("primitive group \(number + 1): \(error.detail)")
            }
        }
    }

    // MARK: Coordinates

    /// Fixed-point degrees × 10^7 of a coordinate in block units, truncated as libosmium does; nil
    /// when it overflows or lies beyond `limit`.
    @inline(__always)
    private func fixedPoint(_ value: Int64, offset: Int64, limit: Int64) -> Int32? {
        let (scaled, overflow1) = granularity.multipliedReportingOverflow(by: value)
        let (nanodegrees, overflow2) = scaled.addingReportingOverflow(offset)
        guard !overflow1, !overflow2 else { return nil }
        let e7 = nanodegrees / 100
        guard e7 >= -limit, e7 <= limit else { return nil }
        return Int32(e7)
    }

    /// The node's coordinate, or an `invalidCoordinate` error naming it.
    @inline(__always)
    private func coordinate(id: Int64, latitude: Int64, longitude: Int64) throws(ProtobufError) -> (Int32, Int32) {
        guard let lat = fixedPoint(latitude, offset: latitudeOffset, limit: Self.latitudeLimitE7) else {
            throw ProtobufError("node \(id) has latitude \(degrees(latitude, latitudeOffset)), expected -90 ... 90", kind: .invalidCoordinate)
        }
        guard let lon = fixedPoint(longitude, offset: longitudeOffset, limit: Self.longitudeLimitE7) else {
            throw ProtobufError("node \(id) has longitude \(degrees(longitude, longitudeOffset)), expected -180 ... 180", kind: .invalidCoordinate)
        }
        return (lat, lon)
    }

    private func degrees(_ value: Int64, _ offset: Int64) -> String {
        let degrees = (Double(value) * Double(granularity) + Double(offset)) / 1e9
        return degrees.isFinite ? "\(degrees)" : "out of range"
    }

    // MARK: Tags

    /// Reads one of the parallel `keys`/`vals` index arrays of a Node, Way or Relation into `target`.
    @inline(__always)
    private static func readIndices(_ reader: inout ProtobufReader, _ wireType: ProtobufReader.WireType,
                                    into target: inout [UInt64]) throws(ProtobufError) {
        switch wireType {
        case .varint:
            target.append(try reader.varint())
        case .lengthDelimited:
            var packed = ProtobufReader(try reader.lengthDelimited())
            while !packed.isAtEnd { target.append(try packed.varint()) }
        default:
            throw ProtobufError("a keys/vals field has wire type \(wireType.rawValue), expected 0 or 2")
        }
    }

    /// The wanted tags among `keys`/`values` (`wanted` is a `PBFStringTable.wantedFor…` bit).
    private mutating func tags(element: @autoclosure () -> String, wanted: UInt8) throws(ProtobufError) -> [OSMTag] {
        guard keys.count == values.count else {
            throw ProtobufError("\(element()) has \(keys.count) tag keys but \(values.count) values")
        }
        var tags: [OSMTag] = []
        for i in 0..<keys.count {
            try strings.check(keys[i], "\(element()): a tag key")
            try strings.check(values[i], "\(element()): a tag value")
            if strings.keyClass(Int(keys[i]), filters) & wanted != 0 {
                tags.append(OSMTag(key: strings.string(Int(keys[i])), value: strings.string(Int(values[i]))))
            }
        }
        return tags
    }

    /// Whether an `Info` message says the element is visible (`visible = false` marks history data).
    private static func isVisible(info: UnsafeRawBufferPointer) throws(ProtobufError) -> Bool {
        var reader = ProtobufReader(info)
        var visible = true
        while let field = try reader.nextField() {
            if field.number == 6, field.wireType == .varint { visible = try reader.varint() != 0 } else { try reader.skip(field.wireType) }
        }
        return visible
    }

    /// Counts the varints in a packed buffer (one per byte without the continuation bit).
    private static func varintCount(_ bytes: UnsafeRawBufferPointer) -> Int {
        var count = 0
        for byte in bytes where byte < 0x80 { count += 1 }
        return count
    }

    // MARK: Elements

    private mutating func decodeNode(_ bytes: UnsafeRawBufferPointer) throws(ProtobufError) {
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        var id: Int64?, latitude: Int64?, longitude: Int64?
        var visible = true
        var reader = ProtobufReader(bytes)
        while let field = try reader.nextField() {
            switch (field.number, field.wireType) {
            case (1, .varint): id = try reader.signedVarint()
            case (2, _): try Self.readIndices(&reader, field.wireType, into: &keys)
            case (3, _): try Self.readIndices(&reader, field.wireType, into: &values)
            case (4, .lengthDelimited): visible = try Self.isVisible(info: try reader.lengthDelimited())
            case (8, .varint): latitude = try reader.signedVarint()
            case (9, .varint): longitude = try reader.signedVarint()
            default: try reader.skip(field.wireType)
            }
        }
        guard let id else { throw ProtobufError("a Node has no id") }
        let tags = try tags(element: "node \(id)", wanted: PBFStringTable.wantedForNode)
        guard visible else { block.deletedCount += 1; return }
        guard let latitude, let longitude else { throw ProtobufError("node \(id) has no \(latitude == nil ? "lat" : "lon")") }
        try appendNode(id: id, latitude: latitude, longitude: longitude, tags: tags)
        block.appendRun(.node, count: 1)
    }

    @inline(__always)
    private mutating func appendNode(id: Int64, latitude: Int64, longitude: Int64, tags: [OSMTag]) throws(ProtobufError) {
        let (lat, lon) = try coordinate(id: id, latitude: latitude, longitude: longitude)
        block.nodeIDs.append(id)
        block.nodeLatitudesE7.append(lat)
        block.nodeLongitudesE7.append(lon)
        block.nodeTags.append(tags)
    }

    private mutating func decodeDenseNodes(_ bytes: UnsafeRawBufferPointer) throws(ProtobufError) {
        var columns: [UInt64: UnsafeRawBufferPointer] = [:]
        var visibleColumn: UnsafeRawBufferPointer?
        var reader = ProtobufReader(bytes)
        while let field = try reader.nextField() {
            switch (field.number, field.wireType) {
            case (1, .lengthDelimited), (8, .lengthDelimited), (9, .lengthDelimited), (10, .lengthDelimited):
                guard columns[field.number] == nil else { throw ProtobufError("DenseNodes has field \(field.number) twice") }
                columns[field.number] = try reader.lengthDelimited()
            case (1, _), (8, _), (9, _), (10, _):
                throw ProtobufError("DenseNodes field \(field.number) is not packed")
            case (5, .lengthDelimited):
                var info = ProtobufReader(try reader.lengthDelimited())
                while let infoField = try info.nextField() {
                    if infoField.number == 6, infoField.wireType == .lengthDelimited { visibleColumn = try info.lengthDelimited() }
                    else { try info.skip(infoField.wireType) }
                }
            default:
                try reader.skip(field.wireType)
            }
        }
        let empty = UnsafeRawBufferPointer(start: nil, count: 0)
        var ids = ProtobufReader(columns[1] ?? empty), lats = ProtobufReader(columns[8] ?? empty)
        var lons = ProtobufReader(columns[9] ?? empty), keysValues = ProtobufReader(columns[10] ?? empty)
        var visibility = visibleColumn.map(ProtobufReader.init)
        let expected = Self.varintCount(columns[1] ?? empty)
        block.nodeIDs.reserveCapacity(block.nodeIDs.count + expected)
        block.nodeLatitudesE7.reserveCapacity(block.nodeLatitudesE7.count + expected)
        block.nodeLongitudesE7.reserveCapacity(block.nodeLongitudesE7.count + expected)
        block.nodeTags.reserveCapacity(block.nodeTags.count + expected)
        var id: Int64 = 0, latitude: Int64 = 0, longitude: Int64 = 0
        var appended = 0, index = 0
        while !ids.isAtEnd {
            guard !lats.isAtEnd, !lons.isAtEnd else {
                throw ProtobufError("DenseNodes has more ids than \(lats.isAtEnd ? "latitudes" : "longitudes") (\(index) of each, then more ids)")
            }
            id &+= try ids.signedVarint()
            latitude &+= try lats.signedVarint()
            longitude &+= try lons.signedVarint()
            index += 1
            let tags = try denseTags(&keysValues, id: id)
            if var v = visibility, !v.isAtEnd {
                let visible = try v.varint() != 0
                visibility = v
                if !visible { block.deletedCount += 1; continue }
            }
            try appendNode(id: id, latitude: latitude, longitude: longitude, tags: tags)
            appended += 1
        }
        guard lats.isAtEnd, lons.isAtEnd else {
            throw ProtobufError("DenseNodes has \(index) ids but more \(lats.isAtEnd ? "longitudes" : "latitudes")")
        }
        block.appendRun(.node, count: appended)
    }

    /// One dense node's wanted tags: `(key value)* 0` in `keys_vals` (empty when the array is absent or used up).
    @inline(__always)
    private mutating func denseTags(_ reader: inout ProtobufReader, id: Int64) throws(ProtobufError) -> [OSMTag] {
        var tags: [OSMTag] = []
        while !reader.isAtEnd {
            let key = try reader.varint()
            if key == 0 { break }
            guard !reader.isAtEnd else { throw ProtobufError("node \(id): keys_vals ends between a key and its value") }
            let value = try reader.varint()
            try strings.check(key, "node \(id): a tag key")
            try strings.check(value, "node \(id): a tag value")
            if strings.keyClass(Int(key), filters) & PBFStringTable.wantedForNode != 0 {
                tags.append(OSMTag(key: strings.string(Int(key)), value: strings.string(Int(value))))
            }
        }
        return tags
    }

    private mutating func decodeWay(_ bytes: UnsafeRawBufferPointer) throws(ProtobufError) {
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        var id: Int64?
        var refs: [Int64] = []
        var visible = true
        var reader = ProtobufReader(bytes)
        while let field = try reader.nextField() {
            switch (field.number, field.wireType) {
            case (1, .varint): id = Int64(bitPattern: try reader.varint())
            case (2, _): try Self.readIndices(&reader, field.wireType, into: &keys)
            case (3, _): try Self.readIndices(&reader, field.wireType, into: &values)
            case (4, .lengthDelimited): visible = try Self.isVisible(info: try reader.lengthDelimited())
            case (8, .lengthDelimited):
                let packed = try reader.lengthDelimited()
                refs.reserveCapacity(refs.count + Self.varintCount(packed))
                var values = ProtobufReader(packed)
                var ref = refs.last ?? 0
                while !values.isAtEnd {
                    ref &+= try values.signedVarint()
                    refs.append(ref)
                }
            case (8, .varint):
                refs.append((refs.last ?? 0) &+ (try reader.signedVarint()))
            default:
                try reader.skip(field.wireType)   // info fields, LocationsOnWays lat/lon (9, 10)
            }
        }
        guard let id else { throw ProtobufError("a Way has no id") }
        let tags = try tags(element: "way \(id)", wanted: PBFStringTable.wantedForWay)
        guard visible else { block.deletedCount += 1; return }
        block.ways.append(PBFDecodedBlock.Way(id: id, refs: refs, tags: tags))
        block.appendRun(.way, count: 1)
    }

    private mutating func decodeRelation(_ bytes: UnsafeRawBufferPointer) throws(ProtobufError) {
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        var id: Int64?
        var roles: [UInt64] = [], memberIDs: [Int64] = [], types: [UInt64] = []
        var visible = true
        var reader = ProtobufReader(bytes)
        while let field = try reader.nextField() {
            switch (field.number, field.wireType) {
            case (1, .varint): id = Int64(bitPattern: try reader.varint())
            case (2, _): try Self.readIndices(&reader, field.wireType, into: &keys)
            case (3, _): try Self.readIndices(&reader, field.wireType, into: &values)
            case (4, .lengthDelimited): visible = try Self.isVisible(info: try reader.lengthDelimited())
            case (8, _): try forEachVarint(&reader, field.wireType) { roles.append($0) }
            case (9, _):
                var memberID = memberIDs.last ?? 0
                try forEachVarint(&reader, field.wireType) { memberID &+= ProtobufReader.zigzag($0); memberIDs.append(memberID) }
            case (10, _): try forEachVarint(&reader, field.wireType) { types.append($0) }
            default: try reader.skip(field.wireType)
            }
        }
        guard let id else { throw ProtobufError("a Relation has no id") }
        guard roles.count == memberIDs.count, types.count == memberIDs.count else {
            throw ProtobufError("relation \(id) has \(memberIDs.count) member ids but \(roles.count) roles and \(types.count) types")
        }
        var members: [OSMMember] = []
        members.reserveCapacity(memberIDs.count)
        for i in 0..<memberIDs.count {
            // roles_sid is an int32: a negative one arrives as a huge varint and fails the check.
            try strings.check(roles[i], "relation \(id): a member role")
            let type: OSMMemberType = switch types[i] {
            case 0: .node
            case 1: .way
            case 2: .relation
            default: .unknown
            }
            members.append(OSMMember(type: type, ref: memberIDs[i], role: strings.string(Int(roles[i]))))
        }
        let tags = try tags(element: "relation \(id)", wanted: PBFStringTable.wantedForRelation)
        guard visible else { block.deletedCount += 1; return }
        block.relations.append(PBFDecodedBlock.Relation(id: id, members: members, tags: tags))
        block.appendRun(.relation, count: 1)
    }
}
