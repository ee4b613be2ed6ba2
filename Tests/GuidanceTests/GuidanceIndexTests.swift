import Geodesy
@testable import Guidance
import OSMImport
import RoadNetwork
import Routing
import TestSupport
import Testing

/// A `GuidanceIndex` measures the graph once; the steps and waypoints over it must be those measured
/// route by route, bit for bit.
@Suite(.serialized) struct GuidanceIndexTests {
    static let town = TestFiles.sampleTownPath

    /// Every field of a route's steps, so that two lists compare whole.
    struct StepsPrint: Equatable {
        var maneuvers: [Maneuver]
        var labels: [[String]]
        var lengths: [[Double]]
        var coordinates: [[Coordinate]]
        var modes: [TravelMode]

        init(_ legs: [[RouteStep]]) {
            let steps = legs.flatMap { $0 }
            maneuvers = steps.map(\.maneuver)
            labels = steps.map { [$0.name, $0.ref, $0.destinations, $0.exits] }
            lengths = steps.map { [$0.distance, $0.duration] }
            coordinates = steps.map(\.coordinates)
            modes = steps.map(\.mode)
        }

        /// Where two lists first differ ("" when they do not), short enough for a failure message.
        func firstDifference(from other: StepsPrint) -> String {
            if let k = zip(maneuvers, other.maneuvers).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                return "maneuver \(k): \(maneuvers[k].instruction) \(maneuvers[k].bearingBefore)→\(maneuvers[k].bearingAfter) "
                    + "against \(other.maneuvers[k].instruction) \(other.maneuvers[k].bearingBefore)→\(other.maneuvers[k].bearingAfter)"
            }
            return self == other ? "" : "\(maneuvers.count) against \(other.maneuvers.count) maneuvers, or their stretches"
        }
    }

    /// `count` random routes (some through a via point) on `graph`.
    static func randomRoutes(_ graph: RoadGraph, count: Int, seed: UInt64) -> [Route] {
        let router = Router(graph: graph)
        let workspace = router.makeWorkspace()
        var rng = SeededGenerator(seed: seed)
        var routes: [Route] = []
        for attempt in 0..<(count * 4) where routes.count < count {
            func randomPoint() -> Coordinate { graph.nodeCoordinates[Int.random(in: 0..<graph.nodeCount, using: &rng)] }
            let via = attempt % 4 == 0 ? [randomPoint()] : []
            if let route = try? router.route(from: randomPoint(), to: randomPoint(), via: via, workspace: workspace),
               route.distance > 0 {
                routes.append(route)
            }
        }
        return routes
    }

    /// Steps (English and Croatian) and waypoints of each route, with the index and measured on demand.
    static func expectSameGuidance(on graph: RoadGraph, routes: [Route]) {
        let index = GuidanceIndex(graph: graph)
        #expect(index.isPrecomputed)
        #expect(!GuidanceIndex.measuringOnDemand(graph).isPrecomputed)
        var maneuvers = 0
        for (n, route) in routes.enumerated() {
            for language in InstructionLanguage.allCases {
                let indexed = StepsPrint(RouteGuidance.steps(for: route, using: index, language: language))
                let measured = StepsPrint(RouteGuidance.steps(for: route, in: graph, language: language))
                #expect(indexed.firstDifference(from: measured) == "", "route \(n), \(language)")
                maneuvers += indexed.maneuvers.count
            }
            let options = GuidanceOptions(plannedSpeed: 50)
            let indexed = RouteGuidance.waypoints(for: route, using: index, options: options)
            let measured = RouteGuidance.waypoints(for: route, in: graph, options: options)
            #expect(indexed.map(\.maneuver) == measured.map(\.maneuver) && indexed.map(\.bearing) == measured.map(\.bearing),
                    "route \(n): waypoints differ")
        }
        #expect(maneuvers > 4 * routes.count)
    }

    @Test func stepsOverAnIndexAreTheStepsMeasuredRouteByRoute() throws {
        let graph = try OSMImporter.importFile(path: Self.town).graph
        let routes = Self.randomRoutes(graph, count: 60, seed: 5)
        #expect(routes.count == 60)
        Self.expectSameGuidance(on: graph, routes: routes)
    }

    /// Monaco: roundabouts, rotaries, tunnels and many edges shorter than the probe.
    @Test(.enabled(if: SharedExtracts.available("monaco.osm.bz2")))
    func monacoStepsOverAnIndexAreTheStepsMeasuredRouteByRoute() throws {
        let graph = try OSMImporter.importFile(path: try SharedExtracts.require("monaco.osm.bz2")).graph
        let routes = Self.randomRoutes(graph, count: 150, seed: 9)
        #expect(routes.count == 150)
        Self.expectSameGuidance(on: graph, routes: routes)
    }

    /// A chain of two-way roads of 2 to 100 m, each bent at a shape point half-way, turning 30° at each node.
    static func chainOfRoads() -> RoadGraph {
        var builder = RoadGraphBuilder()
        var position = BearingProbeTests.origin
        var heading = 0.0
        var previous = builder.addNode(coordinate: position)
        for (k, length) in [2.0, 7, 12, 14.9, 15.1, 16, 30, 100, 4, 15, 60].enumerated() {
            let bend = GreatCircle.destination(from: position, bearing: Bearing(degrees: heading), distance: length / 2)
            position = GreatCircle.destination(from: bend, bearing: Bearing(degrees: heading + 20), distance: length / 2)
            let node = builder.addNode(coordinate: position)
            for (from, to, shape) in [(previous, node, [bend]), (node, previous, [bend])] {
                builder.addEdge(RoadEdgeDescription(from: from, to: to, shape: shape, routingSpeed: 50, highway: .residential,
                                                    speedLimit: .limited(50, source: .posted), name: "Road \(k)", wayID: Int64(k + 1)))
            }
            previous = node
            heading += 30
        }
        return builder.build()
    }

    /// Each entry is the probe's own value, and says whether a route's probe along the edge ends on it.
    @Test func everyEntryOfTheBearingTableIsTheProbesOwnBearing() throws {
        let probe = TurnClassifier.probeDistance
        var short = 0, long = 0
        for graph in [Self.chainOfRoads(), try OSMImporter.importFile(path: Self.town).graph] {
            let table = EdgeBearingTable(graph: graph, probeDistance: probe)
            for e in 0..<EdgeIndex(graph.edgeCount) {
                #expect(table.leaving(e) == graph.bearingOutOf(edge: e, distance: probe))
                #expect(table.backAlong(e) == graph.bearingBackAlong(edge: e, distance: probe))
                #expect(table.arriving(e) == graph.bearingInto(edges: [e], at: 0, distance: probe))
                let length = GreatCircle.length(of: graph.geometry(of: e))
                // A probe ends on the edge exactly when the edge is as long as the probe (up to rounding).
                if length < probe - 1e-6 {
                    short += 1
                    #expect(!table.leavingStaysOnEdge(e) && !table.arrivingStaysOnEdge(e), "edge \(e), \(length) m")
                } else if length > probe + 1e-6 {
                    long += 1
                    #expect(table.leavingStaysOnEdge(e) && table.arrivingStaysOnEdge(e), "edge \(e), \(length) m")
                }
            }
        }
        #expect(short >= 10 && long > 100, "\(short) short, \(long) long")
    }

    /// Along the chain, where every junction has a road shorter or longer than the probe on either side.
    @Test func stepsAlongShortAndLongRoadsAreTheSameOverAnIndex() {
        let graph = Self.chainOfRoads()
        let last = NodeIndex(graph.nodeCount - 1)
        let forward = BearingProbeTests.leg(graph, Array(0...last))
        let backward = BearingProbeTests.leg(graph, Array((0...last).reversed()))
        let index = GuidanceIndex(graph: graph)
        for leg in [forward, backward] {
            let indexed = StepsPrint([RouteGuidance.steps(for: leg, using: index)])
            #expect(indexed.firstDifference(from: StepsPrint([RouteGuidance.steps(for: leg, in: graph)])) == "")
            #expect(indexed.maneuvers.count >= 4)
        }
    }

    /// Where the first edge is shorter than the probe, a route's probe goes on along the route and the
    /// table's value of that edge is not used.
    @Test func aRouteProbeBeyondAShortEdgeIsNotTheTablesBearing() {
        // a —5 m— b ——— c, the road bending 90° at b (b → c runs north).
        var builder = RoadGraphBuilder()
        let a = builder.addNode(coordinate: BearingProbeTests.point(east: 0, north: 0))
        let b = builder.addNode(coordinate: BearingProbeTests.point(east: 5, north: 0))
        let c = builder.addNode(coordinate: BearingProbeTests.point(east: 5, north: 100))
        for (from, to) in [(a, b), (b, c)] {
            builder.addEdge(RoadEdgeDescription(from: from, to: to, shape: [], routingSpeed: 50, highway: .residential,
                                                speedLimit: .limited(50, source: .posted), name: "Main", wayID: 1))
        }
        let graph = builder.build()
        let index = GuidanceIndex(graph: graph)
        let ab = graph.outgoingEdges(of: a).first!, bc = graph.outgoingEdges(of: b).first!
        let route = [ab, bc]
        let departure = index.departure(edges: route, at: 0)
        #expect(!departure.staysOnEdge)
        #expect(departure.bearing == GuidanceIndex.measuringOnDemand(graph).departure(edges: route, at: 0).bearing)
        // The edge alone points east; the probe, 10 m past b along the route, north of east.
        #expect(abs(index.bearingLeaving(ab, from: a).degrees - 90) < 0.01)
        #expect(departure.bearing.degrees < 80)
        let arrival = index.arrival(edges: route, at: 1)
        #expect(arrival.staysOnEdge)
        #expect(arrival.bearing == graph.bearingInto(edges: route, at: 1, distance: TurnClassifier.probeDistance))
    }
}

