import Geodesy
import Guidance
import RoadNetwork
import Routing

/// A route written in the shape of OSRM's `/route/v1` response, so OSRM clients can read it.
///
/// Layout as OSRM writes it: `code`, `routes[0]` (`geometry`, `legs[]` with `steps[]`, `summary` and
/// per-segment `annotation`, `weight_name`, `weight`, `duration`, `distance`) and `waypoints[]` (snapped
/// `location` as [lon, lat], `name`, snap `distance`; `hint` is omitted). Distances are metres and
/// durations seconds with one decimal, coordinates six decimals, bearings whole degrees.
public struct OSRMRouteResponse: Sendable {
    /// How `geometry` values are written (OSRM's `geometries=` parameter).
    public enum GeometryFormat: String, Sendable, CaseIterable {
        /// A GeoJSON LineString object.
        case geojson
        /// Google's encoded polyline, five decimals.
        case polyline
        /// Encoded polyline, six decimals.
        case polyline6
    }

    public var route: Route
    /// The turn-by-turn steps of each leg (`RouteGuidance.steps`), one array per leg.
    public var steps: [[RouteStep]]
    public var geometries: GeometryFormat

    public init(route: Route, steps: [[RouteStep]], geometries: GeometryFormat = .geojson) {
        precondition(steps.count == route.legs.count, "one step list per leg")
        self.route = route
        self.steps = steps
        self.geometries = geometries
    }

    /// The response JSON.
    /// - Complexity: O(coordinates + steps × junction degree).
    public func json(graph: RoadGraph) -> String {
        var w = JSONWriter(capacity: 1 << 16)
        w.beginObject()
        w.field("code", "Ok")
        w.key("routes")
        w.beginArray()
        w.beginObject()
        w.key("geometry")
        writeGeometry(route.coordinates, into: &w)
        w.key("legs")
        w.beginArray()
        for (i, leg) in route.legs.enumerated() { writeLeg(leg, steps: steps[i], graph: graph, into: &w) }
        w.endArray()
        w.field("weight_name", route.metric == .time ? "duration" : "distance")
        w.field("weight", route.weight)
        w.field("duration", route.duration)
        w.field("distance", route.distance)
        w.endObject()
        w.endArray()
        w.key("waypoints")
        w.beginArray()
        for waypoint in route.waypoints {
            w.beginObject()
            w.field("name", Self.roadName(of: waypoint.edge, in: graph))
            w.key("location")
            Self.writePosition(waypoint.location, into: &w)
            w.field("distance", waypoint.distance, decimals: 2)
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.text
    }

    /// OSRM's error code for a routing error: `NoSegment` (no road near a point), `NoRoute`,
    /// `InvalidQuery` (too few coordinates).
    public static func errorCode(for error: RoutingError) -> String {
        switch error {
        case .noRoute: "NoRoute"
        case .noRoadNearby: "NoSegment"
        case .tooFewCoordinates: "InvalidQuery"
        }
    }

    /// OSRM's error body for a routing error.
    public static func errorJSON(for error: RoutingError) -> String { errorJSON(code: errorCode(for: error), message: error.description) }

    /// An OSRM error body such as `{"code":"NoRoute","message":"…"}`.
    public static func errorJSON(code: String, message: String) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.field("code", code)
        w.field("message", message)
        w.endObject()
        return w.text
    }

    // MARK: Parts

    private func weight(distance: Meters, duration: Seconds) -> Double { route.metric == .time ? duration : distance }

    private func writeLeg(_ leg: RouteLeg, steps: [RouteStep], graph: RoadGraph, into w: inout JSONWriter) {
        w.beginObject()
        w.key("steps")
        w.beginArray()
        let nodesAtCoordinates = Self.junctionNodes(of: leg, graph: graph)
        for step in steps { writeStep(step, leg: leg, junctions: nodesAtCoordinates, graph: graph, into: &w) }
        w.endArray()
        w.field("summary", Self.summary(of: leg, graph: graph))
        w.field("weight", weight(distance: leg.distance, duration: leg.duration))
        w.field("duration", leg.duration)
        w.field("distance", leg.distance)
        writeAnnotation(leg, graph: graph, into: &w)
        w.endObject()
    }

