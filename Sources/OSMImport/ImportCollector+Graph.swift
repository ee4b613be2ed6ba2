import Geodesy
import RoadNetwork

extension ImportCollector {
    /// Resolves the collected ways into a road graph, after the whole file has been read; the
    /// collector's node table and way storage are released on the way (it is used once).
    ///
    /// Routing nodes are the nodes used more than once by drivable ways, the ends of every way piece,
    /// restriction via nodes (so every restriction meets at a node) and traffic controls; the other nodes become shape
    /// points in travel direction. A way whose nodes are missing from a clipped extract is split
    /// where they are missing (the gap's geometry is unknown) and the pieces kept.
    /// - Complexity: O(n log n + r log n) for n nodes and r drivable node refs (binary searches).
    func assembleGraph() -> RoadGraph {
        nodes.finish()
        statistics.duplicateNodeIDs = nodes.duplicateCount
        // Via-way restrictions meet where consecutive member ways share a node: find those nodes (OSM
        // ids) while the way refs are still at hand.
        let viaWayJunctions = resolveViaWayJunctions()
        let restrictionWayEnds = endsOfRestrictionWays()
        var pieces = cutWaysIntoPieces()
        markRestrictionAndControlNodes(&pieces, viaWayJunctions: viaWayJunctions)
        let barriers = barrierNodeIndices(useCount: &pieces.useCount)

        // Area POIs need the node table, which is released before the graph is laid out.
        resolveAreaPointsOfInterest()
        resolveBuiltUpAreas()
        statistics.pointsOfInterest = pointsOfInterest.count

        var builder = reservedBuilder(for: pieces)
        var numbering = RoutingNodeNumbering(nodeCount: nodes.count, barriers: barriers)
        addSegments(of: pieces, numbering: &numbering, to: &builder)
        let drivableWayIDs = Set(wayIDs)
        addViaNodeRestrictions(numbering: numbering, drivableWayIDs: drivableWayIDs, wayEnds: restrictionWayEnds, to: &builder)
        let viaWayCandidates = addViaWayRestrictions(numbering: numbering, drivableWayIDs: drivableWayIDs,
                                                     junctions: viaWayJunctions, to: &builder)
        // The node table and the pieces are not needed by the layout: freed before it peaks.
        pieces = WayPieces(nodeCount: 0)
        numbering = RoutingNodeNumbering(nodeCount: 0, barriers: [])
        nodes = NodeCoordinateTable()
        let graph = builder.buildReleasingStorage(nodeOrder: .hilbertCurve)
        recordStatistics(of: graph, viaWayCandidates: viaWayCandidates, barrierCount: barriers.count)
        return graph
    }

    /// Resolves every drivable way's node refs to node-table indices, cut where nodes are missing, with
    /// consecutive duplicates dropped, and counts the nodes' uses; the way refs are released.
    /// - Complexity: O(r log n) for r drivable node refs and n nodes.
    private func cutWaysIntoPieces() -> WayPieces {
        var pieces = WayPieces(nodeCount: nodes.count)
        pieces.nodes.reserveCapacity(wayRefs.count)
        for way in 0..<wayIDs.count {
            var missing = 0
            var keptPieces = 0
            var pieceBegin = pieces.nodes.count
            func closePiece() {
                if pieces.nodes.count - pieceBegin >= 2 {
                    pieces.start.append(pieces.nodes.count)
                    pieces.way.append(way)
                    keptPieces += 1
                } else {
                    pieces.nodes.removeSubrange(pieceBegin...)
                }
                pieceBegin = pieces.nodes.count
            }
            var previousRef: Int64?
            var previousIndex: Int?
            for r in wayRefStart[way]..<wayRefStart[way + 1] {
                let ref = wayRefs[r]
                if ref == previousRef { continue }
                previousRef = ref
                guard let index = nodes.index(of: ref, hint: previousIndex) else {
                    missing += 1
                    closePiece()
                    continue
                }
                previousIndex = index
                pieces.nodes.append(UInt32(index))
            }
            closePiece()
            if missing > 0 {
                statistics.missingNodeRefsDropped += missing
                statistics.waysWithMissingNodes += 1
            }
            if keptPieces == 0 { statistics.waysDropped += 1 }
        }
        wayRefs = []
        wayRefStart = []
        pieces.countUses()
        return pieces
    }

