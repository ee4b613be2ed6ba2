import Geodesy
import OutputEncoding
import RoadNetwork
import RouteFormats

/// Which way along its OSM way an edge runs.
public enum WayDirection: String, Sendable, CaseIterable {
    /// Along the way's node order.
    case forward
    /// Against it (`EdgeFlags.againstWayDirection`: the backward twin of a two-way way, a `oneway=-1` way).
    case backward
}

/// The documents a road table is written as (`waymark roads --format`).
public enum RoadTableFormat: String, Sendable, CaseIterable {
    /// One row per directed edge (RFC 4180, CRLF line ends, header first).
    case csv
    /// An RFC 7946 FeatureCollection, one LineString per directed edge, in travel direction.
    case geojson
}

/// One directed edge as the road table shows it: the way piece, its direction, and its speed limit with
/// where the limit came from.
public struct RoadTableRow: Sendable, Equatable {
    public var edge: EdgeIndex
    public var wayID: Int64
    public var direction: WayDirection
    /// OSM ids of the edge's first and last node, in travel direction (they tell a way's pieces apart).
    public var fromNode: Int64
    public var toNode: Int64
    public var highway: HighwayClass
    /// A car ferry (its `highway` is the class its way gave, `road` when none).
    public var isFerry: Bool
    public var lengthMeters: Double
    public var speedLimit: SpeedLimit
    public var name: String
    public var ref: String
}

/// The directed edges of a road graph, or those in a box, with their speed limits: `waymark roads`, a way
/// to see and check every limit the import posted or estimated.
///
/// Rows are ordered by way id, forward before backward, then by edge index, so one way's pieces are
/// together. Every column is the graph's own value; nothing is recomputed.
public struct RoadTable: Sendable {
    /// The columns of the CSV header, and the property names of the GeoJSON features, in order.
    public static let columns = [
        "way_id", "direction", "from_node", "to_node", "highway", "ferry", "length_m",
        "speed_limit_kmh", "speed_limit", "unit", "kind", "source", "estimated",
        "country", "region", "urban", "urban_basis", "name", "ref",
    ]

    public let graph: RoadGraph
    /// The edges listed, in row order.
    public let edges: [EdgeIndex]
    /// The tail node of each listed edge (parallel to `edges`).
    private let tails: [NodeIndex]

    /// The edges of `graph`; with `box`, only those whose line meets the box (a point inside it, or a
    /// segment crossing it, in longitude and latitude).
    /// - Complexity: O(edges + shape points + r log r) for r rows.
    public init(graph: RoadGraph, within box: BoundingBox? = nil) {
        self.graph = graph
        var listed: [(edge: EdgeIndex, tail: NodeIndex)] = []
        for node in 0..<NodeIndex(graph.nodeCount) {
            for edge in graph.outgoingEdges(of: node) {
                if let box, !Self.line(graph.geometry(of: edge, leaving: node), meets: box) { continue }
                listed.append((edge, node))
            }
        }
        let wayIDs = graph.wayID, flags = graph.flags
        listed.sort { a, b in
            let (wa, wb) = (wayIDs[Int(a.edge)], wayIDs[Int(b.edge)])
            if wa != wb { return wa < wb }
            let (ba, bb) = (flags[Int(a.edge)].contains(.againstWayDirection), flags[Int(b.edge)].contains(.againstWayDirection))
            if ba != bb { return !ba }
            return a.edge < b.edge
        }
        edges = listed.map(\.edge)
        tails = listed.map(\.tail)
    }

    /// Number of rows.
    public var count: Int { edges.count }

    /// The row of the `index`-th listed edge.
    public func row(_ index: Int) -> RoadTableRow {
        let e = edges[index], i = Int(e)
        let flags = graph.flags[i]
        return RoadTableRow(
            edge: e, wayID: graph.wayID[i], direction: flags.contains(.againstWayDirection) ? .backward : .forward,
            fromNode: graph.nodeOSMIDs[Int(tails[index])], toNode: graph.nodeOSMIDs[Int(graph.head[i])],
            highway: graph.highway[i], isFerry: flags.contains(.ferry), lengthMeters: Double(graph.lengthMeters[i]),
            speedLimit: graph.speedLimit[i], name: graph.name(of: e), ref: graph.ref(of: e))
    }

    /// Every row, in order.
    public var rows: [RoadTableRow] { (0..<count).map(row) }

    /// The polyline of the `index`-th listed edge, in travel direction.
    public func geometry(_ index: Int) -> [Coordinate] { graph.geometry(of: edges[index], leaving: tails[index]) }

    // MARK: Documents

    /// The whole table as a `format` document, ending with a line break.
    public func document(_ format: RoadTableFormat) -> String {
        var text = ""
        write(format) { text += $0 }
        return text
    }

