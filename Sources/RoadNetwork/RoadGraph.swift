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
/// `shapePoints[firstShapePoint[e] ..< firstShapePoint[e + 1]]`. Strings (names, refs) are interned in
/// `strings`, whose entry 0 is the empty string.
///
/// Invariants (checked by `validate()`, which debug builds run on every construction; arrays read from
/// outside, such as a database, are assembled with `init(validating:…)`, which checks them in every build):
/// - `firstOut.count == nodeCount + 1`, `firstOut[0] == 0`, non-decreasing, `firstOut.last == edgeCount`;
/// - every per-edge array has `edgeCount` entries, every per-node array `nodeCount`;
/// - `tail[e]` is the node whose range contains `e`; `head[e] < nodeCount`;
/// - `lengthMeters[e] >= 0` and finite; `travelTimeSeconds[e] > 0` unless the length is 0;
/// - `firstShapePoint.count == edgeCount + 1`, non-decreasing, ending at `shapePoints.count`;
/// - `nameIndex`/`refIndex` < `strings.count`, `strings[0] == ""`;
/// - restrictions are sorted by `fromEdge` and satisfy `TurnRestriction`'s invariant;
/// - via-way restrictions are sorted by `fromEdge` and satisfy `ViaWayRestriction`'s invariant.
public struct RoadGraph: Sendable {
    // MARK: Nodes
    public let firstOut: [UInt32]
    public let nodeCoordinates: [Coordinate]
    public let nodeOSMIDs: [Int64]
    /// Elevation above sea level from `ele` tags, metres; NaN where unknown.
    public let nodeElevations: [Float]

    // MARK: Edges
    public let tail: [NodeIndex]
    public let head: [NodeIndex]
    public let lengthMeters: [Float]
    /// Time to drive the edge at the profile's routing speed.
    public let travelTimeSeconds: [Float]
    public let highway: [HighwayClass]
    public let speedLimit: [SpeedLimit]
    public let flags: [EdgeFlags]
    public let nameIndex: [UInt32]
    public let refIndex: [UInt32]
    public let wayID: [Int64]

    // MARK: Geometry
    public let firstShapePoint: [UInt32]
    public let shapePoints: [Coordinate]
    /// Elevation of each shape point, metres; NaN where unknown.
    public let shapeElevations: [Float]

    // MARK: Shared tables
    public let strings: [String]
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
    public init(
        firstOut: [UInt32], nodeCoordinates: [Coordinate], nodeOSMIDs: [Int64], nodeElevations: [Float],
        tail: [NodeIndex], head: [NodeIndex], lengthMeters: [Float], travelTimeSeconds: [Float],
        highway: [HighwayClass], speedLimit: [SpeedLimit], flags: [EdgeFlags],
        nameIndex: [UInt32], refIndex: [UInt32], wayID: [Int64],
        firstShapePoint: [UInt32], shapePoints: [Coordinate], shapeElevations: [Float],
        strings: [String], restrictions: [TurnRestriction], viaWayRestrictions: [ViaWayRestriction] = [],
        drivingSide: DrivingSide = .right
    ) {
        self.init(firstOut: firstOut, nodeCoordinates: nodeCoordinates, nodeOSMIDs: nodeOSMIDs, nodeElevations: nodeElevations,
                  tail: tail, head: head, lengthMeters: lengthMeters, travelTimeSeconds: travelTimeSeconds,
                  highway: highway, speedLimit: speedLimit, flags: flags, nameIndex: nameIndex, refIndex: refIndex,
                  wayID: wayID, firstShapePoint: firstShapePoint, shapePoints: shapePoints, shapeElevations: shapeElevations,
                  strings: strings, restrictions: restrictions, viaWayRestrictions: viaWayRestrictions,
                  drivingSide: drivingSide, checkedInDebugBuilds: true)
    }

