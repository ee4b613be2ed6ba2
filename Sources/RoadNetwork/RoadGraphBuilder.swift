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
    public var highway: HighwayClass
    public var speedLimit: SpeedLimit
    public var flags: EdgeFlags
    public var name: String
    public var ref: String
    public var wayID: Int64

    public init(from: NodeIndex, to: NodeIndex, shape: [Coordinate] = [], shapeElevations: [Float] = [],
                lengthMeters: Meters? = nil, routingSpeed: KilometersPerHour, highway: HighwayClass,
                speedLimit: SpeedLimit, flags: EdgeFlags = [], name: String = "", ref: String = "", wayID: Int64 = 0) {
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
        self.wayID = wayID
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

    private var edgeFrom: [NodeIndex] = []
    private var edgeTo: [NodeIndex] = []
    private var edgeLength: [Float] = []
    private var edgeTime: [Float] = []
    private var edgeHighway: [HighwayClass] = []
    private var edgeLimit: [SpeedLimit] = []
    private var edgeFlags: [EdgeFlags] = []
    private var edgeName: [UInt32] = []
    private var edgeRef: [UInt32] = []
    private var edgeWay: [Int64] = []
    private var edgeShapeStart: [UInt32] = []
    private var shape: [Coordinate] = []
    private var shapeElevation: [Float] = []

    private var strings: [String] = [""]
    private var stringIndex: [String: UInt32] = ["": 0]

    private struct WayRestriction { var kind: TurnRestriction.Kind; var fromWay: Int64; var via: NodeIndex; var toWay: Int64; var relation: Int64 }
    private var wayRestrictions: [WayRestriction] = []

    public init() {}

    public var nodeCount: Int { coordinates.count }
    public var edgeCount: Int { edgeFrom.count }

    /// Adds a routing node and returns its index.
    @discardableResult
    public mutating func addNode(osmID: Int64 = 0, coordinate: Coordinate, elevation: Float = .nan) -> NodeIndex {
        coordinates.append(coordinate)
        osmIDs.append(osmID)
        elevations.append(elevation)
        return NodeIndex(coordinates.count - 1)
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
        edgeTime.append(Float(length / SpeedConversion.metersPerSecond(speed)))
        edgeHighway.append(edge.highway)
        edgeLimit.append(edge.speedLimit)
        edgeFlags.append(edge.flags)
        edgeName.append(intern(edge.name))
        edgeRef.append(intern(edge.ref))
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
    /// `fromWay` that end at `via` and the edges of `toWay` that start there.
    public mutating func addRestriction(kind: TurnRestriction.Kind, fromWay: Int64, via: NodeIndex, toWay: Int64, relationID: Int64 = 0) {
        wayRestrictions.append(WayRestriction(kind: kind, fromWay: fromWay, via: via, toWay: toWay, relation: relationID))
    }

    private mutating func intern(_ s: String) -> UInt32 {
        if let i = stringIndex[s] { return i }
        let i = UInt32(strings.count)
        strings.append(s)
        stringIndex[s] = i
        return i
    }

    /// Lays the graph out in CSR order.
    /// - Complexity: O(nodes + edges + shape points + restrictions × degree).
    public func build() -> RoadGraph {
        let n = coordinates.count, m = edgeFrom.count
        // Counting sort of edges by tail; stable.
        var firstOut = [UInt32](repeating: 0, count: n + 1)
        for f in edgeFrom { firstOut[Int(f) + 1] += 1 }
        for i in 0..<n { firstOut[i + 1] += firstOut[i] }
        var next = firstOut
        var order = [Int](repeating: 0, count: m)   // order[newIndex] = oldIndex
        for old in 0..<m {
            let f = Int(edgeFrom[old])
            order[Int(next[f])] = old
            next[f] += 1
        }
        func permute<T>(_ a: [T]) -> [T] { order.map { a[$0] } }
        var firstShape = [UInt32](); firstShape.reserveCapacity(m + 1)
        var newShape = [Coordinate](); newShape.reserveCapacity(shape.count)
        var newShapeElevation = [Float](); newShapeElevation.reserveCapacity(shape.count)
        for old in order {
            firstShape.append(UInt32(newShape.count))
            let start = Int(edgeShapeStart[old])
            let end = old + 1 < m ? Int(edgeShapeStart[old + 1]) : shape.count
            newShape.append(contentsOf: shape[start..<end])
            newShapeElevation.append(contentsOf: shapeElevation[start..<end])
        }
        firstShape.append(UInt32(newShape.count))
        let tail = permute(edgeFrom), head = permute(edgeTo), way = permute(edgeWay)

        var restrictions: [TurnRestriction] = []
        if !wayRestrictions.isEmpty {
            // One pass over the edges collects the incoming edges of every via node (oneway roads into a
            // via node have no twin leaving it, so the out-edges alone cannot find them).
            var incoming: [NodeIndex: [EdgeIndex]] = [:]
            for r in wayRestrictions { incoming[r.via] = [] }
            for e in 0..<m where incoming[head[e]] != nil { incoming[head[e], default: []].append(EdgeIndex(e)) }
            for r in wayRestrictions {
                let via = Int(r.via)
                let fromEdges = (incoming[r.via] ?? []).filter { way[Int($0)] == r.fromWay }
                let toEdges = (firstOut[via]..<firstOut[via + 1]).filter { way[Int($0)] == r.toWay }
                for f in fromEdges {
                    for t in toEdges {
                        restrictions.append(TurnRestriction(kind: r.kind, fromEdge: f, viaNode: r.via, toEdge: t, relationID: r.relation))
                    }
                }
            }
        }
        restrictions.sort { ($0.fromEdge, $0.toEdge) < ($1.fromEdge, $1.toEdge) }

        return RoadGraph(
            firstOut: firstOut, nodeCoordinates: coordinates, nodeOSMIDs: osmIDs, nodeElevations: elevations,
            tail: tail, head: head, lengthMeters: permute(edgeLength), travelTimeSeconds: permute(edgeTime),
            highway: permute(edgeHighway), speedLimit: permute(edgeLimit), flags: permute(edgeFlags),
            nameIndex: permute(edgeName), refIndex: permute(edgeRef), wayID: way,
            firstShapePoint: firstShape, shapePoints: newShape, shapeElevations: newShapeElevation,
            strings: strings, restrictions: restrictions)
    }
}
