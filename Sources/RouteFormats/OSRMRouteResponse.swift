import Geodesy
import Guidance
import OutputEncoding
import RoadNetwork
import Routing

/// A route written in the shape of OSRM's `/route/v1` response, so OSRM clients can read it.
///
/// Layout as OSRM writes it: `code`, `routes[0]` (`geometry` per `overview`, `legs[]` with `steps[]`
/// when asked, `summary`, and `annotation` when asked, `weight_name`, `weight`, `duration`, `distance`)
/// and `waypoints[]` (snapped `location` as [lon, lat], `name`, snap `distance`; `hint` is omitted).
/// Distances are metres and durations seconds with one decimal, coordinates six decimals, bearings
/// whole degrees. Each step lists every junction it passes in `intersections`, the first being its
/// maneuver's, as OSRM does, and carries `destinations` and `exits` when signed; its maneuver carries
/// the `instruction` sentence, and, when asked, the step Mapbox's `voiceInstructions` and
/// `bannerInstructions` (`OSRMRouteResponse+Instructions`).
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

    /// The whole route's geometry (OSRM's `overview=`).
    public enum Overview: String, Sendable, CaseIterable {
        /// Douglas-Peucker simplified for the zoom level at which the route fits one screen.
        case simplified
        /// Every point.
        case full
        /// Left out.
        case none = "false"
    }

    /// The per-segment annotation arrays (OSRM's `annotations=`; `maxspeed` is Mapbox's extension, posted limits
    /// only, and brings Waymark's `waymark_maxspeed` beside it: every limit with its source).
    public struct Annotations: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let nodes = Annotations(rawValue: 1 << 0)
        public static let distance = Annotations(rawValue: 1 << 1)
        public static let duration = Annotations(rawValue: 1 << 2)
        public static let datasources = Annotations(rawValue: 1 << 3)
        public static let weight = Annotations(rawValue: 1 << 4)
        public static let speed = Annotations(rawValue: 1 << 5)
        public static let maxspeed = Annotations(rawValue: 1 << 6)
        public static let all: Annotations = [.nodes, .distance, .duration, .datasources, .weight, .speed, .maxspeed]
    }

    /// What the response holds, with OSRM's defaults: polyline geometry, simplified overview, no steps,
    /// no annotations, waypoints listed, no voice or banner instructions.
    public struct Options: Sendable {
        public var geometries: GeometryFormat = .polyline
        public var overview: Overview = .simplified
        public var steps = false
        public var annotations: Annotations = []
        public var skipWaypoints = false
        /// Mapbox's `voiceInstructions` on every step (with `steps`), and the route's `voiceLocale`.
        public var voiceInstructions = false
        /// Mapbox's `bannerInstructions` on every step (with `steps`).
        public var bannerInstructions = false
        /// The units the voice instructions speak distances in.
        public var voiceUnits: VoiceUnits = .metric
        /// The language of the voice and banner instructions (the steps carry their own).
        public var language: InstructionLanguage = .en
        public init() {}
    }

    public var route: Route
    /// The turn-by-turn steps of each leg (`RouteGuidance.steps`), one array per leg; may be empty
    /// arrays when `options.steps` is false.
    public var steps: [[RouteStep]]
    public var options: Options
    /// The alternative routes written after this one in `routes`, each with its own steps and options
    /// (the waypoints are this route's).
    public var alternatives: [OSRMRouteResponse] = []

    public init(route: Route, steps: [[RouteStep]], options: Options = Options()) {
        precondition(steps.count == route.legs.count, "one step list per leg")
        self.route = route
        self.steps = steps
        self.options = options
    }

    /// The response JSON.
    /// - Complexity: O(coordinates + steps × junction degree).
    public func json(graph: RoadGraph) -> String {
        var w = JSONWriter(capacity: 1 << 16)
        w.beginObject()
        w.field("code", "Ok")
        w.key("routes")
        w.beginArray()
        writeRoute(graph: graph, into: &w)
        for alternative in alternatives { alternative.writeRoute(graph: graph, into: &w) }
        w.endArray()
        if !options.skipWaypoints {
            w.key("waypoints")
            w.beginArray()
            for waypoint in route.waypoints { Self.writeWaypoint(waypoint, graph: graph, into: &w) }
            w.endArray()
        }
        w.endObject()
        return w.text
    }

    /// The route object alone (`geometry`, `legs`, `weight`, `duration`, `distance`): one element of
    /// `/route`'s `routes` or of `/trip`'s `trips`.
    /// - Complexity: O(coordinates + steps × junction degree).
    public func writeRoute(graph: RoadGraph, into w: inout JSONWriter) {
        w.beginObject()
        writeRouteFields(graph: graph, into: &w)
        w.endObject()
    }

    /// The fields of OSRM's route object (`geometry`, `legs`, `weight_name`, `weight`, `duration`,
    /// `distance`) into an object the caller has opened: a `/route` response's route, or a `/match`
    /// response's matching, which adds its `confidence`.
    /// - Complexity: O(coordinates + steps × junction degree).
    public func writeRouteFields(graph: RoadGraph, into w: inout JSONWriter) {
        if options.overview != .none {
            w.key("geometry")
            writeGeometry(overviewCoordinates(), into: &w)
        }
        w.key("legs")
        w.beginArray()
        for (i, leg) in route.legs.enumerated() {
            writeLeg(leg, steps: steps[i], arrivalIndex: i + 1 < route.legs.count ? i + 1 : nil, graph: graph, into: &w)
        }
        w.endArray()
        if options.steps && options.voiceInstructions { w.field("voiceLocale", options.language.rawValue) }
        w.field("weight_name", route.metric == .time ? "duration" : "distance")
        w.field("weight", route.weight)
        w.field("duration", route.duration)
        w.field("distance", route.distance)
    }

    /// An OSRM waypoint object: `name`, snapped `location`, snap `distance`.
    public static func writeWaypoint(_ waypoint: SnappedLocation, graph: RoadGraph, into w: inout JSONWriter) {
        w.beginObject()
        writeWaypointFields(waypoint, graph: graph, into: &w)
        w.endObject()
    }

    /// The fields of a waypoint object, for services that add their own (`/trip`'s `waypoint_index`).
    public static func writeWaypointFields(_ waypoint: SnappedLocation, graph: RoadGraph, into w: inout JSONWriter) {
        w.field("name", roadName(of: waypoint.edge, in: graph))
        w.key("location")
        writePosition(waypoint.location, into: &w)
        w.field("distance", waypoint.distance, decimals: 2)
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

    /// The overview geometry: every point, or simplified for the zoom level the route fits.
    func overviewCoordinates() -> [Coordinate] {
        options.overview == .simplified ? PolylineSimplification.overview(route.coordinates) : route.coordinates
    }

    private func weight(distance: Meters, duration: Seconds) -> Double { route.metric == .time ? duration : distance }

    private func writeLeg(_ leg: RouteLeg, steps: [RouteStep], arrivalIndex: Int?, graph: RoadGraph, into w: inout JSONWriter) {
        w.beginObject()
        w.key("steps")
        w.beginArray()
        if options.steps {
            let passes = JunctionPass.passes(along: leg, graph: graph)
            let owned = JunctionPass.assign(passes, to: steps)
            let guidance = StepGuidance(steps: steps, arrivalIndex: arrivalIndex, options: options, drivingSide: graph.drivingSide)
            for (k, step) in steps.enumerated() {
                writeStep(step, junction: owned[k].maneuver, passed: owned[k].passed, guidance: guidance.at(k), graph: graph, into: &w)
            }
        }
        w.endArray()
        // OSRM's summary names the major roads only when steps were asked for.
        w.field("summary", options.steps ? Self.summary(of: leg, graph: graph) : "")
        w.field("weight", weight(distance: leg.distance, duration: leg.duration))
        w.field("duration", leg.duration)
        w.field("distance", leg.distance)
        if !options.annotations.isEmpty { writeAnnotation(leg, graph: graph, into: &w) }
        w.endObject()
    }

    private func writeStep(_ step: RouteStep, junction: JunctionPass?, passed: [JunctionPass],
                           guidance: StepGuidance.Step, graph: RoadGraph, into w: inout JSONWriter) {
        let m = step.maneuver
        w.beginObject()
        w.key("geometry")
        writeGeometry(step.coordinates.count >= 2 ? step.coordinates : [m.location, m.location], into: &w)
        w.key("maneuver")
        w.beginObject()
        w.field("bearing_after", Int(m.bearingAfter.degrees.rounded()) % 360)
        w.field("bearing_before", Int(m.bearingBefore.degrees.rounded()) % 360)
        w.field("instruction", m.instruction)
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
        // Like OSRM, the keys are left out when nothing is signed.
        if !step.destinations.isEmpty { w.field("destinations", step.destinations) }
        if !step.exits.isEmpty { w.field("exits", step.exits) }
        if m.type == .rotary, let rotaryName = m.rotaryName, !rotaryName.isEmpty { w.field("rotary_name", rotaryName) }
        w.key("intersections")
        w.beginArray()
        writeIntersection(for: m, junction: junction, lanes: junction == nil ? [] : step.lanes, graph: graph, into: &w)
        for pass in passed {
            let lanes = step.passedLanes.first { $0.junction == pass.position }?.lanes ?? []
            Self.writePassedIntersection(pass, lanes: lanes, graph: graph, into: &w)
        }
        w.endArray()
        if let voice = guidance.voice { Self.writeVoiceInstructions(voice, into: &w) }
        if let banners = guidance.banners { Self.writeBannerInstructions(banners, drivingSide: graph.drivingSide, into: &w) }
        w.field("weight", weight(distance: step.distance, duration: step.duration))
        w.field("duration", step.duration)
        w.field("distance", step.distance)
        w.endObject()
    }

    /// The junction at a maneuver: every road leaving the node plus the approach, sorted by bearing as
    /// OSRM does, `entry` telling which may be entered (turn restrictions applied), `in`/`out` the
    /// approach and the road taken. Depart and arrive points (mid-edge) have only the one road.
    private func writeIntersection(for m: Maneuver, junction: JunctionPass?, lanes: [Lane], graph: RoadGraph, into w: inout JSONWriter) {
        var bearings: [IntersectionRoad] = []
        if m.type == .depart {
            bearings = [IntersectionRoad(bearing: Int(m.bearingAfter.degrees.rounded()) % 360, entry: true, isIn: false, isOut: true)]
        } else if m.type == .arrive || junction == nil {
            bearings = [IntersectionRoad(bearing: Int(m.bearingBefore.reversed.degrees.rounded()) % 360, entry: true, isIn: true, isOut: false)]
            if m.type != .arrive {
                bearings.append(IntersectionRoad(bearing: Int(m.bearingAfter.degrees.rounded()) % 360, entry: true, isIn: false, isOut: true))
            }
        } else if let j = junction {
            bearings = Self.roads(at: j, graph: graph)
        }
        Self.writeIntersection(at: m.location, roads: bearings, lanes: lanes, into: &w)
    }

    /// A junction passed without a maneuver: all its roads, `in` the approach and `out` the road on, and
    /// its lanes.
    static func writePassedIntersection(_ pass: JunctionPass, lanes: [Lane] = [], graph: RoadGraph, into w: inout JSONWriter) {
        writeIntersection(at: pass.location, roads: roads(at: pass, graph: graph), lanes: lanes, into: &w)
    }

    /// One road of an intersection object.
    struct IntersectionRoad {
        var bearing: Int
        var entry: Bool
        var isIn: Bool
        var isOut: Bool
    }

    /// The roads at a junction as OSRM lists them: each edge leaving the node (entry unless a
    /// restriction forbids it) and the approach, by bearing.
    static func roads(at j: JunctionPass, graph: RoadGraph) -> [IntersectionRoad] {
        let rules = graph.restrictions(from: j.inEdge)
        let mandatory = rules.filter { $0.kind == .mandatory }.map(\.toEdge)
        let prohibited = rules.filter { $0.kind == .prohibitive }.map(\.toEdge)
        let inBearing = Int(edgeBearing(j.inEdge, atHead: true, graph: graph).reversed.degrees.rounded()) % 360
        var roads: [IntersectionRoad] = []
        var sawIn = false
        for out in graph.outgoingEdges(of: j.node) {
            let b = Int(edgeBearing(out, atHead: false, graph: graph).degrees.rounded()) % 360
            let allowed = !prohibited.contains(out) && (mandatory.isEmpty || mandatory.contains(out))
            let isIn = !sawIn && graph.head[Int(out)] == graph.tail[Int(j.inEdge)] && b == inBearing
            if isIn { sawIn = true }
            roads.append(IntersectionRoad(bearing: b, entry: allowed, isIn: isIn, isOut: out == j.outEdge))
        }
        if !sawIn { roads.append(IntersectionRoad(bearing: inBearing, entry: false, isIn: true, isOut: false)) }
        // One-way roads that only lead in: listed, never enterable (a two-way road is listed once).
        let outgoing = graph.outgoingEdges(of: j.node)
        for f in graph.incomingEdges(of: j.node) where f != j.inEdge {
            if outgoing.contains(where: { graph.head[Int($0)] == graph.tail[Int(f)] && graph.wayID[Int($0)] == graph.wayID[Int(f)] }) { continue }
            let b = Int(edgeBearing(f, atHead: true, graph: graph).reversed.degrees.rounded()) % 360
            roads.append(IntersectionRoad(bearing: b, entry: false, isIn: false, isOut: false))
        }
        return roads
    }

    static func writeIntersection(at location: Coordinate, roads unsorted: [IntersectionRoad], lanes: [Lane] = [], into w: inout JSONWriter) {
        let roads = unsorted.sorted { $0.bearing < $1.bearing }
        w.beginObject()
        w.key("location")
        writePosition(location, into: &w)
        w.key("bearings")
        w.beginArray()
        for b in roads { w.integer(b.bearing) }
        w.endArray()
        w.key("entry")
        w.beginArray()
        for b in roads { w.bool(b.entry) }
        w.endArray()
        if let i = roads.firstIndex(where: \.isIn) { w.field("in", i) }
        if let o = roads.firstIndex(where: \.isOut) { w.field("out", o) }
        if !lanes.isEmpty { w.key("lanes"); w.lanes(lanes, nullForAbsentIndication: false) }
        w.endObject()
    }

    /// OSRM's per-segment annotation arrays, those asked for. `nodes` lists the OSM ids of the graph
    /// nodes the leg runs through, from the tail of its first edge to the head of its last (Waymark keeps
    /// ids for junctions and way ends, not for the shape points between them).
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
        let a = options.annotations
        w.key("annotation")
        w.beginObject()
        if a.contains(.distance) { w.key("distance"); w.beginArray(); for d in distances { w.number(d, decimals: 1) }; w.endArray() }
        if a.contains(.duration) { w.key("duration"); w.beginArray(); for t in durations { w.number(t, decimals: 1) }; w.endArray() }
        if a.contains(.weight) {
            w.key("weight"); w.beginArray()
            for (d, t) in zip(distances, durations) { w.number(route.metric == .time ? t : d, decimals: 1) }
            w.endArray()
        }
        if a.contains(.speed) {
            w.key("speed"); w.beginArray()
            for (d, t) in zip(distances, durations) { w.number(t > 0 ? d / t : 0, decimals: 1) }
            w.endArray()
        }
        if a.contains(.datasources) {
            w.key("datasources"); w.beginArray(); for _ in distances { w.integer(0) }; w.endArray()
            w.key("metadata"); w.beginObject(); w.key("datasource_names"); w.beginArray(); w.string("profile"); w.endArray(); w.endObject()
        }
        if a.contains(.nodes) {
            w.key("nodes"); w.beginArray()
            if let first = leg.edges.first, leg.coordinates.count >= 2 {
                w.raw(String(graph.nodeOSMIDs[Int(graph.tail[Int(first)])]))
                for e in leg.edges { w.raw(String(graph.nodeOSMIDs[Int(graph.head[Int(e)])])) }
            }
            w.endArray()
        }
        if a.contains(.maxspeed) {
            w.key("maxspeed"); w.beginArray()
            for limit in limits { Self.writeMaxSpeed(limit, into: &w) }
            w.endArray()
            w.key("waymark_maxspeed"); w.beginArray()
            for limit in limits { Self.writeWaymarkMaxSpeed(limit, into: &w) }
            w.endArray()
        }
        w.endObject()
    }

    /// `{"speed":50,"unit":"km/h"}`, `{"speed":30,"unit":"mph"}`, `{"none":true}` or `{"unknown":true}`,
    /// in OSRM's (and Mapbox's) meaning: the limit posted on the road. A limit Waymark estimated (a legal
    /// default, the neighbours' limit, a class default) is not posted, so it is `unknown` here;
    /// `waymark_maxspeed` beside it gives every limit with its source.
    static func writeMaxSpeed(_ limit: SpeedLimit, into w: inout JSONWriter) {
        w.beginObject()
        if limit.isEstimated {
            w.field("unknown", true)
        } else {
            writeSpeedFields(limit, into: &w)
        }
        w.endObject()
    }

    /// Waymark's own entry beside `maxspeed`, for every limit, posted or estimated:
    /// `{"speed":50,"unit":"km/h","source":"legal_default","estimated":true}`,
    /// `{"none":true,"source":"posted","estimated":false}` or `{"unknown":true,"source":…,"estimated":…}`.
    static func writeWaymarkMaxSpeed(_ limit: SpeedLimit, into w: inout JSONWriter) {
        w.beginObject()
        writeSpeedFields(limit, into: &w)
        w.field("source", limit.source.description)
        w.field("estimated", limit.isEstimated)
        w.endObject()
    }

    /// `"speed":50,"unit":"km/h"` (mph limits in mph), `"none":true` or `"unknown":true`.
    private static func writeSpeedFields(_ limit: SpeedLimit, into w: inout JSONWriter) {
        switch limit.kind {
        case .limited:
            if limit.unit == .milesPerHour {
                w.field("speed", limit.valueInTaggedUnit ?? 0)
                w.field("unit", "mph")
            } else {
                w.field("speed", Int(Double(limit.kilometersPerHour).rounded()))
                w.field("unit", "km/h")
            }
        case .unlimited:
            w.field("none", true)
        case .unknown:
            w.field("unknown", true)
        }
    }

    // MARK: Helpers

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
    public static func roadName(of edge: EdgeIndex, in graph: RoadGraph) -> String {
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
    public static func writePosition(_ c: Coordinate, into w: inout JSONWriter) { w.position(c, decimals: 6) }

    private func writeGeometry(_ points: [Coordinate], into w: inout JSONWriter) {
        // A LineString needs two positions; a zero-length route repeats its one point.
        let coordinates = points.count == 1 ? [points[0], points[0]] : points
        switch options.geometries {
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
