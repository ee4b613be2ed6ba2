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
/// Invariant: every array has `edgeCount` entries.
struct EdgeBearingTable: Sendable {
    let probeDistance: Meters
    /// The bearing out of each edge's tail along it: `bearingOutOf(edge:distance:)`.
    let leaving: [Bearing]
    /// The bearing of travel into each edge's head: `bearingInto(edges: [e], at: 0, distance:)`.
    let arriving: [Bearing]
    /// The bearing from each edge's head back along it: `bearingBackAlong(edge:distance:)`.
    let backAlong: [Bearing]
    /// Per edge, `leavingStaysOnEdge` and `arrivingStaysOnEdge`: whether the probe ended on the edge, so
    /// that a route's probe over the same edge, which walks on into the next edge of the route when the
    /// first is shorter than the probe, ends at the same point.
    private let staysOnEdge: [UInt8]

    private static let leavingBit: UInt8 = 1, arrivingBit: UInt8 = 2
    /// Nodes per task of the parallel build: small enough to share the work evenly, large enough that a
    /// task's overhead is lost in it.
    private static let nodesPerTask = 4096

    /// Whether `leaving[e]` is what a route's departure probe along `e` measures.
    func leavingStaysOnEdge(_ e: EdgeIndex) -> Bool { staysOnEdge[Int(e)] & Self.leavingBit != 0 }

    /// Whether `arriving[e]` is what a route's arrival probe along `e` measures.
    func arrivingStaysOnEdge(_ e: EdgeIndex) -> Bool { staysOnEdge[Int(e)] & Self.arrivingBit != 0 }

    /// Bytes held by the table.
    var byteCount: Int { 3 * leaving.count * MemoryLayout<Bearing>.stride + staysOnEdge.count }

    /// Measures every edge of `graph`, on all cores.
    /// - Complexity: O(edges + shape points walked), divided among the cores.
    init(graph: RoadGraph, probeDistance: Meters) {
        self.probeDistance = probeDistance
        let m = graph.edgeCount, n = graph.nodeCount
        let leaving = UnsafeMutableBufferPointer<Bearing>.allocate(capacity: m)
        let arriving = UnsafeMutableBufferPointer<Bearing>.allocate(capacity: m)
        let backAlong = UnsafeMutableBufferPointer<Bearing>.allocate(capacity: m)
        let stays = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: m)
        defer { [leaving, arriving, backAlong].forEach { $0.deallocate() }; stays.deallocate() }
        // Each task writes the entries of its own nodes' out-edges, a range no other task touches.
        nonisolated(unsafe) let columns = (leaving, arriving, backAlong, stays)
        let tasks = (n + Self.nodesPerTask - 1) / Self.nodesPerTask
        DispatchQueue.concurrentPerform(iterations: tasks) { task in
            let (leaving, arriving, backAlong, stays) = columns
            let first = task * Self.nodesPerTask
            for node in first ..< min(n, first + Self.nodesPerTask) {
                let tailNode = NodeIndex(node)
                for e in graph.outgoingEdges(of: tailNode) {
                    let edge = CollectionOfOne(e)
                    let out = graph.departureProbe(edges: edge, at: 0, distance: probeDistance, tailNode: tailNode)
                    let headCoordinate = graph.nodeCoordinates[Int(graph.head[Int(e)])]
                    let back = graph.probeBackward(edges: edge, from: 0, distance: probeDistance)
                    let i = Int(e)
                    leaving.initializeElement(at: i, to: out.bearing)
                    arriving.initializeElement(at: i, to: GreatCircle.initialBearing(from: back.point, to: headCoordinate))
                    backAlong.initializeElement(at: i, to: GreatCircle.initialBearing(from: headCoordinate, to: back.point))
                    stays.initializeElement(at: i, to: (out.staysOnEdge ? Self.leavingBit : 0) | (back.onFirstEdge ? Self.arrivingBit : 0))
                }
            }
        }
        self.leaving = Array(leaving)
        self.arriving = Array(arriving)
        self.backAlong = Array(backAlong)
        staysOnEdge = Array(stays)
    }
}
