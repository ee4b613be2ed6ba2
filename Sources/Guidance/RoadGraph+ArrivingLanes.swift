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
    /// passes; more: an intersection).
    /// - Complexity: O(degree²).
    func distinctNeighbourCount(of node: NodeIndex) -> Int {
        var neighbours: [NodeIndex] = []
        func add(_ v: NodeIndex) { if v != node && !neighbours.contains(v) { neighbours.append(v) } }
        for e in outgoingEdges(of: node) { add(head[Int(e)]) }
        for e in incomingEdges(of: node) { add(tail[Int(e)]) }
        return neighbours.count
    }
}
