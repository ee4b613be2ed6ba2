import Geodesy
import RoadNetwork
import Routing

/// The lanes at every junction of a leg (OSRM's `lanes` on each intersection): which lanes of the road
/// arriving there lead onto the route, as OSRM's turn lane handler and lane anticipation decide.
///
/// 1. The lanes at a junction are those mapped on the road arriving there, or before it across nodes that
///    are mere way ends or bends (`RoadGraph.lanes(arrivingAt:along:)`); where it has none and the previous
///    junction lies within `carryOverDistance`, the lanes that led on there (lanes painted before a junction
///    for a turn just after it, as at a dual carriageway).
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
        guard edges.count > 1, graph.turnLanePatterns.count > 1, edges.contains(where: graph.hasTurnLanes) else { return [:] }
        var route = matchedJunctions(maneuvers: maneuvers)
        guard route.sites.contains(where: { $0.match != nil }) else { return [:] }
        for (later, earlier) in route.carriedFrom { Self.keepLanesValidAhead(&route.sites[earlier], ahead: route.sites[later]) }
        LaneAnticipation.apply(to: &route.sites)
        var result: [Int: [Lane]] = [:]
        for (k, site) in route.sites.enumerated() {
            if let match = site.match { result[route.junctions[k]] = Self.lanes(of: match) }
        }
        return result
    }

    /// The junctions OSRM lists on the leg, each with its lanes matched (`sites`, at `junctions`), and
    /// which sites took their lanes over from which.
    struct MatchedJunctions {
        var junctions: [Int] = []
        var sites: [LaneAnticipation.Site] = []
        /// Site → the site whose lanes it took over.
        var carriedFrom: [Int: Int] = [:]
    }

    /// Every maneuver and intersection of the leg with its lanes matched, and how far each lies from the next.
    ///
    /// One pass along the leg carries the lanes of the road arriving across nodes where only it passes
    /// (`RoadGraph.lanes(arrivingAt:along:)` for one junction).
    /// - Complexity: O(edges × degree²), plus the matching at each junction whose road has lanes.
    private func matchedJunctions(maneuvers: [Int: ManeuverAtJunction]) -> MatchedJunctions {
        var route = MatchedJunctions()
        var arriving: ArraySlice<TurnLaneMask> = [], stretchStart = 0
        for i in 1..<edges.count {
            let own = graph.turnLanes(of: edges[i - 1])
            if !own.isEmpty { arriving = own }
            let roads = graph.distinctNeighbourCount(of: graph.head[Int(edges[i - 1])])
            let maneuver = maneuvers[i]
            if maneuver != nil || roads > 2 {
                var site = LaneAnticipation.Site(match: nil, turn: Self.side(of: maneuver), distanceToNext: 0)
                if !touchesRoundabout(at: i) {
                    let previous = route.sites.indices.last.map {
                        PreviousJunction(site: $0, junction: route.junctions[$0], match: route.sites[$0].match)
                    }
                    let (match, carrier) = self.match(at: i, arriving: arriving, stretchStart: stretchStart,
                                                      maneuver: maneuver, previous: previous)
                    site.match = match
                    if let carrier { route.carriedFrom[route.sites.count] = carrier }
                }
                route.junctions.append(i)
                route.sites.append(site)
            }
            if roads != 2 { (arriving, stretchStart) = ([], i) }
        }
        for k in route.sites.indices {
            let next = k + 1 < route.junctions.count ? distanceToJunction(route.junctions[k + 1]) : legLength
            route.sites[k].distanceToNext = next - distanceToJunction(route.junctions[k])
        }
        return route
    }

    /// The junction listed before the one being matched.
    struct PreviousJunction {
        var site: Int
        var junction: Int
        var match: JunctionLaneMatch?
    }

    /// The lanes at junction `i` matched to its roads, and the site they were taken over from (nil: the
    /// road's own). `arriving` are the lanes of the road arriving there (empty: none), on a stretch of
    /// road that begins at junction `stretchStart`.
    private func match(at i: Int, arriving pattern: ArraySlice<TurnLaneMask>, stretchStart: Int, maneuver: ManeuverAtJunction?,
                       previous: PreviousJunction?) -> (JunctionLaneMatch?, Int?) {
        if !pattern.isEmpty {
            guard let groups = LaneGroups(pattern: pattern) else { return (nil, nil) }
            return (matchJunction(at: i, pattern: Array(pattern), groups: groups, maneuver: maneuver, carriedOver: false), nil)
        }
        guard let previous, previous.junction == stretchStart, let carried = previous.match,
              distanceToJunction(i) - distanceToJunction(stretchStart) <= Self.carryOverDistance,
              let groups = LaneGroups(leadingOn: carried.leadingOn) else { return (nil, nil) }
        let match = matchJunction(at: i, pattern: carried.pattern, groups: groups, maneuver: maneuver, carriedOver: true)
        return (match, match == nil ? nil : previous.site)
    }

    /// Matches `groups` at junction `i`, with the route's road and maneuver; lanes `carriedOver` from the
    /// junction before serve this one only when each of their arrows points to a road here (OSRM's
    /// "simple" previous lanes).
    private func matchJunction(at i: Int, pattern: [TurnLaneMask], groups: LaneGroups, maneuver: ManeuverAtJunction?,
                               carriedOver: Bool) -> JunctionLaneMatch? {
        let arrival = index.arrival(edges: edges, at: i - 1).bearing
        let junction = Junction(graph: graph, index: index, inEdge: edges[i - 1], arrival: arrival,
                                arrivedFrom: i >= 2 ? graph.head[Int(edges[i - 2])] : nil)
        guard let routeRoad = junction.index(ofOutEdge: edges[i]) else { return nil }
        let turns = JunctionTurns(labels: index.labels, junction: junction)
        var exits: [LaneExit] = []
        for (k, road) in junction.roads.enumerated() {
            if k == 0 && !(road.outEdge != nil && road.entryAllowed) { continue }
            var exit = LaneExit(road: k, angle: road.angle, direction: k == 0 ? .uturn : LaneExit.direction(ofAngle: road.angle),
                                entryAllowed: road.entryAllowed && road.outEdge != nil)
            if k == routeRoad, let maneuver {
                exit.describe(type: maneuver.type, modifier: maneuver.modifier, isSilent: false)
            } else if k != 0 && exit.entryAllowed {
                let instruction = turns.instruction(for: k)
                exit.describe(type: instruction.type, modifier: instruction.modifier, isSilent: instruction.isSilent || k == routeRoad)
            }
            exits.append(exit)
        }
        return JunctionLaneMatch(pattern: pattern, groups: groups, exits: exits, routeRoad: routeRoad,
                                 assigningUnmarkedLanes: !carriedOver, requiringEveryArrowMatched: carriedOver)
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

    /// Whether the route enters, drives or leaves a roundabout at junction `i`.
    func touchesRoundabout(at i: Int) -> Bool {
        graph.flags[Int(edges[i - 1])].contains(.roundabout) || graph.flags[Int(edges[i])].contains(.roundabout)
    }
}
