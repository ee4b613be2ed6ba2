import Geodesy
import OutputFiles

/// Where the generator's elements go: OSM XML or OSM PBF, chosen by the output's name. The city's
/// plan writes the same calls to either, so both files hold the same data.
///
/// Calls come in file order: `start`, every node, every way (`beginWay`, `nd`…, `tag`…, `endWay`),
/// every relation, then `finish`. Ids ascend within each kind.
protocol CityElementSink {
    /// Begins the file; the two corners bound every node.
    mutating func start(southWest: Coordinate, northEast: Coordinate) throws(OutputError)
    mutating func node(_ id: Int64, _ coordinate: Coordinate, tags: [(StaticString, StaticString)]) throws(OutputError)
    mutating func beginWay(_ id: Int64) throws(OutputError)
    mutating func nd(_ ref: Int64)
    mutating func tag(_ key: StaticString, _ value: String)
    mutating func endWay() throws(OutputError)
    mutating func relation(_ id: Int64, members: [CityRelationMember], tags: [(StaticString, StaticString)]) throws(OutputError)
    /// Ends the file, writing anything buffered; returns the bytes written (uncompressed for XML).
    mutating func finish() throws(OutputError) -> Int64
}

/// A relation member as the generator writes it.
struct CityRelationMember {
    enum Kind { case node, way }
    var kind: Kind
    var ref: Int64
    var role: StaticString
}

/// The OSM XML form: exactly the bytes `generate-grid` has always written.
struct CityXMLSink: CityElementSink {
    var buffer: XMLBuffer

    mutating func start(southWest: Coordinate, northEast: Coordinate) throws(OutputError) {
        buffer.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"waymark generate-grid\">\n")
        buffer.append("  <bounds minlat=\"")
        buffer.appendDegrees(southWest.latitude)
        buffer.append("\" minlon=\"")
        buffer.appendDegrees(southWest.longitude)
        buffer.append("\" maxlat=\"")
        buffer.appendDegrees(northEast.latitude)
        buffer.append("\" maxlon=\"")
        buffer.appendDegrees(northEast.longitude)
        buffer.append("\"/>\n")
    }

    mutating func node(_ id: Int64, _ c: Coordinate, tags: [(StaticString, StaticString)]) throws(OutputError) {
        buffer.append("  <node id=\"")
        buffer.append(id)
        buffer.append("\" version=\"1\" lat=\"")
        buffer.appendDegrees(c.latitude)
        buffer.append("\" lon=\"")
        buffer.appendDegrees(c.longitude)
        if tags.isEmpty {
            buffer.append("\"/>\n")
        } else {
            buffer.append("\">\n")
            for (key, value) in tags { tagLine(key, value) }
            buffer.append("  </node>\n")
        }
        try buffer.flushIfNeeded()
    }

    mutating func beginWay(_ id: Int64) {
        buffer.append("  <way id=\"")
        buffer.append(id)
        buffer.append("\" version=\"1\">\n")
    }

    mutating func nd(_ ref: Int64) {
        buffer.append("    <nd ref=\"")
        buffer.append(ref)
        buffer.append("\"/>\n")
    }

    mutating func tag(_ key: StaticString, _ value: String) {
        buffer.append("    <tag k=\"")
        buffer.append(key)
        buffer.append("\" v=\"")
        buffer.appendEscaped(value)
        buffer.append("\"/>\n")
    }

    private mutating func tagLine(_ key: StaticString, _ value: StaticString) {
        buffer.append("    <tag k=\"")
        buffer.append(key)
        buffer.append("\" v=\"")
        buffer.append(value)
        buffer.append("\"/>\n")
    }

    mutating func endWay() throws(OutputError) {
        buffer.append("  </way>\n")
        try buffer.flushIfNeeded()
    }

    mutating func relation(_ id: Int64, members: [CityRelationMember], tags: [(StaticString, StaticString)]) throws(OutputError) {
        buffer.append("  <relation id=\"")
        buffer.append(id)
        buffer.append("\" version=\"1\">\n")
        for member in members {
            buffer.append(member.kind == .node ? "    <member type=\"node\" ref=\"" : "    <member type=\"way\" ref=\"")
            buffer.append(member.ref)
            buffer.append("\" role=\"")
            buffer.append(member.role)
            buffer.append("\"/>\n")
        }
        for (key, value) in tags { tagLine(key, value) }
        buffer.append("  </relation>\n")
        try buffer.flushIfNeeded()
    }

    mutating func finish() throws(OutputError) -> Int64 {
        buffer.append("</osm>\n")
        try buffer.flush()
        return buffer.written
    }
}
