import Foundation
import Geodesy
import RoadNetwork
import RouteFormats

extension RoadLayer {
    /// What a `/roads/v1` answer holds: the GeoJSON body and what was left out to keep it small.
    public struct Answer: Sendable {
        public var body: String
        /// Road lines in the body.
        public var lines: Int
        /// Classes left out because the answer would have grown past the size limit.
        public var omittedClasses: [String]
    }

    /// The lines of one road class (or of the car ferries): one or more features of the answer, kept or
    /// left out together.
    struct ClassGroup {
        var name: String
        var edges: [EdgeIndex] = []
    }

    /// The speed limit a line is drawn with (its feature's `speed_limit_*` and `estimated` properties):
    /// limited ones by km/h (rounded) first, then no limit, then unknown; each by source.
    struct LimitKey: Hashable, Comparable {
        var kind: SpeedLimit.Kind
        var kilometersPerHour: Int
        var source: SpeedLimitSource

        init(_ limit: SpeedLimit) {
            kind = limit.kind
            kilometersPerHour = limit.kind == .limited ? Int(Double(limit.kilometersPerHour).rounded()) : 0
            source = limit.source
        }

        static func < (a: LimitKey, b: LimitKey) -> Bool {
            (a.kind.rawValue, a.kilometersPerHour, a.source.rawValue) < (b.kind.rawValue, b.kilometersPerHour, b.source.rawValue)
        }

        /// `"speed_limit_kind":"limited","speed_limit_kmh":50,"speed_limit_source":"legal_default","estimated":true`.
        var properties: String {
            let kindName = SpeedLimit(kind: kind, kilometersPerHour: Float(kilometersPerHour), unit: .kilometersPerHour, source: source).kindName
            return "\"speed_limit_kind\":\"\(kindName)\",\"speed_limit_kmh\":\(kind == .limited ? String(kilometersPerHour) : "null"),"
                + "\"speed_limit_source\":\"\(source)\",\"estimated\":\(source.isEstimated)"
        }
    }

    /// Line simplification tolerance, in pixels of the requested zoom: a line moved by less is not seen.
    static let simplificationPixels = 0.7
    /// Bytes of the body after the features when no class is omitted (`],"truncated":false,"omitted_classes":[]}`).
    static let closingBytes = "],\"truncated\":false,\"omitted_classes\":[]}".utf8.count
    /// Web Mercator world size at zoom 0, pixels (256-pixel tiles, as Leaflet uses).
    static let tilePixels = 256.0

    /// The roads in `request.bbox` drawn at `request.zoom`, as a GeoJSON FeatureCollection of
    /// MultiLineString features, one per road class (property `highway`; car ferries as `ferry`) and
    /// speed limit, most important class first, plus OSRM's `"code":"Ok"`, the `zoom`, `truncated` and
    /// `omitted_classes`. Each feature says its roads' limit and where it comes from, for the map's speed
    /// limit layer: `speed_limit_kind` (`limited`, `unlimited`, `unknown`), `speed_limit_kmh` (rounded;
    /// null unless limited), `speed_limit_source` (`posted`, `zone`, `legal_default`, `neighbours`,
    /// `class_default`) and `estimated`; `lines` counts its lines.
    ///
    /// Classes below the zoom's minimum (`RoadsRequest.minimumZoom(of:)`) are not drawn; lines are
    /// simplified to `simplificationPixels` at the zoom and written with the decimals a pixel needs.
    /// When a class would take the body past `request.maxBytes`, it and every less important class are
    /// left out (named in `omitted_classes`) rather than cut, so what is drawn is whole.
    /// - Complexity: O(cells in the box + edges in them × their shape points).
    public func answer(_ request: RoadsRequest) -> Answer {
        let groups = classGroups(in: request)
        let decimals = request.zoom >= 17 ? 6 : 5
        var body: [UInt8] = []
        body.append(contentsOf: Array("{\"code\":\"Ok\",\"type\":\"FeatureCollection\",\"zoom\":\(request.zoom),\"features\":[".utf8))
        let drawn = groups.filter { !$0.edges.isEmpty }
        var omitted: [String] = []
        var lines = 0
        var feature: [UInt8] = []
        for (i, group) in drawn.enumerated() {
            if !omitted.isEmpty { omitted.append(group.name); continue }
            feature.removeAll(keepingCapacity: true)
            // The closing part at its longest: every class after this one named as omitted.
            let closing = Self.closingBytes + drawn[(i + 1)...].reduce(0) { $0 + $1.name.utf8.count + 3 }
            let room = request.maxBytes - body.count - closing
            if !appendFeature(group, zoom: request.zoom, decimals: decimals, first: lines == 0, room: room, to: &feature) {
                omitted.append(group.name)
                continue
            }
            body.append(contentsOf: feature)
            lines += group.edges.count
        }
        body.append(contentsOf: Array("],\"truncated\":\(!omitted.isEmpty),\"omitted_classes\":[".utf8))
        body.append(contentsOf: Array(omitted.map { "\"\($0)\"" }.joined(separator: ",").utf8))
        body.append(contentsOf: Array("]}".utf8))
        return Answer(body: String(decoding: body, as: UTF8.self), lines: lines, omittedClasses: omitted)
    }

