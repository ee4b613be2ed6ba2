import Geodesy

/// One directed edge as a builder receives it, before the graph is laid out in CSR order.
public struct RoadEdgeDescription: Sendable {
    public var from: NodeIndex
    public var to: NodeIndex
    /// Intermediate points in travel direction, without the two end nodes.
    public var shape: [Coordinate]
    /// Elevations of `shape` (empty means all unknown).
    public var shapeElevations: [Float]
    /// Length; nil means "measure the geometry".
    public var lengthMeters: Meters?
    /// The speed routing assumes on this edge.
    public var routingSpeed: KilometersPerHour
    /// A fixed time to drive the edge (a ferry crossing's share of its tagged `duration`); nil derives
    /// it from the length and `routingSpeed`.
    public var travelTimeSeconds: Seconds?
    public var highway: HighwayClass
    public var speedLimit: SpeedLimit
    public var flags: EdgeFlags
    public var name: String
    public var ref: String
    /// The signposted destinations in this direction (`A1: Porto, Lisboa`; "" when none).
    public var destinations: String
    /// The exit numbers or names signed on the road (`junction:ref`; "" when none).
    public var exits: String
    /// The arrows of the lanes in this direction, left to right (`turn:lanes`; empty when not mapped).
    public var turnLanes: [TurnLaneMask]
    public var wayID: Int64

    public init(from: NodeIndex, to: NodeIndex, shape: [Coordinate] = [], shapeElevations: [Float] = [],
                lengthMeters: Meters? = nil, routingSpeed: KilometersPerHour, highway: HighwayClass,
                speedLimit: SpeedLimit, flags: EdgeFlags = [], name: String = "", ref: String = "",
                destinations: String = "", exits: String = "", turnLanes: [TurnLaneMask] = [], wayID: Int64 = 0,
                travelTimeSeconds: Seconds? = nil) {
        self.from = from
        self.to = to
        self.shape = shape
        self.shapeElevations = shapeElevations
        self.lengthMeters = lengthMeters
        self.routingSpeed = routingSpeed
        self.highway = highway
        self.speedLimit = speedLimit
        self.flags = flags
        self.name = name
        self.ref = ref
        self.destinations = destinations
        self.exits = exits
        self.turnLanes = turnLanes
        self.wayID = wayID
        self.travelTimeSeconds = travelTimeSeconds
    }
}

/// Collects nodes, edges and way-level turn restrictions, then lays them out as a `RoadGraph`.
///
/// Used by the OSM import and by tests that draw small graphs by hand. Edges may be added in any
/// order; `build()` sorts them by tail (stably, so edges of one node keep their insertion order).
public struct RoadGraphBuilder: Sendable {
    private var coordinates: [Coordinate] = []
    private var osmIDs: [Int64] = []
    private var elevations: [Float] = []
    private var controls: [TrafficControl] = []

    private var edgeFrom: [NodeIndex] = []
    private var edgeTo: [NodeIndex] = []
    private var edgeLength: [Float] = []
    private var edgeTime: [Float] = []
    private var edgeHighway: [HighwayClass] = []
    private var edgeLimit: [SpeedLimit] = []
    private var edgeFlags: [EdgeFlags] = []
    private var edgeName: [UInt32] = []
    private var edgeRef: [UInt32] = []
    private var edgeSignpost: [UInt32] = []
    private var edgeWay: [Int64] = []
    private var edgeShapeStart: [UInt32] = []
    private var shape: [Coordinate] = []
    private var shapeElevation: [Float] = []

    private var strings: [String] = [""]
    private var stringIndex: [String: UInt32] = ["": 0]
    // Consecutive edges usually belong to one way and share its name: skip the hash lookup then.
    private var lastInterned: (string: String, index: UInt32) = ("", 0)
    private var signposts: [Signpost] = [.none]
    private var signpostIndex: [Signpost: UInt32] = [.none: 0]
    private var turnLanePatterns = TurnLanePatternTable()
    private var junctionExits: [JunctionExit] = []