    /// Assembles a graph from arrays read from outside (a file), checking every invariant listed on the
    /// type first, in every build: the one checker of a graph's arrays.
    /// - Throws: `RoadGraphInconsistency` naming the first violated invariant.
    /// - Complexity: O(nodes + edges + shape points + restriction edges).
    public init(
        validating firstOut: [UInt32], nodeCoordinates: [Coordinate], nodeOSMIDs: [Int64], nodeElevations: [Float],
        tail: [NodeIndex], head: [NodeIndex], lengthMeters: [Float], travelTimeSeconds: [Float],
        highway: [HighwayClass], speedLimit: [SpeedLimit], flags: [EdgeFlags],
        nameIndex: [UInt32], refIndex: [UInt32], wayID: [Int64],
        firstShapePoint: [UInt32], shapePoints: [Coordinate], shapeElevations: [Float],
        strings: [String], restrictions: [TurnRestriction], viaWayRestrictions: [ViaWayRestriction] = [],
        drivingSide: DrivingSide = .right
    ) throws(RoadGraphInconsistency) {
        // Assembling is safe on any arrays (the reverse adjacency skips heads out of range); nothing reads
        // the graph before the check.
        self.init(firstOut: firstOut, nodeCoordinates: nodeCoordinates, nodeOSMIDs: nodeOSMIDs, nodeElevations: nodeElevations,
                  tail: tail, head: head, lengthMeters: lengthMeters, travelTimeSeconds: travelTimeSeconds,
                  highway: highway, speedLimit: speedLimit, flags: flags, nameIndex: nameIndex, refIndex: refIndex,
                  wayID: wayID, firstShapePoint: firstShapePoint, shapePoints: shapePoints, shapeElevations: shapeElevations,
                  strings: strings, restrictions: restrictions, viaWayRestrictions: viaWayRestrictions,
                  drivingSide: drivingSide, checkedInDebugBuilds: false)
        if let problem = validate() { throw RoadGraphInconsistency(description: problem) }
    }

    /// The designated initializer; `checkedInDebugBuilds: false` lets tests build a broken graph to
    /// show that `validate()` catches it. `reverseAdjacency` passes one the builder already made.
    init(
        firstOut: [UInt32], nodeCoordinates: [Coordinate], nodeOSMIDs: [Int64], nodeElevations: [Float],
        tail: [NodeIndex], head: [NodeIndex], lengthMeters: [Float], travelTimeSeconds: [Float],
        highway: [HighwayClass], speedLimit: [SpeedLimit], flags: [EdgeFlags],
        nameIndex: [UInt32], refIndex: [UInt32], wayID: [Int64],
        firstShapePoint: [UInt32], shapePoints: [Coordinate], shapeElevations: [Float],
        strings: [String], restrictions: [TurnRestriction], viaWayRestrictions: [ViaWayRestriction] = [],
        drivingSide: DrivingSide = .right, reverseAdjacency: (firstIn: [UInt32], edges: [EdgeIndex])? = nil,
        checkedInDebugBuilds: Bool
    ) {
        self.firstOut = firstOut
        self.nodeCoordinates = nodeCoordinates
        self.nodeOSMIDs = nodeOSMIDs
        self.nodeElevations = nodeElevations
        self.tail = tail
        self.head = head
        self.lengthMeters = lengthMeters
        self.travelTimeSeconds = travelTimeSeconds
        self.highway = highway
        self.speedLimit = speedLimit
        self.flags = flags
        self.nameIndex = nameIndex
        self.refIndex = refIndex
        self.wayID = wayID
        self.firstShapePoint = firstShapePoint
        self.shapePoints = shapePoints
        self.shapeElevations = shapeElevations
        self.strings = strings
        self.restrictions = restrictions
        (self.firstIn, self.incomingEdgeList) = reverseAdjacency ?? Self.reverseAdjacency(head: head, nodeCount: nodeCoordinates.count)
        self.viaWayRestrictions = viaWayRestrictions
        self.drivingSide = drivingSide
        #if DEBUG
        if checkedInDebugBuilds, let problem = validate() { preconditionFailure("RoadGraph invariant violated: \(problem)") }
        #endif
    }

