/// Why an import failed, naming the input and where in it: the line and column expat reports for XML,
/// the block number and its byte offset for PBF.
///
/// `description` is one line meant for the user: file, position, what was found, what was expected.
public struct OSMImportError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong, one case per kind of bad input.
    public enum Kind: Sendable, Equatable {
        /// The file does not exist or cannot be opened.
        case cannotOpen
        /// The input holds no bytes at all.
        case emptyInput
        /// Reading failed part-way (I/O error).
        case readFailed
        /// gzip or bzip2 data that cannot be decompressed (corrupt, or cut short).
        case brokenCompressedData
        /// Well-formed or not, the root element is not `<osm>`.
        case notOSM
        /// The XML is malformed or ends early (expat's message is in `detail`).
        case malformedXML
        /// A node whose `lat`/`lon` is missing, not a number, or out of range.
        case invalidCoordinate
        /// An `id`/`ref` attribute that is not an integer.
        case invalidID
        /// OSM PBF whose framing, protobuf encoding or content is damaged (truncated, bad zlib data,
        /// sizes over the format's limits, string table indices out of range …).
        case malformedPBF
        /// OSM PBF that is well-formed but needs what waymark does not read: a required feature it does
        /// not know (history files), or LZMA/LZ4/ZSTD-compressed blobs.
        case unsupportedPBF
        /// The bundled legal speed rules or country boundaries are missing or damaged (`source` names
        /// the data file): the import stops rather than fall back to class defaults unannounced.
        case speedLimitData
        /// The input exceeds a limit that bounds the import's memory and time (an XML attribute or text
        /// longer than `XMLLimits` allows, too many edges at one node); `detail` names the limit.
        case limitExceeded
        /// The input holds data-bearing bytes but yields no nodes (every PBF block of an unknown type, say):
        /// an import that would make an empty network fails instead.
        case noData
    }

    public var kind: Kind
    /// The file name (or `<stdin>`, or the `sourceName` of in-memory XML).
    public var source: String
    /// 1-based line, when the problem is at a position in the XML.
    public var line: Int?
    /// 1-based column (expat counts from 0; shown +1 like an editor).
    public var column: Int?
    /// 1-based number of the PBF file block (the OSMHeader is block 1), when the problem is in one.
    public var block: Int?
    /// Byte offset in the file where that block starts (its length prefix).
    public var blockOffset: Int64?
    /// What was found and what was expected.
    public var detail: String

    public init(kind: Kind, source: String, line: Int? = nil, column: Int? = nil, block: Int? = nil, blockOffset: Int64? = nil,
                detail: String) {
        self.kind = kind
        self.source = source
        self.line = line
        self.column = column
        self.block = block
        self.blockOffset = blockOffset
        self.detail = detail
    }

    public var description: String {
        var position = source
        if let line {
            position += ":\(line)"
            if let column { position += ":\(column)" }
        }
        if let block {
            position += ": block \(block)"
            if let blockOffset { position += " (at byte \(blockOffset))" }
        }
        return "\(position): \(detail)"
    }
}
