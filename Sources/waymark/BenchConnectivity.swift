import RoadNetwork

/// How much of a graph is mutually reachable: the share of routing nodes in the largest strongly
/// connected component. Explains a bench run's "no route" failures — random pairs succeed about
/// `share²` of the time when the rest of the graph is small islands (parking lots, clipped roads,
/// one-way fragments at an extract's edge).
///
/// Turn restrictions and access rules are ignored, so this is an upper bound on what routes.
enum BenchConnectivity {
    /// The size of the largest strongly connected component (Kosaraju, iterative, two passes).
    /// - Complexity: O(nodes + edges) time and memory.
    static func largestComponentSize(of graph: RoadGraph) -> Int {
        let n = graph.nodeCount
        guard n > 0 else { return 0 }
        // Pass 1: finishing order of a depth-first search over the forward edges.
        var visited = [Bool](repeating: false, count: n)
        var order: [UInt32] = []
        order.reserveCapacity(n)
        var stack: [(node: UInt32, next: UInt32)] = []
        for root in 0..<n where !visited[root] {
            visited[root] = true
            stack.append((UInt32(root), graph.firstOut[root]))
            while let top = stack.last {
                let end = graph.firstOut[Int(top.node) + 1]
                if top.next < end {
                    stack[stack.count - 1].next += 1
                    let w = Int(graph.head[Int(top.next)])
                    if !visited[w] {
                        visited[w] = true
                        stack.append((UInt32(w), graph.firstOut[w]))
                    }
                } else {
                    order.append(top.node)
                    stack.removeLast()
                }
            }
        }

        // Pass 2: components on the reverse graph, in reverse finishing order.
        var assigned = [Bool](repeating: false, count: n)
        var largest = 0
        var work: [UInt32] = []
        for root in order.reversed() where !assigned[Int(root)] {
            assigned[Int(root)] = true
            work.append(root)
            var size = 0
            while let v = work.popLast() {
                size += 1
                // The graph's own reverse adjacency: the edges entering v.
                for e in graph.incomingEdges(of: v) {
                    let u = Int(graph.tail[Int(e)])
                    if !assigned[u] {
                        assigned[u] = true
                        work.append(UInt32(u))
                    }
                }
            }
            largest = max(largest, size)
        }
        return largest
    }
}
