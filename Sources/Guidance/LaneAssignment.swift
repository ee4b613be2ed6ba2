import Geodesy
import RoadNetwork
import Routing

/// The lanes at every junction of a leg (OSRM's `lanes` on each intersection): which lanes of the road
/// arriving there lead onto the route, as OSRM's turn lane handler and lane anticipation decide.
///
/// 1. The lanes at a junction are those mapped on the road arriving there; where that road has none, those
///    of the road before it across nodes that are mere way ends or bends (OSRM merges such pieces into
///    one road, keeping the lanes nearest the junction); where it still has none and the previous junction
///    lies within `carryOverDistance`, the lanes that led on there (lanes painted before a junction for a
///    turn just after it, as at a dual carriageway).
/// 2. Each junction's lanes are matched to its roads (`JunctionLaneMatch`); a junction whose lanes were
///    taken over by the next one keeps only the lanes valid there too.
/// 3. Close junctions narrow each other's lanes (`LaneAnticipation`).
///
/// No lanes are given where the route enters, drives or leaves a roundabout (OSRM gives none there).
struct LaneAssignment {
    let index: GuidanceIndex
    let graph: RoadGraph
    let edges: [EdgeIndex]
    /// Distance along the leg to each junction `i` (the node between `edges[i - 1]` and `edges[i]`).
    let distanceToJunction: (Int) -> Meters
    let legLength: Meters

    /// How far back a junction's lanes may serve the next junction when the road between has none.
    static let carryOverDistance: Meters = 30

    /// A route maneuver at a junction, as lane matching needs it.
    struct ManeuverAtJunction {
        var type: ManeuverType
        var modifier: ManeuverModifier?
    }

    /// The lanes at each junction of the leg that has any, by junction index (`1 ..< edges.count`).
    ///
    /// `maneuvers` are the leg's maneuvers by junction index; the junctions that are neither maneuvers
    /// nor intersections (two roads meeting) get no lanes, as OSRM lists no intersection there.
    /// - Complexity: O(edges) to find the junctions, plus O(degree² + lanes × degree) at each junction
    ///   whose road has lanes.
    func lanes(maneuvers: [Int: ManeuverAtJunction]) -> [Int: [Lane]] {
        guard edges.count > 1, edges.contains(where: { !graph.turnLanes(of: $0).isEmpty }) else { return [:] }
        var positions: [Int] = []
        var sites: [LaneAnticipation.Site] = []
        var carriedFrom: [Int: Int] = [:]   // site → the site whose lanes it took over
        for i in 1..<edges.count {
            let maneuver = maneuvers[i]
            guard maneuver != nil || passesIntersection(at: i) else { continue }
            var site = LaneAnticipation.Site(match: nil, turn: Self.side(of: maneuver), distanceToNext: 0)
            if !touchesRoundabout(at: i) {
                let previous = sites.indices.last.map { PreviousJunction(site: $0, junction: positions[$0], match: sites[$0].match) }
                let (match, carrier) = self.match(at: i, maneuver: maneuver, previous: previous)
                site.match = match
                if let carrier { carriedFrom[sites.count] = carrier }
            }
            positions.append(i)
            sites.append(site)
        }
        guard sites.contains(where: { $0.match != nil }) else { return [:] }
        for k in sites.indices {
            let next = k + 1 < positions.count ? distanceToJunction(positions[k + 1]) : legLength
            sites[k].distanceToNext = next - distanceToJunction(positions[k])
        }
        for (later, earlier) in carriedFrom { Self.keepLanesValidAhead(&sites[earlier], ahead: sites[later]) }
        LaneAnticipation.apply(to: &sites)
        var result: [Int: [Lane]] = [:]
        for (k, site) in sites.enumerated() {
            if let match = site.match { result[positions[k]] = Self.lanes(of: match) }
        }
        return result
    }

    /// The junction listed before the one being matched.
    struct PreviousJunction {
        var site: Int
        var junction: Int
        var match: JunctionLaneMatch?
    }

    /// The lanes at junction `i` matched to its roads, and the site they were taken over from (nil: the
    /// road's own).
    private func match(at i: Int, maneuver: ManeuverAtJunction?, previous: PreviousJunction?) -> (JunctionLaneMatch?, Int?) {
        let (pattern, stretchStart) = arrivingLanes(at: i)
        if !pattern.isEmpty {
            guard let groups = LaneGroups(pattern: pattern[...]) else { return (nil, nil) }
            return (matchJunction(at: i, pattern: pattern, groups: groups, maneuver: maneuver, assigningUnmarkedLanes: true), nil)
        }
        guard let previous, previous.junction == stretchStart, let carried = previous.match,
              distanceToJunction(i) - distanceToJunction(stretchStart) <= Self.carryOverDistance,
              let groups = LaneGroups(leadingOn: carried.leadingOn) else { return (nil, nil) }
        let match = matchJunction(at: i, pattern: carried.pattern, groups: groups, maneuver: maneuver, assigningUnmarkedLanes: false)
        return (match, match == nil ? nil : previous.site)
    }

