import Geodesy

/// Index of a routing node (a junction, a way end, or a restriction's via node) in a `RoadGraph`.
public typealias NodeIndex = UInt32
/// Index of a directed edge in a `RoadGraph`.
public typealias EdgeIndex = UInt32

/// The car road graph: read-only, compact, shared by every query.
///
/// Layout (compressed sparse row, as in RoutingKit): the edges leaving node `n` are
/// `firstOut[n] ..< firstOut[n + 1]`; every per-edge array is indexed by `EdgeIndex`; the intermediate
/// OSM nodes of edge `e` (its shape points, in travel direction, without its two end nodes) are
/// `shapePoints[firstShapePoint[e] ..< firstShapePoint[e + 1]]`. Strings (names, refs, destinations, exit
/// numbers) are interned in `strings`, whose entry 0 is the empty string.
///
/// Invariants (checked by `validate()`, which debug builds run on every construction; arrays read from
/// outside, such as a database, are assembled with `init(validating:tail:)`, which checks them in every build):
/// - `firstOut.count == nodeCount + 1`, `firstOut[0] == 0`, non-decreasing, `firstOut.last == edgeCount`;
/// - every per-edge array has `edgeCount` entries, every per-node array `nodeCount` (`nodeControls` may be
///   given empty, meaning no control anywhere);
/// - `head[e] < nodeCount` (`tail[e]`, the node whose range contains `e`, is derived from `firstOut`);
/// - `lengthMeters[e] >= 0` and finite; `travelTimeSeconds[e] > 0` unless the length is 0;
/// - `firstShapePoint.count == edgeCount + 1`, non-decreasing, ending at `shapePoints.count`;
/// - `nameIndex`/`refIndex` < `strings.count`, `strings[0] == ""`;
/// - `signpostIndex` has `edgeCount` entries < `signposts.count` (`signpostIndex` may be given empty, meaning no
///   signpost anywhere), `signposts[0] == .none`, every signpost's strings < `strings.count` and lane pattern
///   < `turnLanePatterns.count`, whose arrays fit together (`TurnLanePatterns.validate()`);
/// - `junctionExits` are sorted by node, at most one per node, `node < nodeCount`, `0 < refIndex < strings.count`;
/// - restrictions are sorted by `fromEdge` and satisfy `TurnRestriction`'s invariant;
/// - via-way restrictions are sorted by `fromEdge` and satisfy `ViaWayRestriction`'s invariant.
public struct RoadGraph: Sendable {
    // MARK: Nodes
    public let firstOut: [UInt32]
    /// Held in 32-bit fixed point when that loses nothing, as for every imported graph (`CoordinateColumn`).
    public let nodeCoordinates: CoordinateColumn
    /// Held in 5 bytes an id when every id fits 40 bits, as every real extract's do (`OSMIDColumn`).
    public let nodeOSMIDs: OSMIDColumn
    /// Elevation above sea level from `ele` tags, metres; NaN where unknown (held once when unknown everywhere).
    public let nodeElevations: CompactColumn<Float>
    /// Traffic signals, stop and give-way signs standing at each node (`.none` at most).
    public let nodeControls: [TrafficControl]

    // MARK: Edges
    /// Derived from `firstOut`, not held (`EdgeTailColumn`).
    public let tail: EdgeTailColumn
    public let head: [NodeIndex]
    public let lengthMeters: [Float]
    /// Time to drive the edge at the profile's routing speed.
    public let travelTimeSeconds: [Float]
    // The way attributes and way ids: interned together, one 32-bit code per edge for all seven (`CompactColumn`).
    public private(set) var highway: CompactColumn<HighwayClass>
    /// Replaced once by the import's estimate of the limits no way posts (`replacingSpeedLimits(_:)`).
    public private(set) var speedLimit: CompactColumn<SpeedLimit>
    public private(set) var flags: CompactColumn<EdgeFlags>
    public private(set) var nameIndex: CompactColumn<UInt32>
    public private(set) var refIndex: CompactColumn<UInt32>
    /// What the signs along each edge announce, as an index into `signposts` (0: nothing).
    public private(set) var signpostIndex: CompactColumn<UInt32>
    public private(set) var wayID: CompactColumn<Int64>

