import Foundation
import Geodesy
import RoadNetwork

/// Car routing on one read-only `RoadGraph`: snapping, A* and Dijkstra, routes through via points.
///
/// Build one `Router` per graph (it lays out the search arrays and the snapping grid once) and share it
/// between threads; every thread routes with its own `RoutingWorkspace`:
///
///     let router = Router(graph: graph)
///     let workspace = router.makeWorkspace()
///     let route = try router.route(from: a, to: b, workspace: workspace)
///
/// Search state model: a state is "standing at a node, with the history that turn restrictions need",
/// keyed by the node when no restriction is in progress (all turns are then equal) and by a context of
/// `RestrictionAutomaton` when one is (arrived over a restriction's from edge, or partway along its via
/// ways); each key exists once per `AccessPhase`. State `s` is `phase × baseCount + base` (phase-major,
/// so the common `through` states lie densely together), where `base < nodeCount` is a node and
/// `base >= nodeCount` is context `base - nodeCount`.
///
/// Invariants: all stored arrays are immutable after `init`; costs are non-negative; the heuristic
/// `chord(node, target) × hScale` never exceeds the true remaining cost and is consistent, because every
/// edge costs at least `length / fastestSpeed` and a polyline is never shorter than its chord. With
/// landmarks (`init(graph:landmarks:)`) A* takes the larger of that bound and the ALT bound of
/// `LandmarkTable`, both consistent, so the maximum is too.
public final class Router: @unchecked Sendable {
    /// The graph routed on.
    public let graph: RoadGraph
    /// The snapping grid.
    public let snapIndex: SnapIndex
    /// The fastest routing speed of any edge (the A* time heuristic divides by it).
    public let fastestSpeed: MetersPerSecond
    /// Twin of each edge (`EdgeTwins.none` for oneway edges).
    let twin: [EdgeIndex]
    /// Strongly connected components: which edges are on the main network, which on tiny islands.
    let components: RoadComponents

    let nodeCount: Int
    let edgeCount: Int
    /// Number of state bases: nodes plus restriction contexts.
    let baseCount: Int
    /// Number of search states (`baseCount × AccessPhase.count`).
    let stateCount: Int

    // Flat copies of what the inner loop reads; owned, allocated once, freed in deinit.
    let firstOut: UnsafeMutablePointer<UInt32>
    let edgeRecords: UnsafeMutablePointer<SearchEdge>
    /// Unit vectors of the nodes on the sphere (x, y, z interleaved).
    let unitVectors: UnsafeMutablePointer<Double>
    /// Turn restrictions (via nodes and via ways) as contexts with turn rules.
    let automaton: RestrictionAutomaton
    /// ALT bounds per metric, when landmarks were requested.
    let timeLandmarks: LandmarkTable?
    let distanceLandmarks: LandmarkTable?

    /// Number of landmarks the ALT bound uses (0 without landmarks).
    public var landmarkCount: Int { timeLandmarks?.count ?? 0 }

    /// Edge data the search reads together, one cache line access per relaxation.
    struct SearchEdge {
        var head: NodeIndex
        /// The base of the state reached over this edge unless a context says otherwise; the top bit
        /// marks a destination-only edge.
        var arrival: UInt32
        var timeCost: Float
        var distanceCost: Float
    }

    static let destinationOnlyBit: UInt32 = 1 << 31

    /// OSRM's default island limit: strongly connected components with fewer nodes are tiny.
    public static let defaultSmallComponentSize = 1000

