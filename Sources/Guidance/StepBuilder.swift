import Geodesy
import RoadNetwork
import Routing

/// A maneuver placed on a leg's polyline, before it is turned into a public `RouteStep`.
struct PlacedManeuver: Sendable {
    var maneuver: Maneuver
    /// Index into `RouteLeg.coordinates` of the maneuver point.
    var coordinateIndex: Int
    /// Index into `RouteLeg.edges` of the edge driven after the maneuver (the last edge for arrive).
    var edgeIndex: Int
    /// The signposted destinations and exits of the maneuver ("" when none).
    var destinations = ""
    var exits = ""
}

/// Builds a leg's maneuvers: depart, the classified turns, arrive.
struct StepBuilder {
    let graph: RoadGraph
    let index: GuidanceIndex
    let leg: RouteLeg
    let geometry: LegGeometry
    let language: InstructionLanguage
    /// Route distance before this leg (so maneuvers carry route-wide distances).
    var distanceOffset: Meters = 0
    /// For intermediate legs of a route with vias: the 1-based number of the via point reached.
    var arrivalIndex: Int? = nil

    init(index: GuidanceIndex, leg: RouteLeg, language: InstructionLanguage) {
        self.index = index
        graph = index.graph
        self.leg = leg
        self.geometry = LegGeometry(leg: leg, graph: graph)
        self.language = language
    }

    /// The maneuvers of the leg in order (at least depart and arrive).
    /// - Complexity: O(coordinates + edges × junction degree).
    func maneuvers() -> [PlacedManeuver] {
        let coords = leg.coordinates
        guard !coords.isEmpty else { return [] }
        let edges = leg.edges
        var result: [PlacedManeuver] = []

        // A leg that starts or ends exactly on a junction carries a zero-length piece of the edge it was
        // snapped onto. Like OSRM (which trims such segments), depart onto the road actually driven and
        // arrive from it, rather than announce a turn at the very point of departure or arrival.
        let departEdge = edges.count > 1 && drivenLength(ofEdgeAt: 0) < Self.negligibleStretch ? 1 : 0
        var arriveEdge = max(0, edges.count - 1)
        if arriveEdge > departEdge && drivenLength(ofEdgeAt: arriveEdge) < Self.negligibleStretch { arriveEdge -= 1 }

        let last = coords.count - 1
        // Depart.
        let departBearing = Self.polylineBearing(coords, from: 0, forward: true)
        let departModifier = Self.endpointModifier(
            offRoad: leg.from.distance,
            deviation: GreatCircle.initialBearing(from: leg.from.input, to: leg.from.location).turnAngle(to: departBearing))
        result.append(place(type: .depart, modifier: departModifier, exit: nil, coordinateIndex: 0, edgeIndex: departEdge,
                            before: Bearing(degrees: 0), after: departBearing, roadEdge: edges.isEmpty ? nil : edges[departEdge]))

        // Junctions: classified one by one, then the ones a driver perceives as one merged.
        // The classifier sees the leg up to the edge arrived on, so a ring the route ends on has no exit.
        let classifier = TurnClassifier(index: index, edges: edges.isEmpty ? edges : Array(edges[...arriveEdge]))
        let collapsed = StepCollapsing(graph: graph, labels: index.labels, edges: edges).collapse(
            legTurns(classifier, from: departEdge + 1, through: arriveEdge), departure: departEdge,
            arrival: geometry.cumulativeDistance[last])
        for legTurn in collapsed {
            let turn = legTurn.turn
            result.append(place(type: turn.type, modifier: turn.modifier, exit: turn.exit,
                                coordinateIndex: geometry.edgeStart[legTurn.junction], edgeIndex: legTurn.junction,
                                before: turn.bearingBefore, after: turn.bearingAfter, roadEdge: edges[legTurn.roadEdge],
                                rotaryName: turn.rotaryName, atJunction: graph.head[Int(edges[legTurn.junction - 1])]))
            if turn.type.entersRoundabout, let resume = turn.resumeIndex, let exit = turn.exitStep {
                // Leaving a roundabout or rotary is its own maneuver point (OSRM's "exit roundabout"), so AR
                // shows where to leave; a roundabout turn has none.
                result.append(place(type: exit.type, modifier: exit.modifier, exit: turn.exit,
                                    coordinateIndex: geometry.edgeStart[resume], edgeIndex: resume,
                                    before: exit.bearingBefore, after: exit.bearingAfter, roadEdge: edges[resume],
                                    atJunction: graph.head[Int(edges[resume - 1])]))
            }
        }

        // Arrive, with the side the destination lies on.
        let arriveBearing = Self.polylineBearing(coords, from: last, forward: false)
        let toInput = GreatCircle.initialBearing(from: leg.to.location, to: leg.to.input)
        let modifier = Self.endpointModifier(offRoad: leg.to.distance, deviation: arriveBearing.turnAngle(to: toInput))
        let side: TurnDirection? = modifier == .right ? .right : modifier == .left ? .left : nil
        result.append(place(type: .arrive, modifier: modifier, exit: nil, coordinateIndex: last,
                            edgeIndex: arriveEdge, before: arriveBearing, after: arriveBearing,
                            roadEdge: edges.isEmpty ? nil : edges[arriveEdge], arrivalSide: side))
        return result
    }

