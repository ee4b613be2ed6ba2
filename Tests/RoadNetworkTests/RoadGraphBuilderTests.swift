import Testing
import Geodesy
@testable import RoadNetwork

/// A small hand-drawn network:
///
///     a ---- b ---- c
///            |
///            d
///
/// a-b two-way "West", b-c one-way "East" (b -> c), b-d two-way "South".
@Suite struct RoadGraphBuilderTests {
    func build(restrict: Bool = false) -> RoadGraph {
        var builder = RoadGraphBuilder()
        let a = builder.addNode(osmID: 1, coordinate: Coordinate(latitude: 45.0, longitude: 15.000))
        let b = builder.addNode(osmID: 2, coordinate: Coordinate(latitude: 45.0, longitude: 15.001))
        let c = builder.addNode(osmID: 3, coordinate: Coordinate(latitude: 45.0, longitude: 15.002))
        let d = builder.addNode(osmID: 4, coordinate: Coordinate(latitude: 44.999, longitude: 15.001), elevation: 120)
        let limit = SpeedLimit.limited(50, source: .posted)
        // Added out of tail order on purpose: build() must sort.
        builder.addEdge(RoadEdgeDescription(from: b, to: c, routingSpeed: 50, highway: .primary, speedLimit: limit, flags: .oneway, name: "East", wayID: 11))
        builder.addEdge(RoadEdgeDescription(from: a, to: b, shape: [Coordinate(latitude: 45.0001, longitude: 15.0005)], routingSpeed: 36, highway: .residential, speedLimit: limit, name: "West", wayID: 10))
        builder.addEdge(RoadEdgeDescription(from: b, to: a, shape: [Coordinate(latitude: 45.0001, longitude: 15.0005)], routingSpeed: 36, highway: .residential, speedLimit: limit, flags: .againstWayDirection, name: "West", wayID: 10))
        builder.addEdge(RoadEdgeDescription(from: b, to: d, routingSpeed: 36, highway: .residential, speedLimit: .limited(30, unit: .milesPerHour, source: .posted), name: "South", wayID: 12))
        builder.addEdge(RoadEdgeDescription(from: d, to: b, routingSpeed: 36, highway: .residential, speedLimit: .unknown(), name: "South", wayID: 12))
        if restrict {
            builder.addRestriction(kind: .prohibitive, fromWay: 10, via: b, toWay: 12, relationID: 99)
        }
        return builder.build()
    }

