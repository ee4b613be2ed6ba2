import CZlib
import Geodesy
import OutputFiles

/// The OSM PBF form of a generated city: an OSMHeader block, then OSMData blocks of at most
/// `elementsPerBlock` elements of one kind (DenseNodes, ways, relations), each with its own string
/// table, zlib-compressed, as osmium writes them. No metadata (versions, timestamps) is written.
///
/// Memory stays constant: one block is assembled at a time and written as soon as it is full.
struct CityPBFSink: CityElementSink {
    /// Elements per block (osmium's choice; well under the format's 32 MiB limit for these elements).
    static let elementsPerBlock = 8000

    private let output: OutputFile
    private(set) var written: Int64 = 0

    // The block being assembled.
    private var strings = PBFStringTableWriter()
    private var nodeIDs: [Int64] = []
    private var latitudes: [Int64] = []
    private var longitudes: [Int64] = []
    /// DenseNodes `keys_vals`: for each node its key/value indices, then 0.
    private var keysValues: [UInt64] = []
    private var anyNodeTags = false
    /// Serialized Way or Relation messages of the block (field 3 or 4 of its PrimitiveGroup).
    private var group = ProtobufWriter()
    private var groupElements = 0
    // The way being written.
    private var wayID: Int64 = 0
    private var wayRefs: [Int64] = []
    private var wayKeys: [UInt64] = []
    private var wayValues: [UInt64] = []

    init(output: OutputFile) {
        self.output = output
    }

    mutating func start(southWest: Coordinate, northEast: Coordinate) throws(OutputError) {
        var box = ProtobufWriter()
        box.signedField(1, Self.nanodegrees(southWest.longitude))   // left
        box.signedField(2, Self.nanodegrees(northEast.longitude))   // right
        box.signedField(3, Self.nanodegrees(northEast.latitude))    // top
        box.signedField(4, Self.nanodegrees(southWest.latitude))    // bottom
        var header = ProtobufWriter()
        header.bytesField(1, box)
        header.stringField(4, "OsmSchema-V0.6")
        header.stringField(4, "DenseNodes")
        header.stringField(5, "Sort.Type_then_ID")
        header.stringField(16, "waymark generate-grid")
        try writeBlock(type: "OSMHeader", header.bytes)
    }

    /// Degrees in nanodegrees, rounded to OSM's 10^-7 degrees first (as the XML writes them).
    static func nanodegrees(_ degrees: Double) -> Int64 { Int64((degrees * 1e7).rounded()) * 100 }

    mutating func node(_ id: Int64, _ c: Coordinate, tags: [(StaticString, StaticString)]) throws(OutputError) {
        nodeIDs.append(id)
        // Granularity 100 nanodegrees: the units are degrees × 10^7.
        latitudes.append(Int64((c.latitude * 1e7).rounded()))
        longitudes.append(Int64((c.longitude * 1e7).rounded()))
        for (key, value) in tags {
            keysValues.append(strings.index(key.description))
            keysValues.append(strings.index(value.description))
            anyNodeTags = true
        }
        keysValues.append(0)
        if nodeIDs.count == Self.elementsPerBlock { try flushNodes() }
    }

    private mutating func flushNodes() throws(OutputError) {
        guard !nodeIDs.isEmpty else { return }
        var dense = ProtobufWriter()
        dense.packedDeltaField(1, nodeIDs)
        dense.packedDeltaField(8, latitudes)
        dense.packedDeltaField(9, longitudes)
        if anyNodeTags { dense.packedField(10, keysValues) }
        var nodeGroup = ProtobufWriter()
        nodeGroup.bytesField(2, dense)
        try writeDataBlock(nodeGroup)
        nodeIDs.removeAll(keepingCapacity: true)
        latitudes.removeAll(keepingCapacity: true)
        longitudes.removeAll(keepingCapacity: true)
        keysValues.removeAll(keepingCapacity: true)
        anyNodeTags = false
    }

    mutating func beginWay(_ id: Int64) throws(OutputError) {
        // The way's strings go into the table of the block it will be written in.
        try flushNodes()
        wayID = id
        wayRefs.removeAll(keepingCapacity: true)
        wayKeys.removeAll(keepingCapacity: true)
        wayValues.removeAll(keepingCapacity: true)
    }

    mutating func nd(_ ref: Int64) { wayRefs.append(ref) }

    mutating func tag(_ key: StaticString, _ value: String) {
        wayKeys.append(strings.index(key.description))
        wayValues.append(strings.index(value))
    }

