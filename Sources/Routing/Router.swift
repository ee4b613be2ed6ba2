import CMalloc
import Foundation
import Geodesy
import RoadNetwork

/// Car routing on one read-only `RoadGraph`: snapping, A* and Dijkstra, routes through via points.
///
/// Build one `Router` per graph (it lays out the search arrays, prices every turn and builds the snapping
/// grid once) and share it between threads; every thread routes with its own `RoutingWorkspace`:
///
///     let router = Router(graph: graph)
///     let workspace = router.makeWorkspace()
///     let route = try router.route(from: a, to: b, workspace: workspace)
///
/// **Search state model (edge-based).** A state is "standing at the head of the edge just driven, with the
/// history turn restrictions need, in an access phase": the arrival edge matters at every node, because
/// every turn has its own cost (`TurnCostModel`: angle, U-turn, signals). It is keyed by the arrival edge
/// when no restriction path is in progress and by a `RestrictionAutomaton` context when one is (arrived
/// over a restriction's from edge, or partway along its via ways); the `AccessPhase` is part of the state
/// only for destination-only arrival edges, the one place it can differ (see `TurnExpandedGraph` for the
/// layout). A transition leaves over an edge `o` of the node that the context allows, the U-turn rule
/// allows and the phase allows, and costs the turn onto `o` plus the whole of `o`. The turn-expanded graph
/// is public (`forEachTransition(from:)`, `Router+TurnExpandedGraph.swift`) so other searches (a
/// contraction hierarchy) can be built on exactly these states and costs.
///
/// **U-turn rule.** Leaving over the twin of the arrival edge (back the way one came) is allowed only
/// where the state leaves no other exit: at a dead end, or where turn restrictions close every other
/// way, as OSRM generates turns. It then costs `TurnCostModel.uTurnPenalty` and the angle penalty in time;
/// in distance it is free like every turn, but it is never a shortcut past a junction. (A leg may still
/// start in either direction of a two-way road, so a route through a via point can turn back there.)
///
/// **Integer costs.** Every edge and turn cost is an integer: milliseconds for time, millimetres for
/// distance (32 bits per transition: an edge up to `maximumEdgeCost`, a turn below 2³⁰). Sums of integers are exact in any order (searches
/// add them in `Double`, exact up to 2⁵³), so A*, Dijkstra and a contraction hierarchy built later, which
/// adds the same costs in other orders and stores shortcut sums, agree to the last unit rather than to a
/// float tolerance. Milliseconds rather than OSRM's deciseconds keep rounding below what a driver could
/// notice on any route (0.5 ms per edge). Edge costs are rounded *up* (`ceil`), so an integer cost never
/// undercuts the real length or time and the A* bounds derived from lengths stay admissible. A
/// partial first or last edge costs an integer too: driving from fraction `f` to the edge's end costs
/// `remainingCost(c, from: f)` (`(1 − f) × c` rounded to the nearest unit), and up to `f` costs
/// `c − remainingCost(c, from: f)`, so every search (A*, Dijkstra, the contraction hierarchy) adds the same
/// integers and they agree exactly. Route durations and distances are these same integers (in seconds
/// and metres), so `route.weight` equals the search's cost.
///
/// Invariants: all stored arrays are immutable after `init`; costs are non-negative; the heuristic
/// `chord(node, target) × scale` never exceeds the true remaining cost and is consistent, because every
/// transition costs at least its edge, every edge costs at least `length / fastestSpeed` (time; computed
/// from the integer costs) or its length (distance), turns cost nothing negative, and a polyline is never
/// shorter than its chord. With landmarks (`init(graph:landmarks:)`) A* takes the larger of that bound
/// and the ALT bound of `LandmarkTable` (computed on the node graph without turn costs, so its distances
/// are lower bounds for every state), both consistent, so the maximum is too.
public final class Router: @unchecked Sendable {
    /// The graph routed on.
    public let graph: RoadGraph
    /// The snapping grid.
    public let snapIndex: SnapIndex
    /// The fastest speed of any edge by its integer time cost (the A* time bound divides by it).
    let fastestSpeed: MetersPerSecond
    /// What turns cost.
    let turnCostModel: TurnCostModel
    /// Twin of each edge (`EdgeTwins.none` for oneway edges).
    let twin: [EdgeIndex]
    /// Strongly connected components: which edges are on the main network, which on tiny islands.
    let components: RoadComponents