    private struct WayRestriction { var kind: TurnRestriction.Kind; var fromWay: Int64; var via: NodeIndex; var toWay: Int64; var relation: Int64 }
    private var wayRestrictions: [WayRestriction] = []
    private struct PendingViaWayRestriction { var kind: TurnRestriction.Kind; var ways: [Int64]; var junctions: [NodeIndex]; var relation: Int64 }
    private var viaWayRestrictions: [PendingViaWayRestriction] = []

    public init() {}

    public var nodeCount: Int { coordinates.count }
    public var edgeCount: Int { edgeFrom.count }

    /// Reserves room for the given numbers of nodes, edges and shape points, so a large import does not
    /// repeatedly regrow (and page-fault) its arrays.
    public mutating func reserveCapacity(nodes: Int, edges: Int, shapePoints: Int) {
        coordinates.reserveCapacity(nodes); osmIDs.reserveCapacity(nodes); elevations.reserveCapacity(nodes)
        controls.reserveCapacity(nodes)
        edgeFrom.reserveCapacity(edges); edgeTo.reserveCapacity(edges); edgeLength.reserveCapacity(edges)
        edgeTime.reserveCapacity(edges); edgeHighway.reserveCapacity(edges); edgeLimit.reserveCapacity(edges)
        edgeFlags.reserveCapacity(edges); edgeName.reserveCapacity(edges); edgeRef.reserveCapacity(edges)
        edgeSignpost.reserveCapacity(edges)
        edgeWay.reserveCapacity(edges); edgeShapeStart.reserveCapacity(edges)
        shape.reserveCapacity(shapePoints); shapeElevation.reserveCapacity(shapePoints)
    }

    /// Adds a routing node and returns its index; `junctionExit` is the exit number of a motorway
    /// junction standing there ("" for none).
    @discardableResult
    public mutating func addNode(osmID: Int64 = 0, coordinate: Coordinate, elevation: Float = .nan,
                                 control: TrafficControl = .none, junctionExit: String = "") -> NodeIndex {
        coordinates.append(coordinate)
        osmIDs.append(osmID)
        elevations.append(elevation)
        controls.append(control)
        let node = NodeIndex(coordinates.count - 1)
        // Nodes are numbered in the order added, so the list stays sorted by node.
        if !junctionExit.isEmpty { junctionExits.append(JunctionExit(node: node, refIndex: intern(junctionExit))) }
        return node
    }

    /// The coordinate of a node already added.
    public func coordinate(of node: NodeIndex) -> Coordinate { coordinates[Int(node)] }

    /// Adds a directed edge.
    public mutating func addEdge(_ edge: RoadEdgeDescription) {
        precondition(Int(edge.from) < coordinates.count && Int(edge.to) < coordinates.count, "edge refers to a node not added")
        let length: Meters = edge.lengthMeters ?? {
            var points = [coordinates[Int(edge.from)]]
            points.append(contentsOf: edge.shape)
            points.append(coordinates[Int(edge.to)])
            return GreatCircle.length(of: points)
        }()
        edgeFrom.append(edge.from)
        edgeTo.append(edge.to)
        edgeLength.append(Float(length))
        let speed = max(edge.routingSpeed, 1)
        // A zero-length edge (two nodes at one position) still costs a tiny positive time so that
        // the invariant "time > 0 when length > 0" holds and Dijkstra never loops on free edges.
        if let fixed = edge.travelTimeSeconds, fixed > 0, fixed.isFinite {
            edgeTime.append(Float(fixed))
        } else {
            edgeTime.append(Float(length / SpeedConversion.metersPerSecond(speed)))
        }
        edgeHighway.append(edge.highway)
        edgeLimit.append(edge.speedLimit)
        edgeFlags.append(edge.flags)
        edgeName.append(intern(edge.name))
        edgeRef.append(intern(edge.ref))
        edgeSignpost.append(edge.destinations.isEmpty && edge.exits.isEmpty && edge.turnLanes.isEmpty ? 0
            : internSignpost(Signpost(destinationsIndex: intern(edge.destinations), exitsIndex: intern(edge.exits),
                                      turnLanesIndex: turnLanePatterns.index(of: edge.turnLanes))))
        edgeWay.append(edge.wayID)
        edgeShapeStart.append(UInt32(shape.count))
        shape.append(contentsOf: edge.shape)
        if edge.shapeElevations.count == edge.shape.count {
            shapeElevation.append(contentsOf: edge.shapeElevations)
        } else {
            shapeElevation.append(contentsOf: repeatElement(Float.nan, count: edge.shape.count))
        }
    }