    /// Makes routing nodes of restriction via nodes and via-way junctions (so every restriction meets at
    /// a node, splitting the ways through them) and of traffic signals, stop and give-way signs on
    /// drivable ways (so routing charges their delay once per pass, at the node itself).
    private func markRestrictionAndControlNodes(_ pieces: inout WayPieces, viaWayJunctions: [Int64: [Int64]]) {
        for r in pendingRestrictions {
            if let v = nodes.index(of: r.via) { pieces.markRoutingNodeIfUsed(v) }
        }
        for junctions in viaWayJunctions.values {
            for id in junctions { if let v = nodes.index(of: id) { pieces.markRoutingNodeIfUsed(v) } }
        }
        for id in trafficControls.keys {
            if let v = nodes.index(of: id) { pieces.markRoutingNodeIfUsed(v) }
        }
    }

    /// A builder whose arrays are reserved for what the pieces will add, so they are allocated once.
    /// - Complexity: O(nodes + piece nodes).
    private func reservedBuilder(for pieces: WayPieces) -> RoadGraphBuilder {
        var routingNodeCount = 0, edgeCount = 0, shapeCount = 0
        for n in 0..<pieces.useCount.count where pieces.isRoutingNode(n) { routingNodeCount += 1 }
        for p in 0..<pieces.count {
            let twins = wayAttributes[pieces.way[p]].direction == .both ? 2 : 1
            var segmentShape = 0
            for i in (pieces.start[p] + 1)..<pieces.start[p + 1] {
                if !pieces.isRoutingNode(Int(pieces.nodes[i])) { segmentShape += 1; continue }
                edgeCount += twins
                shapeCount += twins * segmentShape
                segmentShape = 0
            }
        }
        var builder = RoadGraphBuilder()
        builder.reserveCapacity(nodes: routingNodeCount, edges: edgeCount, shapePoints: shapeCount)
        return builder
    }

    /// The builder's node for node-table index `n`, added on first use with its OSM data.
    private func routingNode(_ n: Int, numbering: inout RoutingNodeNumbering, builder: inout RoadGraphBuilder) -> NodeIndex {
        if let index = numbering.index(of: n) { return index }
        let id = nodes.id(at: n)
        let isBarrier = numbering.isBarrier(n)
        let control = isBarrier ? TrafficControl(kind: .barrier)
            : trafficControls.isEmpty ? .none : trafficControls[id] ?? .none
        let index = builder.addNode(osmID: id, coordinate: nodes.coordinate(at: n), elevation: elevations[id] ?? .nan,
                                    control: control, junctionExit: junctionExits.isEmpty ? "" : junctionExits[id] ?? "")
        if !isBarrier { numbering.record(index, for: n) }
        return index
    }

    /// Adds one edge (or a twin pair) per segment between routing nodes, parallel direct segments merged
    /// (`parallelSegmentWinners`); the nodes between become the segment's shape points.
    /// - Complexity: O(piece nodes) expected.
    private func addSegments(of pieces: WayPieces, numbering: inout RoutingNodeNumbering, to builder: inout RoadGraphBuilder) {
        let haveElevations = !elevations.isEmpty
        let crossingLengths = ferryCrossingLengths(pieces)
        let parallel = parallelSegmentWinners(pieces, barriers: numbering.barriers, crossingLengths: crossingLengths)
        statistics.parallelSegmentsMerged = parallel.merged
        var directOrdinal = 0
        var shape: [Coordinate] = []
        var shapeElevations: [Float] = []
        for p in 0..<pieces.count {
            let attributes = wayAttributes[pieces.way[p]]
            let start = pieces.start[p], end = pieces.start[p + 1]
            var from = routingNode(Int(pieces.nodes[start]), numbering: &numbering, builder: &builder)
            shape.removeAll(keepingCapacity: true)
            shapeElevations.removeAll(keepingCapacity: true)
            for i in (start + 1)..<end {
                let n = Int(pieces.nodes[i])
                if !pieces.isRoutingNode(n) {
                    shape.append(nodes.coordinate(at: n))
                    if haveElevations { shapeElevations.append(elevations[nodes.id(at: n)] ?? .nan) }
                    continue
                }
                var keep = (forward: true, backward: true)
                if shape.isEmpty {
                    keep = keptDirections(tail: Int(pieces.nodes[i - 1]), head: n, direction: attributes.direction,
                                          winners: parallel.winners, ordinal: &directOrdinal)
                }
                let to = routingNode(n, numbering: &numbering, builder: &builder)
                if keep.forward || keep.backward {
                    addSegment(&builder, from: from, to: to, shape: shape, shapeElevations: shapeElevations,
                               attributes: attributes, wayID: wayIDs[pieces.way[p]], wayLength: crossingLengths[pieces.way[p]],
                               forward: keep.forward, backward: keep.backward)
                }
                from = i + 1 < end && numbering.isBarrier(n) ? routingNode(n, numbering: &numbering, builder: &builder) : to
                shape.removeAll(keepingCapacity: true)
                shapeElevations.removeAll(keepingCapacity: true)
            }
        }
    }

