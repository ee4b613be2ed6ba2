import Geodesy
import OSMImport
import RoadNetwork
import Testing
import TestSupport
@_spi(Experiments) @testable import Routing

/// The OSRM-like cost model on ASCII maps: turn angles by driving side, U-turns only where nothing else
/// is left (and then dear in time), delays at traffic signals, and restrictions under turn costs.
@Suite struct TurnCostTests {
    /// An imported fixture with its router; `nodeTags` put signals and signs on map letters.
    struct Net {
        let map: MapFixture
        let graph: RoadGraph
        let router: Router

        init(_ drawing: String, ways: [MapFixture.Way], restrictions: [MapFixture.Restriction] = [],
             nodeTags: [Character: [String: String]] = [:], drivingSide: DrivingSide = .right) throws {
            map = MapFixture(drawing)
            let xml = map.osmXML(ways: ways, restrictions: restrictions, nodeTags: nodeTags)
            graph = try OSMImporter.importXML(xml, options: ImportOptions(drivingSide: drivingSide)).graph
            router = Router(graph: graph)
        }

        func point(_ a: Character, _ b: Character, _ fraction: Double = 0.5) -> Coordinate {
            GreatCircle.intermediate(from: map.coordinate(a), to: map.coordinate(b), fraction: fraction)
        }

        func route(_ from: Coordinate, _ to: Coordinate, _ metric: RoutingMetric = .time,
                   _ algorithm: SearchAlgorithm = .aStar) throws -> Route {
            try router.route(from: from, to: to, metric: metric, algorithm: algorithm)
        }

        /// The letters the route passes, in order.
        func letters(_ route: Route) -> String {
            var out = ""
            for c in route.legs.flatMap(\.coordinates) {
                guard let l = map.letters.first(where: { GreatCircle.distance(from: map.coordinate($0), to: c) < 0.5 }) else { continue }
                if out.last != l { out.append(l) }
            }
            return out
        }

        func letters(for edge: EdgeIndex) -> String {
            let ids = [graph.nodeOSMIDs[Int(graph.tail[Int(edge)])], graph.nodeOSMIDs[Int(graph.head[Int(edge)])]]
            return String(ids.map { map.letters[Int($0) - 1] })
        }

        /// The route's time spent on turns and at nodes, from the turn table along its edges.
        func turnSeconds(_ route: Route) -> Double {
            let edges = route.legs[0].edges
            return zip(edges, edges.dropFirst()).reduce(0.0) { $0 + Double(router.turnMilliseconds(from: $1.0, to: $1.1)) / 1000 }
        }
    }

    // MARK: The model's numbers

    @Test func anglePenaltiesAreOSRMsSigmoidWithTheBiasOfTheDrivingSide() {
        let model = TurnCostModel.osrmCar
        // Hand-computed from car.lua: turn_penalty 7.5, turn_bias 1.075.
        #expect(abs(model.anglePenalty(degrees: 0, drivingSide: .right) - 0.00692) < 1e-4)
        #expect(abs(model.anglePenalty(degrees: 90, drivingSide: .right) - 2.10526) < 1e-4)
        #expect(abs(model.anglePenalty(degrees: -90, drivingSide: .right) - 5.39474) < 1e-4)
        #expect(abs(model.anglePenalty(degrees: 180, drivingSide: .right) - 7.45480) < 1e-4)
        // Mirrored in left-hand traffic.
        #expect(abs(model.anglePenalty(degrees: 90, drivingSide: .left) - 5.39474) < 1e-4)
        #expect(abs(model.anglePenalty(degrees: -90, drivingSide: .left) - 2.10526) < 1e-4)
        let uTurn = TurnDescription(angleDegrees: 175, roadCount: 1, isUTurn: true)
        #expect(abs(model.cost(of: uTurn, drivingSide: .right) - (7.45480 + 20)) < 1e-4)
        // No angle penalty where the road merely bends (two roads), unless the mode changes.
        #expect(model.cost(of: TurnDescription(angleDegrees: 90, roadCount: 2, isUTurn: false), drivingSide: .right) == 0)
        #expect(model.cost(of: TurnDescription(angleDegrees: 90, roadCount: 2, isUTurn: false, changesMode: true), drivingSide: .right) > 2)
        let signal = TurnDescription(angleDegrees: 0, roadCount: 2, isUTurn: false, control: .trafficSignals, controlApplies: true)
        #expect(model.cost(of: signal, drivingSide: .right) == 2)
    }

    // MARK: Left and right

    /// Two ways from a to c of equal length: right at b, or left at d (both junctions of three roads).
    static let square = """
        e
        |
        b-----c
        |     |
        a-----d-----h
        """
    static let squareWays: [MapFixture.Way] = [
        .init("eba", ["highway": "residential"]), .init("bc", ["highway": "residential"]),
        .init("adh", ["highway": "residential"]), .init("dc", ["highway": "residential"]),
    ]

