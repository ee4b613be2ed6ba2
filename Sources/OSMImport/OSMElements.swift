/// A key/value tag as decoded from `<tag k="…" v="…"/>`.
struct OSMTag: Sendable, Equatable {
    var key: String
    var value: String
}

/// A relation member as decoded from `<member type="…" ref="…" role="…"/>`.
struct OSMMember: Sendable, Equatable {
    var type: OSMMemberType
    var ref: Int64
    var role: String
}

/// The type attribute of a relation member.
enum OSMMemberType: UInt8, Sendable { case node, way, relation, unknown }

/// Receives the elements an `OSMXMLDecoder` decodes, in file order.
///
/// The decoder knows nothing about cars; the receiver decides what to keep. Buffers passed in are
/// reused by the decoder after the call returns, so a receiver copies what it keeps. A receiver
/// throws to stop decoding (the decoder adds the line and column).
protocol OSMElementReceiver: AnyObject {
    /// A node; coordinates are fixed-point degrees × 10^7 (OSM's own precision). Only the tags whose
    /// keys are in the decoder's `nodeTagKeys` are present.
    func receiveNode(id: Int64, latitudeE7: Int32, longitudeE7: Int32, tags: [OSMTag]) throws(ElementProblem)
    func receiveWay(id: Int64, nodeRefs: [Int64], tags: [OSMTag]) throws(ElementProblem)
    func receiveRelation(id: Int64, members: [OSMMember], tags: [OSMTag]) throws(ElementProblem)
}

/// A problem with one element's content, raised by a receiver; the decoder turns it into an
/// `OSMImportError` at the current position.
struct ElementProblem: Error {
    var kind: OSMImportError.Kind
    var detail: String
}