    /// The lanes of the road arriving at junction `i` (empty: none mapped), looking back across nodes
    /// where only this road passes, and the junction index where that stretch of road begins.
    /// - Complexity: O(length of the stretch).
    func arrivingLanes(at i: Int) -> (pattern: [TurnLaneMask], stretchStart: Int) {
        var j = i - 1
        while true {
            let lanes = graph.turnLanes(of: edges[j])
            if !lanes.isEmpty { return (Array(lanes), j) }
            guard j >= 1, neighbourCount(of: graph.head[Int(edges[j - 1])]) == 2 else { return ([], j) }
            j -= 1
        }
    }

    /// Matches `groups` at junction `i`, with the route's road and maneuver.
    private func matchJunction(at i: Int, pattern: [TurnLaneMask], groups: LaneGroups, maneuver: ManeuverAtJunction?,
                               assigningUnmarkedLanes: Bool) -> JunctionLaneMatch? {
        let arrival = index.arrival(edges: edges, at: i - 1).bearing
        let junction = Junction(graph: graph, index: index, inEdge: edges[i - 1], arrival: arrival,
                                arrivedFrom: i >= 2 ? graph.head[Int(edges[i - 2])] : nil)
        guard let routeRoad = junction.index(ofOutEdge: edges[i]) else { return nil }
        var exits: [LaneExit] = []
        for (k, road) in junction.roads.enumerated() {
            if k == 0 && !(road.outEdge != nil && road.entryAllowed) { continue }
            var exit = LaneExit(road: k, angle: road.angle, direction: k == 0 ? .uturn : LaneExit.direction(ofAngle: road.angle),
                                entryAllowed: road.entryAllowed && road.outEdge != nil)
            if k == routeRoad { Self.describeRouteExit(&exit, maneuver: maneuver) }
            exits.append(exit)
        }
        return JunctionLaneMatch(pattern: pattern, groups: groups, exits: exits, routeRoad: routeRoad,
                                 assigningUnmarkedLanes: assigningUnmarkedLanes)
    }

    /// The route's own road takes the direction of its maneuver; without one (the obvious way on), or at a
    /// fork, a slight continue or a change of name, through lanes lead onto it too (OSRM's `isValidMatch`).
    static func describeRouteExit(_ exit: inout LaneExit, maneuver: ManeuverAtJunction?) {
        guard let maneuver else {
            exit.isQuietContinuation = true
            return
        }
        if let direction = LaneExit.direction(of: maneuver.modifier) { exit.direction = direction }
        let slight = maneuver.modifier == .slightLeft || maneuver.modifier == .slightRight
        switch maneuver.type {
        case .newName, .notification: exit.isQuietContinuation = true
        case .fork, .continue: exit.isQuietContinuation = slight
        default: break
        }
    }

    /// A junction whose lanes the junction ahead took over keeps only the lanes valid there as well, so a
    /// driver already takes the lane the turn ahead needs.
    static func keepLanesValidAhead(_ earlier: inout LaneAnticipation.Site, ahead later: LaneAnticipation.Site) {
        guard var match = earlier.match, let ahead = later.match, match.valid.overlaps(ahead.valid) else { return }
        match.valid = match.valid.clamped(to: ahead.valid)
        earlier.match = match
    }

    /// Which way the route turns at a maneuver, for anticipation (a junction passed without one: straight).
    static func side(of maneuver: ManeuverAtJunction?) -> LaneAnticipation.TurnSide {
        switch maneuver?.modifier {
        case .slightLeft, .left, .sharpLeft: .left
        case .slightRight, .right, .sharpRight: .right
        default: .straight
        }
    }

    /// The public lane objects of a match, left to right: every valid lane is one to drive in (`active`),
    /// with the arrow by which it leads on.
    static func lanes(of match: JunctionLaneMatch) -> [Lane] {
        match.pattern.enumerated().map { position, mask in
            let lane = match.laneCount - 1 - position
            let arrow = match.leadingArrow(ofLane: lane)
            let valid = match.valid.contains(lane)
            return Lane(indications: LaneIndication.indications(of: mask), valid: valid, active: valid,
                        validIndication: valid ? arrow.flatMap(LaneIndication.init(arrow:)) : nil)
        }
    }

    /// Whether the route passes a junction of more than two roads at `i` (OSRM lists an intersection).
    func passesIntersection(at i: Int) -> Bool { neighbourCount(of: graph.head[Int(edges[i - 1])]) > 2 }

    /// Whether the route enters, drives or leaves a roundabout at junction `i`.
    func touchesRoundabout(at i: Int) -> Bool {
        graph.flags[Int(edges[i - 1])].contains(.roundabout) || graph.flags[Int(edges[i])].contains(.roundabout)
    }

    /// The number of distinct nodes joined to `node` by a road, in either direction.
    /// - Complexity: O(degree²).
    func neighbourCount(of node: NodeIndex) -> Int {
        var neighbours: [NodeIndex] = []
        func add(_ v: NodeIndex) { if v != node && !neighbours.contains(v) { neighbours.append(v) } }
        for e in graph.outgoingEdges(of: node) { add(graph.head[Int(e)]) }
        for e in graph.incomingEdges(of: node) { add(graph.tail[Int(e)]) }
        return neighbours.count
    }
}