    /// The edges in the box drawn at the zoom, grouped by class in order of importance, ferries last.
    func classGroups(in request: RoadsRequest) -> [ClassGroup] {
        var groups = HighwayClass.allCases.map { ClassGroup(name: $0.osmValue) }
        var ferries = ClassGroup(name: "ferry")
        let zoom = request.zoom
        for edge in edges(in: request.bbox, where: { _ in true }) {
            if graph.flags[Int(edge)].contains(.ferry) {
                if zoom >= RoadsRequest.ferryMinimumZoom { ferries.edges.append(edge) }
                continue
            }
            let highway = graph.highway[Int(edge)]
            if zoom >= RoadsRequest.minimumZoom(of: highway) { groups[Int(highway.rawValue)].edges.append(edge) }
        }
        return groups + [ferries]
    }

    /// The class's features, one per speed limit (`LimitKey` order), each
    /// `{"type":"Feature","properties":{"highway":…,"lines":n,"speed_limit_kind":…,…},"geometry":{"type":"MultiLineString",…}}`.
    /// - Returns: false, with the features unfinished, as soon as they take more than `room` bytes (so a
    ///   class too large for the answer costs no more than the room left).
    private func appendFeature(_ group: ClassGroup, zoom: Int, decimals: Int, first: Bool, room: Int, to bytes: inout [UInt8]) -> Bool {
        var byLimit: [LimitKey: [EdgeIndex]] = [:]
        for edge in group.edges { byLimit[LimitKey(graph.speedLimit[Int(edge)]), default: []].append(edge) }
        for (n, key) in byLimit.keys.sorted().enumerated() {
            if !(first && n == 0) { bytes.append(UInt8(ascii: ",")) }
            guard appendLines(byLimit[key] ?? [], name: group.name, limit: key, zoom: zoom, decimals: decimals, room: room, to: &bytes) else {
                return false
            }
        }
        return bytes.count <= room
    }

    /// One feature: the lines of `edges`, all of class `name` and limit `limit`.
    private func appendLines(_ edges: [EdgeIndex], name: String, limit: LimitKey, zoom: Int, decimals: Int, room: Int,
                             to bytes: inout [UInt8]) -> Bool {
        bytes.append(contentsOf: Array("{\"type\":\"Feature\",\"properties\":{\"highway\":\"\(name)\",\"lines\":\(edges.count),\(limit.properties)},\"geometry\":{\"type\":\"MultiLineString\",\"coordinates\":[".utf8))
        let scale = Self.tilePixels * Double(1 << zoom)
        for (i, edge) in edges.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "["))
            let points = Self.simplified(graph.geometry(of: edge), scale: scale)
            for (j, point) in points.enumerated() {
                if j > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(UInt8(ascii: "["))
                DecimalNumber.appendFixed(point.longitude, decimals: decimals, to: &bytes)
                bytes.append(UInt8(ascii: ","))
                DecimalNumber.appendFixed(point.latitude, decimals: decimals, to: &bytes)
                bytes.append(UInt8(ascii: "]"))
            }
            bytes.append(UInt8(ascii: "]"))
            if bytes.count > room { return false }
        }
        bytes.append(contentsOf: Array("]}}".utf8))
        return bytes.count <= room
    }

    /// The line simplified in Web Mercator pixels of the zoom (`scale` = world width in pixels): the ends
    /// and every point more than `simplificationPixels` off the simplified line
    /// (`PolylineSimplification.keptIndices`).
    /// - Complexity: O(n log n) typical, O(n²) worst case.
    static func simplified(_ points: [Coordinate], scale: Double) -> [Coordinate] {
        guard points.count > 2 else { return points }
        let projected = points.map { mercatorPixels($0, scale: scale) }
        return PolylineSimplification.keptIndices(count: points.count, tolerance: simplificationPixels) { i, first, last in
            distance(projected[i], toSegment: projected[first], projected[last])
        }.map { points[$0] }
    }

    /// Web Mercator position in pixels of a world `scale` pixels wide.
    static func mercatorPixels(_ c: Coordinate, scale: Double) -> SIMD2<Double> {
        let latitude = min(max(c.latitude, -85.05112878), 85.05112878) * .pi / 180
        let x = (c.longitude + 180) / 360 * scale
        let y = (1 - asinh(tan(latitude)) / .pi) / 2 * scale
        return SIMD2(x, y)
    }

    /// Distance from `p` to the segment `a`–`b` in the plane.
    static func distance(_ p: SIMD2<Double>, toSegment a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let ab = b - a, ap = p - a
        let lengthSquared = (ab * ab).sum()
        let t = lengthSquared > 0 ? min(max((ap * ab).sum() / lengthSquared, 0), 1) : 0
        let d = ap - ab * t
        return (d * d).sum().squareRoot()
    }
}