    let nodeCount: Int
    let edgeCount: Int
    /// The search states, their transitions and costs (owned: freed in deinit).
    let stateGraph: TurnExpandedGraph
    /// Number of search states.
    var stateCount: Int { stateGraph.stateCount }
    /// Turn restrictions (via nodes and via ways) as contexts with turn rules.
    var automaton: RestrictionAutomaton { stateGraph.automaton }
    /// Unit vectors of the nodes on the sphere (x, y, z interleaved).
    let unitVectors: UnsafeMutablePointer<Double>
    /// ALT bounds per metric (in milliseconds and millimetres), when landmarks were requested: built
    /// with the router or on the first A* search, and possibly shared with other routers on the graph.
    public let landmarkProvision: LandmarkProvision

    /// Contraction hierarchies per metric (`init(graph:…hierarchies:)`); assigned only while the router
    /// is being made, before it is shared, and read-only after.
    var timeHierarchy: RoutingHierarchy?
    var distanceHierarchy: RoutingHierarchy?
    /// Junction hierarchies whose distances are A*'s potentials (`PotentialHierarchy`), under the
    /// same rule.
    var timePotentials: PotentialHierarchy?
    var distancePotentials: PotentialHierarchy?
    /// Why `HierarchySource.contract` left hierarchies over turn states out, when it did: `.tooDense`
    /// (they filled in; the router then has potential hierarchies instead), or `.weightOverflow` (a
    /// metric whose shortcuts pass 32 bits, 4,295 km in millimetres; that metric has no hierarchy and
    /// routes with A*).
    public internal(set) var hierarchiesLeftOut: ContractionHierarchyError?
    /// The restriction contexts arrived over each edge that has any (hierarchy targets seed them all).
    let contextsByEdge: [EdgeIndex: [Int]]

    /// Number of landmarks the ALT bound uses (0 without landmarks; the number asked for while tables
    /// built on first use are not built yet).
    public var landmarkCount: Int { landmarkProvision.count }

    /// Every A* bound is multiplied by this, so that float rounding (a chord and an edge length summed in
    /// another order) can never make it exceed the true remaining cost.
    static let boundSafetyFactor = 0.999
    /// Cost units per second of time and per metre of distance (milliseconds, millimetres).
    static let unitsPerSecond = 1000.0
    static let unitsPerMeter = 1000.0

    /// Milliseconds per unit of chord on the unit sphere at the fastest speed: `R / fastestSpeed` × 1000.
    var timeBoundScale: Double { GreatCircle.earthRadius / fastestSpeed * Router.unitsPerSecond }
    /// Millimetres per unit of chord on the unit sphere: `R` × 1000.
    var distanceBoundScale: Double { GreatCircle.earthRadius * Router.unitsPerMeter }

    /// OSRM's default island limit: strongly connected components with fewer nodes are tiny.
    public static let defaultSmallComponentSize = 1000

    /// Prepares the search arrays, prices every turn with `turnCosts`, builds the snapping grid, and with
    /// `landmarks > 0` the ALT tables (now, or on the first A* search with `landmarkTiming: .onFirstUse`).
    ///
    /// Landmarks cost 4 Dijkstra runs over the whole graph each (both directions, both metrics) and
    /// 32 bytes per node each, and cut the states A* settles several-fold: worth it for a router that
    /// answers many queries by A* (a server, a benchmark), not for one route. 8 is a good count for a
    /// city. The strongly connected components (for snapping past tiny islands) cost one O(nodes + edges)
    /// pass.
    /// - Complexity: O(nodes + edges × out-degree + turns + segments + restrictions), plus
    ///   O(landmarks × (edges + nodes log nodes)) with landmarks built at set-up.
    /// - Parameter smallComponentSize: strongly connected components with fewer nodes are road islands
    ///   that snapping looks past (OSRM's `--small-component-size`, default 1,000).
    /// - Parameter excluding: edges no route may use (OSRM's `exclude=`, e.g. toll roads): searches never
    ///   enter them. Snapping does not know about them; callers snap with a filter
    ///   (`snapWaypoints(_:maxDistances:accepts:)`). Bounds stay valid, as excluding only removes paths.
    public convenience init(graph: RoadGraph, landmarks: Int = 0, landmarkTiming: LandmarkProvision.Timing = .atSetUp,
                            smallComponentSize: Int = Router.defaultSmallComponentSize, turnCosts: TurnCostModel = .osrmCar,
                            excluding isExcluded: ((EdgeIndex) -> Bool)? = nil) {
        self.init(graph: graph, landmarkProvision: LandmarkProvision(graph: graph, count: landmarks, timing: landmarkTiming),
                  smallComponentSize: smallComponentSize, turnCosts: turnCosts, excluding: isExcluded)
    }