    private func writeStep(_ step: RouteStep, leg: RouteLeg, junctions: [Coordinate: (node: NodeIndex, inEdge: EdgeIndex, outEdge: EdgeIndex)],
                           graph: RoadGraph, into w: inout JSONWriter) {
        let m = step.maneuver
        w.beginObject()
        w.key("geometry")
        writeGeometry(step.coordinates.count >= 2 ? step.coordinates : [m.location, m.location], into: &w)
        w.key("maneuver")
        w.beginObject()
        w.field("bearing_after", Int(m.bearingAfter.degrees.rounded()) % 360)
        w.field("bearing_before", Int(m.bearingBefore.degrees.rounded()) % 360)
        w.key("location")
        Self.writePosition(m.location, into: &w)
        if let modifier = m.modifier { w.field("modifier", modifier.rawValue) }
        w.field("type", m.type.rawValue)
        if let exit = m.exit { w.field("exit", exit) }
        w.endObject()
        w.field("mode", step.mode.rawValue)
        w.field("driving_side", graph.drivingSide.rawValue)
        w.field("name", step.name)
        if !step.ref.isEmpty { w.field("ref", step.ref) }
        if m.type == .rotary, let rotaryName = m.rotaryName, !rotaryName.isEmpty { w.field("rotary_name", rotaryName) }
        w.key("intersections")
        w.beginArray()
        writeIntersection(for: m, junction: junctions[m.location], graph: graph, into: &w)
        w.endArray()
        w.field("weight", weight(distance: step.distance, duration: step.duration))
        w.field("duration", step.duration)
        w.field("distance", step.distance)
        w.endObject()
    }

    /// The junction at a maneuver: every road leaving the node plus the approach, sorted by bearing as
    /// OSRM does, `entry` telling which may be entered (turn restrictions applied), `in`/`out` the
    /// approach and the road taken. Depart and arrive points (mid-edge) have only the one road.
    private func writeIntersection(for m: Maneuver, junction: (node: NodeIndex, inEdge: EdgeIndex, outEdge: EdgeIndex)?,
                                   graph: RoadGraph, into w: inout JSONWriter) {
        w.beginObject()
        w.key("location")
        Self.writePosition(m.location, into: &w)
        var bearings: [(bearing: Int, entry: Bool, isIn: Bool, isOut: Bool)] = []
        if m.type == .depart {
            bearings = [(Int(m.bearingAfter.degrees.rounded()) % 360, true, false, true)]
        } else if m.type == .arrive || junction == nil {
            bearings = [(Int(m.bearingBefore.reversed.degrees.rounded()) % 360, true, true, false)]
            if m.type != .arrive { bearings.append((Int(m.bearingAfter.degrees.rounded()) % 360, true, false, true)) }
        } else if let j = junction {
            let rules = graph.restrictions(from: j.inEdge)
            let mandatory = rules.filter { $0.kind == .mandatory }.map(\.toEdge)
            let prohibited = rules.filter { $0.kind == .prohibitive }.map(\.toEdge)
            let inBearing = Int(Self.edgeBearing(j.inEdge, atHead: true, graph: graph).reversed.degrees.rounded()) % 360
            var sawIn = false
            for out in graph.outgoingEdges(of: j.node) {
                let b = Int(Self.edgeBearing(out, atHead: false, graph: graph).degrees.rounded()) % 360
                let allowed = !prohibited.contains(out) && (mandatory.isEmpty || mandatory.contains(out))
                let isIn = !sawIn && graph.head[Int(out)] == graph.tail[Int(j.inEdge)] && b == inBearing
                if isIn { sawIn = true }
                bearings.append((b, allowed, isIn, out == j.outEdge))
            }
            if !sawIn { bearings.append((inBearing, false, true, false)) }
        }
        bearings.sort { $0.bearing < $1.bearing }
        w.key("bearings")
        w.beginArray()
        for b in bearings { w.integer(b.bearing) }
        w.endArray()
        w.key("entry")
        w.beginArray()
        for b in bearings { w.bool(b.entry) }
        w.endArray()
        if let i = bearings.firstIndex(where: \.isIn) { w.field("in", i) }
        if let o = bearings.firstIndex(where: \.isOut) { w.field("out", o) }
        w.endObject()
    }

    /// OSRM's per-segment annotation arrays.
    private func writeAnnotation(_ leg: RouteLeg, graph: RoadGraph, into w: inout JSONWriter) {
        var distances: [Meters] = [], durations: [Seconds] = [], limits: [SpeedLimit] = []
        for s in 0..<leg.segmentEdge.count {
            let e = Int(leg.edges[leg.segmentEdge[s]])
            let d = GreatCircle.distance(from: leg.coordinates[s], to: leg.coordinates[s + 1])
            let length = Double(graph.lengthMeters[e])
            distances.append(d)
            durations.append(length > 0 ? d * Double(graph.travelTimeSeconds[e]) / length : 0)
            limits.append(graph.speedLimit[e])
        }
        w.key("annotation")
        w.beginObject()
        w.key("distance"); w.beginArray(); for d in distances { w.number(d, decimals: 1) }; w.endArray()
        w.key("duration"); w.beginArray(); for t in durations { w.number(t, decimals: 1) }; w.endArray()
        w.key("speed"); w.beginArray()
        for (d, t) in zip(distances, durations) { w.number(t > 0 ? d / t : 0, decimals: 1) }
        w.endArray()
        w.key("maxspeed"); w.beginArray()
        for limit in limits { Self.writeMaxSpeed(limit, into: &w) }
        w.endArray()
        w.endObject()
    }