    @Test func edgesAreGroupedByTailInCSROrder() {
        let g = build()
        #expect(g.nodeCount == 4 && g.edgeCount == 5)
        #expect(g.validate() == nil)
        #expect(g.outgoingEdges(of: 0).count == 1)
        #expect(g.outgoingEdges(of: 1).count == 3)
        for e in g.outgoingEdges(of: 1) { #expect(g.tail[Int(e)] == 1) }
        // Stable: b's edges keep insertion order (East, West, South).
        #expect(g.outgoingEdges(of: 1).map { g.name(of: $0) } == ["East", "West", "South"])
    }

    @Test func lengthsComeFromTheGeometryAndTimesFromTheSpeed() throws {
        let g = build()
        let ab = try #require(g.outgoingEdges(of: 0).first)
        let expected = GreatCircle.length(of: g.geometry(of: ab))
        #expect(abs(Double(g.lengthMeters[Int(ab)]) - expected) < 0.01)
        // 36 km/h = 10 m/s.
        #expect(abs(Double(g.travelTimeSeconds[Int(ab)]) - expected / 10) < 0.01)
        #expect(g.geometry(of: ab).count == 3)
    }

    @Test func geometryOfTheTwinRunsTheOtherWay() {
        let g = build()
        let ba = g.outgoingEdges(of: 1).first { g.head[Int($0)] == 0 }!
        let ab = g.outgoingEdges(of: 0).first!
        #expect(g.geometry(of: ba) == g.geometry(of: ab).reversed())
    }

    @Test func restrictionResolvesOntoTheEdgesMeetingAtTheViaNode() throws {
        let g = build(restrict: true)
        #expect(g.restrictions.count == 1)
        let r = try #require(g.restrictions.first)
        #expect(g.wayID[Int(r.fromEdge)] == 10 && g.head[Int(r.fromEdge)] == 1)
        #expect(g.wayID[Int(r.toEdge)] == 12 && g.tail[Int(r.toEdge)] == 1)
        #expect(g.restrictions(from: r.fromEdge).count == 1)
        #expect(g.restrictions(from: r.toEdge).isEmpty)
    }

    /// Rebuilds `g` with one array changed, unchecked, so `validate()` can be asked about it.
    func altered(_ g: RoadGraph, head: [NodeIndex]? = nil, firstOut: [UInt32]? = nil, restrictions: [TurnRestriction]? = nil) -> RoadGraph {
        var arrays = RoadGraphArrays(g)
        arrays.head = head ?? g.head
        arrays.firstOut = firstOut ?? g.firstOut
        arrays.restrictions = restrictions ?? g.restrictions
        return RoadGraph(arrays, checkedInDebugBuilds: false)
    }

    /// `g` with other signposts, unchecked, so `validate()` can be asked about them.
    func resigned(_ g: RoadGraph, signpostIndex: [UInt32], signposts: [Signpost], junctionExits: [JunctionExit]) -> RoadGraph {
        var arrays = RoadGraphArrays(g)
        arrays.signpostIndex = signpostIndex
        arrays.signposts = signposts
        arrays.junctionExits = junctionExits
        return RoadGraph(arrays, checkedInDebugBuilds: false)
    }

    /// A graph's arrays, unpacked and assembled again, give the same graph: every array of
    /// `RoadGraphArrays` reaches the graph, and every column of the graph reaches the arrays.
    @Test func arraysRoundTripThroughTheGraph() {
        let g = build(restrict: true)
        var arrays = RoadGraphArrays(g)
        arrays.drivingSide = .left
        arrays.nodeControls[1] = TrafficControl(kind: .trafficSignals)
        let copy = RoadGraph(arrays)
        #expect(copy.validate() == nil)
        #expect(copy.firstOut == g.firstOut && copy.head == g.head && copy.tail.materialized() == g.tail.materialized())
        #expect(Array(copy.nodeCoordinates) == Array(g.nodeCoordinates) && Array(copy.nodeOSMIDs) == Array(g.nodeOSMIDs))
        #expect(Array(copy.nodeElevations).map(\.bitPattern) == Array(g.nodeElevations).map(\.bitPattern))
        #expect(copy.lengthMeters == g.lengthMeters && copy.travelTimeSeconds == g.travelTimeSeconds)
        #expect(Array(copy.highway) == Array(g.highway) && Array(copy.speedLimit) == Array(g.speedLimit))
        #expect(Array(copy.flags) == Array(g.flags) && Array(copy.wayID) == Array(g.wayID))
        #expect(Array(copy.nameIndex) == Array(g.nameIndex) && Array(copy.refIndex) == Array(g.refIndex))
        #expect(Array(copy.signpostIndex) == Array(g.signpostIndex) && copy.signposts == g.signposts)
        #expect(copy.firstShapePoint == g.firstShapePoint && Array(copy.shapePoints) == Array(g.shapePoints))
        #expect(copy.strings == g.strings && copy.restrictions == g.restrictions && copy.junctionExits == g.junctionExits)
        #expect(copy.firstIn == g.firstIn && copy.incomingEdgeList == g.incomingEdgeList)
        #expect(copy.drivingSide == .left && g.drivingSide == .right)
        #expect(copy.nodeControls[1].kind == .trafficSignals && copy.nodeControls[0] == g.nodeControls[0])
    }

    @Test func validateChecksSignpostsAndJunctionExits() {
        let g = build()
        let m = g.edgeCount, name = UInt32(g.strings.firstIndex(of: "East")!)
        let signpost = Signpost(destinationsIndex: name, exitsIndex: 0)
        var index = [UInt32](repeating: 0, count: m)
        index[1] = 1
        #expect(resigned(g, signpostIndex: index, signposts: [.none, signpost], junctionExits: [JunctionExit(node: 1, refIndex: name)]).validate() == nil)
        #expect(resigned(g, signpostIndex: index, signposts: [.none], junctionExits: []).validate() == "edge 1 has signpost 1, beyond 1 signposts")
        #expect(resigned(g, signpostIndex: [0], signposts: [.none], junctionExits: []).validate() == "signpostIndex has 1 entries for \(m) edges")
        #expect(resigned(g, signpostIndex: index, signposts: [signpost, signpost], junctionExits: []).validate()
            == "signposts[0] must be the empty signpost")
        let missing = Signpost(destinationsIndex: UInt32(g.strings.count), exitsIndex: 0)
        #expect(resigned(g, signpostIndex: index, signposts: [.none, missing], junctionExits: []).validate() == "signpost 1 names a missing string")
        let unsorted = [JunctionExit(node: 2, refIndex: name), JunctionExit(node: 1, refIndex: name)]
        #expect(resigned(g, signpostIndex: index, signposts: [.none, signpost], junctionExits: unsorted).validate()
            == "junction exits are not sorted by node, one per node")
        #expect(resigned(g, signpostIndex: index, signposts: [.none, signpost], junctionExits: [JunctionExit(node: 1, refIndex: 0)]).validate()
            == "junction exit at node 1 names no string")
        #expect(resigned(g, signpostIndex: index, signposts: [.none, signpost], junctionExits: [JunctionExit(node: 9, refIndex: name)]).validate()
            == "junction exit at node 9, beyond \(g.nodeCount) nodes")
    }

    @Test func signpostsAndJunctionExitsAreReadBack() {
        var builder = RoadGraphBuilder()
        let a = builder.addNode(coordinate: Coordinate(latitude: 45.0, longitude: 15.000))
        let b = builder.addNode(coordinate: Coordinate(latitude: 45.0, longitude: 15.001), junctionExit: "12")
        let c = builder.addNode(coordinate: Coordinate(latitude: 45.001, longitude: 15.002), junctionExit: "13")
        let limit = SpeedLimit.limited(120, source: .posted)
        builder.addEdge(RoadEdgeDescription(from: a, to: b, routingSpeed: 90, highway: .motorway, speedLimit: limit, flags: .oneway,
                                            destinations: "A1: Lisboa"))
        builder.addEdge(RoadEdgeDescription(from: b, to: c, routingSpeed: 45, highway: .motorwayLink, speedLimit: limit, flags: [.oneway, .link],
                                            destinations: "Maia", exits: "12a"))
        let g = builder.build()
        #expect(g.destinations(of: 0) == "A1: Lisboa" && g.exits(of: 0) == "")
        #expect(g.destinations(of: 1) == "Maia" && g.exits(of: 1) == "12a")
        #expect(g.junctionExit(at: a) == "" && g.junctionExit(at: b) == "12" && g.junctionExit(at: c) == "13")
        #expect(g.signposts.count == 3 && g.junctionExits.map(\.node) == [b, c])
    }

    @Test func validateReportsEachBrokenInvariant() {
        let g = build(restrict: true)
        #expect(altered(g).validate() == nil)
        var heads = g.head
        heads[0] = 99
        #expect(altered(g, head: heads).validate()?.contains("head 99") == true)
        var firstOut = g.firstOut
        firstOut[4] = 4
        #expect(altered(g, firstOut: firstOut).validate() != nil)
        let r = g.restrictions[0]
        let misplaced = TurnRestriction(kind: .prohibitive, fromEdge: r.toEdge, viaNode: r.viaNode, toEdge: r.fromEdge)
        #expect(altered(g, restrictions: [misplaced]).validate()?.contains("via node") == true)
    }

    /// `RoadGraph(validating:tail:)` with `g`'s arrays, one changed.
    func validating(_ g: RoadGraph, tail: [NodeIndex]? = nil, head: [NodeIndex]? = nil, firstOut: [UInt32]? = nil)
        throws(RoadGraphInconsistency) -> RoadGraph {
        var arrays = RoadGraphArrays(g)
        arrays.head = head ?? g.head
        arrays.firstOut = firstOut ?? g.firstOut
        return try RoadGraph(validating: arrays, tail: tail ?? g.tail.materialized())
    }

    @Test func validatingInitializerAcceptsGoodArraysAndNamesTheFirstBrokenInvariant() throws {
        let g = build(restrict: true)
        let copy = try validating(g)
        #expect(copy.firstIn == g.firstIn && copy.incomingEdgeList == g.incomingEdgeList)
        var heads = g.head
        heads[0] = 99
        #expect(throws: RoadGraphInconsistency(description: "edge 0 has head 99, beyond \(g.nodeCount) nodes")) { try validating(g, head: heads) }
        // A first-out range running past the edges before coming back down: reported, never read out of bounds.
        var firstOut = g.firstOut
        firstOut[1] = UInt32(g.edgeCount + 50)
        #expect(throws: RoadGraphInconsistency(description: "firstOut decreases at node 1")) { try validating(g, firstOut: firstOut) }
        // Stored tails are checked against the ones the ranges imply.
        var tails = g.tail.materialized()
        let node0 = tails[0]
        tails[0] = node0 + 1
        #expect(throws: RoadGraphInconsistency(description: "edge 0 lies in node \(node0)'s range but its tail is \(node0 + 1)")) {
            try validating(g, tail: tails)
        }
        #expect(throws: RoadGraphInconsistency(description: "tail has 1 entries for \(g.edgeCount) edges")) { try validating(g, tail: [0]) }
    }

    @Test func reverseAdjacencyListsEveryEdgeUnderItsHeadInEdgeOrder() {
        let g = build(restrict: true)
        for v in 0..<g.nodeCount {
            let expected = (0..<g.edgeCount).filter { Int(g.head[$0]) == v }.map { EdgeIndex($0) }
            #expect(Array(g.incomingEdges(of: NodeIndex(v))) == expected)
        }
    }

    /// A 4 × 4 block of streets whose nodes are added in a scrambled order, with a via-node restriction,
    /// a via-way restriction and a junction exit:
    ///
    ///     m---n---o---p
    ///     |   |   |   |
    ///     i---j---k---l      no i -> j -> k -> g (via way j-k), no f -> j -> i (via node j)
    ///     |   |   |   |
    ///     e---f---g---h      exit "7" at k
    ///     |   |   |   |
    ///     a---b---c---d
    ///
    /// Built along the Hilbert curve, the nodes are renumbered in curve order, and every edge, restriction
    /// and exit is the same one on the map as in the order added.
    @Test func nodesAlongTheHilbertCurveKeepEveryEdgeRestrictionAndExit() throws {
        var builder = RoadGraphBuilder()
        let cell = (0..<16).map { (row: $0 / 4, column: $0 % 4) }
        var node = [NodeIndex](repeating: 0, count: 16)
        for i in [9, 2, 14, 0, 7, 11, 4, 15, 1, 12, 6, 3, 13, 8, 10, 5] {
            node[i] = builder.addNode(osmID: Int64(100 + i),
                                      coordinate: Coordinate(latitude: 45 + 0.001 * Double(cell[i].row), longitude: 15 + 0.001 * Double(cell[i].column)),
                                      junctionExit: i == 10 ? "7" : "")
        }
        let limit = SpeedLimit.limited(50, source: .posted)
        func street(_ a: Int, _ b: Int, way: Int64) {
            builder.addEdge(RoadEdgeDescription(from: node[a], to: node[b], routingSpeed: 50, highway: .residential, speedLimit: limit, name: "w\(way)", wayID: way))
            builder.addEdge(RoadEdgeDescription(from: node[b], to: node[a], routingSpeed: 50, highway: .residential, speedLimit: limit,
                                                flags: .againstWayDirection, name: "w\(way)", wayID: way))
        }
        for i in 0..<16 {
            if cell[i].column < 3 { street(i, i + 1, way: Int64(1000 + i)) }
            if cell[i].row < 3 { street(i, i + 4, way: Int64(2000 + i)) }
        }
        builder.addRestriction(kind: .prohibitive, fromWay: 2005, via: node[9], toWay: 1008, relationID: 1)
        builder.addViaWayRestriction(kind: .prohibitive, ways: [1008, 1009, 2006], junctions: [node[9], node[10]], relationID: 2)
        let asAdded = builder.build()
        let curved = builder.buildReleasingStorage(nodeOrder: .hilbertCurve)
        #expect(curved.validate() == nil)

        // Nodes in curve order, each with its own coordinate, OSM id and exit.
        var box = BoundingBox()
        for c in curved.nodeCoordinates { box.include(c) }
        let curve = HilbertCurve(order: RoadGraphBuilder.nodeCurveOrder)
        let positions = curved.nodeCoordinates.map { curve.position(of: $0, in: box) }
        #expect(positions == positions.sorted())
        #expect(positions != asAdded.nodeCoordinates.map { curve.position(of: $0, in: box) }, "the scrambled order is already the curve's")
        for v in 0..<curved.nodeCount {
            let i = Int(curved.nodeOSMIDs[v]) - 100
            #expect(curved.nodeCoordinates[v] == asAdded.nodeCoordinates[Int(node[i])])
            #expect(curved.junctionExit(at: NodeIndex(v)) == (i == 10 ? "7" : ""))
        }

        // The same edges between the same places, and the restrictions on the same streets.
        func place(_ g: RoadGraph, _ e: EdgeIndex) -> String {
            "\(g.nodeOSMIDs[Int(g.tail[Int(e)])])->\(g.nodeOSMIDs[Int(g.head[Int(e)])]) \(g.name(of: e))"
        }
        func edges(_ g: RoadGraph) -> [String] { (0..<g.edgeCount).map { place(g, EdgeIndex($0)) }.sorted() }
        #expect(edges(curved) == edges(asAdded) && curved.edgeCount == 48)
        func restrictions(_ g: RoadGraph) -> [String] {
            g.restrictions.map { "\(place(g, $0.fromEdge)) then \(place(g, $0.toEdge))" }
                + g.viaWayRestrictions.map { $0.edges.map { place(g, $0) }.joined(separator: ", ") }
        }
        #expect(restrictions(curved) == restrictions(asAdded))
        #expect(restrictions(curved) == ["105->109 w2005 then 109->108 w1008", "108->109 w1008, 109->110 w1009, 110->106 w2006"])
    }

    @Test func mphLimitsKeepTheirTaggedUnit() {
        let limit = SpeedLimit.limited(30 * 1.609344, unit: .milesPerHour, source: .posted)
        #expect(limit.valueInTaggedUnit == 30)
        #expect(abs(Double(limit.kilometersPerHour) - 48.28) < 0.01)
        #expect(SpeedLimit.unlimited().kilometersPerHour == 0)
    }
}
