import Geodesy
import RoadNetwork

/// A place on a directed edge where a search starts or ends.
struct EdgePosition {
    var edge: EdgeIndex
    /// Fraction of the edge's length from its tail (0...1).
    var fraction: Double
}

/// The best path one search found.
struct SearchResult {
    /// The cost in the metric searched (seconds or metres).
    var cost: Double
    /// The edges driven, from the start edge (driven from `startFraction`) to the target edge (driven up
    /// to `endFraction`); a single edge when start and target lie on it in order.
    var edges: [EdgeIndex]
    var startFraction: Double
    var endFraction: Double
    var settled: Int
}

extension Router {
    /// The positions a snapped location offers: its edge, and the twin driven the other way.
    func positions(of snapped: SnappedLocation) -> [EdgePosition] {
        var result = [EdgePosition(edge: snapped.edge, fraction: snapped.fraction)]
        if let t = twin(of: snapped.edge) { result.append(EdgePosition(edge: t, fraction: 1 - snapped.fraction)) }
        return result
    }

    /// The graph node a snapped location lies on, when it is an end of its edge (a point snapped onto a
    /// junction): from there every edge of the node may be taken, and it is reached over any of them.
    func node(at snapped: SnappedLocation) -> NodeIndex? {
        if snapped.fraction <= 0 { return graph.tail[Int(snapped.edge)] }
        if snapped.fraction >= 1 { return graph.head[Int(snapped.edge)] }
        return nil
    }

    /// Marks a state seeded at a start node (no edge was driven to reach it).
    static let noEdge = UInt32.max