    // MARK: Geometry
    public let firstShapePoint: [UInt32]
    public let shapePoints: CoordinateColumn
    /// Elevation of each shape point, metres; NaN where unknown (held once when unknown everywhere).
    public let shapeElevations: CompactColumn<Float>

    // MARK: Shared tables
    public let strings: [String]
    /// The distinct signposts of the edges; entry 0 is `Signpost.none`.
    public let signposts: [Signpost]
    /// The distinct lane patterns the signposts refer to; pattern 0 has no lanes.
    public let turnLanePatterns: TurnLanePatterns
    /// The exit numbers of the motorway junctions among the nodes, sorted by node.
    public let junctionExits: [JunctionExit]
    public let restrictions: [TurnRestriction]
    /// Restrictions over via ways, as edge paths, sorted by their from edge.
    public let viaWayRestrictions: [ViaWayRestriction]
    /// The side traffic keeps to (set by the import; `right` unless known otherwise).
    public var drivingSide: DrivingSide

    // MARK: Derived
    /// Reverse adjacency (CSR): the edges entering node `n` are `incomingEdgeList[firstIn[n] ..< firstIn[n + 1]]`.
    /// Derived from `head` at construction, so every reader of the graph (guidance looks at the one-way roads
    /// that enter a junction, landmark preparation searches backwards) shares one copy.
    public let firstIn: [UInt32]
    public let incomingEdgeList: [EdgeIndex]

    /// Assembles a graph from its arrays; debug builds check every invariant listed on the type.
    public init(_ arrays: RoadGraphArrays) {
        self.init(arrays, checkedInDebugBuilds: true)
    }

    /// Assembles a graph from arrays read from outside (a file), checking every invariant listed on the
    /// type first, in every build: the one checker of a graph's arrays. `tail` is the stored tail of each
    /// edge, checked against the one `firstOut` implies (the graph derives its tails, `EdgeTailColumn`).
    /// - Throws: `RoadGraphInconsistency` naming the first violated invariant.
    /// - Complexity: O(nodes + edges + shape points + restriction edges).
    public init(validating arrays: RoadGraphArrays, tail: [NodeIndex]) throws(RoadGraphInconsistency) {
        // Assembling is safe on any arrays (the reverse adjacency skips heads out of range); nothing reads
        // the graph before the check. Every node needs its traffic control here (the default of none
        // everywhere is for graphs built in memory).
        if arrays.nodeControls.count != arrays.nodeCoordinates.count {
            throw RoadGraphInconsistency(description: "\(arrays.nodeControls.count) traffic controls for \(arrays.nodeCoordinates.count) nodes")
        }
        // Likewise every edge needs its signpost index here.
        if arrays.signpostIndex.count != arrays.head.count {
            throw RoadGraphInconsistency(description: "\(arrays.signpostIndex.count) signpost indices for \(arrays.head.count) edges")
        }
        self.init(arrays, checkedInDebugBuilds: false)
        if let problem = validate() { throw RoadGraphInconsistency(description: problem) }
        if tail.count != head.count { throw RoadGraphInconsistency(description: "tail has \(tail.count) entries for \(head.count) edges") }
        // Node by node, as the ranges lie: O(edges) without a search per edge.
        for v in 0..<nodeCount {
            for e in firstOut[v]..<firstOut[v + 1] where tail[Int(e)] != UInt32(v) {
                throw RoadGraphInconsistency(description: "edge \(e) lies in node \(v)'s range but its tail is \(tail[Int(e)])")
            }
        }
    }