    /// The directions in which the direct segment `tail`–`head` is kept: each only where it is the
    /// cheapest of its parallels. `ordinal` numbers the direct directed segments as
    /// `parallelSegmentWinners` does, and is advanced past this one's.
    private func keptDirections(tail: Int, head: Int, direction: WayInterpretation.Direction, winners: [UInt64: Int],
                                ordinal: inout Int) -> (forward: Bool, backward: Bool) {
        guard !winners.isEmpty else {
            ordinal += direction == .both ? 2 : 1
            return (true, true)
        }
        var keep = (forward: true, backward: true)
        if direction != .backward {
            if let winner = winners[Self.directedKey(tail, head)] { keep.forward = winner == ordinal }
            ordinal += 1
        }
        if direction != .forward {
            if let winner = winners[Self.directedKey(head, tail)] { keep.backward = winner == ordinal }
            ordinal += 1
        }
        return keep
    }

    /// Adds the via-node restrictions between drivable ways that end at a routing node.
    private func addViaNodeRestrictions(numbering: RoutingNodeNumbering, drivableWayIDs: Set<Int64>,
                                        wayEnds: [Int64: (first: Int64, last: Int64)], to builder: inout RoadGraphBuilder) {
        for r in pendingRestrictions {
            guard drivableWayIDs.contains(r.fromWay), drivableWayIDs.contains(r.toWay),
                  let v = nodes.index(of: r.via), let via = numbering.index(of: v) else {
                continue
            }
            // OSRM resolves a via-node restriction only where its ways end at the via node: a way running
            // through it leaves open which side is meant, and guessing would close a road.
            guard let fromEnds = wayEnds[r.fromWay], let toEnds = wayEnds[r.toWay],
                  fromEnds.first == r.via || fromEnds.last == r.via, toEnds.first == r.via || toEnds.last == r.via else {
                statistics.restrictionsAmbiguous += 1
                continue
            }
            builder.addRestriction(kind: r.kind, fromWay: r.fromWay, via: via, toWay: r.toWay, relationID: r.id)
        }
    }

    /// Adds the via-way restrictions whose ways are all drivable and meet at routing nodes; returns their
    /// relation ids (the layout may still find no drivable path for some).
    private func addViaWayRestrictions(numbering: RoutingNodeNumbering, drivableWayIDs: Set<Int64>, junctions: [Int64: [Int64]],
                                       to builder: inout RoadGraphBuilder) -> Set<Int64> {
        var candidates = Set<Int64>()
        for r in pendingViaWayRestrictions {
            guard r.ways.allSatisfy(drivableWayIDs.contains) else { statistics.viaWayRestrictionsMissingWays += 1; continue }
            guard let junctionIDs = junctions[r.id] else { statistics.viaWayRestrictionsUnconnected += 1; continue }
            var routing: [NodeIndex] = []
            for id in junctionIDs {
                if let v = nodes.index(of: id), let index = numbering.index(of: v) { routing.append(index) }
            }
            guard routing.count == junctionIDs.count else { statistics.viaWayRestrictionsUnconnected += 1; continue }
            builder.addViaWayRestriction(kind: r.kind, ways: r.ways, junctions: routing, relationID: r.id)
            candidates.insert(r.id)
        }
        return candidates
    }