    @Test func leftTurnIsDearerThanRightTurnInRightHandTraffic() throws {
        let net = try Net(Self.square, ways: Self.squareWays)
        let route = try net.route(net.map.coordinate("a"), net.map.coordinate("c"))
        #expect(net.letters(route) == "abc")
        #expect(abs(net.turnSeconds(route) - 2.105) < 0.01, "\(net.turnSeconds(route)) s of turns")
        #expect(abs(route.distance - 80) < 0.5)
        // The other way round the square takes the left turn at d: 3.3 s dearer.
        let left = try net.route(net.map.coordinate("c"), net.map.coordinate("a"))
        #expect(net.letters(left) == "cda" && abs(net.turnSeconds(left) - 2.105) < 0.01, "right at d again")
    }

    @Test func rightTurnIsDearerThanLeftTurnInLeftHandTraffic() throws {
        let net = try Net(Self.square, ways: Self.squareWays, drivingSide: .left)
        let route = try net.route(net.map.coordinate("a"), net.map.coordinate("c"))
        #expect(net.letters(route) == "adc")
        #expect(abs(net.turnSeconds(route) - 2.105) < 0.01, "\(net.turnSeconds(route)) s of turns")
        let back = try net.route(net.map.coordinate("c"), net.map.coordinate("a"))
        #expect(net.letters(back) == "cba")
    }

    @Test func theDistanceMetricIgnoresTurnCosts() throws {
        let net = try Net(Self.square, ways: Self.squareWays)
        let route = try net.route(net.map.coordinate("a"), net.map.coordinate("c"), .distance)
        #expect(abs(route.distance - 80) < 0.5)
        // The duration still includes the turn actually driven.
        #expect(net.turnSeconds(route) > 2)
    }

    // MARK: U-turns

    /// A main road w-b-c-e (e a dead end 10 m past c), a side road b-q and a block c-p-q. Left from
    /// w-b into b-q is banned, so a car heading east at b must come back round: by the block (180 m, one
    /// left turn at c) or by the dead end (170 m, a U-turn at e and a right turn at b).
    static let block = """
           q-----p
           |     |
           |     |
        w--b-----ce
        """
    static func blockWays(deadEnd: Bool) -> [MapFixture.Way] {
        [.init("wb", ["highway": "residential", "name": "West"]),
         .init(deadEnd ? "bce" : "bc", ["highway": "residential", "name": "Main"]),
         .init("bq", ["highway": "residential", "name": "Side"]), .init("cpq", ["highway": "residential", "name": "Block"])]
    }
    static let noLeftIntoSide = MapFixture.Restriction("no_left_turn", from: 0, via: "b", to: 2)

    @Test func uTurnAtADeadEndIsAvoidedWhenTheLoopIsCheaper() throws {
        let net = try Net(Self.block, ways: Self.blockWays(deadEnd: true), restrictions: [Self.noLeftIntoSide])
        let from = net.point("w", "b"), to = net.point("b", "q")
        let fastest = try net.route(from, to)
        #expect(net.letters(fastest) == "bcpq", "\(net.letters(fastest))")
        #expect(abs(fastest.distance - 180) < 0.5)
        // The shortest route is the U-turn at the dead end: turns cost no distance.
        let shortest = try net.route(from, to, .distance)
        #expect(net.letters(shortest) == "bcecb", "\(net.letters(shortest))")
        #expect(abs(shortest.distance - 170) < 0.5)
        // Its time pays the U-turn: 7.45 s for the angle and 20 s on top, plus the right turn at b.
        #expect(abs(net.turnSeconds(shortest) - (7.455 + 20 + 2.105 + 3 * 0.007)) < 0.05, "\(net.turnSeconds(shortest))")
        #expect(shortest.duration > fastest.duration + 20)
    }

    @Test func noUTurnWhereTheJunctionHasOtherExitsEvenForTheShortestRoute() throws {
        // Without the dead end, turning round at c (150 m) would be shortest, but c has other exits.
        let net = try Net(Self.block, ways: Self.blockWays(deadEnd: false), restrictions: [Self.noLeftIntoSide])
        for metric in RoutingMetric.allCases {
            for algorithm in SearchAlgorithm.allCases {
                let route = try net.route(net.point("w", "b"), net.point("b", "q"), metric, algorithm)
                #expect(net.letters(route) == "bcpq", "\(metric) \(algorithm): \(net.letters(route))")
            }
        }
    }

    // MARK: Restrictions

