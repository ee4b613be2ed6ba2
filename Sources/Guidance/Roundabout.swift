import Foundation
import Geodesy
import RoadNetwork

/// A roundabout ring as guidance announces it: its kind, its name and its nodes in driving order.
///
/// Drivers expect three different announcements (OSRM's `RoundaboutType`):
/// * a **rotary** – a large or named traffic circle, entered and left like a road of its own
///   ("Enter Place de l'Étoile and take the 3rd exit"; OSRM `rotary` + `exit rotary`);
/// * a **roundabout intersection** – a small ring that works like a crossing: one instruction,
///   "at the roundabout, turn left" (OSRM `roundabout turn`, no exit step);
/// * an ordinary **roundabout** in between (`roundabout` + `exit roundabout`).
///
/// The rules, as OSRM's roundabout handler applies them:
/// 1. a ring with only one node where roads join is a traffic loop, announced as a roundabout turn;
/// 2. a ring with exactly one name is a rotary when it is `junction=circular`, or when its radius is over
///    `rotaryRadius` and no road joining it carries its name (a named square, not a street running round);
/// 3. any other `junction=circular` ring is a rotary (without a name);
/// 4. a ring of radius under `intersectionRadius` with at most four joining roads, one per node, whose
///    directions are at least `distinctExitSeparation` apart, is a roundabout intersection;
/// 5. everything else is a roundabout.
///
/// The radius is the ring's driven length / 2π, so it does not depend on where the route enters.
struct Roundabout: Sendable {
    enum Kind: Sendable, Hashable {
        case roundabout, rotary, intersection
    }

    var kind: Kind
    /// The ring's one name, nil when it has none or several.
    var name: String?
    /// The ring nodes in driving order (either orientation: rings in left-hand traffic run clockwise).
    var nodes: [NodeIndex]
    var radius: Meters
    /// Whether the ring runs clockwise (seen from above), as rings do where traffic keeps left.
    var isClockwise: Bool

    /// Radius above which a named ring is a rotary (OSRM's `MAX_ROUNDABOUT_RADIUS`, a 30 m diameter).
    static let rotaryRadius: Meters = 15
    /// Radius below which a simple ring may be a roundabout intersection (OSRM's
    /// `MAX_ROUNDABOUT_INTERSECTION_RADIUS`).
    static let intersectionRadius: Meters = 15
    /// Most joining roads a roundabout intersection has (a four-way crossing).
    static let intersectionMaximumRoads = 4
    /// Smallest angle between neighbouring joining roads of a roundabout intersection: closer roads are
    /// hard to tell apart by direction alone, so the driver needs the exit count.
    static let distinctExitSeparation: Degrees = 60

    /// A road joining the ring at one of its nodes.
    struct JoiningRoad: Sendable {
        /// The edge leaving the ring node, or (for a one-way road into the ring) the edge arriving at it.
        var edge: EdgeIndex
        var leavesRing: Bool
        /// The direction of the road seen from the ring node.
        var bearing: Bearing
    }

    /// Whether a closed loop through `points` runs clockwise: the sign of its shoelace area in a
    /// local east/north frame (longitude scaled by the cosine of the latitude).
    static func isClockwise(_ points: [Coordinate]) -> Bool {
        guard let first = points.first else { return false }
        let scale = cos(first.latitude * .pi / 180)
        var twiceArea = 0.0
        for (k, p) in points.enumerated() {
            let q = points[(k + 1) % points.count]
            let px = (p.longitude - first.longitude) * scale, py = p.latitude - first.latitude
            let qx = (q.longitude - first.longitude) * scale, qy = q.latitude - first.latitude
            twiceArea += px * qy - qx * py
        }
        return twiceArea < 0
    }

    /// Classifies a ring by the rules above.
    /// - Parameters:
    ///   - joining: for each ring node (same order as `nodes`), the roads that join the ring there.
    ///   - names: the distinct names of the ring's edges; `connectedNames` those of every joining road.
    static func kind(joining: [[JoiningRoad]], radius: Meters, names: Set<String>, connectedNames: Set<String>,
                     circular: Bool) -> Kind {
        let entryNodes = joining.filter { !$0.isEmpty }
        if entryNodes.count == 1 && !circular { return .intersection }
        if names.count == 1, let name = names.first,
           circular || (!connectedNames.contains(name) && radius > rotaryRadius) {
            return .rotary
        }
        if circular { return .rotary }
        if radius < intersectionRadius && hasDistinctExits(entryNodes) { return .intersection }
        return .roundabout
    }

    /// Whether at most four roads join, one per node, in clearly different directions.
    static func hasDistinctExits(_ entryNodes: [[JoiningRoad]]) -> Bool {
        guard entryNodes.count <= intersectionMaximumRoads, entryNodes.allSatisfy({ $0.count == 1 }) else { return false }
        let bearings = entryNodes.map { $0[0].bearing.degrees }.sorted()
        for (k, b) in bearings.enumerated() {
            let next = bearings[(k + 1) % bearings.count]
            let gap = abs(next - b).truncatingRemainder(dividingBy: 360)
            if min(gap, 360 - gap) < distinctExitSeparation { return false }
        }
        return true
    }
}