    /// Counts what the built graph kept: restrictions, routing nodes, traffic controls, barriers, edges.
    private func recordStatistics(of graph: RoadGraph, viaWayCandidates: Set<Int64>, barrierCount: Int) {
        var keptRelations = Set<Int64>()
        for r in graph.restrictions { keptRelations.insert(r.relationID) }
        var keptViaWay = Set<Int64>()
        for r in graph.viaWayRestrictions { keptViaWay.insert(r.relationID) }
        statistics.viaWayRestrictionsKept = keptViaWay.count
        // Candidates no drivable path realised (a oneway via way driven against its direction …).
        statistics.viaWayRestrictionsUnconnected += viaWayCandidates.subtracting(keptViaWay).count
        keptRelations.formUnion(keptViaWay)
        statistics.restrictionsKept = keptRelations.count
        statistics.restrictionsSkipped = statistics.restrictionRelations - keptRelations.count
        statistics.routingNodes = graph.nodeCount
        for control in graph.nodeControls where control.kind != .none {
            switch control.kind {
            case .trafficSignals: statistics.trafficSignalNodes += 1
            case .stop, .stopMinor: statistics.stopNodes += 1
            case .giveWay: statistics.giveWayNodes += 1
            case .gate: statistics.gateNodes += 1
            case .barrier, .none: break
            }
        }
        statistics.barrierNodes = barrierCount
        statistics.edges = graph.edgeCount
    }

    /// The node-table indices of the blocking barriers on drivable ways, made routing nodes (so the ways
    /// split there); barriers and gates on no drivable way are counted and left out.
    private func barrierNodeIndices(useCount: inout [UInt8]) -> Set<Int> {
        var result = Set<Int>()
        for id in blockingBarriers {
            guard let v = nodes.index(of: id), useCount[v] > 0 else { statistics.barriersOffRoads += 1; continue }
            useCount[v] = WayPieces.routingMark
            result.insert(v)
        }
        for (id, control) in trafficControls where control.kind == .gate {
            if nodes.index(of: id).map({ useCount[$0] == 0 }) ?? true { statistics.barriersOffRoads += 1 }
        }
        blockingBarriers = []
        return result
    }

    /// Adds the edge (or twin pair) of one segment; `wayLength` is the whole way's length when its
    /// crossing time is tagged, which each segment then shares by length.
    private func addSegment(_ builder: inout RoadGraphBuilder, from: NodeIndex, to: NodeIndex, shape: [Coordinate],
                            shapeElevations: [Float], attributes a: WayInterpretation, wayID: Int64, wayLength: Meters?,
                            forward: Bool = true, backward: Bool = true) {
        let oneway: EdgeFlags = a.direction == .both ? [] : .oneway
        var length: Meters = 0
        var previous = builder.coordinate(of: from)
        for point in shape { length += GreatCircle.distance(from: previous, to: point); previous = point }
        length += GreatCircle.distance(from: previous, to: builder.coordinate(of: to))
        var fixedTime: Seconds?
        if let duration = a.crossingDuration, let wayLength {
            fixedTime = wayLength > 0 ? duration * length / wayLength : duration
        }
        if a.direction != .backward && forward {
            builder.addEdge(RoadEdgeDescription(
                from: from, to: to, shape: shape, shapeElevations: shapeElevations, lengthMeters: length,
                routingSpeed: a.forwardSpeed, highway: a.highway, speedLimit: a.forwardLimit,
                flags: a.flags.union(oneway), name: a.name, ref: a.ref,
                destinations: a.signposts.destinations, exits: a.signposts.exits, turnLanes: a.turnLanes.forward,
                wayID: wayID, travelTimeSeconds: fixedTime))
        }
        if a.direction != .forward && backward {
            builder.addEdge(RoadEdgeDescription(
                from: to, to: from, shape: shape.reversed(), shapeElevations: shapeElevations.reversed(), lengthMeters: length,
                routingSpeed: a.backwardSpeed, highway: a.highway, speedLimit: a.backwardLimit,
                flags: a.flags.union(oneway).union(.againstWayDirection), name: a.name, ref: a.ref,
                destinations: a.signposts.destinations, exits: a.signposts.exits, turnLanes: a.turnLanes.backward,
                wayID: wayID, travelTimeSeconds: fixedTime))
        }
    }

    /// A directed pair of node-table indices as one key.
    @inline(__always)
    static func directedKey(_ from: Int, _ to: Int) -> UInt64 { UInt64(UInt32(from)) << 32 | UInt64(UInt32(to)) }