    /// Records an OSM via-node restriction by way ids; `build()` resolves it onto the edges of
    /// `fromWay` that end at `via` and the edges of `toWay` that start there (when both are the same
    /// way, only the pairs that turn back onto the edge one came along).
    public mutating func addRestriction(kind: TurnRestriction.Kind, fromWay: Int64, via: NodeIndex, toWay: Int64, relationID: Int64 = 0) {
        wayRestrictions.append(WayRestriction(kind: kind, fromWay: fromWay, via: via, toWay: toWay, relation: relationID))
    }

    /// Records an OSM restriction with via ways: `ways` are the from way, the via ways in driving order
    /// and the to way; `junctions[i]` is the node where `ways[i]` meets `ways[i + 1]`. `build()`
    /// resolves it onto edge paths: each from edge ending at the first junction, along every via way
    /// (in a direction it may be driven) to the next junction, onto each to edge leaving the last one.
    /// A restriction no drivable path realises is dropped.
    public mutating func addViaWayRestriction(kind: TurnRestriction.Kind, ways: [Int64], junctions: [NodeIndex], relationID: Int64 = 0) {
        precondition(ways.count >= 3 && junctions.count == ways.count - 1, "a via-way restriction needs from, via and to ways and the junctions between them")
        viaWayRestrictions.append(PendingViaWayRestriction(kind: kind, ways: ways, junctions: junctions, relation: relationID))
    }

    private mutating func intern(_ s: String) -> UInt32 {
        if s.isEmpty { return 0 }
        if s == lastInterned.string { return lastInterned.index }
        let i: UInt32
        if let known = stringIndex[s] {
            i = known
        } else {
            i = UInt32(strings.count)
            strings.append(s)
            stringIndex[s] = i
        }
        lastInterned = (s, i)
        return i
    }

    private mutating func internSignpost(_ signpost: Signpost) -> UInt32 {
        if let known = signpostIndex[signpost] { return known }
        let i = UInt32(signposts.count)
        signposts.append(signpost)
        signpostIndex[signpost] = i
        return i
    }

    /// Lays the graph out in CSR order; the builder is left as it was.
    /// - Complexity: O(nodes + edges + shape points + restrictions × degree).
    public func build() -> RoadGraph {
        var copy = self
        return copy.layOut()
    }

    /// Lays the graph out like `build()`, but hands the builder's storage over as it goes and leaves
    /// the builder empty: peak memory stays near one copy of the graph instead of two (large imports).
    /// With `nodeOrder` `.hilbertCurve` the nodes are first renumbered (see `NodeOrder`).
    /// - Complexity: O(nodes log nodes + edges + shape points + restrictions × degree).
    public mutating func buildReleasingStorage(nodeOrder: NodeOrder = .asAdded) -> RoadGraph {
        var owned = self
        self = RoadGraphBuilder()
        if nodeOrder == .hilbertCurve { owned.renumberNodesAlongHilbertCurve() }
        return owned.layOut()
    }

    /// How the built graph numbers its nodes.
    public enum NodeOrder: Sendable {
        /// In the order `addNode` added them (tests that draw a graph by hand name nodes by that order).
        case asAdded
        /// Along a Hilbert curve through their coordinates, so that nodes close on the map are close in
        /// every per-node and per-edge array (edges are laid out by tail): a search, which spreads over
        /// an area, then touches fewer cache lines and pages than in the order ways list their nodes,
        /// where a street's neighbour across a block can be anywhere in the arrays.
        case hilbertCurve
    }

