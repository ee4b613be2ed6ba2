import Geodesy
import RoadNetwork

/// The roundabout rings a leg touches, each walked once and classified (see `Roundabout`).
///
/// Classifying a ring needs every road that joins it, including one-way roads that only enter it
/// (the graph's incoming edges). A ring that cannot be walked as one simple loop (a fork on the ring,
/// a node where two rings merge, an open `junction=roundabout` way) is left out, and guidance treats
/// it as a plain roundabout counted along the route.
struct RoundaboutCatalogue: Sendable {
    private(set) var rings: [Roundabout] = []
    /// Ring index of each ring node.
    private var ringOfNode: [NodeIndex: Int] = [:]

    /// Longest ring walked before giving up (a guard against malformed data, not a real limit).
    static let maximumRingNodes = 10_000

    /// The rings touched by the nodes of `edges` (nil when there are none, the common case).
    /// - Complexity: O(route nodes × degree + ring nodes × degree × probe walk).
    init?(graph: borrowing RoadGraph, edges: [EdgeIndex], bearings: EdgeBearingTable?) {
        guard let first = edges.first else { return nil }
        var starts: [NodeIndex] = []
        for node in [graph.tail[Int(first)]] + edges.map({ graph.head[Int($0)] }) where Self.isOnRing(node, graph) {
            starts.append(node)
        }
        self.init(graph: graph, starts: starts, bearings: bearings)
    }

    /// Every ring of the graph (nil when it has none).
    ///
    /// A node's ring is the same whichever node the walks start from: a walk that comes back to its start
    /// follows each node's only ring edge, so every walk through a node of that loop walks the same loop.
    /// - Complexity: O(edges + ring nodes × degree × probe walk); a ring-tagged way that never closes is
    ///   walked again from each of its nodes, up to `maximumRingNodes` nodes a walk.
    init?(graph: borrowing RoadGraph, bearings: EdgeBearingTable?) {
        var starts: [NodeIndex] = []
        for node in 0..<graph.nodeCount where Self.isOnRing(NodeIndex(node), graph) { starts.append(NodeIndex(node)) }
        self.init(graph: graph, starts: starts, bearings: bearings)
    }

    private init?(graph: borrowing RoadGraph, starts: [NodeIndex], bearings: EdgeBearingTable?) {
        guard !starts.isEmpty else { return nil }
        var walks: [RingWalk] = []
        var walked: Set<NodeIndex> = []
        for start in starts where !walked.contains(start) {
            guard let walk = RingWalk(graph: graph, from: start) else { walked.insert(start); continue }
            walked.formUnion(walk.nodes)
            walks.append(walk)
        }
        guard !walks.isEmpty else { return nil }
        for walk in walks {
            guard let ring = walk.classified(graph: graph, bearings: bearings) else { continue }
            for node in ring.nodes { ringOfNode[node] = rings.count }
            rings.append(ring)
        }
        if rings.isEmpty { return nil }
    }

    /// Bytes held (an estimate: the rings' node lists and the node lookup).
    var byteCount: Int {
        let nodes = ringOfNode.count
        return nodes * (MemoryLayout<NodeIndex>.stride + 2 * MemoryLayout<(NodeIndex, Int)>.stride)
            + rings.count * MemoryLayout<Roundabout>.stride
    }

    /// The classified ring through `node`, if any.
    func ring(at node: NodeIndex) -> Roundabout? {
        ringOfNode[node].map { rings[$0] }
    }

    /// Whether a ring edge leaves `node`.
    static func isOnRing(_ node: NodeIndex, _ graph: RoadGraph) -> Bool {
        graph.outgoingEdges(of: node).contains { graph.flags[Int($0)].contains(.roundabout) }
    }
}

/// One walk round a ring along its out-edges, before classification.
private struct RingWalk {
    var nodes: [NodeIndex] = []
    var length: Meters = 0
    var names: Set<String> = []
    var circular = false

    /// Walks the ring from `start`; nil when it is not one simple loop back to `start`.
    init?(graph: borrowing RoadGraph, from start: NodeIndex) {
        var current = start
        var seen: Set<NodeIndex> = []
        repeat {
            var next: EdgeIndex?
            for e in graph.outgoingEdges(of: current) where graph.flags[Int(e)].contains(.roundabout) {
                guard next == nil else { return nil }  // a fork on the ring
                next = e
            }
            guard let edge = next, seen.insert(current).inserted,
                  nodes.count < RoundaboutCatalogue.maximumRingNodes else { return nil }
            nodes.append(current)
            length += Double(graph.lengthMeters[Int(edge)])
            let name = graph.name(of: edge)
            if !name.isEmpty { names.insert(name) }
            if graph.flags[Int(edge)].contains(.circular) { circular = true }
            current = graph.head[Int(edge)]
        } while current != start
    }

    /// The ring with its kind; nil when a node has more than one ring edge arriving (rings merging).
    func classified(graph: borrowing RoadGraph, bearings: EdgeBearingTable?) -> Roundabout? {
        var joining: [[Roundabout.JoiningRoad]] = []
        var connectedNames: Set<String> = []
        let probe = TurnClassifier.probeDistance
        for node in nodes {
            var roads: [Roundabout.JoiningRoad] = []
            for e in graph.outgoingEdges(of: node) where !graph.flags[Int(e)].contains(.roundabout) {
                let bearing = bearings?.leaving(e) ?? graph.bearingOutOf(edge: e, leaving: node, distance: probe)
                roads.append(.init(edge: e, leavesRing: true, bearing: bearing))
            }
            var ringEdgesIn = 0
            for e in graph.incomingEdges(of: node) {
                if graph.flags[Int(e)].contains(.roundabout) { ringEdgesIn += 1; continue }
                // A two-way road is already there as its out-edge (the roads listed so far that leave the
                // node are matched with `e`'s tail looked up once).
                let eTail = graph.tail[Int(e)]
                if roads.contains(where: {
                    $0.leavesRing ? graph.isTwin($0.edge, ofEntering: e, from: eTail) : graph.isTwin($0.edge, of: e)
                }) { continue }
                let bearing = bearings?.backAlong(e) ?? graph.bearingBackAlong(edge: e, distance: probe)
                roads.append(.init(edge: e, leavesRing: false, bearing: bearing))
            }
            guard ringEdgesIn == 1 else { return nil }
            for road in roads { connectedNames.insert(graph.name(of: road.edge)) }
            joining.append(roads)
        }
        let radius = length / (2 * Double.pi)
        let kind = Roundabout.kind(joining: joining, radius: radius, names: names, connectedNames: connectedNames,
                                   circular: circular)
        var outline: [Coordinate] = []
        for node in nodes {
            outline.append(graph.nodeCoordinates[Int(node)])
            if let ringEdge = graph.outgoingEdges(of: node).first(where: { graph.flags[Int($0)].contains(.roundabout) }) {
                outline.append(contentsOf: graph.shapePoints(of: ringEdge))
            }
        }
        return Roundabout(kind: kind, name: names.count == 1 ? names.first : nil, nodes: nodes, radius: radius,
                          isClockwise: Roundabout.isClockwise(outline))
    }
}