/// The label changes decided when the index is built are the name rules' own decisions.
@Suite struct DecidedLabelChangeTests {
    @Test func everyChangeDecidedAtAJunctionIsTheRulesOwnDecision() throws {
        let graph = try OSMImporter.importFile(path: GuidanceIndexTests.town).graph
        let decided = RoadLabels(graph: graph, decidingChangesAtJunctions: true)
        let measured = RoadLabels(graph: graph)
        var pairs = 0, announced = 0, notAnnounced = 0
        for node in 0..<NodeIndex(graph.nodeCount) {
            let edges = Array(graph.outgoingEdges(of: node)) + Array(graph.incomingEdges(of: node))
            for a in edges {
                for b in edges where a != b {
                    let expected = NameChange.requiresAnnouncement(fromName: graph.name(of: a), fromRef: graph.ref(of: a),
                                                                   toName: graph.name(of: b), toRef: graph.ref(of: b))
                    #expect(decided.requiresAnnouncement(from: a, to: b) == expected, "\(graph.name(of: a)) → \(graph.name(of: b))")
                    #expect(measured.requiresAnnouncement(from: a, to: b) == expected)
                    pairs += 1
                    if expected { announced += 1 } else if graph.nameIndex[Int(a)] != graph.nameIndex[Int(b)] { notAnnounced += 1 }
                }
            }
        }
        // Both decisions occur between different labels: the table cannot hold one answer for all.
        #expect(pairs > 100 && announced > 10 && notAnnounced > 0, "\(pairs) pairs, \(announced) announced, \(notAnnounced) kept")
    }
}

