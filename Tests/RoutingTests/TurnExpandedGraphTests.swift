import Geodesy
import OSMImport
import RoadNetwork
import Testing
import TestSupport
@_spi(Experiments) @testable import Routing

/// The public turn-expanded graph is the model a contraction hierarchy will be built on: a plain Dijkstra
/// over `forEachTransition(from:)`, seeded and finished as its documentation says, must give exactly
/// the router's costs.
@Suite struct TurnExpandedGraphTests {
    /// The documented query over the public graph only, in integer units (ms or mm; partial first and
    /// last edges by `Router.remainingCost`); nil when unreachable.
    static func cost(in router: Router, from a: SnappedLocation, to b: SnappedLocation, metric: RoutingMetric) -> Double? {
        let graph = router.graph
        func positions(_ s: SnappedLocation) -> [(EdgeIndex, Double)] {
            [(s.edge, s.fraction)] + (router.twin(of: s.edge).map { [($0, 1 - s.fraction)] } ?? [])
        }
        func node(_ s: SnappedLocation) -> NodeIndex? {
            s.fraction <= 0 ? graph.tail[Int(s.edge)] : s.fraction >= 1 ? graph.head[Int(s.edge)] : nil
        }
        func cost(_ e: EdgeIndex) -> Double { Double(router.edgeCost(e, metric: metric)) }
        func remaining(_ e: EdgeIndex, _ f: Double) -> Double { Double(Router.remainingCost(router.edgeCost(e, metric: metric), from: f)) }
        let targets = positions(b), targetNode = node(b)
        var best = Double.infinity
        var distance = [Double](repeating: .infinity, count: router.searchStateCount)
        var done = [Bool](repeating: false, count: router.searchStateCount)
        func seed(_ state: SearchState, _ g: Double) { distance[Int(state.index)] = min(distance[Int(state.index)], g) }
        func complete(over edge: EdgeIndex, at g: Double) {
            // g: the cost with all of `edge` driven.
            for (t, f) in targets where t == edge { best = min(best, g - remaining(t, f)) }
            if graph.head[Int(edge)] == targetNode { best = min(best, g) }
        }
        for (s, f) in positions(a) {
            for (t, ft) in targets where t == s && ft >= f { best = min(best, remaining(s, f) - remaining(s, ft)) }
            if graph.head[Int(s)] == targetNode { best = min(best, remaining(s, f)) }
            seed(router.startState(onEdge: s), remaining(s, f))
        }
        if let v = node(a) {
            for o in graph.outgoingEdges(of: v) {
                complete(over: o, at: cost(o))
                seed(router.startState(onEdge: o), cost(o))
            }
        }
        while true {
            var x = -1
            for i in distance.indices where !done[i] && distance[i] < .infinity && (x < 0 || distance[i] < distance[x]) { x = i }
            guard x >= 0, distance[x] < best else { break }
            done[x] = true
            router.forEachTransition(from: SearchState(index: UInt32(x))) { t in
                let g = distance[x] + Double(t.cost(metric))
                #expect(router.arrivalEdge(of: t.target) == t.edge)
                #expect(router.states(arrivingOver: t.edge).contains(t.target))
                complete(over: t.edge, at: g)
                if !done[Int(t.target.index)] { distance[Int(t.target.index)] = min(distance[Int(t.target.index)], g) }
            }
        }
        return best < .infinity ? best : nil
    }

    @Test(arguments: RoutingMetric.allCases)
    func dijkstraOverThePublicTransitionsGivesTheRoutersCostsExactly(metric: RoutingMetric) throws {
        var rng = SeededGenerator(seed: 314)
        var compared = 0
        for graphSeed in UInt64(30)...32 {
            let graph = RandomRoadGraph.make(seed: graphSeed, columns: 6, rows: 6)
            let router = Router(graph: graph)
            let workspace = router.makeWorkspace()
            for _ in 0..<40 {
                let a = try router.snap(AStarPropertyTests.randomPoint(in: graph, using: &rng))
                let b = try router.snap(AStarPropertyTests.randomPoint(in: graph, using: &rng))
                let routed = router.cost(from: a, to: b, metric: metric, algorithm: .dijkstra, workspace: workspace)
                let overTransitions = Self.cost(in: router, from: a, to: b, metric: metric).map { $0 / 1000 }
                #expect((routed == nil) == (overTransitions == nil))
                if let x = routed, let y = overTransitions {
                    #expect(abs(x - y) <= 1e-9 * max(1, y), "graph \(graphSeed) \(metric): router \(x) vs transitions \(y)")
                    compared += 1
                }
            }
        }
        #expect(compared >= 60)
    }

    @Test func transitionArraysHoldEveryTransitionInOrder() throws {
        let graph = RandomRoadGraph.make(seed: 34, columns: 5, rows: 5)
        let router = Router(graph: graph)
        for metric in RoutingMetric.allCases {
            let arrays = TransitionArrays(router: router, metric: metric)
            #expect(arrays.firstOut.count == router.searchStateCount + 1 && arrays.firstOut.last == UInt32(arrays.count))
            for s in 0..<router.searchStateCount {
                var listed: [StateTransition] = []
                router.forEachTransition(from: SearchState(index: UInt32(s))) { listed.append($0) }
                let range = Int(arrays.firstOut[s])..<Int(arrays.firstOut[s + 1])
                #expect(listed.map(\.target.index) == Array(arrays.target[range]))
                #expect(listed.map(\.edge) == Array(arrays.edge[range]))
                #expect(listed.map { $0.cost(metric) } == Array(arrays.cost[range]))
            }
        }
    }

