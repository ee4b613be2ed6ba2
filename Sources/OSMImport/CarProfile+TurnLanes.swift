import RoadNetwork

/// A way's lanes in each direction it is driven, as the car profile reads its `turn:lanes` tags.
struct WayTurnLanes: Sendable, Equatable {
    /// The arrows of each lane driven along the way's node order, left to right (empty: none mapped).
    var forward: [TurnLaneMask] = []
    /// The arrows of each lane driven against the node order, left to right.
    var backward: [TurnLaneMask] = []
    /// Why the way's lanes were dropped; nil when they were kept or none were mapped.
    var problem: TurnLanesProblem? = nil

    /// Whether either direction has lanes.
    var isEmpty: Bool { forward.isEmpty && backward.isEmpty }
}

/// What makes a way's `turn:lanes` unusable, so that the import drops them (and counts the way).
enum TurnLanesProblem: Error, Sendable, Equatable {
    /// A lane names an arrow OSM does not know (`turn:lanes=left|strait`).
    case unknownIndication
    /// A direction maps more or fewer lanes than the way's `lanes`, `lanes:forward` or `lanes:backward` says.
    case laneCountMismatch
}

extension CarProfile {
    /// Way tag keys the lane reading uses.
    static let turnLaneKeys = ["turn:lanes", "turn:lanes:forward", "turn:lanes:backward",
                               "lanes", "lanes:forward", "lanes:backward",
                               "vehicle:lanes", "vehicle:lanes:forward", "vehicle:lanes:backward",
                               "lanes:psv", "lanes:psv:forward", "lanes:psv:backward"]

    /// Reads a way's lanes as OSRM's car profile does (`Guidance.get_turn_lanes`), for the directions a
    /// car may drive it:
    /// - each direction takes `turn:lanes:forward` / `:backward`, else `turn:lanes` (on a oneway road only
    ///   in its driven direction; on a two-way road in both, as OSRM reads it);
    /// - lanes closed to cars (`vehicle:lanes*=…|no|…`) are left out; else lanes reserved for buses and
    ///   taxis (`lanes:psv*`) are trimmed off the kerb side of each direction;
    /// - each lane's `;`-separated values become one mask; an empty lane is `none`.
    ///
    /// A value OSM does not know, or a direction whose lane count disagrees with `lanes:forward` /
    /// `lanes:backward` (or, on a oneway road, `lanes`; on a two-way road exceeds `lanes`), drops the
    /// lanes of the whole way, since one wrong lane shifts every arrow beside it; `problem` says why.
    static func turnLanes(direction: WayInterpretation.Direction, _ value: (String) -> String?) -> WayTurnLanes {
        let (forwardText, backwardText) = directional("turn:lanes", direction: direction, value)
        guard forwardText != nil || backwardText != nil else { return WayTurnLanes() }
        var result = WayTurnLanes()
        do throws(TurnLanesProblem) {
            let forward = try forwardText.map(parseLanes) ?? []
            let backward = try backwardText.map(parseLanes) ?? []
            try checkLaneCounts(forward: forward.count, backward: backward.count, direction: direction, value)
            let (vehicleForward, vehicleBackward) = directional("vehicle:lanes", direction: direction, value)
            let (psvForward, psvBackward) = directional("lanes:psv", direction: direction, value)
            let psv = (forward: psvForward.flatMap { Int($0) } ?? 0, backward: psvBackward.flatMap { Int($0) } ?? 0)
            result.forward = carLanes(forward, access: vehicleForward, trimLeft: psv.backward, trimRight: psv.forward)
            result.backward = carLanes(backward, access: vehicleBackward, trimLeft: psv.forward, trimRight: psv.backward)
        } catch {
            result = WayTurnLanes(problem: error)
        }
        return result
    }

    /// OSRM's `get_forward_backward_by_key`: the `:forward` and `:backward` values of `key`, the plain
    /// value standing in for a missing one in each direction a car drives (only the driven one on a oneway).
    static func directional(_ key: String, direction: WayInterpretation.Direction,
                            _ value: (String) -> String?) -> (forward: String?, backward: String?) {
        var forward = value(key + ":forward"), backward = value(key + ":backward")
        let common = value(key)
        if direction != .backward { forward = forward ?? common } else { forward = nil }
        if direction != .forward { backward = backward ?? common } else { backward = nil }
        return (forward, backward)
    }

    /// The masks of a `turn:lanes` value, left to right: `|` separates lanes, `;` the arrows of one lane;
    /// an empty lane has no arrows (`none`). An empty value maps no lanes.
    /// - Throws: `.unknownIndication` when a lane names an arrow OSM does not know.
    static func parseLanes(_ text: String) throws(TurnLanesProblem) -> [TurnLaneMask] {
        guard !text.isEmpty else { return [] }
        var lanes: [TurnLaneMask] = []
        for lane in text.split(separator: "|", omittingEmptySubsequences: false) {
            var mask: TurnLaneMask = []
            for arrow in lane.split(separator: ";") {
                let name = arrow.trimmingCharacters(in: " \t")
                if name.isEmpty { continue }
                guard let known = TurnLaneMask(osmValue: name) else { throw .unknownIndication }
                mask.formUnion(known)
            }
            lanes.append(mask.isEmpty ? .none : mask)
        }
        return lanes
    }

    /// Checks each direction's lane count against the way's `lanes*` tags (values that are not a plain
    /// count check nothing).
    /// - Throws: `.laneCountMismatch` naming no value (the way is reported as a whole).
    static func checkLaneCounts(forward: Int, backward: Int, direction: WayInterpretation.Direction,
                                _ value: (String) -> String?) throws(TurnLanesProblem) {
        func count(_ key: String) -> Int? { value(key).flatMap { Int($0) } }
        let total = count("lanes")
        for (lanes, key, driven) in [(forward, "lanes:forward", WayInterpretation.Direction.forward),
                                     (backward, "lanes:backward", .backward)] where lanes > 0 {
            if let expected = count(key) {
                if lanes != expected { throw .laneCountMismatch }
            } else if let total {
                // A oneway road's `lanes` are all driven one way; a two-way road's are shared by both.
                if direction == driven ? lanes != total : lanes > total { throw .laneCountMismatch }
            }
        }
    }

    /// The lanes open to cars: those `access` (a `vehicle:lanes` value, lane by lane) does not close
    /// (`no`), or else all but `trimLeft` and `trimRight` lanes reserved for buses at either side (OSRM's
    /// `process_lanes`). An `access` list of another length than the lanes is ignored.
    static func carLanes(_ lanes: [TurnLaneMask], access: String?, trimLeft: Int, trimRight: Int) -> [TurnLaneMask] {
        guard !lanes.isEmpty else { return [] }
        if let access {
            let open = access.split(separator: "|", omittingEmptySubsequences: false)
            guard open.count == lanes.count else { return lanes }
            return zip(lanes, open).filter { $0.1.trimmingCharacters(in: " \t") != "no" }.map(\.0)
        }
        let left = max(0, trimLeft), right = max(0, trimRight)
        guard left + right < lanes.count else { return left + right == 0 ? lanes : [] }
        return Array(lanes[left ..< lanes.count - right])
    }
}

extension Substring {
    /// The text without leading and trailing `characters`.
    fileprivate func trimmingCharacters(in characters: String) -> Substring {
        var s = self
        while let f = s.first, characters.contains(f) { s = s.dropFirst() }
        while let l = s.last, characters.contains(l) { s = s.dropLast() }
        return s
    }
}