    /// An empty graph.
    public static let empty = RoadGraph(
        firstOut: [0], nodeCoordinates: [], nodeOSMIDs: [], nodeElevations: [], tail: [], head: [],
        lengthMeters: [], travelTimeSeconds: [], highway: [], speedLimit: [], flags: [], nameIndex: [],
        refIndex: [], wayID: [], firstShapePoint: [0], shapePoints: [], shapeElevations: [], strings: [""],
        restrictions: [])

    public var nodeCount: Int { nodeCoordinates.count }
    public var edgeCount: Int { head.count }

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

    /// The intermediate shape points of an edge, in travel direction, without its end nodes.
    /// - Complexity: O(1) (a slice).
    public func shapePoints(of edge: EdgeIndex) -> ArraySlice<Coordinate> {
        shapePoints[Int(firstShapePoint[Int(edge)]) ..< Int(firstShapePoint[Int(edge) + 1])]
    }

    /// The full polyline of an edge: tail node, shape points, head node.
    /// - Complexity: O(number of shape points).
    public func geometry(of edge: EdgeIndex) -> [Coordinate] {
        var points: [Coordinate] = [nodeCoordinates[Int(tail[Int(edge)])]]
        points.append(contentsOf: shapePoints(of: edge))
        points.append(nodeCoordinates[Int(head[Int(edge)])])
        return points
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
        if nodeOSMIDs.count != n || nodeElevations.count != n { return "per-node arrays differ in length" }
        for (name, count) in [("tail", tail.count), ("lengthMeters", lengthMeters.count),
                              ("travelTimeSeconds", travelTimeSeconds.count), ("highway", highway.count),
                              ("speedLimit", speedLimit.count), ("flags", flags.count),
                              ("nameIndex", nameIndex.count), ("refIndex", refIndex.count), ("wayID", wayID.count)]
        where count != m {
            return "\(name) has \(count) entries for \(m) edges"
        }
        if firstShapePoint.count != m + 1 || firstShapePoint.first != 0 || Int(firstShapePoint[m]) != shapePoints.count {
            return "firstShapePoint does not cover shapePoints"
        }
        if shapeElevations.count != shapePoints.count { return "shapeElevations differs from shapePoints" }
        if strings.first != "" { return "strings[0] must be the empty string" }
        for v in 0..<n where firstOut[v] > firstOut[v + 1] { return "firstOut decreases at node \(v)" }
        // Non-decreasing up to firstOut[n] == edgeCount: every range below lies within the edges.
        for v in 0..<n {
            for e in firstOut[v]..<firstOut[v + 1] where tail[Int(e)] != UInt32(v) {
                return "edge \(e) lies in node \(v)'s range but its tail is \(tail[Int(e)])"
            }
        }
        for e in 0..<m {
            if Int(head[e]) >= n { return "edge \(e) has head \(head[e]), beyond \(n) nodes" }
            if !(lengthMeters[e] >= 0) || !lengthMeters[e].isFinite { return "edge \(e) has length \(lengthMeters[e])" }
            if !(travelTimeSeconds[e] >= 0) || !travelTimeSeconds[e].isFinite { return "edge \(e) has travel time \(travelTimeSeconds[e])" }
            if lengthMeters[e] > 0 && travelTimeSeconds[e] <= 0 { return "edge \(e) has length but no travel time" }
            if firstShapePoint[e] > firstShapePoint[e + 1] { return "firstShapePoint decreases at edge \(e)" }
            if Int(nameIndex[e]) >= strings.count || Int(refIndex[e]) >= strings.count { return "edge \(e) names a missing string" }
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
}

/// Arrays that violate one of `RoadGraph`'s invariants (from `RoadGraph.init(validating:…)`).
public struct RoadGraphInconsistency: Error, CustomStringConvertible, Equatable {
    /// The first violated invariant, in words.
    public var description: String
}
