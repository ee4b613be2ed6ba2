import Geodesy
import RoadNetwork

/// The posted limit of the nearest posted road of the same kind, reached along roads of that kind:
/// what a driver infers on an unsigned street inside a signed 30 km/h area, or on an unsigned stretch of
/// a main road signed before and after.
///
/// Two tiers: the same highway class first; failing that, the same family of classes
/// (`RoadFamily`: local streets, the main road network, motorways and trunk roads), for a street whose
/// own class has no posted road near but whose neighbours of the family do (a `tertiary` through a
/// 30 km/h area of `residential` streets). Each tier is one search per kind from every posted edge of that
/// kind at once, through the unposted edges of that kind only (in either direction: signs face both ways
/// of the network), label-correcting in a FIFO queue, stopping at `maximumDistance`. An unposted edge takes
/// the label of the nearer of its ends. Where posted edges of different limits meet at a node, the lower
/// limit labels it (the cautious reading).
struct NeighbourLimits {
    /// How far along roads of the same kind a posted limit is carried.
    var maximumDistance: Meters

    /// For every edge: the limit of the nearest posted neighbour, or nil (posted edges themselves, and
    /// edges no posted road of their kind reaches).
    /// - Parameter isPosted: whether an edge's limit was read from its tags (it then seeds the search).
    /// - Complexity: O(Σ over kinds of the edges of that kind reached × node degree), twice.
    func labels(in graph: RoadGraph, limits: [SpeedLimit], isPosted: (Int) -> Bool) -> [SpeedLimit?] {
        let byClass = labels(in: graph, limits: limits, isPosted: isPosted, kind: { Int(graph.highway[$0].rawValue) })
        let byFamily = labels(in: graph, limits: limits, isPosted: isPosted, kind: { RoadFamily(graph.highway[$0]).rawValue })
        return zip(byClass, byFamily).map { $0 ?? $1 }
    }

    /// The labels when roads are of the same kind exactly when `kind` says so.
    private func labels(in graph: RoadGraph, limits: [SpeedLimit], isPosted: (Int) -> Bool, kind: (Int) -> Int) -> [SpeedLimit?] {
        var edgesOfKind: [Int: [Int]] = [:]
        var seeded = Set<Int>()
        for e in 0..<graph.edgeCount {
            let k = kind(e)
            edgesOfKind[k, default: []].append(e)
            if isPosted(e) && limits[e].kind == .limited { seeded.insert(k) }
        }
        var result = [SpeedLimit?](repeating: nil, count: graph.edgeCount)
        for k in seeded.sorted() {
            let edges = edgesOfKind[k] ?? []
            let nodeLabels = search(edges, kind: k, in: graph, limits: limits, isPosted: isPosted, kindOf: kind)
            for e in edges where !isPosted(e) {
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

    private func search(_ edges: [Int], kind: Int, in graph: RoadGraph, limits: [SpeedLimit], isPosted: (Int) -> Bool,
                        kindOf: (Int) -> Int) -> [Label] {
        var labels = [Label](repeating: Label(), count: graph.nodeCount)
        var queue: [NodeIndex] = []
        var inQueue = [Bool](repeating: false, count: graph.nodeCount)
        func seed(_ node: NodeIndex, _ limit: SpeedLimit) {
            let current = labels[Int(node)]
            guard current.limit == nil || limit.kilometersPerHour < current.limit!.kilometersPerHour else { return }
            labels[Int(node)] = Label(distance: 0, limit: limit)
            if !inQueue[Int(node)] {
                inQueue[Int(node)] = true
                queue.append(node)
            }
        }
        for e in edges where isPosted(e) && limits[e].kind == .limited {
            seed(graph.tail[e], limits[e])
            seed(graph.head[e], limits[e])
        }
        var next = 0
        func relax(_ edge: EdgeIndex, to neighbour: NodeIndex, from label: Label) {
            let e = Int(edge)
            guard kindOf(e) == kind, !isPosted(e) else { return }
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

/// Families of highway classes whose limits go together: a posted limit is lent within a family when no
/// road of the same class is near.
enum RoadFamily: Int {
    /// Motorways, trunk roads and their links.
    case fast = 100
    /// Primary, secondary, tertiary roads and their links.
    case main
    /// Unclassified, residential, living streets, service roads, `road`.
    case local

    init(_ highway: HighwayClass) {
        switch highway.mainClass {
        case .motorway, .trunk: self = .fast
        case .primary, .secondary, .tertiary: self = .main
        default: self = .local
        }
    }
}