    /// Every classified junction from `edges[first]` through `edges[last]`, silent ones included; a
    /// roundabout entry stands for the nodes up to its exit.
    private func legTurns(_ classifier: TurnClassifier, from first: Int, through last: Int) -> [LegTurn] {
        var turns: [LegTurn] = []
        var i = first
        while i <= last {
            guard let turn = ModeChangeRule.adjust(classifier.classify(at: i), at: i, edges: leg.edges, graph: graph,
                                                   index: index) else { i += 1; continue }
            turns.append(LegTurn(turn: turn, junction: i, roadEdge: turn.resumeIndex ?? i,
                                 distance: geometry.cumulativeDistance[geometry.edgeStart[i]]))
            if turn.type.entersRoundabout {
                guard let resume = turn.resumeIndex else { break }
                i = resume + 1
                continue
            }
            i += 1
        }
        return turns
    }

    /// The modifier OSRM gives `depart` and `arrive`: where the input coordinate lies relative to the
    /// road, only when it is 5–300 m away from it (closer is "on the road", farther says nothing).
    ///
    /// `deviation` is the turn from the direction of travel towards the input (arrive), or from the
    /// input onto the road (depart), positive to the right; OSRM maps it to three sides: beyond 45° right
    /// or left, else straight.
    static func endpointModifier(offRoad distance: Meters, deviation: Degrees) -> ManeuverModifier? {
        guard distance >= 5 && distance <= 300 else { return nil }
        if deviation > 45 { return .right }
        if deviation < -45 { return .left }
        return .straight
    }

    /// Shorter driven pieces at a leg's ends count as "on the junction" (OSRM trims them the same way).
    static let negligibleStretch: Meters = 0.5

    /// The length of the part of `edges[index]` that the leg drives (partial at the leg's ends).
    func drivenLength(ofEdgeAt index: Int) -> Meters {
        let start = geometry.edgeStart[index]
        let end = index + 1 < geometry.edgeStart.count ? geometry.edgeStart[index + 1] : leg.coordinates.count - 1
        return geometry.cumulativeDistance[end] - geometry.cumulativeDistance[start]
    }

    /// The public steps: each maneuver with the stretch driven until the next one, and the lanes at its
    /// junction and at the junctions it drives through.
    func steps() -> [RouteStep] {
        let placed = maneuvers()
        let lanes = junctionLanes(of: placed)
        var steps: [RouteStep] = []
        steps.reserveCapacity(placed.count)
        for (n, p) in placed.enumerated() {
            let start = p.coordinateIndex
            let end = n + 1 < placed.count ? placed[n + 1].coordinateIndex : start
            var step = RouteStep(
                maneuver: p.maneuver, name: p.maneuver.roadName, ref: p.maneuver.roadRef,
                destinations: p.destinations, exits: p.exits,
                distance: geometry.cumulativeDistance[end] - geometry.cumulativeDistance[start],
                duration: geometry.cumulativeDuration[end] - geometry.cumulativeDuration[start],
                coordinates: Array(leg.coordinates[start...end]),
                mode: leg.edges.isEmpty ? .driving : TravelMode(of: leg.edges[p.edgeIndex], in: graph))
            if !lanes.isEmpty {
                if Self.isAtJunction(p) { step.lanes = lanes[p.edgeIndex] ?? [] }
                step.maneuver.lanes = step.lanes
                step.passedLanes = Self.passedLanes(lanes, after: p, before: n + 1 < placed.count ? placed[n + 1] : nil)
            }
            steps.append(step)
        }
        return steps
    }

    /// The maneuvers of the leg (`maneuvers()`), each with the lanes at its junction (`Maneuver.lanes`), as
    /// the waypoint list carries them.
    /// - Complexity: that of `maneuvers()`, plus the lane matching where the leg's roads map lanes.
    func maneuversWithLanes() -> [PlacedManeuver] {
        var placed = maneuvers()
        let lanes = junctionLanes(of: placed)
        guard !lanes.isEmpty else { return placed }
        for k in placed.indices where Self.isAtJunction(placed[k]) { placed[k].maneuver.lanes = lanes[placed[k].edgeIndex] ?? [] }
        return placed
    }

    /// The lanes at the leg's junctions (`LaneAssignment`), by junction index.
    /// - Complexity: O(edges) when the leg's roads map no lanes.
    private func junctionLanes(of placed: [PlacedManeuver]) -> [Int: [Lane]] {
        var maneuvers: [Int: LaneAssignment.ManeuverAtJunction] = [:]
        for p in placed where Self.isAtJunction(p) {
            maneuvers[p.edgeIndex] = LaneAssignment.ManeuverAtJunction(type: p.maneuver.type, modifier: p.maneuver.modifier)
        }
        let distances = geometry.cumulativeDistance, starts = geometry.edgeStart
        return LaneAssignment(index: index, graph: graph, edges: leg.edges,
                              distanceToJunction: { distances[starts[$0]] }, legLength: distances.last ?? 0)
            .lanes(maneuvers: maneuvers)
    }

