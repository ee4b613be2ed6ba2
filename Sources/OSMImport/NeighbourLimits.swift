import Geodesy
import RoadNetwork

/// The posted limit of the nearest posted road of the same class, reached along roads of that class:
/// what a driver infers on an unsigned street inside a signed 30 km/h area, or on an unsigned stretch of
/// a main road signed before and after.
///
/// One search per highway class from every posted edge of that class at once, through the unposted
/// edges of that class only (in either direction: signs face both ways of the network), label-correcting
/// in a FIFO queue, stopping at `maximumDistance`. An unposted edge takes the label of the nearer of its
/// ends. Where posted edges of different limits meet at a node, the lower limit labels it (the cautious
/// reading).
struct NeighbourLimits {
    /// How far along roads of the same class a posted limit is carried.
    var maximumDistance: Meters

    /// For every edge: the limit and the distance of the nearest posted neighbour, or nil (posted
    /// edges themselves, and edges no posted road of their class reaches).
    /// - Parameter isPosted: whether an edge's limit was read from its tags (it then seeds the search).
    /// - Complexity: O(Σ over classes of the edges of that class reached × node degree).
    func labels(in graph: RoadGraph, limits: [SpeedLimit], isPosted: (Int) -> Bool) -> [SpeedLimit?] {
        var result = [SpeedLimit?](repeating: nil, count: graph.edgeCount)
        var classes = Set<HighwayClass>()
        for e in 0..<graph.edgeCount where isPosted(e) && limits[e].kind == .limited { classes.insert(graph.highway[e]) }
        for highway in classes.sorted(by: { $0.rawValue < $1.rawValue }) {
            let nodeLabels = search(highway, in: graph, limits: limits, isPosted: isPosted)
            for e in 0..<graph.edgeCount where graph.highway[e] == highway && !isPosted(e) {
                let a = nodeLabels[Int(graph.tail[e])], b = nodeLabels[Int(graph.head[e])]
                let nearer = a.distance <= b.distance ? a : b
                if nearer.distance <= Float(maximumDistance), let limit = nearer.limit { result[e] = limit }
            }
        }
        return result
    }

    private struct Label {
        var distance: Float = .infinity
        var limit: SpeedLimit?
    }

    private func search(_ highway: HighwayClass, in graph: RoadGraph, limits: [SpeedLimit], isPosted: (Int) -> Bool) -> [Label] {
        var labels = [Label](repeating: Label(), count: graph.nodeCount)
        var queue: [NodeIndex] = []
        func seed(_ node: NodeIndex, _ limit: SpeedLimit) {
            let current = labels[Int(node)]
            if current.limit == nil || limit.kilometersPerHour < current.limit!.kilometersPerHour {
                if current.limit == nil { queue.append(node) }
                labels[Int(node)] = Label(distance: 0, limit: limit)
            }
        }
        for e in 0..<graph.edgeCount where graph.highway[e] == highway && isPosted(e) && limits[e].kind == .limited {
            seed(graph.tail[e], limits[e])
            seed(graph.head[e], limits[e])
        }
        var inQueue = [Bool](repeating: false, count: graph.nodeCount)
        for node in queue { inQueue[Int(node)] = true }
        var next = 0
        func relax(_ edge: EdgeIndex, to neighbour: NodeIndex, from label: Label) {
            let e = Int(edge)
            guard graph.highway[e] == highway, !isPosted(e) else { return }
            let distance = label.distance + graph.lengthMeters[e]
            guard distance <= Float(maximumDistance), distance < labels[Int(neighbour)].distance else { return }
            labels[Int(neighbour)] = Label(distance: distance, limit: label.limit)
            if !inQueue[Int(neighbour)] {
                inQueue[Int(neighbour)] = true
                queue.append(neighbour)
            }
        }
        while next < queue.count {
            let node = queue[next]
            next += 1
            inQueue[Int(node)] = false
            let label = labels[Int(node)]
            for edge in graph.outgoingEdges(of: node) { relax(edge, to: graph.head[Int(edge)], from: label) }
            for edge in graph.incomingEdges(of: node) { relax(edge, to: graph.tail[Int(edge)], from: label) }
            // The queue only grows; drop the settled prefix now and then so it stays small.
            if next > 1 << 16 && next * 2 > queue.count {
                queue.removeFirst(next)
                next = 0
            }
        }
        return labels
    }
}