    /// Which of several parallel direct segments is kept, OSRM's rule: among the directed edges that join
    /// the same two OSM nodes directly (no node between them, so the same length), only the cheapest one
    /// in each direction is kept (least travel time; the first in file order on a tie), and the others are
    /// merged into it. A way running back and forth between two nodes N times, or N ways joining the same
    /// two nodes, thus makes one edge each way instead of N, and the turns at those nodes stay linear in
    /// the input (N parallel edges would make N² turns there). Segments with a node between their ends
    /// (different geometry) are kept, as OSRM keeps them, and so are segments ending at a barrier (a node
    /// of its own on every pass).
    ///
    /// Direct directed segments are numbered in the order `addSegments` meets them (forward
    /// before backward for a two-way segment); `winners` maps each key that has parallels to the ordinal
    /// of the kept one (keys without parallels are absent), `merged` counts the directed edges dropped.
    /// - Complexity: O(drivable node refs) time, O(direct segments) memory.
    private func parallelSegmentWinners(_ pieces: WayPieces, barriers: Set<Int>,
                                        crossingLengths: [Int: Meters]) -> (winners: [UInt64: Int], merged: Int) {
        let pieceNodes = pieces.nodes, pieceStart = pieces.start, pieceWay = pieces.way
        func forEachDirectEdge(_ body: (_ key: UInt64, _ ordinal: Int, _ piece: Int, _ forward: Bool, _ tail: Int, _ head: Int) -> Void) {
            var ordinal = 0
            for p in 0..<pieceWay.count {
                let direction = wayAttributes[pieceWay[p]].direction
                var previousIsRouting = true   // a piece starts at a routing node
                for i in (pieceStart[p] + 1)..<pieceStart[p + 1] {
                    let n = Int(pieceNodes[i])
                    guard pieces.isRoutingNode(n) else { previousIsRouting = false; continue }
                    defer { previousIsRouting = true }
                    guard previousIsRouting else { continue }
                    let tail = Int(pieceNodes[i - 1])
                    if direction != .backward { body(Self.directedKey(tail, n), ordinal, p, true, tail, n); ordinal += 1 }
                    if direction != .forward { body(Self.directedKey(n, tail), ordinal, p, false, n, tail); ordinal += 1 }
                }
            }
        }
        var seen = Set<UInt64>()
        var repeated = Set<UInt64>()
        forEachDirectEdge { key, _, _, _, tail, head in
            // A barrier is a routing node of its own on every pass, so segments ending there are not parallel.
            if !barriers.isEmpty && (barriers.contains(tail) || barriers.contains(head)) { return }
            if !seen.insert(key).inserted { repeated.insert(key) }
        }
        seen = []
        guard !repeated.isEmpty else { return ([:], 0) }
        var best: [UInt64: (seconds: Double, ordinal: Int)] = [:]
        var merged = 0
        forEachDirectEdge { key, ordinal, p, forward, tail, head in
            guard repeated.contains(key) else { return }
            let a = wayAttributes[pieceWay[p]]
            let length = GreatCircle.distance(from: nodes.coordinate(at: tail), to: nodes.coordinate(at: head))
            var seconds = length / SpeedConversion.metersPerSecond(max(forward ? a.forwardSpeed : a.backwardSpeed, 1))
            if let duration = a.crossingDuration, let wayLength = crossingLengths[pieceWay[p]] {
                let fixed = wayLength > 0 ? duration * length / wayLength : duration
                if fixed > 0 && fixed.isFinite { seconds = fixed }
            }
            if let current = best[key] {
                merged += 1
                if seconds < current.seconds { best[key] = (seconds, ordinal) }
            } else {
                best[key] = (seconds, ordinal)
            }
        }
        return (best.mapValues(\.ordinal), merged)
    }