    /// Writes the table as a `format` document in pieces of about `chunkBytes` (so a city's table is never
    /// one string in memory), stopping at the first error `sink` throws.
    /// - Complexity: O(rows + shape points).
    public func write<E: Error>(_ format: RoadTableFormat, chunkBytes: Int = 1 << 16,
                                to sink: (String) throws(E) -> Void) throws(E) {
        switch format {
        case .csv:
            var chunk = Self.columns.joined(separator: ",") + "\r\n"
            for i in 0..<count {
                chunk += Self.csvLine(row(i))
                if chunk.utf8.count >= chunkBytes { try sink(chunk); chunk = "" }
            }
            try sink(chunk)
        case .geojson:
            // One feature a line, so a large table reads (and greps) one edge at a time.
            var chunk = "{\"type\":\"FeatureCollection\",\"features\":["
            for i in 0..<count {
                chunk += (i == 0 ? "\n" : ",\n") + Self.feature(row(i), geometry: geometry(i))
                if chunk.utf8.count >= chunkBytes { try sink(chunk); chunk = "" }
            }
            try sink(chunk + (count == 0 ? "]}\n" : "\n]}\n"))
        }
    }

    /// One CSV line (CRLF-terminated): empty cells for what is not known (no limit, no country, urban or
    /// rural undecided).
    public static func csvLine(_ row: RoadTableRow) -> String {
        let limit = row.speedLimit
        let limited = limit.kind == .limited
        let fields: [String] = [
            String(row.wayID), row.direction.rawValue, String(row.fromNode), String(row.toNode), row.highway.osmValue,
            row.isFerry ? "true" : "false", DecimalNumber.fixed(row.lengthMeters, decimals: 2),
            limited ? DecimalNumber.fixed(Double(limit.kilometersPerHour), decimals: 2) : "",
            limit.valueInTaggedUnit.map(String.init) ?? "", limited ? limit.unit.description : "",
            limit.kindName, limit.source.description, limit.isEstimated ? "true" : "false",
            limit.region.country.description, limit.region.description,
            limit.builtUp.isUrban.map { $0 ? "true" : "false" } ?? "", limit.builtUp.basis,
            TextEscaping.csv(row.name), TextEscaping.csv(row.ref),
        ]
        return fields.joined(separator: ",") + "\r\n"
    }

    /// One GeoJSON Feature: the row's columns as properties (null where the CSV cell is empty, numbers and
    /// booleans as such), the edge's line in travel direction (7 decimals, OSM's precision).
    public static func feature(_ row: RoadTableRow, geometry: [Coordinate]) -> String {
        let limit = row.speedLimit
        let limited = limit.kind == .limited
        var w = JSONWriter(capacity: 512 + 24 * geometry.count)
        w.beginObject()
        w.field("type", "Feature")
        w.key("properties")
        w.beginObject()
        w.key("way_id"); w.integer(Int(row.wayID))
        w.field("direction", row.direction.rawValue)
        w.key("from_node"); w.integer(Int(row.fromNode))
        w.key("to_node"); w.integer(Int(row.toNode))
        w.field("highway", row.highway.osmValue)
        w.field("ferry", row.isFerry)
        w.field("length_m", row.lengthMeters, decimals: 2)
        w.field("speed_limit_kmh", limited ? Double(limit.kilometersPerHour) : nil, decimals: 2)
        w.field("speed_limit", limit.valueInTaggedUnit)
        w.field("unit", limited ? limit.unit.description : nil)
        w.field("kind", limit.kindName)
        w.field("source", limit.source.description)
        w.field("estimated", limit.isEstimated)
        w.field("country", limit.region == .none ? nil : limit.region.country.description)
        w.field("region", limit.region == .none ? nil : limit.region.description)
        w.key("urban")
        if let urban = limit.builtUp.isUrban { w.bool(urban) } else { w.null() }
        w.field("urban_basis", limit.builtUp.basis)
        w.field("name", row.name)
        w.field("ref", row.ref)
        w.endObject()
        w.key("geometry")
        w.beginObject()
        w.field("type", "LineString")
        w.key("coordinates")
        w.beginArray()
        for c in geometry { w.position(c, decimals: 7) }
        w.endArray()
        w.endObject()
        w.endObject()
        return w.text
    }

    // MARK: Box

    /// Whether a polyline meets a box: one of its points inside, or one of its segments crossing it
    /// (Liang–Barsky clipping in the longitude/latitude plane).
    static func line(_ points: [Coordinate], meets box: BoundingBox) -> Bool {
        guard let first = points.first else { return false }
        if box.contains(first) { return true }
        for (a, b) in zip(points, points.dropFirst()) where segment(a, b, meets: box) { return true }
        return false
    }

    static func segment(_ a: Coordinate, _ b: Coordinate, meets box: BoundingBox) -> Bool {
        if box.contains(b) { return true }
        let dx = b.longitude - a.longitude, dy = b.latitude - a.latitude
        var t0 = 0.0, t1 = 1.0
        for (p, q) in [(-dx, a.longitude - box.minLongitude), (dx, box.maxLongitude - a.longitude),
                       (-dy, a.latitude - box.minLatitude), (dy, box.maxLatitude - a.latitude)] {
            if p == 0 {
                if q < 0 { return false }
                continue
            }
            let t = q / p
            if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
            if t0 > t1 { return false }
        }
        return true
    }
}
