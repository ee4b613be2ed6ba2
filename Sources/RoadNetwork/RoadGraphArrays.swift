import Geodesy

/// The arrays a `RoadGraph` is made of, as plain Swift arrays: what an import, a database load or a test
/// assembles and hands to `RoadGraph.init(_:)` or `RoadGraph.init(validating:tail:)`, which hold them in
/// their compact columns. Each array means what the graph's property of the same name means, and the
/// graph's invariants apply to them together (listed on `RoadGraph`).
///
/// The defaults describe a graph without the optional data: no traffic controls (`nodeControls` empty:
/// none anywhere), no via-way restrictions, no signposts (`signpostIndex` empty: none on any edge), no
/// lanes, no junction exits, traffic on the right.
public struct RoadGraphArrays: Sendable {
    // Nodes
    public var firstOut: [UInt32]
    public var nodeCoordinates: [Coordinate]
    public var nodeOSMIDs: [Int64]
    public var nodeElevations: [Float]
    public var nodeControls: [TrafficControl]
    // Edges
    public var head: [NodeIndex]
    public var lengthMeters: [Float]
    public var travelTimeSeconds: [Float]
    public var highway: [HighwayClass]
    public var speedLimit: [SpeedLimit]
    public var flags: [EdgeFlags]
    public var nameIndex: [UInt32]
    public var refIndex: [UInt32]
    public var wayID: [Int64]
    // Geometry
    public var firstShapePoint: [UInt32]
    public var shapePoints: [Coordinate]
    public var shapeElevations: [Float]
    // Shared tables
    public var strings: [String]
    public var restrictions: [TurnRestriction]
    public var viaWayRestrictions: [ViaWayRestriction]
    public var signpostIndex: [UInt32]
    public var signposts: [Signpost]
    public var turnLanePatterns: TurnLanePatterns
    public var junctionExits: [JunctionExit]
    public var drivingSide: DrivingSide

    public init(
        firstOut: [UInt32], nodeCoordinates: [Coordinate], nodeOSMIDs: [Int64], nodeElevations: [Float],
        nodeControls: [TrafficControl] = [], head: [NodeIndex], lengthMeters: [Float], travelTimeSeconds: [Float],
        highway: [HighwayClass], speedLimit: [SpeedLimit], flags: [EdgeFlags],
        nameIndex: [UInt32], refIndex: [UInt32], wayID: [Int64],
        firstShapePoint: [UInt32], shapePoints: [Coordinate], shapeElevations: [Float],
        strings: [String], restrictions: [TurnRestriction], viaWayRestrictions: [ViaWayRestriction] = [],
        signpostIndex: [UInt32] = [], signposts: [Signpost] = [.none], turnLanePatterns: TurnLanePatterns = .empty,
        junctionExits: [JunctionExit] = [], drivingSide: DrivingSide = .right
    ) {
        self.firstOut = firstOut
        self.nodeCoordinates = nodeCoordinates
        self.nodeOSMIDs = nodeOSMIDs
        self.nodeElevations = nodeElevations
        self.nodeControls = nodeControls
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
        self.viaWayRestrictions = viaWayRestrictions
        self.signpostIndex = signpostIndex
        self.signposts = signposts
        self.turnLanePatterns = turnLanePatterns
        self.junctionExits = junctionExits
        self.drivingSide = drivingSide
    }

    /// A graph's arrays, unpacked from its columns: to build a graph like it with one array changed.
    /// - Complexity: O(nodes + edges + shape points).
    public init(_ graph: RoadGraph) {
        self.init(
            firstOut: graph.firstOut, nodeCoordinates: Array(graph.nodeCoordinates), nodeOSMIDs: Array(graph.nodeOSMIDs),
            nodeElevations: Array(graph.nodeElevations), nodeControls: graph.nodeControls, head: graph.head,
            lengthMeters: graph.lengthMeters, travelTimeSeconds: graph.travelTimeSeconds, highway: Array(graph.highway),
            speedLimit: Array(graph.speedLimit), flags: Array(graph.flags), nameIndex: Array(graph.nameIndex),
            refIndex: Array(graph.refIndex), wayID: Array(graph.wayID), firstShapePoint: graph.firstShapePoint,
            shapePoints: Array(graph.shapePoints), shapeElevations: Array(graph.shapeElevations), strings: graph.strings,
            restrictions: graph.restrictions, viaWayRestrictions: graph.viaWayRestrictions,
            signpostIndex: Array(graph.signpostIndex), signposts: graph.signposts, turnLanePatterns: graph.turnLanePatterns,
            junctionExits: graph.junctionExits, drivingSide: graph.drivingSide)
    }
}