    /// Whether a maneuver stands at a junction (`edgeIndex` then names it), unlike depart and arrive.
    private static func isAtJunction(_ p: PlacedManeuver) -> Bool {
        p.maneuver.type != .depart && p.maneuver.type != .arrive
    }

    /// The lanes at the junctions driven through after maneuver `p`, up to the next maneuver (through the
    /// last junction before the arrival).
    private static func passedLanes(_ lanes: [Int: [Lane]], after p: PlacedManeuver, before next: PlacedManeuver?) -> [PassedJunctionLanes] {
        guard let next, p.maneuver.type != .arrive else { return [] }
        let upper = next.maneuver.type == .arrive ? next.edgeIndex + 1 : next.edgeIndex
        return lanes.keys.filter { $0 > p.edgeIndex && $0 < upper }.sorted()
            .map { PassedJunctionLanes(junction: $0, lanes: lanes[$0]!) }
    }

    private func place(type: ManeuverType, modifier: ManeuverModifier?, exit: Int?, coordinateIndex: Int, edgeIndex: Int,
                       before: Bearing, after: Bearing, roadEdge: EdgeIndex?,
                       arrivalSide: TurnDirection? = nil, rotaryName: String? = nil, atJunction node: NodeIndex? = nil) -> PlacedManeuver {
        // The announced road: its name, else its (first) ref; and what its signs say.
        var road = "", name = "", ref = "", destinations = "", exits = ""
        if let roadEdge {
            (name, ref) = (graph.name(of: roadEdge), graph.ref(of: roadEdge))
            road = DirectionSign.spokenRoad(name: name, ref: ref)
            (destinations, exits) = (graph.destinations(of: roadEdge), Self.exits(in: graph, taking: roadEdge, at: node))
        }
        let text = InstructionText.maneuver(
            type: type, modifier: modifier, exit: exit, road: road, rotaryName: rotaryName,
            departBearing: type == .depart ? after : nil,
            arrivalIndex: type == .arrive ? arrivalIndex : nil, arrivalSide: arrivalSide,
            sign: DirectionSign(exits: exits, destinations: destinations), language: language)
        let direction: TurnDirection = type == .arrive ? (arrivalSide ?? .straight)
            : type == .depart ? .straight : TurnAngleBands.direction(for: modifier, drivingSide: graph.drivingSide)
        let maneuver = Maneuver(
            type: type, modifier: modifier, direction: direction, exit: exit,
            location: leg.coordinates[coordinateIndex], bearingBefore: before, bearingAfter: after,
            roadName: name, roadRef: ref, instruction: text,
            distanceAlongRoute: distanceOffset + geometry.cumulativeDistance[coordinateIndex], rotaryName: rotaryName)
        return PlacedManeuver(maneuver: maneuver, coordinateIndex: coordinateIndex, edgeIndex: edgeIndex,
                              destinations: destinations, exits: exits)
    }

    /// The exits of a maneuver onto `road` at junction `node` (nil: depart or arrive, not at a junction):
    /// the road's own `junction:ref` as OSRM reads it; else, when the road is a slip road (`*_link`) leaving
    /// a motorway junction with a number, that number, since OSM usually tags the exit number on the
    /// junction node rather than on the slip road. Staying on the main road at the junction takes no exit.
    static func exits(in graph: RoadGraph, taking road: EdgeIndex, at node: NodeIndex?) -> String {
        let signed = graph.exits(of: road)
        guard signed.isEmpty, let node, graph.flags[Int(road)].contains(.link) else { return signed }
        return graph.junctionExit(at: node)
    }

    /// The bearing of a polyline over about 10 m from point `index`, forwards (leaving it) or
    /// backwards (arriving at it); 0 when the polyline has no length there.
    static func polylineBearing(_ coords: [Coordinate], from index: Int, forward: Bool, distance: Meters = 10) -> Bearing {
        let anchor = coords[index]
        var remaining = distance
        var current = anchor
        var k = forward ? index + 1 : index - 1
        var probe = anchor
        while k >= 0 && k < coords.count {
            let next = coords[k]
            let d = GreatCircle.distance(from: current, to: next)
            if d >= remaining && d > 0 {
                probe = GreatCircle.intermediate(from: current, to: next, fraction: remaining / d)
                remaining = 0
                break
            }
            remaining -= d
            current = next
            probe = next
            k += forward ? 1 : -1
        }
        return forward ? GreatCircle.initialBearing(from: anchor, to: probe) : GreatCircle.initialBearing(from: probe, to: anchor)
    }
}
