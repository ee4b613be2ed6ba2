import Dispatch
import Geodesy
import RoadNetwork

/// Every edge's bearings at both of its ends, over one probe distance, measured once for a whole graph.
///
/// Classifying a junction measures each road meeting it a few metres out (`RoadGraph.bearingOutOf(edge:)`),
/// and a route passes hundreds of junctions: those probes (sines, cosines and arctangents) were a third of
/// building a route's steps. They depend on the edge alone, so a long-lived router measures them once.
/// Each entry is the value the probe itself returns, bit for bit: steps are the same with a table or
/// without one.
///
/// A route's probe along an edge ends at the edge's own probed point when the edge is at least as long as
/// the probe; past a shorter edge it walks on along the route. Whether it stays on the edge is kept in the
/// sign of the stored bearing (bearings lie in 0..<360, and `abs` restores them bit for bit), so that
/// the bearing a route asks for and whether it may take it are one read.
///
/// Invariant: every array has `edgeCount` entries.
struct EdgeBearingTable: Sendable {
    let probeDistance: Meters
    /// The bearing out of each edge's tail along it (`bearingOutOf(edge:distance:)`), negative when the
    /// probe ran past the edge's end.
    private let signedLeaving: [Degrees]
    /// The bearing of travel into each edge's head (`bearingInto(edges: [e], at: 0, distance:)`), negative
    /// when the probe ran back past the edge's tail.
    private let signedArriving: [Degrees]
    /// The bearing from each edge's head back along it (`bearingBackAlong(edge:distance:)`).
    private let backAlongDegrees: [Degrees]

    /// Nodes per task of the parallel build: small enough to share the work evenly, large enough that a
    /// task's overhead is lost in it.
    private static let nodesPerTask = 4096

    /// `bearingOutOf(edge: e, distance: probeDistance)`.
    func leaving(_ e: EdgeIndex) -> Bearing { Bearing(degrees: abs(signedLeaving[Int(e)])) }

    /// `bearingInto(edges: [e], at: 0, distance: probeDistance)`.
    func arriving(_ e: EdgeIndex) -> Bearing { Bearing(degrees: abs(signedArriving[Int(e)])) }

    /// `bearingBackAlong(edge: e, distance: probeDistance)`.
    func backAlong(_ e: EdgeIndex) -> Bearing { Bearing(degrees: backAlongDegrees[Int(e)]) }

    /// Whether `leaving(e)` is what a route's departure probe along `e` measures.
    func leavingStaysOnEdge(_ e: EdgeIndex) -> Bool { signedLeaving[Int(e)].sign == .plus }

    /// Whether `arriving(e)` is what a route's arrival probe along `e` measures.
    func arrivingStaysOnEdge(_ e: EdgeIndex) -> Bool { signedArriving[Int(e)].sign == .plus }

    /// `leaving(e)` when a route's departure probe along `e` measures it, else nil.
    func departure(_ e: EdgeIndex) -> Bearing? {
        let degrees = signedLeaving[Int(e)]
        return degrees.sign == .plus ? Bearing(degrees: degrees) : nil
    }

    /// `arriving(e)` when a route's arrival probe along `e` measures it, else nil.
    func arrival(_ e: EdgeIndex) -> Bearing? {
        let degrees = signedArriving[Int(e)]
        return degrees.sign == .plus ? Bearing(degrees: degrees) : nil
    }

    /// Bytes held by the table.
    var byteCount: Int { 3 * signedLeaving.count * MemoryLayout<Degrees>.stride }

    /// Measures every edge of `graph`, on all cores.
    /// - Complexity: O(edges + shape points walked), divided among the cores.
    init(graph: RoadGraph, probeDistance: Meters) {
        self.probeDistance = probeDistance
        let m = graph.edgeCount, n = graph.nodeCount
        let leaving = UnsafeMutableBufferPointer<Degrees>.allocate(capacity: m)
        let arriving = UnsafeMutableBufferPointer<Degrees>.allocate(capacity: m)
        let backAlong = UnsafeMutableBufferPointer<Degrees>.allocate(capacity: m)
        defer { [leaving, arriving, backAlong].forEach { $0.deallocate() } }
        // Each task writes the entries of its own nodes' out-edges, a range no other task touches.
        nonisolated(unsafe) let columns = (leaving, arriving, backAlong)
        let tasks = (n + Self.nodesPerTask - 1) / Self.nodesPerTask
        DispatchQueue.concurrentPerform(iterations: tasks) { task in
            let (leaving, arriving, backAlong) = columns
            let first = task * Self.nodesPerTask
            for node in first ..< min(n, first + Self.nodesPerTask) {
                let tailNode = NodeIndex(node)
                for e in graph.outgoingEdges(of: tailNode) {
                    let edge = CollectionOfOne(e)
                    let out = graph.departureProbe(edges: edge, at: 0, distance: probeDistance, tailNode: tailNode)
                    let headCoordinate = graph.nodeCoordinates[Int(graph.head[Int(e)])]
                    let back = graph.probeBackward(edges: edge, from: 0, distance: probeDistance)
                    let into = GreatCircle.initialBearing(from: back.point, to: headCoordinate).degrees
                    let i = Int(e)
                    leaving.initializeElement(at: i, to: out.staysOnEdge ? out.bearing.degrees : -out.bearing.degrees)
                    arriving.initializeElement(at: i, to: back.onFirstEdge ? into : -into)
                    backAlong.initializeElement(at: i, to: GreatCircle.initialBearing(from: headCoordinate, to: back.point).degrees)
                }
            }
        }
        signedLeaving = Array(leaving)
        signedArriving = Array(arriving)
        backAlongDegrees = Array(backAlong)
    }
}
