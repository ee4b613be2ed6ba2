import CExpat
import Foundation

/// A streaming OSM XML decoder on libexpat: bytes in, nodes/ways/relations out, no DOM.
///
/// Contract: input is pushed in fixed-size chunks straight into expat's own buffer, so memory stays
/// bounded whatever the file size; attribute names are compared as C bytes and numbers parsed from
/// the C strings, so the common attributes (`id`, `lat`, `lon`, `ref`) cost no `String` allocation.
/// Only tags of ways and relations, and node tags whose key is in `nodeTagKeys`, become strings.
/// Accepts any element order (Overpass writes ways before nodes), either quote style, `<bounds>`,
/// `<note>`, `<meta>` and metadata attributes (ignored).
final class OSMXMLDecoder {
    /// Bytes handed to expat per call.
    static let chunkSize = 1 << 20
    /// The default of `maximumTokenBytes`: 16 MiB, some 60,000 times the longest tag value OSM allows
    /// (255 characters) and far beyond any element of a real extract.
    static let defaultMaximumTokenBytes = 16 << 20

    /// The most bytes the decoder hands expat without expat completing an element (a start tag with its
    /// attributes, an end tag): the bound on one attribute, one text run or one comment. Expat holds an
    /// incomplete token in its buffer and scans it again on every chunk, so an unbounded attribute would
    /// cost quadratic time and its whole size in memory; past this bound the import fails naming it.
    private let maximumTokenBytes: Int
    /// Element callbacks so far, to tell whether a chunk completed any element.
    @exclusivity(unchecked) private var callbackCount = 0

    private let receiver: any OSMElementReceiver
    private let sourceName: String
    private let nodeTagKeys: TagKeyFilter
    private let wayTagKeys: TagKeyFilter?
    private let relationTagKeys: TagKeyFilter?
    private var parser: XML_Parser?

    // The element state below is touched once per XML element from expat's callbacks; these
    // properties are only ever accessed from this class on one thread, so the runtime exclusivity
    // checks (a measurable share of decoding time) are switched off for them.

    /// Where in an element the parser is.
    private enum Context { case outside, node, way, relation, deleted }
    @exclusivity(unchecked) private var context = Context.outside
    @exclusivity(unchecked) private var sawRoot = false
    @exclusivity(unchecked) private var currentID: Int64 = 0
    @exclusivity(unchecked) private var currentLatitude: Int32 = 0
    @exclusivity(unchecked) private var currentLongitude: Int32 = 0
    @exclusivity(unchecked) private var tags: [OSMTag] = []
    @exclusivity(unchecked) private var refs: [Int64] = []
    @exclusivity(unchecked) private var members: [OSMMember] = []
    @exclusivity(unchecked) private var failure: OSMImportError?
    /// `failure != nil`, kept as a plain flag because it is tested on every callback.
    @exclusivity(unchecked) private var failed = false

    /// Elements decoded so far (nodes + ways + relations).
    @exclusivity(unchecked) private(set) var elementCount = 0
    @exclusivity(unchecked) private(set) var nodeCount = 0
    /// `<nd/>` elements without a `ref` attribute (skipped; counted for the statistics).
    @exclusivity(unchecked) private(set) var ndWithoutRefCount = 0
    @exclusivity(unchecked) private(set) var wayCount = 0
    @exclusivity(unchecked) private(set) var relationCount = 0
    /// Elements marked `action="delete"` (JOSM) or `visible="false"` (history), skipped entirely.
    @exclusivity(unchecked) private(set) var deletedCount = 0
    /// The element name a `.deleted` context ends with (`node`, `way`, `relation`).
    @exclusivity(unchecked) private var deletedElement: StaticString = "node"

