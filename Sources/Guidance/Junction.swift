import Geodesy
import RoadNetwork

/// One road meeting a junction, as seen by a driver arriving over a given edge.
struct JunctionRoad: Sendable {
    /// The edge leaving the junction along this road; nil for a one-way road that only enters it.
    var outEdge: EdgeIndex?
    /// An edge of the road that carries its attributes (the out-edge, else the edge entering the junction).
    var edge: EdgeIndex
    /// The turn angle onto this road: 0 is back where the driver came from, 180 straight on, 90 a right
    /// turn, 270 a left turn (OSRM's convention, in which the roads of a junction sort clockwise from the
    /// arrival).
    var angle: Degrees
    /// Whether a car may turn onto the road here (a one-way road entering the junction, or a turn a
    /// restriction forbids, may not).
    var entryAllowed: Bool
    /// Whether the road is driven one way only here (only leaving the junction, or only entering it).
    var isOneWay = false

    /// How far the road deviates from straight on, 0…180.
    var deviation: Degrees { abs(180 - angle) }
}

/// Every road at a junction of a route, in clockwise order from the road arrived on.
///
/// Guidance judges a turn by the whole junction, as a driver does: the roads that may not be entered
/// (one-way roads coming in, forbidden turns) still shape it (a T is a T even when one arm is one-way), so
/// they are listed with `entryAllowed == false`. `roads[0]` is the road the driver arrived on, at angle 0;
/// the others follow in ascending order of angle.
struct Junction: Sendable {
    let node: NodeIndex
    let inEdge: EdgeIndex
    let roads: [JunctionRoad]

    /// How many roads a car may take here besides turning back (1: the turn is forced).
    var choices: Int { roads.dropFirst().reduce(0) { $0 + ($1.entryAllowed ? 1 : 0) } }

    /// The index in `roads` of the road leaving over `edge`.
    func index(ofOutEdge edge: EdgeIndex) -> Int? { roads.firstIndex { $0.outEdge == edge } }

    /// The junction at the head of `inEdge`, with the arrival bearing `arrival` (measured along the route);
    /// `arrivedFrom` is the tail of `inEdge` when the caller knows it (looking it up searches `firstOut`);
    /// `knownBearing` is an edge leaving the junction whose `bearingLeaving` the caller has. Roads are
    /// measured over the classifier's probe, from `index`.
    /// - Complexity: O(degree × degree), plus O(degree × probe walk) without a bearing table.
    init(graph: borrowing RoadGraph, index: GuidanceIndex, inEdge: EdgeIndex, arrival: Bearing, arrivedFrom: NodeIndex? = nil,
         knownBearing: (edge: EdgeIndex, bearing: Bearing)? = nil) {
        let node = graph.head[Int(inEdge)]
        self.node = node
        self.inEdge = inEdge
        let arrivedFrom = arrivedFrom ?? graph.tail[Int(inEdge)]
        let restrictions = graph.restrictions(from: inEdge)
        let mandatory = restrictions.first { $0.kind == .mandatory }
        func angle(towards bearing: Bearing) -> Degrees {
            let a = 180 - arrival.turnAngle(to: bearing)
            return a >= 360 ? a - 360 : a < 0 ? a + 360 : a
        }
        let outgoing = graph.outgoingEdges(of: node)
        let incoming = graph.incomingEdges(of: node)
        // The road arrived on first, then the others in clockwise order.
        var roads: [JunctionRoad] = []
        roads.reserveCapacity(outgoing.count + incoming.count)
        roads.append(JunctionRoad(outEdge: nil, edge: inEdge, angle: 0, entryAllowed: false, isOneWay: true))
        for e in outgoing {
            var allowed = !restrictions.contains { $0.kind == .prohibitive && $0.toEdge == e }
            if let mandatory, mandatory.toEdge != e { allowed = false }
            if graph.isTwin(e, ofEntering: inEdge, from: arrivedFrom) {
                roads[0] = JunctionRoad(outEdge: e, edge: e, angle: 0, entryAllowed: allowed)
                continue
            }
            let bearing: Bearing
            if let knownBearing, knownBearing.edge == e {
                bearing = knownBearing.bearing
            } else {
                bearing = index.bearingLeaving(e, from: node)
            }
            roads.append(JunctionRoad(outEdge: e, edge: e, angle: angle(towards: bearing), entryAllowed: allowed,
                                      isOneWay: graph.flags[Int(e)].contains(.oneway)))
        }
        for f in incoming where f != inEdge {
            // A two-way road is listed once, by its out-edge (a twin shares the way, so only then is the
            // tail of `f`, a search of `firstOut`, looked up).
            let way = graph.wayID[Int(f)]
            if outgoing.contains(where: { graph.wayID[Int($0)] == way }) {
                let fTail = graph.tail[Int(f)]
                if outgoing.contains(where: { graph.isTwin($0, ofEntering: f, from: fTail) }) { continue }
            }
            roads.append(JunctionRoad(outEdge: nil, edge: f, angle: angle(towards: index.bearingBackAlong(f)), entryAllowed: false,
                                      isOneWay: true))
        }
        roads[1...].sort { $0.angle < $1.angle }
        self.roads = roads
    }
}

extension RoadGraph {
    /// Whether `e` drives the road of `f` the other way (the two directions of one two-way way).
    func isTwin(_ e: EdgeIndex, of f: EdgeIndex) -> Bool {
        tail[Int(e)] == head[Int(f)] && isTwin(e, ofEntering: f, from: tail[Int(f)])
    }

    /// `isTwin(e, of: f)` for an edge `e` leaving the node that `f` enters, given `f`'s tail: a junction
    /// matching each entering edge against its leaving ones looks the tail (a search of `firstOut`) up once.
    /// - Precondition: `tail[e] == head[f]`, `fTail == tail[f]`.
    func isTwin(_ e: EdgeIndex, ofEntering f: EdgeIndex, from fTail: NodeIndex) -> Bool {
        head[Int(e)] == fTail && wayID[Int(e)] == wayID[Int(f)] && shapePointRange(of: e).count == shapePointRange(of: f).count
    }

    /// The bearing from the head of `edge` back along it, over up to `distance` metres: the direction in
    /// which a one-way road entering a junction leaves it, as a driver at the junction sees it.
    /// - Complexity: O(shape points walked).
    func bearingBackAlong(edge: EdgeIndex, distance: Meters) -> Bearing {
        let node = nodeCoordinates[Int(head[Int(edge)])]
        let back = probeBackward(edges: CollectionOfOne(edge), from: 0, distance: distance)
        return GreatCircle.initialBearing(from: node, to: back.point)
    }
}