    @Test func transitionsCarryTheTurnPlusTheEdge() throws {
        let graph = RandomRoadGraph.make(seed: 33, columns: 5, rows: 5)
        let router = Router(graph: graph)
        var checked = 0
        for s in 0..<router.searchStateCount {
            let state = SearchState(index: UInt32(s))
            let from = router.arrivalEdge(of: state)
            router.forEachTransition(from: state) { t in
                #expect(graph.tail[Int(t.edge)] == router.node(of: state))
                #expect(t.distanceMillimetres == router.edgeCost(t.edge, metric: .distance))
                #expect(t.timeMilliseconds == router.edgeCost(t.edge, metric: .time) + router.turnMilliseconds(from: from, to: t.edge))
                checked += 1
            }
        }
        #expect(checked > 50)
    }
}

/// Settling a state reads its arrival edge's record, which holds the codes of the turns onto up to four
/// exits itself; the turns at a junction of more exits, and every turn when the turns are kept wide, are
/// held apart. Every way must read back each turn exactly as `TurnTable` priced it.
@Suite struct TurnRecordTests {
    /// A junction `x` of seven exits (one of them to the dead end `g`) beside one of three (`e`).
    static let star = #"""
        a   b   c
         \  |  /
          \ | /
        d---x---e---h
           /|   |
          / |   |
         f  g   i
        """#
    static let ways: [MapFixture.Way] = [
        .init("ax", ["highway": "residential"]), .init("bx", ["highway": "residential"]),
        .init("cx", ["highway": "residential"]), .init("dxeh", ["highway": "residential"]),
        .init("fx", ["highway": "residential"]), .init("xg", ["highway": "residential"]),
        .init("ei", ["highway": "residential"]),
    ]

    @Test(arguments: [false, true])
    func everyTurnReadsBackAsTheTurnTablePricedIt(wide: Bool) throws {
        let map = MapFixture(Self.star)
        let graph = try OSMImporter.importXML(map.osmXML(ways: Self.ways)).graph
        var model = TurnCostModel.osrmCar
        // A U-turn at a dead end of two and a half minutes is past what a 16-bit code holds.
        if wide { model.uTurnPenalty = 150 }
        let router = Router(graph: graph, turnCosts: model)
        let table = TurnTable(graph: graph, twin: router.twin, model: model)
        let states = router.stateGraph
        #expect((states.turnCodes == nil) == wide)
        #expect(MemoryLayout<TurnExpandedGraph.Edge>.stride == 24 && MemoryLayout<RoutingWorkspace.Slot>.stride == 16)
        var inline = 0, apart = 0, compared = 0
        for e in 0..<graph.edgeCount {
            let record = states.edges[e]
            let exits = graph.outgoingEdges(of: graph.head[e])
            if states.hasInlineTurns(exitCount: UInt32(exits.count)) { inline += 1 } else { apart += 1 }
            for (k, o) in exits.enumerated() {
                let priced = table.entries[Int(table.start[e]) + k]
                #expect(states.turn(after: record, onto: o) == priced, "edge \(e), exit \(k)")
                #expect(states.turnMilliseconds(after: record, onto: o) == priced & TurnTable.costMask)
                compared += 1
            }
        }
        // Coded: the seven edges into x keep their turns apart, the others inline; wide: all apart.
        #expect(wide ? inline == 0 : inline > 0 && apart == 7)
        #expect(compared == table.entries.count && states.turnCount == table.entries.count)
        #expect(states.turnBytes == (wide ? 4 * table.entries.count : 2 * 7 * 7) + 4 * states.turnValueCount)
    }
}

/// The search reads each turn through a 16-bit code into the distinct turn entries when they allow it,
/// and the entries themselves otherwise; both read back every entry as `TurnTable` priced it.
@Suite struct InternedTurnTests {
    static let uTurn = TurnTable.uTurnBesideOtherExits

    func readBack(_ entries: [UInt32]) -> (values: [UInt32], coded: Bool, distinct: Int) {
        let (codes, wide, table, count) = TurnExpandedGraph.internedTurns(entries)
        defer { codes?.deallocate(); wide?.deallocate(); table.deallocate() }
        let values = entries.indices.map { i in codes.map { table[Int($0[i])] } ?? wide![i] }
        return (values, codes != nil, count)
    }

    @Test func aCitysTurnsAreCodedOncePerDistinctEntry() {
        // Straight on, a right turn, a left turn with a signal, and a U-turn beside other exits.
        let entries: [UInt32] = [0, 2_150, 0, 7_425, 2_150, 20_000 | Self.uTurn, 0, 7_425]
        let read = readBack(entries)
        #expect(read.values == entries && read.coded && read.distinct == 4)
    }

    @Test func aTurnOfTwoMinutesOrMoreKeepsTheEntriesWide() {
        let entries: [UInt32] = [0, 2_150, UInt32(TurnExpandedGraph.codedTurnMillisecondLimit), 5]
        let read = readBack(entries)
        #expect(read.values == entries && !read.coded)
    }

    @Test func moreThan65536DistinctEntriesKeepTheEntriesWide() {
        let entries = (0 ..< UInt32(70_000)).map { $0 % 65_000 + ($0 >= 65_000 ? Self.uTurn : 0) }
        let read = readBack(entries)
        #expect(read.values == entries && !read.coded)
        let fitting = Array(entries.prefix(65_536))
        let fit = readBack(fitting)
        #expect(fit.values == fitting && fit.coded && fit.distinct == 65_536)
    }
}