    @Test func restrictionsStillHoldWithTurnCosts() throws {
        let open = try Net(Self.block, ways: Self.blockWays(deadEnd: true))
        let direct = try open.route(open.point("w", "b"), open.point("b", "q"))
        #expect(open.letters(direct) == "b" && abs(direct.distance - 30) < 0.5, "the left turn itself: \(open.letters(direct))")
        #expect(abs(open.turnSeconds(direct) - 5.395) < 0.01)
        let banned = try Net(Self.block, ways: Self.blockWays(deadEnd: true), restrictions: [Self.noLeftIntoSide])
        for algorithm in SearchAlgorithm.allCases {
            let route = try banned.route(banned.point("w", "b"), banned.point("b", "q"), .time, algorithm)
            #expect(banned.letters(route) == "bcpq", "\(algorithm): \(banned.letters(route))")
        }
        // only_straight_on from West at b: the side road is out of reach over b from there.
        let only = try Net(Self.block, ways: Self.blockWays(deadEnd: true),
                           restrictions: [.init("only_straight_on", from: 0, via: "b", to: 1)])
        #expect(only.letters(try only.route(only.point("w", "b"), only.point("b", "q"))) == "bcpq")
    }

    @Test func aCrossingOfWeeksIsCappedNotAnOverflow() throws {
        let net = try Net("a---q-------p---b", ways: [
            .init("aq", ["highway": "primary"]), .init("qp", ["route": "ferry", "duration": "P9999W"]), .init("pb", ["highway": "primary"]),
        ])
        let route = try net.route(net.map.coordinate("a"), net.map.coordinate("b"))
        #expect(route.duration > 24 * 86_400 && route.duration < 25 * 86_400, "\(route.duration)")
        var largest: UInt32 = 0
        for s in 0..<net.router.searchStateCount {
            net.router.forEachTransition(from: SearchState(index: UInt32(s))) { largest = max(largest, $0.timeMilliseconds) }
        }
        #expect(largest > Router.maximumEdgeCost && largest < UInt32.max)
    }

    // MARK: Traffic signals

    static let street = "a---b---c---d"

    @Test func aSignalDelayIsAddedOncePerSignalNode() throws {
        let ways: [MapFixture.Way] = [.init("abcd", ["highway": "primary"])]
        let plain = try Net(Self.street, ways: ways)
        let signals = try Net(Self.street, ways: ways, nodeTags: ["b": ["highway": "traffic_signals"], "c": ["highway": "traffic_signals"]])
        let a = plain.map.coordinate("a"), d = plain.map.coordinate("d")
        let without = try plain.route(a, d), with = try signals.route(a, d)
        #expect(abs(with.duration - without.duration - 4) < 0.005, "\(with.duration) vs \(without.duration)")
        #expect(abs(with.distance - without.distance) < 0.01)
        #expect(abs(signals.turnSeconds(with) - 4) < 0.001)
        // Between two mid-edge points: each signal passed costs one delay.
        #expect(abs(signals.turnSeconds(try signals.route(signals.point("a", "b"), signals.point("c", "d"))) - 4) < 0.001)
        #expect(abs(signals.turnSeconds(try signals.route(signals.point("b", "c"), signals.point("c", "d"))) - 2) < 0.001)
        // Ending at a signal (or starting there) waits at none.
        let toB = try signals.route(a, signals.map.coordinate("b"))
        #expect(abs(toB.duration - Double(signals.router.edgeCost(toB.legs[0].edges[0], metric: .time)) / 1000) < 0.001)
        let fromB = try signals.route(signals.map.coordinate("b"), d)
        #expect(abs(signals.turnSeconds(fromB) - 2) < 0.001, "only c's delay: \(fromB.legs[0].edges.map { signals.letters(for: $0) }) \(fromB.duration)")
    }

    @Test func aSignalFacingOneDirectionDelaysOnlyThatDirection() throws {
        let ways: [MapFixture.Way] = [.init("abcd", ["highway": "primary"])]
        let net = try Net(Self.street, ways: ways, nodeTags: [
            "b": ["highway": "traffic_signals", "traffic_signals:direction": "forward"],
            "c": ["highway": "give_way", "direction": "backward"],
        ])
        let a = net.map.coordinate("a"), d = net.map.coordinate("d")
        #expect(abs(net.turnSeconds(try net.route(a, d)) - 2) < 0.001, "forward: the signal at b")
        #expect(abs(net.turnSeconds(try net.route(d, a)) - 1) < 0.001, "backward: the give-way sign at c")
    }

    @Test func aMinorStopOnlyStopsTheMinorRoad() throws {
        let map = """
            a---b---c
                |
                s
            """
        let ways: [MapFixture.Way] = [.init("abc", ["highway": "primary"]), .init("bs", ["highway": "residential"])]
        let net = try Net(map, ways: ways, nodeTags: ["b": ["highway": "stop", "stop": "minor"]])
        let main = try net.route(net.map.coordinate("a"), net.map.coordinate("c"))
        #expect(net.turnSeconds(main) < 0.1, "straight on along the major road: \(net.turnSeconds(main))")
        let fromSide = try net.route(net.map.coordinate("s"), net.map.coordinate("c"))
        #expect(abs(net.turnSeconds(fromSide) - (2 + 2.105)) < 0.01, "stop, then right: \(net.turnSeconds(fromSide))")
    }
}