    mutating func endWay() throws(OutputError) {
        var way = ProtobufWriter()
        way.varintField(1, UInt64(bitPattern: wayID))
        way.packedField(2, wayKeys)
        way.packedField(3, wayValues)
        way.packedDeltaField(8, wayRefs)
        try addToGroup(field: 3, way)
    }

    mutating func relation(_ id: Int64, members: [CityRelationMember], tags: [(StaticString, StaticString)]) throws(OutputError) {
        try flushNodes()
        if groupElements > 0, groupField != 4 { try flushGroup() }
        var relation = ProtobufWriter()
        relation.varintField(1, UInt64(bitPattern: id))
        relation.packedField(2, tags.map { strings.index($0.0.description) })
        relation.packedField(3, tags.map { strings.index($0.1.description) })
        relation.packedField(8, members.map { strings.index($0.role.description) })
        relation.packedDeltaField(9, members.map(\.ref))
        relation.packedField(10, members.map { $0.kind == .node ? 0 : 1 })
        try addToGroup(field: 4, relation)
    }

    /// The PrimitiveGroup field of the elements in `group` (3 ways, 4 relations).
    private var groupField = 3

    private mutating func addToGroup(field: Int, _ message: ProtobufWriter) throws(OutputError) {
        if groupElements > 0, groupField != field { try flushGroup() }
        groupField = field
        group.bytesField(field, message)
        groupElements += 1
        if groupElements == Self.elementsPerBlock { try flushGroup() }
    }

    private mutating func flushGroup() throws(OutputError) {
        guard groupElements > 0 else { return }
        try writeDataBlock(group)
        group.removeAll()
        groupElements = 0
    }

    mutating func finish() throws(OutputError) -> Int64 {
        try flushNodes()
        try flushGroup()
        return written
    }

    // MARK: Blocks

    /// Wraps one PrimitiveGroup in a PrimitiveBlock with the block's string table, then starts a new table.
    private mutating func writeDataBlock(_ primitiveGroup: ProtobufWriter) throws(OutputError) {
        var block = ProtobufWriter()
        block.bytesField(1, strings.message())
        block.bytesField(2, primitiveGroup)
        strings = PBFStringTableWriter()
        try writeBlock(type: "OSMData", block.bytes)
    }

    /// Writes a file block: the BlobHeader's length (4 bytes, big-endian), the BlobHeader, the zlib Blob.
    private mutating func writeBlock(type: String, _ payload: [UInt8]) throws(OutputError) {
        var blob = ProtobufWriter()
        blob.varintField(2, UInt64(payload.count))
        blob.bytesField(3, try compress(payload))
        var header = ProtobufWriter()
        header.stringField(1, type)
        header.varintField(3, UInt64(blob.count))
        let length = UInt32(header.count)
        let prefix: [UInt8] = [UInt8(length >> 24), UInt8(length >> 16 & 0xff), UInt8(length >> 8 & 0xff), UInt8(length & 0xff)]
        for part in [prefix, header.bytes, blob.bytes] {
            let failure = part.withUnsafeBytes { raw -> OutputError? in
                do throws(OutputError) { try output.write(raw); return nil } catch { return error }
            }
            if let failure { throw failure }
            written += Int64(part.count)
        }
    }

    private func compress(_ payload: [UInt8]) throws(OutputError) -> [UInt8] {
        var size = compressBound(uLong(payload.count))
        var compressed = [UInt8](repeating: 0, count: Int(size))
        let status = compressed.withUnsafeMutableBufferPointer { out in
            payload.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &size, input.baseAddress, uLong(payload.count), Z_DEFAULT_COMPRESSION)
            }
        }
        guard status == Z_OK else { throw OutputError(path: output.path, reason: "zlib compression failed (error \(status))") }
        compressed.removeSubrange(Int(size)...)
        return compressed
    }
}

/// A block's string table being built: index 0 is the empty delimiter the format reserves.
struct PBFStringTableWriter {
    private var indices: [String: UInt64] = [:]
    private var strings: [String] = [""]

    mutating func index(_ text: String) -> UInt64 {
        if let i = indices[text] { return i }
        let i = UInt64(strings.count)
        strings.append(text)
        indices[text] = i
        return i
    }

    func message() -> [UInt8] {
        var table = ProtobufWriter()
        for s in strings { table.stringField(1, s) }
        return table.bytes
    }
}