    /// One point-to-point search over the state model described on `Router` (A* or Dijkstra).
    ///
    /// Seeds the states reached by driving the rest of each start edge (and, for a start on a node, the
    /// node itself in phase `leaving`, so any first edge is allowed and sets the phase), stops when the
    /// smallest key in the queue is no better than the best complete path; a path completes when an
    /// allowed relaxation enters a target edge (cost up to the target fraction) or arrives at the target
    /// node, or directly along a shared edge.
    /// - Returns: nil when no target is reachable.
    /// - Complexity: O((S + R) log S) for S settled states and R relaxations; no allocation of O(graph).
    func search(from starts: [EdgePosition], startNode: NodeIndex? = nil, to targets: [EdgePosition],
                targetNode: NodeIndex? = nil, targetPoint: Coordinate, metric: RoutingMetric,
                algorithm: SearchAlgorithm, workspace ws: RoutingWorkspace) -> SearchResult? {
        precondition(ws.capacity >= stateCount, "the workspace was made for a smaller graph; use router.makeWorkspace()")
        precondition(!starts.isEmpty && !targets.isEmpty && targets.count <= 2)
        var frontier = ws.beginQuery()
        let useTime = metric == .time
        // 0.999 absorbs float rounding so the bound stays below the true cost (see the type's invariant).
        let hScale: Double = algorithm == .aStar ? (useTime ? GreatCircle.earthRadius / fastestSpeed : GreatCircle.earthRadius) * 0.999 : 0
        let target = Router.unitVector(targetPoint)
        let (tx, ty, tz) = (target.x, target.y, target.z)
        let firstOut = self.firstOut, edges = self.edgeRecords, units = self.unitVectors, slots = frontier.slots
        let nodeCount = self.nodeCount, baseCount = self.baseCount
        let destinationBit = Router.destinationOnlyBit
        let target1 = targets[0].edge, fraction1 = targets[0].fraction
        let target2 = targets.count > 1 ? targets[1].edge : EdgeTwins.none
        let fraction2 = targets.count > 1 ? targets[1].fraction : 0
        let goalNode = targetNode ?? NodeIndex.max

        // ALT: the landmark distances of the target edges' tails and of the target node (every path to
        // the target passes one of them). Unreachable entries are arranged so their terms drop out:
        // d(t, L) = +inf makes `d(v, L) - d(t, L)` -inf or NaN, d(L, t) = -inf makes `d(L, t) - d(L, v)`
        // -inf. A finite d(t, L) with d(v, L) = +inf gives +inf: v cannot reach t, the state is pruned.
        let table = algorithm == .aStar ? (useTime ? timeLandmarks : distanceLandmarks) : nil
        let landmarks = table?.count ?? 0
        let landmarkValues = table?.values
        let goalNodes = targets.map { graph.tail[Int($0.edge)] } + (targetNode.map { [$0] } ?? [])
        let targetBounds = UnsafeMutablePointer<Double>.allocate(capacity: max(1, 2 * goalNodes.count * landmarks))
        defer { targetBounds.deallocate() }
        for (i, goal) in goalNodes.enumerated() where landmarks > 0 {
            let tailRow = landmarkValues! + Int(goal) * landmarks * 2
            for l in 0..<landmarks {
                targetBounds[(i * landmarks + l) * 2] = tailRow[2 * l]
                let from = tailRow[2 * l + 1]
                targetBounds[(i * landmarks + l) * 2 + 1] = from.isFinite ? from : -.infinity
            }
        }
        let targetCount = goalNodes.count

        /// A lower bound on the cost from `node` to the target; +infinity when it cannot be reached.
        @inline(__always) func heuristic(_ node: NodeIndex) -> Double {
            let p = units + 3 * Int(node)
            let dx = p[0] - tx, dy = p[1] - ty, dz = p[2] - tz
            var h = hScale * (dx * dx + dy * dy + dz * dz).squareRoot()
            if landmarks > 0 {
                let row = landmarkValues! + Int(node) * landmarks * 2
                var nearest = Double.infinity
                for i in 0..<targetCount {
                    let bounds = targetBounds + i * landmarks * 2
                    var b = 0.0
                    for l in 0..<landmarks {
                        let viaTo = row[2 * l] - bounds[2 * l]
                        if viaTo > b { b = viaTo }
                        let viaFrom = bounds[2 * l + 1] - row[2 * l + 1]
                        if viaFrom > b { b = viaFrom }
                    }
                    if b < nearest { nearest = b }
                }
                // 0.999 as for the geometric bound: sums in another order must not make it exceed.
                let alt = nearest * 0.999
                if alt > h { h = alt }
            }
            return h
        }

        var best = Double.infinity
        var bestState = RoutingWorkspace.noParent
        var bestEdge: EdgeIndex = 0
        var bestEndFraction = 0.0
        var bestDirectStart = -1

        for (i, start) in starts.enumerated() {
            let record = edges[Int(start.edge)]
            let cost = Double(useTime ? record.timeCost : record.distanceCost)
            for t in targets where t.edge == start.edge && t.fraction >= start.fraction {
                let candidate = (t.fraction - start.fraction) * cost
                if candidate < best { best = candidate; bestDirectStart = i; bestEndFraction = t.fraction; bestEdge = t.edge }
            }
            let g = (1 - start.fraction) * cost
            if record.head == goalNode && g < best { best = g; bestDirectStart = i; bestEndFraction = 1; bestEdge = start.edge }
            let phase = AccessPhase.initial(onDestinationOnly: record.arrival & destinationBit != 0)
            let state = Int(phase.rawValue) * baseCount + Int(record.arrival & ~destinationBit)
            let h = heuristic(record.head)
            let slot = frontier.touch(state)
            if g < slot.pointee.distance && h < .infinity {
                slot.pointee.distance = g
                slot.pointee.parent = RoutingWorkspace.noParent
                slot.pointee.inEdge = start.edge
                frontier.pushOrDecrease(UInt32(state), key: g + h, slot: slot)
            }
        }

        if let startNode {
            let state = Int(AccessPhase.leaving.rawValue) * baseCount + Int(startNode)
            let h = heuristic(startNode)
            let slot = frontier.touch(state)
            if 0 < slot.pointee.distance && h < .infinity {
                slot.pointee.distance = 0
                slot.pointee.parent = RoutingWorkspace.noParent
                slot.pointee.inEdge = Router.noEdge
                frontier.pushOrDecrease(UInt32(state), key: h, slot: slot)
            }
        }

        var settled = 0
        while !frontier.isEmpty && frontier.minimumKey < best {
            let x = frontier.popMinimum()
            settled += 1
            let g = slots[Int(x)].distance
            var base = Int(x)
            var phase: UInt32 = 0
            if base >= baseCount { base -= baseCount; phase = 1 }
            if base >= baseCount { base -= baseCount; phase = 2 }
            let node: Int
            let context: Int
            if base < nodeCount {
                node = base
                context = -1
            } else {
                context = base - nodeCount
                node = Int(automaton.contextNode[context])
            }
            var o = Int(firstOut[node])
            let end = Int(firstOut[node + 1])
            while o < end {
                defer { o += 1 }
                let record = edges[o]
                var arrivalBase = record.arrival & ~destinationBit
                if context >= 0 {
                    arrivalBase = automaton.next(fromContext: context, over: EdgeIndex(o))
                    if arrivalBase == RestrictionAutomaton.forbidden { continue }
                }
                let destinationOnly = record.arrival & destinationBit != 0
                let newPhase: UInt32
                switch phase {
                case 0: newPhase = destinationOnly ? 0 : 1
                case 1: newPhase = destinationOnly ? 2 : 1
                default:
                    if !destinationOnly { continue }
                    newPhase = 2
                }
                let cost = Double(useTime ? record.timeCost : record.distanceCost)
                if EdgeIndex(o) == target1 {
                    let candidate = g + fraction1 * cost
                    if candidate < best { best = candidate; bestState = x; bestEdge = target1; bestEndFraction = fraction1; bestDirectStart = -1 }
                } else if EdgeIndex(o) == target2 {
                    let candidate = g + fraction2 * cost
                    if candidate < best { best = candidate; bestState = x; bestEdge = target2; bestEndFraction = fraction2; bestDirectStart = -1 }
                }
                if record.head == goalNode && g + cost < best {
                    best = g + cost; bestState = x; bestEdge = EdgeIndex(o); bestEndFraction = 1; bestDirectStart = -1
                }
                let next = Int(newPhase) * baseCount + Int(arrivalBase)
                let ng = g + cost
                let slot = frontier.touch(next)
                if ng < slot.pointee.distance && slot.pointee.heapPosition != RoutingWorkspace.settled {
                    let h = heuristic(record.head)
                    // An infinite bound: the target is unreachable from there, so the state is pruned.
                    if h == .infinity { continue }
                    slot.pointee.distance = ng
                    slot.pointee.parent = x
                    slot.pointee.inEdge = UInt32(o)
                    frontier.pushOrDecrease(UInt32(next), key: ng + h, slot: slot)
                }
            }
        }
        ws.lastSettledCount = settled
        guard best < .infinity else { return nil }

        if bestDirectStart >= 0 {
            let start = starts[bestDirectStart]
            return SearchResult(cost: best, edges: [start.edge], startFraction: start.fraction,
                                endFraction: bestEndFraction, settled: settled)
        }
        var path: [EdgeIndex] = [bestEdge]
        var x = bestState
        var rootEdge = Router.noEdge
        while x != RoutingWorkspace.noParent {
            rootEdge = slots[Int(x)].inEdge
            if rootEdge != Router.noEdge { path.append(rootEdge) }
            x = slots[Int(x)].parent
        }
        path.reverse()
        // A path from the start node drives its first edge whole; one from a start edge, the rest of it.
        let startFraction = rootEdge == Router.noEdge ? 0 : starts.first(where: { $0.edge == path[0] })?.fraction ?? 0
        return SearchResult(cost: best, edges: path, startFraction: startFraction, endFraction: bestEndFraction, settled: settled)
    }
}