    /// The designated initializer; `checkedInDebugBuilds: false` lets tests build a broken graph to
    /// show that `validate()` catches it. `reverseAdjacency` passes one the builder already made.
    init(_ arrays: RoadGraphArrays, reverseAdjacency: (firstIn: [UInt32], edges: [EdgeIndex])? = nil, checkedInDebugBuilds: Bool) {
        let nodeCount = arrays.nodeCoordinates.count, edgeCount = arrays.head.count
        firstOut = arrays.firstOut
        nodeCoordinates = CoordinateColumn(arrays.nodeCoordinates)
        nodeOSMIDs = OSMIDColumn(arrays.nodeOSMIDs)
        nodeElevations = Self.elevationColumn(arrays.nodeElevations)
        nodeControls = arrays.nodeControls.isEmpty ? [TrafficControl](repeating: .none, count: nodeCount) : arrays.nodeControls
        tail = EdgeTailColumn(firstOut: arrays.firstOut, edgeCount: edgeCount)
        head = arrays.head
        lengthMeters = arrays.lengthMeters
        travelTimeSeconds = arrays.travelTimeSeconds
        (highway, speedLimit, flags, nameIndex, refIndex, signpostIndex, wayID) =
            Self.internedWayAttributes(
                highway: arrays.highway, speedLimit: arrays.speedLimit, flags: arrays.flags, nameIndex: arrays.nameIndex,
                refIndex: arrays.refIndex,
                signpostIndex: arrays.signpostIndex.isEmpty ? [UInt32](repeating: 0, count: edgeCount) : arrays.signpostIndex,
                wayID: arrays.wayID)
        signposts = arrays.signposts
        turnLanePatterns = arrays.turnLanePatterns
        junctionExits = arrays.junctionExits
        firstShapePoint = arrays.firstShapePoint
        shapePoints = CoordinateColumn(arrays.shapePoints)
        shapeElevations = Self.elevationColumn(arrays.shapeElevations)
        strings = arrays.strings
        restrictions = arrays.restrictions
        (firstIn, incomingEdgeList) = reverseAdjacency ?? Self.reverseAdjacency(head: arrays.head, nodeCount: nodeCount)
        viaWayRestrictions = arrays.viaWayRestrictions
        drivingSide = arrays.drivingSide
        #if DEBUG
        if checkedInDebugBuilds, let problem = validate() { preconditionFailure("RoadGraph invariant violated: \(problem)") }
        #endif
    }

    /// Elevations held once when every one is unknown (NaN), else as given.
    private static func elevationColumn(_ elevations: [Float]) -> CompactColumn<Float> {
        CompactColumn(elevations, uniformWhen: { $0.isNaN && $1.isNaN })
    }

    /// An empty graph.
    public static let empty = RoadGraph(RoadGraphArrays(
        firstOut: [0], nodeCoordinates: [], nodeOSMIDs: [], nodeElevations: [], head: [],
        lengthMeters: [], travelTimeSeconds: [], highway: [], speedLimit: [], flags: [], nameIndex: [],
        refIndex: [], wayID: [], firstShapePoint: [0], shapePoints: [], shapeElevations: [], strings: [""],
        restrictions: []))

    public var nodeCount: Int { nodeCoordinates.count }
    public var edgeCount: Int { head.count }

    /// The graph with every edge's speed limit replaced (the import's estimate of the limits no way
    /// posts); the way attributes are interned anew together, so the graph stays as compact.
    /// - Precondition: `limits.count == edgeCount`.
    /// - Complexity: O(edges) expected.
    public func replacingSpeedLimits(_ limits: [SpeedLimit]) -> RoadGraph {
        precondition(limits.count == edgeCount, "\(limits.count) speed limits for \(edgeCount) edges")
        var copy = self
        (copy.highway, copy.speedLimit, copy.flags, copy.nameIndex, copy.refIndex, copy.signpostIndex, copy.wayID) =
            Self.internedWayAttributes(
                highway: Array(highway), speedLimit: limits, flags: Array(flags), nameIndex: Array(nameIndex),
                refIndex: Array(refIndex), signpostIndex: Array(signpostIndex), wayID: Array(wayID))
        return copy
    }

    /// The edges leaving `node`.
    /// - Complexity: O(1).
    @inlinable public func outgoingEdges(of node: NodeIndex) -> Range<EdgeIndex> {
        firstOut[Int(node)] ..< firstOut[Int(node) + 1]
    }