    /// Prepares the search arrays and the snapping grid, and with `landmarks > 0` the ALT tables.
    ///
    /// Landmarks cost 4 Dijkstra runs over the whole graph each (both directions, both metrics) and
    /// 32 bytes per node each, and cut the states A* settles several-fold: worth it for a router that
    /// answers many queries (a server, a benchmark), not for one route. 8 is a good count for a city.
    /// The strongly connected components (for snapping past tiny islands) cost one O(nodes + edges) pass.
    /// - Complexity: O(nodes + edges × out-degree + segments + restrictions), plus
    ///   O(landmarks × (edges + nodes log nodes)) with landmarks.
    /// - Parameter smallComponentSize: strongly connected components with fewer nodes are road islands
    ///   that snapping looks past (OSRM's `--small-component-size`, default 1,000).
    /// - Parameter excluding: edges no route may use (OSRM's `exclude=`, e.g. toll roads): they cost
    ///   infinity, so searches never relax them. Snapping does not know about them; callers snap with a
    ///   filter (`snapWaypoints(_:maxDistances:accepts:)`). Bounds stay valid, as costs only grow.
    public init(graph: RoadGraph, landmarks: Int = 0, smallComponentSize: Int = Router.defaultSmallComponentSize,
                excluding isExcluded: ((EdgeIndex) -> Bool)? = nil) {
        self.graph = graph
        nodeCount = graph.nodeCount
        edgeCount = graph.edgeCount
        twin = EdgeTwins.compute(in: graph)
        snapIndex = SnapIndex(graph: graph, twin: twin)
        components = RoadComponents(graph: graph, smallComponentSize: smallComponentSize)

        var fastest: MetersPerSecond = 1
        for e in 0..<edgeCount where graph.travelTimeSeconds[e] > 0 {
            fastest = max(fastest, Double(graph.lengthMeters[e]) / Double(graph.travelTimeSeconds[e]))
        }
        fastestSpeed = fastest

        automaton = RestrictionAutomaton(graph: graph)
        baseCount = nodeCount + automaton.contextCount
        stateCount = baseCount * Int(AccessPhase.count)

        firstOut = .allocate(capacity: nodeCount + 1)
        for v in 0...nodeCount { firstOut[v] = graph.firstOut[v] }
        edgeRecords = .allocate(capacity: max(1, edgeCount))
        for e in 0..<edgeCount {
            var arrival = automaton.arrival[e]
            if graph.flags[e].contains(.destinationOnly) { arrival |= Router.destinationOnlyBit }
            let excluded = isExcluded?(EdgeIndex(e)) ?? false
            edgeRecords[e] = SearchEdge(head: graph.head[e], arrival: arrival,
                                        timeCost: excluded ? .infinity : graph.travelTimeSeconds[e],
                                        distanceCost: excluded ? .infinity : graph.lengthMeters[e])
        }
        if landmarks > 0 {
            let lengths = graph.lengthMeters, times = graph.travelTimeSeconds
            timeLandmarks = LandmarkTable(graph: graph, count: landmarks) { Double(times[$0]) }
            distanceLandmarks = LandmarkTable(graph: graph, count: landmarks) { Double(lengths[$0]) }
        } else {
            timeLandmarks = nil
            distanceLandmarks = nil
        }
        unitVectors = .allocate(capacity: max(1, nodeCount * 3))
        for v in 0..<nodeCount {
            let u = Router.unitVector(graph.nodeCoordinates[v])
            unitVectors[3 * v] = u.x; unitVectors[3 * v + 1] = u.y; unitVectors[3 * v + 2] = u.z
        }
    }

    deinit {
        firstOut.deallocate()
        edgeRecords.deallocate()
        unitVectors.deallocate()
    }

    /// A workspace sized for this router's graph; each thread needs its own.
    public func makeWorkspace() -> RoutingWorkspace { RoutingWorkspace(stateCount: stateCount) }

    /// The point on the unit sphere of a coordinate.
    static func unitVector(_ c: Coordinate) -> (x: Double, y: Double, z: Double) {
        let lat = c.latitude * .pi / 180, lon = c.longitude * .pi / 180
        return (cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
    }

    /// The twin of an edge (the same road driven the other way), if the road is two-way.
    public func twin(of edge: EdgeIndex) -> EdgeIndex? {
        let t = twin[Int(edge)]
        return t == EdgeTwins.none ? nil : t
    }

    /// Whether a turn from `fromEdge` onto `toEdge` is allowed by the via-node turn restrictions at
    /// their node (via-way restrictions depend on more history than one edge and are not consulted).
    /// - Complexity: O(restrictions starting at `fromEdge`).
    public func isTurnAllowed(from fromEdge: EdgeIndex, to toEdge: EdgeIndex) -> Bool {
        let base = Int(automaton.arrival[Int(fromEdge)])
        return base < nodeCount || automaton.next(fromContext: base - nodeCount, over: toEdge) != RestrictionAutomaton.forbidden
    }

    /// Snaps a coordinate to the nearest point on a drivable edge, island or not (routing itself uses
    /// `snapWaypoints`, which prefers the main network).
    /// - Throws: `RoutingError.noRoadNearby` when no road lies within `maxDistance`.
    public func snap(_ coordinate: Coordinate, maxDistance: Meters = 1000) throws(RoutingError) -> SnappedLocation {
        guard let snapped = snapIndex.nearest(to: coordinate, in: graph, maxDistance: maxDistance) else {
            throw RoutingError.noRoadNearby(coordinate, maxDistance: maxDistance)
        }
        return snapped
    }
}