    /// Prepares a router as `init(graph:landmarks:…)` does, with landmark tables from `landmarkProvision`,
    /// which another router on the same graph may share (e.g. an `exclude=` router its parent's: the tables
    /// ignore exclusions, so they bound both).
    /// - Precondition: `landmarkProvision` was made for a graph with `graph`'s nodes and edges.
    /// - Complexity: as `init(graph:landmarks:…)` without the landmarks.
    public init(graph: RoadGraph, landmarkProvision: LandmarkProvision, smallComponentSize: Int = Router.defaultSmallComponentSize,
                turnCosts: TurnCostModel = .osrmCar, excluding isExcluded: ((EdgeIndex) -> Bool)? = nil) {
        precondition(landmarkProvision.fits(graph), "landmarks made for another graph")
        self.graph = graph
        self.landmarkProvision = landmarkProvision
        turnCostModel = turnCosts
        nodeCount = graph.nodeCount
        edgeCount = graph.edgeCount
        let twin = EdgeTwins.compute(in: graph)
        self.twin = twin
        // The snapping grid and the turn table read the graph and its twins only, and take about as long
        // as each other (a fifth of a 5 M-node city's set-up each): built on two cores.
        nonisolated(unsafe) var snapping: SnapIndex?
        nonisolated(unsafe) var turnTable: TurnTable?
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 {
                snapping = SnapIndex(graph: graph, twin: twin)
            } else {
                turnTable = TurnTable(graph: graph, twin: twin, model: turnCosts)
            }
        }
        snapIndex = snapping!
        components = RoadComponents(graph: graph, smallComponentSize: smallComponentSize)

        let timeCosts = Router.integerEdgeCosts(of: graph, metric: .time)
        let distanceCosts = Router.integerEdgeCosts(of: graph, metric: .distance)
        var fastest: MetersPerSecond = 1
        for e in 0..<edgeCount where timeCosts[e] > 0 {
            fastest = max(fastest, Double(graph.lengthMeters[e]) / (Double(timeCosts[e]) / Router.unitsPerSecond))
        }
        fastestSpeed = fastest

        stateGraph = TurnExpandedGraph(graph: graph, turnTable: turnTable.take()!,
                                       automaton: RestrictionAutomaton(graph: graph),
                                       timeCosts: timeCosts, distanceCosts: distanceCosts, excluding: isExcluded)
        var contextsByEdge: [EdgeIndex: [Int]] = [:]
        for (c, edge) in stateGraph.automaton.contextEdge.enumerated() { contextsByEdge[edge, default: []].append(c) }
        self.contextsByEdge = contextsByEdge
        unitVectors = .allocate(capacity: max(1, nodeCount * 3))
        for v in 0..<nodeCount {
            let u = Router.unitVector(graph.nodeCoordinates[v])
            unitVectors[3 * v] = u.x; unitVectors[3 * v + 1] = u.y; unitVectors[3 * v + 2] = u.z
        }
        // The set-up's temporaries (the turn table, the integer costs, the component search) are freed
        // by now; glibc would keep their pages resident, about 8 bytes per edge of a large graph.
        waymark_release_freed_memory()
    }

    deinit {
        stateGraph.deallocate()
        unitVectors.deallocate()
    }

    /// The largest integer cost of one edge (2³¹ − 1: 24.8 days, 2,147 km), so that an edge plus the
    /// dearest turn (below 2³⁰, see `TurnTable`) still fits 32 bits; a longer edge (a ferry tagged with a
    /// crossing of weeks) is capped there.
    static let maximumEdgeCost: UInt32 = (1 << 31) - 1

    /// A cost in integer units, rounded up (see the type's note on integer costs).
    static func integerCost(_ value: Double, unitsPerOne: Double) -> UInt32 {
        UInt32(min(Double(maximumEdgeCost), max(0, (value * unitsPerOne).rounded(.up))))
    }

    /// Every edge's integer cost in `metric` (milliseconds or millimetres), before any exclusion.
    static func integerEdgeCosts(of graph: RoadGraph, metric: RoutingMetric) -> [UInt32] {
        metric == .time
            ? graph.travelTimeSeconds.map { integerCost(Double($0), unitsPerOne: unitsPerSecond) }
            : graph.lengthMeters.map { integerCost(Double($0), unitsPerOne: unitsPerMeter) }
    }

    /// The integer cost of driving from fraction `fraction` of an edge costing `cost` to its end:
    /// `(1 − fraction) × cost` rounded to the nearest unit, so 0 at the end, `cost` at the start, and never
    /// more at a later fraction than at an earlier one.
    @inline(__always)
    static func remainingCost(_ cost: UInt32, from fraction: Double) -> UInt32 {
        UInt32((min(1, max(0, 1 - fraction)) * Double(cost)).rounded())
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
    func isTurnAllowed(from fromEdge: EdgeIndex, to toEdge: EdgeIndex) -> Bool {
        let base = Int(automaton.arrival(over: fromEdge))
        return base < edgeCount || automaton.next(fromContext: base - edgeCount, over: toEdge) != RestrictionAutomaton.forbidden
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
