import RoadNetwork

extension RoadGraph {
    /// The lanes of the road arriving at junction `i` of a route along `edges` (the node between
    /// `edges[i - 1]` and `edges[i]`; empty when none are mapped), and the junction index where that
    /// stretch of road begins.
    ///
    /// Where the edge arriving maps no lanes, the lanes of the edge before it count, across nodes where
    /// only this road passes (a way's end, a bend): OSRM merges such pieces into one road and keeps the
    /// lanes nearest the junction, so lanes painted before a way ends still lead into the next junction.
    /// - Complexity: O(length of the stretch × degree²).
    func lanes(arrivingAt i: Int, along edges: [EdgeIndex]) -> (pattern: ArraySlice<TurnLaneMask>, stretchStart: Int) {
        var j = i - 1
        while true {
            let lanes = turnLanes(of: edges[j])
            if !lanes.isEmpty { return (lanes, j) }
            guard j >= 1, distinctNeighbourCount(of: head[Int(edges[j - 1])]) == 2 else { return ([], j) }
            j -= 1
        }
    }

    /// The number of distinct nodes joined to `node` by a road, in either direction (2: only one road
    /// passes; more: an intersection), counted up to `limit` (the callers only tell 2 from more).
    ///
    /// An edge entering `node` from a node it leads to is the twin of a road already counted; the others
    /// are one-way roads coming in, counted one each. Found from the nodes' out-edges alone, since an
    /// edge's tail is a search (`EdgeTailColumn`) and this runs at every node of a route with lanes.
    /// - Complexity: O(degree²), without allocating.
    func distinctNeighbourCount(of node: NodeIndex, upTo limit: Int = 3) -> Int {
        let outgoing = outgoingEdges(of: node)
        var count = 0, twins = 0
        for e in outgoing {
            let v = head[Int(e)]
            if v == node || outgoing[..<e].contains(where: { head[Int($0)] == v }) { continue }
            count += 1
            twins += outgoingEdges(of: v).reduce(0) { $0 + (head[Int($1)] == node ? 1 : 0) }
        }
        let loops = outgoing.reduce(0) { $0 + (head[Int($1)] == node ? 1 : 0) }
        count += max(0, incomingEdges(of: node).count - twins - loops)
        return min(count, limit)
    }
}