    /// The edges entering `node`.
    /// - Complexity: O(1) (a slice).
    @inlinable public func incomingEdges(of node: NodeIndex) -> ArraySlice<EdgeIndex> {
        incomingEdgeList[Int(firstIn[Int(node)]) ..< Int(firstIn[Int(node) + 1])]
    }

    /// The one reverse-adjacency builder (the builder's restriction resolution and the graph share its
    /// result): a counting sort of the edges by head node, heads out of range left out.
    /// - Complexity: O(nodes + edges).
    static func reverseAdjacency(head: [NodeIndex], nodeCount: Int) -> (firstIn: [UInt32], edges: [EdgeIndex]) {
        var first = [UInt32](repeating: 0, count: nodeCount + 1)
        for h in head where Int(h) < nodeCount { first[Int(h) + 1] += 1 }
        for v in 0..<nodeCount { first[v + 1] += first[v] }
        var fill = first
        var list = [EdgeIndex](repeating: 0, count: Int(first[nodeCount]))
        for (e, h) in head.enumerated() where Int(h) < nodeCount {
            list[Int(fill[Int(h)])] = EdgeIndex(e)
            fill[Int(h)] += 1
        }
        return (first, list)
    }

    /// The street name of an edge ("" when unnamed).
    public func name(of edge: EdgeIndex) -> String { strings[Int(nameIndex[Int(edge)])] }
    /// The route reference of an edge (`A 5`, `N13`; "" when none).
    public func ref(of edge: EdgeIndex) -> String { strings[Int(refIndex[Int(edge)])] }
    /// The signposted destinations of an edge (`A1: Porto, Lisboa`; "" when none).
    public func destinations(of edge: EdgeIndex) -> String {
        strings[Int(signposts[Int(signpostIndex[Int(edge)])].destinationsIndex)]
    }
    /// The exit numbers or names signed on an edge's road (its `junction:ref`; "" when none).
    public func exits(of edge: EdgeIndex) -> String {
        strings[Int(signposts[Int(signpostIndex[Int(edge)])].exitsIndex)]
    }
    /// Whether an edge maps lanes (`turnLanes(of:)` is not empty), without taking the slice.
    /// - Complexity: O(1).
    public func hasTurnLanes(_ edge: EdgeIndex) -> Bool {
        signposts[Int(signpostIndex[Int(edge)])].turnLanesIndex != 0
    }
    /// The arrows of an edge's lanes in its direction of travel, left to right (empty when not mapped).
    /// - Complexity: O(1) (a slice).
    public func turnLanes(of edge: EdgeIndex) -> ArraySlice<TurnLaneMask> {
        turnLanePatterns[signposts[Int(signpostIndex[Int(edge)])].turnLanesIndex]
    }