    /// Cells per side of the curve that `NodeOrder.hilbertCurve` sorts by: 2¹⁶, under 10 m on a
    /// 500 km extract, so only nodes a few metres apart share a cell (and keep their added order).
    static let nodeCurveOrder = 16

    /// Renumbers the nodes added so far along a Hilbert curve through their coordinates (ties in the
    /// order added) and every reference to them: edge ends, junction exits and restriction via nodes.
    /// - Complexity: O(n log n + edges + restrictions) for n nodes.
    private mutating func renumberNodesAlongHilbertCurve() {
        let n = coordinates.count
        guard n > 1 else { return }
        var box = BoundingBox()
        for c in coordinates { box.include(c) }
        let curve = HilbertCurve(order: Self.nodeCurveOrder)
        var keyed = [(key: UInt32, node: NodeIndex)](unsafeUninitializedCapacity: n) { buffer, count in
            for v in 0..<n { buffer[v] = (curve.position(of: coordinates[v], in: box), NodeIndex(v)) }
            count = n
        }
        keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.node < $1.node }
        var newIndex = [NodeIndex](repeating: 0, count: n)
        for (new, entry) in keyed.enumerated() { newIndex[Int(entry.node)] = NodeIndex(new) }
        func permuted<T>(_ values: [T]) -> [T] { keyed.map { values[Int($0.node)] } }
        coordinates = permuted(coordinates)
        osmIDs = permuted(osmIDs)
        elevations = permuted(elevations)
        controls = permuted(controls)
        keyed = []
        for i in edgeFrom.indices {
            edgeFrom[i] = newIndex[Int(edgeFrom[i])]
            edgeTo[i] = newIndex[Int(edgeTo[i])]
        }
        for i in junctionExits.indices { junctionExits[i].node = newIndex[Int(junctionExits[i].node)] }
        junctionExits.sort { $0.node < $1.node }
        for i in wayRestrictions.indices { wayRestrictions[i].via = newIndex[Int(wayRestrictions[i].via)] }
        for i in viaWayRestrictions.indices {
            viaWayRestrictions[i].junctions = viaWayRestrictions[i].junctions.map { newIndex[Int($0)] }
        }
    }

    /// Sorts the edges by tail (stably) and lays out the graph, emptying each builder array once it
    /// has been moved or permuted so that uniquely held storage is freed early.
    private mutating func layOut() -> RoadGraph {
        let sorted = edgeOrderByTail()
        let firstOut = sorted.firstOut
        var order = sorted.order
        let (firstShape, newShape, newShapeElevation) = takeShapes(inEdgeOrder: order)
        func take<T>(_ a: inout [T]) -> [T] {
            var taken: [T] = []
            swap(&taken, &a)
            return order.isEmpty ? taken : order.map { taken[$0] }
        }
        let tail = take(&edgeFrom), head = take(&edgeTo), way = take(&edgeWay)
        let length = take(&edgeLength), time = take(&edgeTime), highway = take(&edgeHighway)
        let limit = take(&edgeLimit), flags = take(&edgeFlags), name = take(&edgeName), ref = take(&edgeRef)
        let signpost = take(&edgeSignpost)
        order = []

        // The graph's reverse adjacency, made once: restrictions need the edges entering their via nodes
        // (oneway roads into a via node have no twin leaving it, so the out-edges alone cannot find them).
        let incoming = RoadGraph.reverseAdjacency(head: head, nodeCount: coordinates.count)
        func edges(into node: NodeIndex) -> ArraySlice<EdgeIndex> {
            incoming.edges[Int(incoming.firstIn[Int(node)]) ..< Int(incoming.firstIn[Int(node) + 1])]
        }
        let restrictions = resolveWayRestrictions(firstOut: firstOut, tail: tail, head: head, way: way, edgesInto: edges(into:))
        let viaWayPaths = resolveViaWayRestrictions(firstOut: firstOut, tail: tail, head: head, way: way, edgesInto: edges(into:))
        let arrays = RoadGraphArrays(
            firstOut: firstOut, nodeCoordinates: coordinates, nodeOSMIDs: osmIDs, nodeElevations: elevations,
            nodeControls: controls,
            head: head, lengthMeters: length, travelTimeSeconds: time,
            highway: highway, speedLimit: limit, flags: flags,
            nameIndex: name, refIndex: ref, wayID: way,
            firstShapePoint: firstShape, shapePoints: newShape, shapeElevations: newShapeElevation,
            strings: strings, restrictions: restrictions, viaWayRestrictions: viaWayPaths,
            signpostIndex: signpost, signposts: signposts, turnLanePatterns: turnLanePatterns.patterns,
            junctionExits: junctionExits)
        return RoadGraph(arrays, reverseAdjacency: incoming, checkedInDebugBuilds: true)
    }

    /// The edges' order by tail, a stable counting sort: `firstOut` of the laid-out graph and `order`
    /// (`order[newIndex] = oldIndex`), empty when the edges are in order already.
    /// - Complexity: O(nodes + edges).
    private func edgeOrderByTail() -> (firstOut: [UInt32], order: [Int]) {
        let n = coordinates.count, m = edgeFrom.count
        var firstOut = [UInt32](repeating: 0, count: n + 1)
        for f in edgeFrom { firstOut[Int(f) + 1] += 1 }
        for i in 0..<n { firstOut[i + 1] += firstOut[i] }
        var alreadySorted = true
        for i in 1..<max(m, 1) where edgeFrom[i] < edgeFrom[i - 1] { alreadySorted = false; break }
        guard !alreadySorted else { return (firstOut, []) }
        var next = firstOut
        var order = [Int](repeating: 0, count: m)
        for old in 0..<m {
            let f = Int(edgeFrom[old])
            order[Int(next[f])] = old
            next[f] += 1
        }
        return (firstOut, order)
    }

    /// The shape points and their elevations in the laid-out edge order (`order` as `edgeOrderByTail`
    /// gives it), with each edge's first shape point; the builder's shape arrays are emptied.
    /// - Complexity: O(edges + shape points).
    private mutating func takeShapes(inEdgeOrder order: [Int]) -> (firstShape: [UInt32], shape: [Coordinate], elevations: [Float]) {
        let m = edgeFrom.count
        var firstShape = [UInt32](); firstShape.reserveCapacity(m + 1)
        var newShape: [Coordinate]
        var newShapeElevation: [Float]
        if order.isEmpty {
            for start in edgeShapeStart { firstShape.append(start) }
            newShape = []; swap(&newShape, &shape)
            newShapeElevation = []; swap(&newShapeElevation, &shapeElevation)
        } else {
            newShape = []; newShape.reserveCapacity(shape.count)
            newShapeElevation = []; newShapeElevation.reserveCapacity(shape.count)
            for old in order {
                firstShape.append(UInt32(newShape.count))
                let start = Int(edgeShapeStart[old])
                let end = old + 1 < m ? Int(edgeShapeStart[old + 1]) : shape.count
                newShape.append(contentsOf: shape[start..<end])
                newShapeElevation.append(contentsOf: shapeElevation[start..<end])
            }
            shape = []; shapeElevation = []
        }
        firstShape.append(UInt32(newShape.count))
        edgeShapeStart = []
        return (firstShape, newShape, newShapeElevation)
    }

    /// The turn restrictions recorded between ways at a via node, as edge pairs sorted by from edge,
    /// then to edge: every edge of the from way entering the via node, to every edge of the to way
    /// leaving it.
    /// - Complexity: O(r × degree) for r restrictions, plus sorting.
    private func resolveWayRestrictions(firstOut: [UInt32], tail: [NodeIndex], head: [NodeIndex], way: [Int64],
                                        edgesInto: (NodeIndex) -> ArraySlice<EdgeIndex>) -> [TurnRestriction] {
        var restrictions: [TurnRestriction] = []
        for r in wayRestrictions {
            let via = Int(r.via)
            let fromEdges = edgesInto(r.via).filter { way[Int($0)] == r.fromWay }
            let toEdges = (firstOut[via]..<firstOut[via + 1]).filter { way[Int($0)] == r.toWay }
            for f in fromEdges {
                // With the same way on both sides (`no_u_turn`, or a way passing through the via
                // node), only turning back the way one came is meant: never the way onwards.
                for t in toEdges where r.fromWay != r.toWay || head[Int(t)] == tail[Int(f)] {
                    restrictions.append(TurnRestriction(kind: r.kind, fromEdge: f, viaNode: r.via, toEdge: t, relationID: r.relation))
                }
            }
        }
        restrictions.sort { ($0.fromEdge, $0.toEdge) < ($1.fromEdge, $1.toEdge) }
        return restrictions
    }

    /// The edge paths of the recorded via-way restrictions, sorted by from edge (see `addViaWayRestriction`).
    /// - Complexity: O(r × (degree + edges of the via ways)) for r restrictions.
    private func resolveViaWayRestrictions(firstOut: [UInt32], tail: [NodeIndex], head: [NodeIndex], way: [Int64],
                                           edgesInto: (NodeIndex) -> ArraySlice<EdgeIndex>) -> [ViaWayRestriction] {
        guard !viaWayRestrictions.isEmpty else { return [] }
        var result: [ViaWayRestriction] = []
        for r in viaWayRestrictions {
            let first = r.junctions[0], last = r.junctions[r.junctions.count - 1]
            let fromEdges = edgesInto(first).filter { way[Int($0)] == r.ways[0] }
            let toWay = r.ways[r.ways.count - 1]
            let toEdges = (firstOut[Int(last)]..<firstOut[Int(last) + 1]).filter { way[Int($0)] == toWay }
            var via: [EdgeIndex] = []
            var connected = true
            for i in 1..<(r.ways.count - 1) {
                guard let piece = Self.pathAlongWay(r.ways[i], from: r.junctions[i - 1], to: r.junctions[i],
                                                    firstOut: firstOut, tail: tail, head: head, way: way) else { connected = false; break }
                via += piece
            }
            guard connected, !via.isEmpty else { continue }
            for f in fromEdges where tail[Int(f)] != head[Int(via[0])] || way[Int(f)] != way[Int(via[0])] {
                for t in toEdges {
                    result.append(ViaWayRestriction(kind: r.kind, edges: [f] + via + [t], relationID: r.relation))
                }
            }
        }
        result.sort { ($0.fromEdge, $0.toEdge, $0.relationID) < ($1.fromEdge, $1.toEdge, $1.relationID) }
        return result
    }

    /// The fewest edges of way `wayID` leading from node `start` to node `goal` (breadth-first over that
    /// way's edges only); nil when the way cannot be driven from one to the other.
    private static func pathAlongWay(_ wayID: Int64, from start: NodeIndex, to goal: NodeIndex,
                                     firstOut: [UInt32], tail: [NodeIndex], head: [NodeIndex], way: [Int64]) -> [EdgeIndex]? {
        guard start != goal else { return nil }
        var reachedBy: [NodeIndex: EdgeIndex] = [:]
        var queue: [NodeIndex] = [start]
        var visited: Set<NodeIndex> = [start]
        var q = 0
        while q < queue.count {
            let v = queue[q]
            q += 1
            for e in firstOut[Int(v)]..<firstOut[Int(v) + 1] where way[Int(e)] == wayID && !visited.contains(head[Int(e)]) {
                let w = head[Int(e)]
                visited.insert(w)
                reachedBy[w] = e
                if w == goal {
                    var path: [EdgeIndex] = [e]
                    var at = v
                    while at != start, let previous = reachedBy[at] {
                        path.append(previous)
                        at = tail[Int(previous)]
                    }
                    return path.reversed()
                }
                queue.append(w)
            }
        }
        return nil
    }
}