    /// - Parameters:
    ///   - nodeTagKeys: the node tags to pass on (nodes carry many tags nobody here needs).
    ///   - wayTagKeys: the way tags to pass on; nil passes all.
    ///   - relationTagKeys: the relation tags to pass on; nil passes all.
    ///   - maximumTokenBytes: the bound on one attribute, text or comment (see the property).
    init(receiver: any OSMElementReceiver, sourceName: String, nodeTagKeys: [String],
         wayTagKeys: [String]? = nil, relationTagKeys: [String]? = nil, maximumTokenBytes: Int = OSMXMLDecoder.defaultMaximumTokenBytes) {
        self.maximumTokenBytes = max(1, maximumTokenBytes)
        self.receiver = receiver
        self.sourceName = sourceName
        self.nodeTagKeys = TagKeyFilter(nodeTagKeys)
        self.wayTagKeys = wayTagKeys.map(TagKeyFilter.init)
        self.relationTagKeys = relationTagKeys.map(TagKeyFilter.init)
    }

    /// Decodes everything `read` delivers (it fills a buffer and returns the byte count, 0 at the end),
    /// calling `onChunk` after every chunk (for progress reports).
    func decode(read: (UnsafeMutableRawPointer, Int) throws(OSMImportError) -> Int, onChunk: () -> Void) throws(OSMImportError) {
        guard let parser = XML_ParserCreate(nil) else {
            throw OSMImportError(kind: .malformedXML, source: sourceName, detail: "cannot create the XML parser")
        }
        self.parser = parser
        defer { XML_ParserFree(parser); self.parser = nil }
        let box = Unmanaged.passUnretained(self)
        XML_SetUserData(parser, box.toOpaque())
        XML_SetElementHandler(parser, { user, name, attributes in
            // The decoder outlives the parse (it owns the parser), so no retain is needed per callback.
            Unmanaged<OSMXMLDecoder>.fromOpaque(user!)._withUnsafeGuaranteedRef { $0.startElement(name!, attributes!) }
        }, { user, name in
            Unmanaged<OSMXMLDecoder>.fromOpaque(user!)._withUnsafeGuaranteedRef { $0.endElement(name!) }
        })

        var bytesWithoutElement = 0
        while true {
            guard let buffer = XML_GetBuffer(parser, Int32(Self.chunkSize)) else {
                throw OSMImportError(kind: .malformedXML, source: sourceName, detail: "out of memory for the XML parser buffer")
            }
            let count = try read(buffer, Self.chunkSize)
            let isFinal: Int32 = count == 0 ? 1 : 0
            let callbacksBefore = callbackCount
            if XML_ParseBuffer(parser, Int32(count), isFinal) != XML_STATUS_OK {
                if let failure { throw failure }
                throw expatError(parser)
            }
            bytesWithoutElement = callbackCount == callbacksBefore ? bytesWithoutElement + count : 0
            if bytesWithoutElement > maximumTokenBytes {
                let (line, column) = position()
                throw OSMImportError(
                    kind: .limitExceeded, source: sourceName, line: line, column: column,
                    detail: "more than \(maximumTokenBytes) bytes without a complete XML element after this position "
                        + "(an attribute, text or comment over the XML token limit of \(maximumTokenBytes) bytes), expected OSM elements")
            }
            onChunk()
            if count == 0 { break }
        }
        if !sawRoot {
            throw OSMImportError(kind: .notOSM, source: sourceName, detail: "no <osm> element found, expected OSM XML")
        }
    }

    private func expatError(_ parser: XML_Parser) -> OSMImportError {
        let code = XML_GetErrorCode(parser)
        let message = XML_ErrorString(code).map { String(cString: $0) } ?? "XML error \(code.rawValue)"
        let (line, column) = position()
        if code == XML_ERROR_NO_ELEMENTS && !sawRoot {
            return OSMImportError(kind: .notOSM, source: sourceName, line: line, column: column,
                                  detail: "no XML element found, expected OSM XML (<osm> ... </osm>)")
        }
        let hint: String
        switch code {
        case XML_ERROR_NO_ELEMENTS, XML_ERROR_UNCLOSED_TOKEN, XML_ERROR_PARTIAL_CHAR, XML_ERROR_UNCLOSED_CDATA_SECTION:
            hint = " (the file looks truncated; expected the closing </osm>)"
        default:
            hint = " (expected well-formed OSM XML)"
        }
        return OSMImportError(kind: .malformedXML, source: sourceName, line: line, column: column,
                              detail: "malformed XML: \(message)\(hint)")
    }

