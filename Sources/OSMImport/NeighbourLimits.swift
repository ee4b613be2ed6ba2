import Geodesy
import RoadNetwork

/// The posted limit of the nearest posted road of the same kind, reached along roads of that kind:
/// what a driver infers on an unsigned street inside a signed 30 km/h area, or on an unsigned stretch of
/// a main road signed before and after.
///
/// Two tiers: the same highway class first; failing that, the same family of classes
/// (`RoadFamily`: local streets, the main road network, motorways and trunk roads; living streets keep to
/// themselves), for a street whose
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
    /// - Complexity: O(edges × kinds seeded + Σ over kinds of the edges of that kind reached × node degree), per tier.
    func labels(in graph: RoadGraph, limits: [SpeedLimit], isPosted: (Int) -> Bool) -> [SpeedLimit?] {
        // Read every edge's class and whether it seeds once, into flat arrays the searches share.
        var highwayOf = [UInt8](repeating: 0, count: graph.edgeCount)
        var posted = [Bool](repeating: false, count: graph.edgeCount)
        for e in 0..<graph.edgeCount {
            highwayOf[e] = graph.highway[e].rawValue
            posted[e] = isPosted(e)
        }
        let classes = highwayOf
        let families = highwayOf.map { RoadFamily(HighwayClass(rawValue: $0)!).rawValue }
        var result = [SpeedLimit?](repeating: nil, count: graph.edgeCount)
        for kinds in [classes, families] {
            fill(&result, in: graph, limits: limits, posted: posted, kinds: kinds)
        }
        return result
    }

    /// Labels the edges `result` has none for, where roads are of the same kind exactly when `kinds` agree.
    private func fill(_ result: inout [SpeedLimit?], in graph: RoadGraph, limits: [SpeedLimit], posted: [Bool], kinds: [UInt8]) {
        let (first, edgesByKind) = Self.bucket(kinds)
        var search = Search(nodeCount: graph.nodeCount)
        for kind in 0..<(first.count - 1) {
            let edges = edgesByKind[first[kind]..<first[kind + 1]]
            guard edges.contains(where: { posted[Int($0)] && limits[Int($0)].kind == .limited }) else { continue }
            search.run(from: edges, kind: UInt8(kind), in: graph, limits: limits, posted: posted, kinds: kinds,
                       maximumDistance: Float(maximumDistance))
            for edge in edges where !posted[Int(edge)] && result[Int(edge)] == nil {
                let e = Int(edge)
                let a = search.labels[Int(graph.tail[e])], b = search.labels[Int(graph.head[e])]
                let nearer = a.distance <= b.distance ? a : b
                if nearer.distance <= Float(maximumDistance), let limit = nearer.limit { result[e] = limit }
            }
            search.reset()
        }
    }

    /// The edges grouped by kind (a counting sort): kind k's are `edges[first[k] ..< first[k + 1]]`.
    private static func bucket(_ kinds: [UInt8]) -> (first: [Int], edges: [UInt32]) {
        var first = [Int](repeating: 0, count: 257)
        for k in kinds { first[Int(k) + 1] += 1 }
        for k in 0..<256 { first[k + 1] += first[k] }
        var fill = first
        var edges = [UInt32](repeating: 0, count: kinds.count)
        for (e, k) in kinds.enumerated() {
            edges[fill[Int(k)]] = UInt32(e)
            fill[Int(k)] += 1
        }
        return (first, edges)
    }

    private struct Label {
        var distance: Float = .infinity
        var limit: SpeedLimit?
    }

    /// One search's node labels and queue, reused from kind to kind (only the nodes a search touched are
    /// cleared after it).
    private struct Search {
        var labels: [Label]
        private var inQueue: [Bool]
        private var queue: [NodeIndex] = []
        private var touched: [NodeIndex] = []

        init(nodeCount: Int) {
            labels = [Label](repeating: Label(), count: nodeCount)
            inQueue = [Bool](repeating: false, count: nodeCount)
        }

        mutating func reset() {
            for node in touched { labels[Int(node)] = Label() }
            touched.removeAll(keepingCapacity: true)
        }

        private mutating func label(_ node: NodeIndex, _ label: Label) {
            if labels[Int(node)].limit == nil { touched.append(node) }
            labels[Int(node)] = label
            if !inQueue[Int(node)] {
                inQueue[Int(node)] = true
                queue.append(node)
            }
        }

        mutating func run(from edges: ArraySlice<UInt32>, kind: UInt8, in graph: RoadGraph, limits: [SpeedLimit], posted: [Bool],
                          kinds: [UInt8], maximumDistance: Float) {
            for edge in edges where posted[Int(edge)] && limits[Int(edge)].kind == .limited {
                let limit = limits[Int(edge)]
                for node in [graph.tail[Int(edge)], graph.head[Int(edge)]] {
                    let current = labels[Int(node)]
                    if current.limit == nil || limit.kilometersPerHour < current.limit!.kilometersPerHour {
                        label(node, Label(distance: 0, limit: limit))
                    }
                }
            }
            var next = 0
            while next < queue.count {
                let node = queue[next]
                next += 1
                inQueue[Int(node)] = false
                let from = labels[Int(node)]
                for edge in graph.outgoingEdges(of: node) {
                    relax(Int(edge), to: graph.head[Int(edge)], from: from, kind: kind, in: graph, posted: posted, kinds: kinds,
                          maximumDistance: maximumDistance)
                }
                for edge in graph.incomingEdges(of: node) {
                    relax(Int(edge), to: graph.tail[Int(edge)], from: from, kind: kind, in: graph, posted: posted, kinds: kinds,
                          maximumDistance: maximumDistance)
                }
            }
            queue.removeAll(keepingCapacity: true)
        }

        private mutating func relax(_ e: Int, to neighbour: NodeIndex, from: Label, kind: UInt8, in graph: RoadGraph, posted: [Bool],
                                    kinds: [UInt8], maximumDistance: Float) {
            guard kinds[e] == kind, !posted[e] else { return }
            let distance = from.distance + graph.lengthMeters[e]
            guard distance <= maximumDistance, distance < labels[Int(neighbour)].distance else { return }
            label(neighbour, Label(distance: distance, limit: from.limit))
        }
    }
}

/// Families of highway classes whose limits go together: a posted limit is lent within a family when no
/// road of the same class is near.
enum RoadFamily: UInt8 {
    /// Motorways, trunk roads and their links.
    case fast = 100
    /// Primary, secondary, tertiary roads and their links.
    case main
    /// Unclassified, residential, service roads, `road`.
    case local
    /// Living streets: their limit (walking pace in most countries) is their own, never a street's.
    case living

    init(_ highway: HighwayClass) {
        switch highway.mainClass {
        case .motorway, .trunk: self = .fast
        case .primary, .secondary, .tertiary: self = .main
        case .livingStreet: self = .living
        default: self = .local
        }
    }
}