    /// The length of every way with a tagged crossing time (all its pieces), by way index.
    /// - Complexity: O(node refs of those ways).
    private func ferryCrossingLengths(_ pieces: WayPieces) -> [Int: Meters] {
        let pieceNodes = pieces.nodes, pieceStart = pieces.start, pieceWay = pieces.way
        var lengths: [Int: Meters] = [:]
        for p in 0..<pieceWay.count where wayAttributes[pieceWay[p]].crossingDuration != nil {
            var length: Meters = 0
            for i in (pieceStart[p] + 1)..<pieceStart[p + 1] {
                length += GreatCircle.distance(from: nodes.coordinate(at: Int(pieceNodes[i - 1])), to: nodes.coordinate(at: Int(pieceNodes[i])))
            }
            lengths[pieceWay[p], default: 0] += length
        }
        return lengths
    }

    /// The first and last node of every drivable way a via-node restriction names, by way id.
    /// - Complexity: O(restrictions + drivable ways).
    private func endsOfRestrictionWays() -> [Int64: (first: Int64, last: Int64)] {
        guard !pendingRestrictions.isEmpty else { return [:] }
        var wanted = Set<Int64>()
        for r in pendingRestrictions { wanted.insert(r.fromWay); wanted.insert(r.toWay) }
        var ends: [Int64: (first: Int64, last: Int64)] = [:]
        for (i, id) in wayIDs.enumerated() where wanted.contains(id) && wayRefStart[i + 1] > wayRefStart[i] {
            ends[id] = (wayRefs[wayRefStart[i]], wayRefs[wayRefStart[i + 1] - 1])
        }
        return ends
    }

    /// For each via-way restriction whose member ways are all drivable, the OSM node ids where each
    /// member way meets the next (relation id -> junctions); restrictions whose consecutive ways share
    /// no node are absent. Where two ways share several nodes, an end of either is preferred (ways
    /// usually meet end to end; a shared middle node is a crossing).
    /// - Complexity: O(node refs of the member ways).
    private func resolveViaWayJunctions() -> [Int64: [Int64]] {
        guard !pendingViaWayRestrictions.isEmpty else { return [:] }
        var wanted = Set<Int64>()
        for r in pendingViaWayRestrictions { wanted.formUnion(r.ways) }
        var refsOfWay: [Int64: ArraySlice<Int64>] = [:]
        for (i, id) in wayIDs.enumerated() where wanted.contains(id) {
            refsOfWay[id] = wayRefs[wayRefStart[i]..<wayRefStart[i + 1]]
        }
        var result: [Int64: [Int64]] = [:]
        for r in pendingViaWayRestrictions {
            var junctions: [Int64] = []
            for (a, b) in zip(r.ways, r.ways.dropFirst()) {
                guard let refsA = refsOfWay[a], let refsB = refsOfWay[b], !refsA.isEmpty, !refsB.isEmpty else { break }
                let shared = Set(refsA).intersection(refsB)
                let ends: Set<Int64> = [refsA.first!, refsA.last!, refsB.first!, refsB.last!]
                guard let junction = shared.filter(ends.contains).min() ?? shared.min() else { break }
                junctions.append(junction)
            }
            if junctions.count == r.ways.count - 1 { result[r.id] = junctions }
        }
        return result
    }

    /// Turns the built-up areas' node ids into outlines; an area with a node missing from the file is left out.
    private func resolveBuiltUpAreas() {
        for refs in pendingBuiltUpAreas {
            var outline: [Coordinate] = []
            outline.reserveCapacity(refs.count)
            for ref in refs {
                guard let n = nodes.index(of: ref) else { break }
                outline.append(nodes.coordinate(at: n))
            }
            if outline.count == refs.count { builtUpAreas.add(outline) }
        }
        statistics.builtUpAreas = builtUpAreas.count
        pendingBuiltUpAreas = []
    }

    /// Places each named closed-way POI at the centre (mean) of its nodes found in the file.
    private func resolveAreaPointsOfInterest() {
        for area in pendingAreaPOIs {
            var latitude = 0.0, longitude = 0.0, count = 0
            // The closing node repeats the first one; count it once.
            for ref in area.refs.dropLast() {
                guard let n = nodes.index(of: ref) else { continue }
                let c = nodes.coordinate(at: n)
                latitude += c.latitude; longitude += c.longitude; count += 1
            }
            guard count > 0 else { continue }
            pointsOfInterest.append(PointOfInterest(
                osmID: area.id, osmType: .way, name: area.name, key: area.key, category: area.category,
                coordinate: Coordinate(latitude: latitude / Double(count), longitude: longitude / Double(count))))
        }
        pendingAreaPOIs.removeAll()
    }
}
