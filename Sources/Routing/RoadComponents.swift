import RoadNetwork

/// The strongly connected components of a road graph, split into the main network and small islands.
///
/// Snapping uses it the way OSRM does: a point next to a tiny island (a parking aisle, a road fragment
/// clipped by the extract's border) should still route through the main network when a main road lies
/// within the snapping limit (see `Router.snapWaypoints`).
///
/// Rule (OSRM's `--small-component-size`): a component is *big* when it has at least
/// `smallComponentSize` nodes (default 1,000), otherwise *tiny*. A graph with no big component (a
/// village, a test fixture, a junction scenario) therefore snaps every point to its nearest road, as
/// OSRM does when it finds no big-component candidate.
/// Components are computed on the directed graph, ignoring turn restrictions and access phases.
///
/// A position on an edge is driven away from over its head and reached over its tail, so the queries
/// ask whether an edge's tail and head lie in a big component. An edge inside a big component has
/// both; a oneway joining two components (necessarily a oneway: twins share their component) may have
/// one, e.g. a oneway leaving a dead end onto the main network is a fine start but an unreachable
/// destination. That is the node-graph reading of OSRM's components over edge-based nodes, where such
/// an edge forms a component of its own.
///
/// Memory: one component number per node and one flag per component; edge queries read the graph's
/// `tail`/`head` (shared, not copied), so nothing is stored per edge.
///
/// Invariants: `nodeComponent[v] < count`; an edge's component is its ends' when they share one, else
/// `RoadComponents.none`; twin edges have the same ends, hence the same answers.
struct RoadComponents {
    /// Marks an edge between two components.
    static let none = UInt32.max

    /// Component of each node.
    let nodeComponent: [UInt32]
    /// Whether each component is big.
    let isBig: [Bool]
    /// Nodes in the largest component.
    let largestComponentSize: Int
    /// The graph's edge ends (shared copy-on-write buffers).
    private let tail: EdgeTailColumn
    private let head: [NodeIndex]

    /// Number of components (single nodes included).
    var count: Int { isBig.count }

    /// The component both ends of `edge` lie in, or `RoadComponents.none` when the edge joins two.
    @inline(__always)
    func component(ofEdge edge: EdgeIndex) -> UInt32 {
        let a = nodeComponent[Int(tail[Int(edge)])], b = nodeComponent[Int(head[Int(edge)])]
        return a == b ? a : RoadComponents.none
    }

    /// Whether an edge's tail lies in a big component (a position on it can be reached from there).
    @inline(__always)
    func isTailOnMainNetwork(_ edge: EdgeIndex) -> Bool { isBig[Int(nodeComponent[Int(tail[Int(edge)])])] }

    /// Whether an edge's head lies in a big component (a position on it can drive into it).
    @inline(__always)
    func isHeadOnMainNetwork(_ edge: EdgeIndex) -> Bool { isBig[Int(nodeComponent[Int(head[Int(edge)])])] }

    /// Whether both ends of an edge lie in a big component.
    @inline(__always)
    func isOnBigComponent(_ edge: EdgeIndex) -> Bool { isTailOnMainNetwork(edge) && isHeadOnMainNetwork(edge) }

    /// Computes the components of `graph` with an iterative Tarjan search over its CSR arrays.
    /// - Complexity: O(nodes + edges) time, O(nodes) extra memory; no recursion, so any graph size.
    init(graph: RoadGraph, smallComponentSize: Int = Router.defaultSmallComponentSize) {
        let found = RoadComponents.stronglyConnectedComponents(
            nodeCount: graph.nodeCount, firstOut: graph.firstOut, head: graph.head)
        var sizes = [Int](repeating: 0, count: found.count)
        for c in found.components { sizes[Int(c)] += 1 }
        let largest = sizes.max() ?? 0
        isBig = sizes.map { $0 >= max(1, smallComponentSize) }
        largestComponentSize = largest
        nodeComponent = found.components
        tail = graph.tail
        head = graph.head
    }

    /// Tarjan's algorithm with an explicit stack: the component number of every node, and their count.
    ///
    /// Component numbers are assigned in the order the components complete (reverse topological order).
    /// - Complexity: O(nodes + edges).
    static func stronglyConnectedComponents(nodeCount n: Int, firstOut: [UInt32], head: [NodeIndex])
        -> (components: [UInt32], count: Int) {
        let unvisited = UInt32.max
        var index = [UInt32](repeating: unvisited, count: n)
        var low = [UInt32](repeating: 0, count: n)
        // `unvisited` until assigned; a visited node without a component is exactly a node on `stack`.
        var component = [UInt32](repeating: unvisited, count: n)
        var stack: [UInt32] = []
        // The depth-first path: each node and the next of its out-edges to explore.
        var pathNode: [UInt32] = [], pathEdge: [UInt32] = []
        var counter: UInt32 = 0, componentCount: UInt32 = 0
        for root in 0..<n where index[root] == unvisited {
            index[root] = counter; low[root] = counter; counter += 1
            stack.append(UInt32(root))
            pathNode.append(UInt32(root)); pathEdge.append(firstOut[root])
            while let v32 = pathNode.last {
                let v = Int(v32), top = pathNode.count - 1
                var e = Int(pathEdge[top])
                let end = Int(firstOut[v + 1])
                var descended = false
                while e < end {
                    let w = Int(head[e])
                    e += 1
                    if index[w] == unvisited {
                        pathEdge[top] = UInt32(e)
                        index[w] = counter; low[w] = counter; counter += 1
                        stack.append(UInt32(w))
                        pathNode.append(UInt32(w)); pathEdge.append(firstOut[w])
                        descended = true
                        break
                    } else if component[w] == unvisited && index[w] < low[v] {
                        low[v] = index[w]
                    }
                }
                if descended { continue }
                pathNode.removeLast(); pathEdge.removeLast()
                if low[v] == index[v] {
                    while true {
                        let x = Int(stack.removeLast())
                        component[x] = componentCount
                        if x == v { break }
                    }
                    componentCount += 1
                }
                if let parent = pathNode.last, low[v] < low[Int(parent)] { low[Int(parent)] = low[v] }
            }
        }
        return (component, Int(componentCount))
    }
}