    private func position() -> (Int, Int) {
        guard let parser else { return (0, 0) }
        return (Int(XML_GetCurrentLineNumber(parser)), Int(XML_GetCurrentColumnNumber(parser)) + 1)
    }

    private func fail(_ kind: OSMImportError.Kind, _ detail: String) {
        guard !failed else { return }
        failed = true
        let (line, column) = position()
        failure = OSMImportError(kind: kind, source: sourceName, line: line, column: column, detail: detail)
        if let parser { XML_StopParser(parser, XML_FALSE) }
    }

    // MARK: Element callbacks

    private func startElement(_ name: UnsafePointer<CChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>) {
        callbackCount &+= 1
        guard !failed else { return }
        if !sawRoot {
            guard equals(name, "osm") else {
                fail(.notOSM, "the root element is <\(String(cString: name))>, expected <osm> (this is not OSM XML)")
                return
            }
            sawRoot = true
            return
        }
        switch context {
        case .outside:
            if equals(name, "node") { beginNode(attributes) }
            else if equals(name, "way") { beginElement(.way, attributes) }
            else if equals(name, "relation") { beginElement(.relation, attributes) }
            // <bounds>, <note>, <meta>, <changeset> …: nothing to keep.
        case .node:
            if equals(name, "tag") { tag(attributes, nodeTagKeys) }
        case .way:
            if equals(name, "nd") {
                if let ref = integerAttribute(attributes, "ref", element: "way", id: currentID) {
                    refs.append(ref)
                } else if !failed {
                    ndWithoutRefCount += 1
                }
            } else if equals(name, "tag") {
                tag(attributes, wayTagKeys)
            }
        case .relation:
            if equals(name, "member") { member(attributes) }
            else if equals(name, "tag") { tag(attributes, relationTagKeys) }
        case .deleted:
            break
        }
    }

    /// Whether an element's attributes mark it deleted (`action="delete"`, `visible="false"`).
    @inline(__always)
    private func isDeleted(_ key: UnsafePointer<CChar>, _ value: UnsafePointer<CChar>) -> Bool {
        (key[0] == 0x61 && equals(key, "action") && equals(value, "delete"))
            || (key[0] == 0x76 && equals(key, "visible") && equals(value, "false"))
    }

    private func skipDeleted(_ element: StaticString) {
        deletedElement = element
        deletedCount += 1
        context = .deleted
    }

    private func endElement(_ name: UnsafePointer<CChar>) {
        callbackCount &+= 1
        guard !failed else { return }
        do {
            switch context {
            case .outside:
                return
            case .node:
                guard equals(name, "node") else { return }
                nodeCount += 1
                try receiver.receiveNode(id: currentID, latitudeE7: currentLatitude, longitudeE7: currentLongitude, tags: tags)
            case .way:
                guard equals(name, "way") else { return }
                wayCount += 1
                try receiver.receiveWay(id: currentID, nodeRefs: refs, tags: tags)
            case .relation:
                guard equals(name, "relation") else { return }
                relationCount += 1
                try receiver.receiveRelation(id: currentID, members: members, tags: tags)
            case .deleted:
                guard equals(name, deletedElement) else { return }
                context = .outside
                return
            }
            elementCount += 1
            context = .outside
        } catch {
            fail(error.kind, error.detail)
        }
    }

