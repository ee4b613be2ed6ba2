/// Why an import failed, naming the input and (for XML problems) the line and column expat reports.
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
    }

    public var kind: Kind
    /// The file name (or `<stdin>`, or the `sourceName` of in-memory XML).
    public var source: String
    /// 1-based line, when the problem is at a position in the XML.
    public var line: Int?
    /// 1-based column (expat counts from 0; shown +1 like an editor).
    public var column: Int?
    /// What was found and what was expected.
    public var detail: String

    public init(kind: Kind, source: String, line: Int? = nil, column: Int? = nil, detail: String) {
        self.kind = kind
        self.source = source
        self.line = line
        self.column = column
        self.detail = detail
    }

    public var description: String {
        var position = source
        if let line {
            position += ":\(line)"
            if let column { position += ":\(column)" }
        }
        return "\(position): \(detail)"
    }
}
