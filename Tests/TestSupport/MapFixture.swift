import Geodesy

/// A road network drawn as an ASCII map, turned into OSM XML for tests (the idea of OSRM's cucumber
/// features): every letter or digit in the grid is a node; ways are listed by their node letters with
/// their tags; restrictions name ways by index.
///
///     let map = MapFixture("""
///           a
///           |
///       d - b - c
///           |
///           e
///       """)
///     let xml = map.osmXML(ways: [.init("ab", ["highway": "primary", "name": "North"]), ...])
///
/// Characters other than letters and digits (`-`, `|`, `/`, spaces …) are only drawing. One grid cell
/// is `gridSize` metres (default 10 m) both across and down; the map's top-left cell is at `origin`.
public struct MapFixture: Sendable {
    public let gridSize: Meters
    public let origin: Coordinate
    /// Node letters in order of appearance, with their grid positions (column, row).
    public private(set) var cells: [Character: (column: Int, row: Int)] = [:]
    public private(set) var letters: [Character] = []

    public init(_ map: String, gridSize: Meters = 10, origin: Coordinate = Coordinate(latitude: 45.8, longitude: 15.97)) {
        self.gridSize = gridSize
        self.origin = origin
        var lines = map.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let first = lines.first, first.trimmingCharacters(in: " ").isEmpty { lines.removeFirst() }
        for (row, line) in lines.enumerated() {
            for (column, ch) in line.enumerated() where ch.isLetter || ch.isNumber {
                precondition(cells[ch] == nil, "node \(ch) appears twice in the map")
                cells[ch] = (column, row)
                letters.append(ch)
            }
        }
    }

    /// The coordinate of a node letter.
    public func coordinate(_ letter: Character) -> Coordinate {
        guard let cell = cells[letter] else { preconditionFailure("no node \(letter) in the map") }
        let south = GreatCircle.destination(from: origin, bearing: Bearing(degrees: 180), distance: Double(cell.row) * gridSize)
        return GreatCircle.destination(from: south, bearing: Bearing(degrees: 90), distance: Double(cell.column) * gridSize)
    }

    /// The OSM node id of a letter (1-based, in order of appearance).
    public func nodeID(_ letter: Character) -> Int64 {
        guard let i = letters.firstIndex(of: letter) else { preconditionFailure("no node \(letter) in the map") }
        return Int64(i + 1)
    }

    /// A way: its nodes as letters in order, and its tags.
    public struct Way: Sendable {
        public var nodes: String
        public var tags: [String: String]
        public init(_ nodes: String, _ tags: [String: String]) { self.nodes = nodes; self.tags = tags }
    }

    /// A restriction between two ways given by their index in the `ways` list (0-based), via a node or
    /// via one or more ways (in driving order).
    public struct Restriction: Sendable {
        public var type: String
        public var fromWay: Int
        public var via: Character?
        public var viaWays: [Int]
        public var toWay: Int
        public init(_ type: String, from: Int, via: Character, to: Int) {
            self.type = type; fromWay = from; self.via = via; viaWays = []; toWay = to
        }
        public init(_ type: String, from: Int, viaWays: [Int], to: Int) {
            self.type = type; fromWay = from; via = nil; self.viaWays = viaWays; toWay = to
        }
    }

    /// Way id of the way at `index` in the list given to `osmXML` (1-based ids).
    public func wayID(_ index: Int) -> Int64 { Int64(index + 1) }

    /// The OSM XML of the map: every node, the ways, restrictions as relations, and optional node tags.
    public func osmXML(ways: [Way], restrictions: [Restriction] = [], nodeTags: [Character: [String: String]] = [:]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"waymark-tests\">\n"
        for letter in letters {
            let c = coordinate(letter)
            let tags = nodeTags[letter] ?? [:]
            if tags.isEmpty {
                xml += "  <node id=\"\(nodeID(letter))\" lat=\"\(c.latitude)\" lon=\"\(c.longitude)\"/>\n"
            } else {
                xml += "  <node id=\"\(nodeID(letter))\" lat=\"\(c.latitude)\" lon=\"\(c.longitude)\">\n"
                for (k, v) in tags.sorted(by: { $0.key < $1.key }) { xml += "    <tag k=\"\(escape(k))\" v=\"\(escape(v))\"/>\n" }
                xml += "  </node>\n"
            }
        }
        for (i, way) in ways.enumerated() {
            xml += "  <way id=\"\(wayID(i))\">\n"
            for letter in way.nodes { xml += "    <nd ref=\"\(nodeID(letter))\"/>\n" }
            for (k, v) in way.tags.sorted(by: { $0.key < $1.key }) { xml += "    <tag k=\"\(escape(k))\" v=\"\(escape(v))\"/>\n" }
            xml += "  </way>\n"
        }
        for (i, r) in restrictions.enumerated() {
            xml += "  <relation id=\"\(i + 1)\">\n"
            xml += "    <member type=\"way\" ref=\"\(wayID(r.fromWay))\" role=\"from\"/>\n"
            if let via = r.via { xml += "    <member type=\"node\" ref=\"\(nodeID(via))\" role=\"via\"/>\n" }
            for way in r.viaWays { xml += "    <member type=\"way\" ref=\"\(wayID(way))\" role=\"via\"/>\n" }
            xml += "    <member type=\"way\" ref=\"\(wayID(r.toWay))\" role=\"to\"/>\n"
            xml += "    <tag k=\"type\" v=\"restriction\"/>\n    <tag k=\"restriction\" v=\"\(r.type)\"/>\n"
            xml += "  </relation>\n"
        }
        return xml + "</osm>\n"
    }

    private func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = self[...]
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