    private func beginNode(_ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>) {
        var id: Int64?
        var latitude: Int32?, longitude: Int32?
        var latitudeText: UnsafePointer<CChar>?, longitudeText: UnsafePointer<CChar>?
        var i = 0
        while let key = attributes[i], let value = attributes[i + 1] {
            if isDeleted(key, value) { skipDeleted("node"); return }
            if key[0] == 0x69 && key[1] == 0x64 && key[2] == 0 {  // id
                id = parseInteger(value)
                if id == nil { fail(.invalidID, "node id '\(String(cString: value))' is not an integer"); return }
            } else if key[0] == 0x6c && key[1] != 0 && key[2] != 0 && key[3] == 0 {
                if key[1] == 0x61 && key[2] == 0x74 {  // lat
                    latitudeText = value
                    latitude = parseFixedPoint(value, limit: 90)
                } else if key[1] == 0x6f && key[2] == 0x6e {  // lon
                    longitudeText = value
                    longitude = parseFixedPoint(value, limit: 180)
                }
            }
            i += 2
        }
        guard let id else { fail(.invalidID, "<node> has no id attribute"); return }
        guard let latitudeText, let longitudeText else {
            fail(.invalidCoordinate, "node \(id) has no \(latitudeText == nil ? "lat" : "lon") attribute, expected lat and lon in degrees")
            return
        }
        guard let latitude else {
            fail(.invalidCoordinate, "node \(id) has lat=\"\(String(cString: latitudeText))\", expected a number in -90...90")
            return
        }
        guard let longitude else {
            fail(.invalidCoordinate, "node \(id) has lon=\"\(String(cString: longitudeText))\", expected a number in -180...180")
            return
        }
        currentID = id
        currentLatitude = latitude
        currentLongitude = longitude
        tags.removeAll(keepingCapacity: true)
        context = .node
    }

    private func beginElement(_ kind: Context, _ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>) {
        let element = kind == .way ? "way" : "relation"
        var id: Int64?
        var i = 0
        while let key = attributes[i], let value = attributes[i + 1] {
            if isDeleted(key, value) { skipDeleted(kind == .way ? "way" : "relation"); return }
            if key[0] == 0x69 && key[1] == 0x64 && key[2] == 0 {
                id = parseInteger(value)
                if id == nil { fail(.invalidID, "\(element) id '\(String(cString: value))' is not an integer"); return }
            }
            i += 2
        }
        guard let id else { fail(.invalidID, "<\(element)> has no id attribute"); return }
        currentID = id
        tags.removeAll(keepingCapacity: true)
        refs.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        context = kind
    }

    private func tagParts(_ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>) -> (UnsafePointer<CChar>, UnsafePointer<CChar>)? {
        var k: UnsafePointer<CChar>?, v: UnsafePointer<CChar>?
        var i = 0
        while let key = attributes[i], let value = attributes[i + 1] {
            if key[1] == 0 {
                if key[0] == 0x6b { k = value } else if key[0] == 0x76 { v = value }
            }
            i += 2
        }
        guard let k, let v else { return nil }
        return (k, v)
    }

    private func tag(_ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>, _ filter: TagKeyFilter?) {
        guard let (k, v) = tagParts(attributes) else { return }
        if let filter, !filter.contains(k) { return }
        tags.append(OSMTag(key: String(cString: k), value: String(cString: v)))
    }

    private func member(_ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>) {
        var type = OSMMemberType.unknown
        var ref: Int64?
        var role = ""
        var i = 0
        while let key = attributes[i], let value = attributes[i + 1] {
            if equals(key, "type") {
                if equals(value, "node") { type = .node } else if equals(value, "way") { type = .way }
                else if equals(value, "relation") { type = .relation }
            } else if equals(key, "ref") {
                ref = parseInteger(value)
                if ref == nil { fail(.invalidID, "relation \(currentID) has a member ref '\(String(cString: value))' that is not an integer"); return }
            } else if equals(key, "role") {
                role = String(cString: value)
            }
            i += 2
        }
        guard let ref else { return }
        members.append(OSMMember(type: type, ref: ref, role: role))
    }

    private func integerAttribute(_ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>, _ name: StaticString,
                                  element: String, id: Int64) -> Int64? {
        var i = 0
        while let key = attributes[i], let value = attributes[i + 1] {
            if equals(key, name) {
                if let n = parseInteger(value) { return n }
                fail(.invalidID, "\(element) \(id) has \(name)=\"\(String(cString: value))\", expected an integer node id")
                return nil
            }
            i += 2
        }
        return nil
    }
}
