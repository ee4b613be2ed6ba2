import RoadNetwork

/// The loaded arrays of a graph, checked against every `RoadGraph` invariant before the graph is built.
///
/// `RoadGraph.init` stops the process on a violated invariant in debug builds (and release builds
/// would misbehave later), so the store checks a database's arrays first and reports the problem as
/// a damaged file instead.
struct GraphParts {
    var firstOut: [UInt32]
    var nodeCount: Int
    var nodeOSMIDs: Int
    var nodeElevations: Int
    var nodeControls: Int
    var tail: [UInt32]
    var head: [UInt32]
    var lengthMeters: [Float]
    var travelTimeSeconds: [Float]
    var otherEdgeArrayCounts: [Int]
    var nameIndex: [UInt32]
    var refIndex: [UInt32]
    var firstShapePoint: [UInt32]
    var shapePointCount: Int
    var shapeElevationCount: Int
    var strings: [String]
    var restrictions: [TurnRestriction]
    var viaWayRestrictions: [ViaWayRestriction]

    /// The first violated invariant, or nil.
    /// - Complexity: O(nodes + edges + restrictions).
    func firstInconsistency() -> String? {
        let n = nodeCount, m = head.count
        if firstOut.count != n + 1 { return "\(firstOut.count) first-out entries for \(n) nodes" }
        if nodeOSMIDs != n || nodeElevations != n || nodeControls != n { return "per-node arrays differ in length" }
        if firstOut[0] != 0 || Int(firstOut[n]) != m { return "first-out entries do not span the \(m) edges" }
        for count in [tail.count, lengthMeters.count, travelTimeSeconds.count, nameIndex.count, refIndex.count] + otherEdgeArrayCounts
        where count != m {
            return "a per-edge array has \(count) entries for \(m) edges"
        }
        if firstShapePoint.count != m + 1 || firstShapePoint[0] != 0 || Int(firstShapePoint[m]) != shapePointCount {
            return "shape offsets do not cover the \(shapePointCount) shape points"
        }
        if shapeElevationCount != shapePointCount { return "shape elevations differ from shape points in count" }
        if strings.first != "" { return "string 0 is not the empty string" }
        for v in 0..<n {
            if firstOut[v] > firstOut[v + 1] { return "first-out entries decrease at node \(v)" }
            for e in Int(firstOut[v])..<Int(firstOut[v + 1]) where tail[e] != UInt32(v) {
                return "edge \(e) is stored under node \(v) but its tail is \(tail[e])"
            }
        }
        for e in 0..<m {
            if Int(head[e]) >= n { return "edge \(e) ends at node \(head[e]), beyond \(n) nodes" }
            let length = lengthMeters[e], time = travelTimeSeconds[e]
            if !(length >= 0) || !length.isFinite || !(time >= 0) || !time.isFinite || (length > 0 && time <= 0) {
                return "edge \(e) has length \(length) m and travel time \(time) s"
            }
            if firstShapePoint[e] > firstShapePoint[e + 1] { return "shape offsets decrease at edge \(e)" }
            if Int(nameIndex[e]) >= strings.count || Int(refIndex[e]) >= strings.count { return "edge \(e) names a missing string" }
        }
        var previous: UInt32 = 0
        for r in restrictions {
            if r.fromEdge < previous { return "restrictions are not sorted by their from-edge" }
            previous = r.fromEdge
            if Int(r.fromEdge) >= m || Int(r.toEdge) >= m || Int(r.viaNode) >= n { return "restriction \(r.relationID) points outside the graph" }
            if head[Int(r.fromEdge)] != r.viaNode || tail[Int(r.toEdge)] != r.viaNode {
                return "restriction \(r.relationID) does not meet at its via node"
            }
        }
        previous = 0
        for r in viaWayRestrictions {
            if r.fromEdge < previous { return "via-way restrictions are not sorted by their from-edge" }
            previous = r.fromEdge
            if r.edges.contains(where: { Int($0) >= m }) { return "via-way restriction \(r.relationID) points outside the graph" }
            for (a, b) in zip(r.edges, r.edges.dropFirst()) where head[Int(a)] != tail[Int(b)] {
                return "via-way restriction \(r.relationID) has edges that do not meet"
            }
        }
        return nil
    }
}