    /// The exit number of the motorway junction at `node` ("" when it is none, or has no number).
    /// - Complexity: O(log j) for j junctions with an exit number.
    public func junctionExit(at node: NodeIndex) -> String {
        var lo = 0, hi = junctionExits.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if junctionExits[mid].node < node { lo = mid + 1 } else { hi = mid }
        }
        guard lo < junctionExits.count, junctionExits[lo].node == node else { return "" }
        return strings[Int(junctionExits[lo].refIndex)]
    }

    /// The intermediate shape points of an edge, in travel direction, without its end nodes.
    /// - Complexity: O(1) (a slice).
    public func shapePoints(of edge: EdgeIndex) -> Slice<CoordinateColumn> {
        shapePoints[shapePointRange(of: edge)]
    }

    /// Where an edge's intermediate shape points lie in `shapePoints` (for bulk reads with
    /// `CoordinateColumn.copy(_:to:)`).
    @inlinable
    public func shapePointRange(of edge: EdgeIndex) -> Range<Int> {
        Int(firstShapePoint[Int(edge)]) ..< Int(firstShapePoint[Int(edge) + 1])
    }

    /// The full polyline of an edge: tail node, shape points, head node.
    /// - Complexity: O(number of shape points).
    public func geometry(of edge: EdgeIndex) -> [Coordinate] {
        geometry(of: edge, leaving: tail[Int(edge)])
    }

    /// `geometry(of:)` for a caller that knows the edge's tail (one walking the node ranges), which the
    /// graph would otherwise search `firstOut` for.
    /// - Precondition: `tail` is `edge`'s tail.
    public func geometry(of edge: EdgeIndex, leaving tail: NodeIndex) -> [Coordinate] {
        let shape = shapePointRange(of: edge)
        return [Coordinate](unsafeUninitializedCapacity: shape.count + 2) { buffer, initialized in
            buffer.initializeElement(at: 0, to: nodeCoordinates[Int(tail)])
            shapePoints.copy(shape, to: buffer.baseAddress! + 1)
            buffer.initializeElement(at: shape.count + 1, to: nodeCoordinates[Int(head[Int(edge)])])
            initialized = shape.count + 2
        }
    }

    /// Elevations matching `geometry(of:)` point for point (NaN where unknown).
    public func geometryElevations(of edge: EdgeIndex) -> [Float] {
        var values: [Float] = [nodeElevations[Int(tail[Int(edge)])]]
        values.append(contentsOf: shapeElevations[Int(firstShapePoint[Int(edge)]) ..< Int(firstShapePoint[Int(edge) + 1])])
        values.append(nodeElevations[Int(head[Int(edge)])])
        return values
    }

    /// The restrictions whose `fromEdge` is `edge` (restrictions are sorted by `fromEdge`).
    /// - Complexity: O(log r) where r is the number of restrictions.
    public func restrictions(from edge: EdgeIndex) -> ArraySlice<TurnRestriction> {
        var lo = 0, hi = restrictions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if restrictions[mid].fromEdge < edge { lo = mid + 1 } else { hi = mid }
        }
        var end = lo
        while end < restrictions.count && restrictions[end].fromEdge == edge { end += 1 }
        return restrictions[lo..<end]
    }

    /// The bounding box of all node and shape coordinates.
    /// - Complexity: O(nodes + shape points).
    public var boundingBox: BoundingBox {
        var box = BoundingBox()
        for c in nodeCoordinates { box.include(c) }
        for c in shapePoints { box.include(c) }
        return box
    }

    /// Returns the first violated invariant, or nil when the graph is well formed.
    /// - Complexity: O(nodes + edges + shape points + restriction edges).
    public func validate() -> String? {
        let n = nodeCount, m = edgeCount
        if firstOut.count != n + 1 { return "firstOut has \(firstOut.count) entries for \(n) nodes" }
        if firstOut.first != 0 { return "firstOut[0] is not 0" }
        if Int(firstOut[n]) != m { return "firstOut ends at \(firstOut[n]), not at \(m) edges" }
        if nodeOSMIDs.count != n || nodeElevations.count != n || nodeControls.count != n { return "per-node arrays differ in length" }
        for (name, count) in [("lengthMeters", lengthMeters.count),
                              ("travelTimeSeconds", travelTimeSeconds.count), ("highway", highway.count),
                              ("speedLimit", speedLimit.count), ("flags", flags.count),
                              ("nameIndex", nameIndex.count), ("refIndex", refIndex.count), ("wayID", wayID.count),
                              ("signpostIndex", signpostIndex.count)]
        where count != m {
            return "\(name) has \(count) entries for \(m) edges"
        }
        if firstShapePoint.count != m + 1 || firstShapePoint.first != 0 || Int(firstShapePoint[m]) != shapePoints.count {
            return "firstShapePoint does not cover shapePoints"
        }
        if shapeElevations.count != shapePoints.count { return "shapeElevations differs from shapePoints" }
        if strings.first != "" { return "strings[0] must be the empty string" }
        if let problem = validateSignposts() { return problem }
        for v in 0..<n where firstOut[v] > firstOut[v + 1] { return "firstOut decreases at node \(v)" }
        for e in 0..<m {
            if Int(head[e]) >= n { return "edge \(e) has head \(head[e]), beyond \(n) nodes" }
            if !(lengthMeters[e] >= 0) || !lengthMeters[e].isFinite { return "edge \(e) has length \(lengthMeters[e])" }
            if !(travelTimeSeconds[e] >= 0) || !travelTimeSeconds[e].isFinite { return "edge \(e) has travel time \(travelTimeSeconds[e])" }
            if lengthMeters[e] > 0 && travelTimeSeconds[e] <= 0 { return "edge \(e) has length but no travel time" }
            if firstShapePoint[e] > firstShapePoint[e + 1] { return "firstShapePoint decreases at edge \(e)" }
        }
        // The interned columns hold each distinct value once: checking those is checking every edge, and
        // only a failure needs the edge that has it.
        if !nameIndex.everyValue({ Int($0) < strings.count }) || !refIndex.everyValue({ Int($0) < strings.count }) {
            let e = (0..<m).first { Int(nameIndex[$0]) >= strings.count || Int(refIndex[$0]) >= strings.count } ?? 0
            return "edge \(e) names a missing string"
        }
        if !signpostIndex.everyValue({ Int($0) < signposts.count }) {
            let e = (0..<m).first { Int(signpostIndex[$0]) >= signposts.count } ?? 0
            return "edge \(e) has signpost \(signpostIndex[e]), beyond \(signposts.count) signposts"
        }
        var previous: UInt32 = 0
        for r in restrictions {
            if r.fromEdge < previous { return "restrictions are not sorted by fromEdge" }
            previous = r.fromEdge
            if Int(r.fromEdge) >= m || Int(r.toEdge) >= m || Int(r.viaNode) >= n { return "restriction \(r.relationID) is out of range" }
            if head[Int(r.fromEdge)] != r.viaNode || tail[Int(r.toEdge)] != r.viaNode {
                return "restriction \(r.relationID) does not meet at its via node"
            }
        }
        previous = 0
        for r in viaWayRestrictions {
            if r.edges.count < 3 { return "via-way restriction \(r.relationID) has fewer than three edges" }
            if r.fromEdge < previous { return "via-way restrictions are not sorted by their from edge" }
            previous = r.fromEdge
            if r.edges.contains(where: { Int($0) >= m }) { return "via-way restriction \(r.relationID) is out of range" }
            for (a, b) in zip(r.edges, r.edges.dropFirst()) where head[Int(a)] != tail[Int(b)] {
                return "via-way restriction \(r.relationID) has edges that do not meet"
            }
        }
        return nil
    }

    /// The first violated invariant of `signposts`, `turnLanePatterns` and `junctionExits` (per-edge indices
    /// are checked with the other edge arrays).
    /// - Complexity: O(signposts + lane patterns + junction exits).
    private func validateSignposts() -> String? {
        if signposts.first != Signpost.none { return "signposts[0] must be the empty signpost" }
        for (i, s) in signposts.enumerated() where Int(s.destinationsIndex) >= strings.count || Int(s.exitsIndex) >= strings.count {
            return "signpost \(i) names a missing string"
        }
        if let problem = turnLanePatterns.validate() { return problem }
        for (i, s) in signposts.enumerated() where Int(s.turnLanesIndex) >= turnLanePatterns.count {
            return "signpost \(i) has lane pattern \(s.turnLanesIndex), beyond \(turnLanePatterns.count) patterns"
        }
        var previous: NodeIndex?
        for exit in junctionExits {
            if let previous, exit.node <= previous { return "junction exits are not sorted by node, one per node" }
            previous = exit.node
            if Int(exit.node) >= nodeCount { return "junction exit at node \(exit.node), beyond \(nodeCount) nodes" }
            if exit.refIndex == 0 || Int(exit.refIndex) >= strings.count { return "junction exit at node \(exit.node) names no string" }
        }
        return nil
    }
}

/// Arrays that violate one of `RoadGraph`'s invariants (from `RoadGraph.init(validating:tail:)`).
public struct RoadGraphInconsistency: Error, CustomStringConvertible, Equatable {
    /// The first violated invariant, in words.
    public var description: String
}