/// The turns decided when the index is built are those the classifier judges on a route through them.
@Suite struct DecidedTurnTests {
    static func expectDecidedTurnsAreJudgedTurns(_ graph: RoadGraph) -> (decided: Int, turns: Int) {
        let index = GuidanceIndex(graph: graph)
        let onDemand = GuidanceIndex.measuringOnDemand(graph)
        guard let table = index.turns else { Issue.record("no turn table"); return (0, 0) }
        var decided = 0, turns = 0
        for f in 0..<EdgeIndex(graph.edgeCount) {
            let node = graph.head[Int(f)]
            for e in graph.outgoingEdges(of: node) {
                turns += 1
                guard let decision = table.decision(from: f, to: e, firstOutOfJunction: graph.firstOut[Int(node)]) else { continue }
                decided += 1
                let judged = TurnClassifier(index: onDemand, edges: [f, e]).classify(at: 1)
                #expect(judged?.type == decision.instruction.type && judged?.modifier == decision.instruction.modifier
                        && judged?.isSilent == decision.instruction.isSilent && judged?.roadCount == decision.roadCount
                        && judged?.choices == decision.choices, "turn \(f) → \(e): \(String(describing: judged)) against \(decision)")
            }
        }
        return (decided, turns)
    }

    @Test func everyDecidedTurnIsTheTurnTheClassifierJudges() throws {
        let town = try OSMImporter.importFile(path: GuidanceIndexTests.town).graph
        let (decided, turns) = Self.expectDecidedTurnsAreJudgedTurns(town)
        #expect(decided > turns / 2 && decided < turns, "\(decided) of \(turns) turns decided")
        // Along the chain, the turns out of the roads shorter than the probe are left to the route.
        let chain = GuidanceIndexTests.chainOfRoads()
        let (chainDecided, chainTurns) = Self.expectDecidedTurnsAreJudgedTurns(chain)
        #expect(chainDecided > 0 && chainDecided < chainTurns, "\(chainDecided) of \(chainTurns) turns decided")
    }

    /// Monaco: rings (whose turns are left to the route), slip roads, tunnels.
    @Test(.enabled(if: SharedExtracts.available("monaco.osm.bz2")))
    func everyDecidedMonacoTurnIsTheTurnTheClassifierJudges() throws {
        let graph = try OSMImporter.importFile(path: try SharedExtracts.require("monaco.osm.bz2")).graph
        let (decided, turns) = Self.expectDecidedTurnsAreJudgedTurns(graph)
        #expect(decided > turns / 2 && decided < turns, "\(decided) of \(turns) turns decided")
    }
}