    /// `{"speed":50,"unit":"km/h"}`, `{"speed":30,"unit":"mph"}`, `{"none":true}` or `{"unknown":true}`;
    /// a limit that is only the highway class's default is not a posted limit, so it is `unknown`.
    static func writeMaxSpeed(_ limit: SpeedLimit, into w: inout JSONWriter) {
        w.beginObject()
        switch limit.kind {
        case .limited where limit.source != .classDefault:
            if limit.unit == .milesPerHour {
                w.field("speed", limit.valueInTaggedUnit ?? 0)
                w.field("unit", "mph")
            } else {
                w.field("speed", Int(Double(limit.kilometersPerHour).rounded()))
                w.field("unit", "km/h")
            }
        case .unlimited:
            w.field("none", true)
        default:
            w.field("unknown", true)
        }
        w.endObject()
    }

    // MARK: Helpers

    /// The graph node at each junction of the leg (where edge i-1 meets edge i), keyed by its position.
    static func junctionNodes(of leg: RouteLeg, graph: RoadGraph) -> [Coordinate: (node: NodeIndex, inEdge: EdgeIndex, outEdge: EdgeIndex)] {
        var result: [Coordinate: (node: NodeIndex, inEdge: EdgeIndex, outEdge: EdgeIndex)] = [:]
        for i in leg.edges.indices.dropFirst() {
            let node = graph.tail[Int(leg.edges[i])]
            result[graph.nodeCoordinates[Int(node)]] = (node, leg.edges[i - 1], leg.edges[i])
        }
        return result
    }

    /// The bearing of an edge where it leaves its tail (`atHead == false`) or arrives at its head.
    static func edgeBearing(_ edge: EdgeIndex, atHead: Bool, graph: RoadGraph) -> Bearing {
        let points = graph.geometry(of: edge)
        // Skip repeated points so a zero-length first segment still gives a direction.
        if atHead {
            let last = points[points.count - 1]
            let previous = points.dropLast().last(where: { $0 != last }) ?? points[0]
            return GreatCircle.initialBearing(from: previous, to: last)
        }
        let first = points[0]
        let next = points.dropFirst().first(where: { $0 != first }) ?? points[points.count - 1]
        return GreatCircle.initialBearing(from: first, to: next)
    }

    /// The road's name, or its ref when unnamed.
    static func roadName(of edge: EdgeIndex, in graph: RoadGraph) -> String {
        let name = graph.name(of: edge)
        return name.isEmpty ? graph.ref(of: edge) : name
    }

    /// OSRM's leg summary: the names of the (up to) two roads driven longest, in the order driven.
    static func summary(of leg: RouteLeg, graph: RoadGraph) -> String {
        var length: [String: Meters] = [:]
        var order: [String] = []
        for s in 0..<leg.segmentEdge.count {
            let name = roadName(of: leg.edges[leg.segmentEdge[s]], in: graph)
            guard !name.isEmpty else { continue }
            if length[name] == nil { order.append(name) }
            length[name, default: 0] += GreatCircle.distance(from: leg.coordinates[s], to: leg.coordinates[s + 1])
        }
        let longest = Set(order.sorted { (length[$0] ?? 0, $1) > (length[$1] ?? 0, $0) }.prefix(2))
        return order.filter { longest.contains($0) }.joined(separator: ", ")
    }

    /// OSRM writes positions with six decimals (about 0.1 m).
    static func writePosition(_ c: Coordinate, into w: inout JSONWriter) { w.position(c, decimals: 6) }

    private func writeGeometry(_ points: [Coordinate], into w: inout JSONWriter) {
        // A LineString needs two positions; a zero-length route repeats its one point.
        let coordinates = points.count == 1 ? [points[0], points[0]] : points
        switch geometries {
        case .geojson:
            w.beginObject()
            w.field("type", "LineString")
            w.key("coordinates")
            w.beginArray()
            for c in coordinates { Self.writePosition(c, into: &w) }
            w.endArray()
            w.endObject()
        case .polyline:
            w.string(Self.encodePolyline(coordinates, precision: 5))
        case .polyline6:
            w.string(Self.encodePolyline(coordinates, precision: 6))
        }
    }

    /// Google's encoded polyline algorithm (latitude first, deltas, zig-zag, 5-bit chunks + 63).
    public static func encodePolyline(_ coordinates: [Coordinate], precision: Int) -> String {
        let factor = precision == 6 ? 1e6 : 1e5
        var out = [UInt8]()
        out.reserveCapacity(coordinates.count * 8)
        var previousLat = 0, previousLon = 0
        func encode(_ value: Int) {
            var v = value < 0 ? ~(value << 1) : value << 1
            while v >= 0x20 {
                out.append(UInt8((0x20 | (v & 0x1f)) + 63))
                v >>= 5
            }
            out.append(UInt8(v + 63))
        }
        for c in coordinates {
            let lat = Int((c.latitude * factor).rounded()), lon = Int((c.longitude * factor).rounded())
            encode(lat - previousLat)
            encode(lon - previousLon)
            previousLat = lat
            previousLon = lon
        }
        return String(decoding: out, as: UTF8.self)
    }
}
