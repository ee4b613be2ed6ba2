import Geodesy
import RoadNetwork

/// A maneuver decided for one road of a junction, before placement on the route.
struct JunctionInstruction: Sendable, Hashable {
    var type: ManeuverType
    var modifier: ManeuverModifier
    /// The driver stays on the obvious way (a bend, the same road, an unannounced change of label): nothing
    /// is said, but later passes still see the turn (it may combine with a maneuver just after it).
    var isSilent: Bool = false
}

/// The turn instruction for each road of an ordinary junction (not a roundabout): which way is obvious,
/// which roads fork, where a road ends at a T, and how every other turn is named.
///
/// These are the rules drivers have come to expect from navigation (OSRM's turn handler): the obvious way
/// on needs no word even when it bends; two similar roads splitting ahead are a fork; a road ending at a T
/// is `end of road`; leaving the obvious way is a `turn`, staying on a named road that turns is
/// `continue`; going straight onto another name is `new name` unless the road followed goes on elsewhere.
struct JunctionTurns {
    let labels: RoadLabels
    let junction: Junction
    /// The junction's shape, the same whichever road is taken: the obvious road (`obviousRoad()`), and
    /// when there is none, the roads that fork (`fork()`).
    private var obvious: Int?
    private var forking: ClosedRange<Int>?

    init(labels: RoadLabels, junction: Junction) {
        self.labels = labels
        self.junction = junction
        obvious = nil
        forking = nil
        obvious = obviousRoad()
        forking = obvious == nil ? fork() : nil
    }

    /// Angles (as deviations from straight on) used to judge junction shapes, from OSRM's guidance constants.
    enum Angle {
        /// A deviation this small is straight on whatever else is there.
        static let noTurn: Degrees = 3
        /// Two roads closer than this in angle are hard to tell apart.
        static let narrow: Degrees = 40
        /// Roads within this of each other form a group (a fork's branches).
        static let group: Degrees = 60
        /// Within this of straight on, a road counts as straight when it is the only such road.
        static let fuzzy: Degrees = 25
        /// Two carriageways of one road diverge by less than this where it divides (OSRM's
        /// `MERGABLE_ANGLE_DIFFERENCE`).
        static let carriagewaySpread: Degrees = 95
    }
    /// How many times more another road must deviate for the straightest road to be obvious.
    static let distinctionRatio = 2.0

    private var roads: [JunctionRoad] { junction.roads }

    private var inEdge: EdgeIndex { junction.inEdge }

    private func priority(_ index: Int) -> RoadPriority { RoadPriority(labels.highway[Int(roads[index].edge)]) }

    private var arrivalPriority: RoadPriority { RoadPriority(labels.highway[Int(inEdge)]) }

    /// Whether the road at `index` carries the arrival road's name on (no announcement needed).
    func hasSameName(_ index: Int) -> Bool {
        !labels.requiresAnnouncement(from: inEdge, to: roads[index].edge)
    }

    private func names(_ a: EdgeIndex, sameAs b: EdgeIndex) -> Bool {
        !labels.requiresAnnouncement(from: a, to: b)
    }

    /// The instruction for leaving over the road at `taken`.
    func instruction(for taken: Int) -> JunctionInstruction {
        if dividesOrRejoins(along: taken) {
            let deviation = 180 - roads[taken].angle
            return JunctionInstruction(type: .continue, modifier: TurnAngleBands.modifier(forDeviation: deviation), isSilent: true)
        }
        var result = instructionBeforeSuppression(for: taken)
        // Straight on along the same road needs no word, whatever else the junction offers.
        if result.type == .continue && result.modifier == .straight { result.isSilent = true }
        return result
    }

    private func instructionBeforeSuppression(for taken: Int) -> JunctionInstruction {
        if taken == 0 { return uTurn() }
        if let motorway = motorwayInstruction(for: taken) { return motorway }
        if let ramp = rampInstruction(for: taken) { return ramp }
        switch roads.count {
        case 2: return instructionForObvious(taken, roadCount: 2, throughStreet: false)
        case 3: return threeWayInstruction(for: taken)
        default: return complexInstruction(for: taken)
        }
    }

    /// Whether leaving over `taken` only follows one road where it divides into two one-way carriageways or
    /// where its carriageways rejoin: the driver keeps on the same road, and OSRM says nothing.
    ///
    /// Dividing: arriving on a two-way road, leaving on a one-way road of the same name, the third road a
    /// one-way road of that name coming in (the other carriageway). Rejoining: arriving on a one-way road,
    /// leaving on a two-way road of the same name, the third road a one-way road of that name leaving
    /// back the way the driver came. The carriageways lie within `Angle.carriagewaySpread` of each other,
    /// the one driven within `Angle.group` of the road's line.
    private func dividesOrRejoins(along taken: Int) -> Bool {
        guard roads.count == 3, taken != 0, hasSameName(taken), roads[taken].deviation < Angle.group else { return false }
        let other = roads[taken == 1 ? 2 : 1]
        guard hasSameName(taken == 1 ? 2 : 1) else { return false }
        let arrivedOneWay = roads[0].outEdge == nil
        if !arrivedOneWay {
            // Dividing: the other carriageway comes in beside the one taken.
            return roads[taken].isOneWay && other.outEdge == nil && other.isOneWay
                && abs(other.angle - roads[taken].angle) < Angle.carriagewaySpread
        }
        // Rejoining: the other carriageway leaves beside the one arrived on (angle near 0 or 360).
        let besideArrival = min(other.angle, 360 - other.angle)
        return !roads[taken].isOneWay && other.outEdge != nil && other.isOneWay && besideArrival < Angle.carriagewaySpread
    }

    /// Turning back onto the road arrived on.
    private func uTurn() -> JunctionInstruction {
        let named = labels.nameIndex[Int(inEdge)] != 0
        return JunctionInstruction(type: named ? .continue : .turn, modifier: .uturn)
    }

    // MARK: Motorways

    /// Motorway junctions (motorways, trunks and their links only, every way on within 60° of straight):
    /// a carriageway splitting is a fork whatever the names; a link leaving a carriageway that goes on is
    /// an off ramp; a link splitting is a fork; a link joining a carriageway is a merge. Nil elsewhere.
    private func motorwayInstruction(for taken: Int) -> JunctionInstruction? {
        func isMotorway(_ i: Int) -> Bool { let c = labels.highway[Int(roads[i].edge)]; return c == .motorway || c == .trunk }
        func isRamp(_ i: Int) -> Bool { Self.isRamp(labels.highway[Int(roads[i].edge)]) }
        let inClass = labels.highway[Int(inEdge)]
        let arrivesOnMotorway = inClass == .motorway || inClass == .trunk
        guard arrivesOnMotorway || Self.isRamp(inClass) else { return nil }
        for i in 1..<roads.count {
            if !isMotorway(i) && !isRamp(i) { return nil }
            if roads[i].entryAllowed && roads[i].deviation > Angle.group { return nil }
        }
        let enterable = (1..<roads.count).filter { roads[$0].entryAllowed }
        guard enterable.count >= 2 else { return nil }
        let motorways = enterable.filter(isMotorway)
        // Links meeting links, with no carriageway to enter and none arrived on, are ordinary roads to OSRM
        // (its motorway handler needs a motorway-class road): a link splitting off a link that carries its
        // name on is a turn, not a fork.
        guard arrivesOnMotorway || !motorways.isEmpty else { return nil }
        let side: ManeuverModifier = roads[taken].angle > 180 ? .slightLeft : .slightRight
        if isRamp(taken) && !motorways.isEmpty {
            let modifier = direction(taken)
            return JunctionInstruction(type: .offRamp, modifier: modifier == .straight ? side : modifier)
        }
        // Branches of the same kind split: a fork, named by position.
        let peers = enterable.filter { isRamp($0) == isRamp(taken) }
        guard peers.count >= 2 else { return nil }
        let modifier: ManeuverModifier = taken == peers.last ? .slightLeft : taken == peers.first ? .slightRight : .straight
        return JunctionInstruction(type: .fork, modifier: modifier)
    }

    /// Leaving a motorway or trunk onto a link is an `off ramp`, to one side; a link joining a carriageway
    /// that comes in past the junction is a `merge`, named for the lane change (a ramp joining from the
    /// right merges to the left).
    private func rampInstruction(for taken: Int) -> JunctionInstruction? {
        func isMotorwayLike(_ c: HighwayClass) -> Bool { c == .motorway || c == .trunk }
        let inClass = labels.highway[Int(inEdge)], outClass = labels.highway[Int(roads[taken].edge)]
        let deviation = 180 - roads[taken].angle
        if isMotorwayLike(inClass) && outClass.isLink {
            var modifier = direction(taken)
            if modifier == .straight { modifier = deviation >= 0 ? .slightRight : .slightLeft }
            return JunctionInstruction(type: .offRamp, modifier: modifier)
        }
        if inClass.isLink && isMotorwayLike(inClass.mainClass) && isMotorwayLike(outClass) {
            let joinsCarriageway = roads.indices.dropFirst().contains {
                $0 != taken && !roads[$0].entryAllowed && isMotorwayLike(labels.highway[Int(roads[$0].edge)])
            }
            guard joinsCarriageway else { return nil }
            return JunctionInstruction(type: .merge, modifier: deviation >= 0 ? .slightLeft : .slightRight)
        }
        return nil
    }

    // MARK: Junction shapes

    /// Three roads: a fork, a T (end of road), an obvious way with a side road, or two plain turns.
    private func threeWayInstruction(for taken: Int) -> JunctionInstruction {
        if let fork = forking, fork.contains(taken) { return forkInstruction(for: taken, in: fork) }
        if obvious == nil && isEndOfRoad {
            let modifier: ManeuverModifier = taken == 1 ? .right : .left
            return JunctionInstruction(type: basicType(taken) == .onRamp ? .onRamp : .endOfRoad, modifier: modifier)
        }
        if let obvious {
            if taken == obvious {
                return instructionForObvious(taken, roadCount: 3, throughStreet: isThroughStreet(taken))
            }
            // The other road of the two: when both read as straight, the side road is the slight one.
            let other = 3 - taken
            var modifier = direction(taken)
            if modifier == .straight && direction(other) == .straight { modifier = taken == 2 ? .slightLeft : .slightRight }
            return JunctionInstruction(type: basicType(taken), modifier: modifier)
        }
        return JunctionInstruction(type: basicType(taken), modifier: distinctModifier(taken, besides: nil))
    }

    /// Four or more roads.
    private func complexInstruction(for taken: Int) -> JunctionInstruction {
        if let obvious, taken == obvious {
            return instructionForObvious(taken, roadCount: roads.count, throughStreet: isThroughStreet(taken))
        }
        if let fork = forking, fork.contains(taken) { return forkInstruction(for: taken, in: fork) }
        return JunctionInstruction(type: basicType(taken), modifier: distinctModifier(taken, besides: obvious))
    }

    /// The modifier of a turn told apart from the other turns to the same side: two right turns are not
    /// both "right" (the one nearer straight is slight, or the one past 90° sharp), three are sharp, plain
    /// and slight (OSRM's turn assignment per side).
    func distinctModifier(_ taken: Int, besides obvious: Int?) -> ManeuverModifier {
        let trivial = direction(taken)
        guard trivial != .straight && trivial != .uturn else { return trivial }
        let toRight = roads[taken].angle < 180
        let (sharp, plain, slight): (ManeuverModifier, ManeuverModifier, ManeuverModifier) =
            toRight ? (.sharpRight, .right, .slightRight) : (.sharpLeft, .left, .slightLeft)
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: roads.count) { side in
            // The roads to the same side, sharpest first; a turn one may not take does not compete. The
            // roads after the arrival run clockwise (by angle), so to the right the sharpest comes first;
            // to the left the order is reversed, roads at one angle keeping theirs.
            var count = 0
            for i in 1..<roads.count where i != obvious && roads[i].entryAllowed && (roads[i].angle < 180) == toRight
                && direction(i) != .straight && direction(i) != .uturn {
                side[count] = i
                count += 1
            }
            guard count == 2 || count == 3 else { return trivial }
            if !toRight { reverseKeepingTies(side, count: count) }
            if count == 3 { return taken == side[0] ? sharp : taken == side[1] ? plain : slight }
            let sharper = side[0], lesser = side[1]
            // Only two plain turns compete; two sharp or two slight turns are told apart by the driver's eye.
            guard direction(sharper) == plain && direction(lesser) == plain else { return trivial }
            let nearOrthogonal = abs(roads[lesser].angle - (toRight ? 90 : 270)) < Angle.noTurn
            let (sharperModifier, lesserModifier): (ManeuverModifier, ManeuverModifier) =
                nearOrthogonal ? (sharp, plain) : (plain, slight)
            return taken == sharper ? sharperModifier : lesserModifier
        }
    }

    /// Reverses road indices in ascending order of angle into descending order, those of equal angle
    /// keeping their order (a stable sort by descending angle).
    private func reverseKeepingTies(_ indices: UnsafeMutableBufferPointer<Int>, count: Int) {
        func reverse(_ range: Range<Int>) {
            var (i, j) = (range.lowerBound, range.upperBound - 1)
            while i < j { indices.swapAt(i, j); i += 1; j -= 1 }
        }
        reverse(0..<count)
        var start = 0
        while start < count {
            var end = start + 1
            while end < count && roads[indices[end]].angle == roads[indices[start]].angle { end += 1 }
            reverse(start..<end)
            start = end
        }
    }

    /// A T: one road to the right, one to the left, none ahead (OSRM's `isEndOfRoad`).
    private var isEndOfRoad: Bool {
        guard roads.count == 3 else { return false }
        let right = roads[1].angle, left = roads[2].angle
        return abs(right - 90) < Angle.narrow && abs(left - 270) < Angle.narrow && abs(left - right) > 2 * Angle.narrow
    }

    // MARK: Obvious way

    /// The road a driver takes without being told, or nil when no road is obvious (OSRM's `findObviousTurn`).
    func obviousRoad() -> Int? {
        if roads.count == 1 { return nil }
        if roads.count == 2 { return roads[1].entryAllowed ? 1 : nil }
        let arrival = arrivalPriority
        let arrivalNamed = labels.nameIndex[Int(inEdge)] != 0
        var best = 0, bestDeviation: Degrees = 180
        var bestContinue = 0, bestContinueDeviation: Degrees = 180
        let arrivesOnLink = labels.highway[Int(inEdge)].isLink
        for i in 1..<roads.count where roads[i].entryAllowed {
            // Taking a link is always announced (`on ramp` onto a motorway one), never the silent way on:
            // a road goes on as a road.
            if !arrivesOnLink && labels.highway[Int(roads[i].edge)].isLink { continue }
            let deviation = roads[i].deviation
            let p = priority(i)
            if labels.nameIndex[Int(roads[i].edge)] != 0 && hasSameName(i) {
                let continuePriority = bestContinue == 0 ? p : priority(bestContinue)
                if bestContinue == 0
                    || (continuePriority.value > p.value && arrival != continuePriority)
                    || (deviation < bestContinueDeviation && p == continuePriority)
                    || (continuePriority != arrival && p == arrival) {
                    bestContinue = i
                    bestContinueDeviation = deviation
                }
            }
            let current = best == 0 ? p : priority(best)
            if best != 0 && p.isLowPriority && !current.isLowPriority { continue }
            let betterByClass = best == 0 || RoadPriority.isObviousByClass(arrival: arrival, candidate: p, other: current)
            let otherBetterByClass = best != 0 && RoadPriority.isObviousByClass(arrival: arrival, candidate: current, other: p)
            if (!otherBetterByClass && deviation < bestDeviation) || betterByClass {
                best = i
                bestDeviation = deviation
            }
        }
        if !arrivalNamed { bestContinue = 0 }
        if best == 0 { return nil }

        let continueIsWeak = bestContinue == 0 || bestContinueDeviation >= 2 * Angle.narrow
            || (priority(bestContinue).isLowPriority && !priority(best).isLowPriority)
            || (bestContinueDeviation >= Angle.fuzzy && bestDeviation < Angle.noTurn)
        if continueIsWeak { return distinctBest(best, deviation: bestDeviation) }
        return distinctContinue(bestContinue, deviation: bestContinueDeviation)
    }

    /// The straightest road is obvious when its neighbours on both sides deviate clearly more.
    private func distinctBest(_ best: Int, deviation bestDeviation: Degrees) -> Int? {
        let arrival = arrivalPriority
        let bestPriority = priority(best)
        // The neighbours, skipping one that is obviously lesser by class.
        var left = (best + 1) % roads.count
        if left != 0 && RoadPriority.isObviousByClass(arrival: arrival, candidate: bestPriority, other: priority(left)) {
            left = (left + 1) % roads.count
        }
        var right = best - 1
        if right != 0 && RoadPriority.isObviousByClass(arrival: arrival, candidate: bestPriority, other: priority(right)) {
            right -= 1
        }
        let leftDeviation = roads[left].deviation, rightDeviation = roads[right].deviation
        if bestDeviation < Angle.noTurn && min(leftDeviation, rightDeviation) > Angle.fuzzy { return best }
        let obviousToLeft = left == 0 || RoadPriority.isObviousByClass(arrival: arrival, candidate: bestPriority, other: priority(left))
        let obviousToRight = right == 0 || RoadPriority.isObviousByClass(arrival: arrival, candidate: bestPriority, other: priority(right))
        if obviousToLeft && obviousToRight { return best }
        // Off a link, another road nearly straight on that the driver may take (or any, when the best itself
        // turns more than a narrow turn) leaves the way on ambiguous: the links split (OSRM's narrow-turn
        // check). On ordinary roads the check made real routes disagree more with OSRM's (Andorra: 188 more
        // forks where it says nothing or turn), so there the distinction ratio below decides.
        let arrivesOnLink = labels.highway[Int(inEdge)].isLink
        func isNarrowRival(_ index: Int, byClass: Bool) -> Bool {
            arrivesOnLink && index != 0 && !byClass && roads[index].deviation <= Angle.fuzzy
                && (bestDeviation > Angle.narrow || roads[index].entryAllowed)
        }
        if isNarrowRival(left, byClass: obviousToLeft) || isNarrowRival(right, byClass: obviousToRight) { return nil }
        if bestDeviation >= Angle.group { return nil }
        func distinct(_ index: Int, _ deviation: Degrees, byClass: Bool) -> Bool {
            if index == 0 || byClass { return true }
            if deviation / max(bestDeviation, 0.1) >= Self.distinctionRatio { return true }
            return !roads[index].entryAllowed && deviation > bestDeviation
        }
        return distinct(left, leftDeviation, byClass: obviousToLeft) && distinct(right, rightDeviation, byClass: obviousToRight)
            ? best : nil
    }

    /// A road carrying the arrival's name on is obvious unless another road is about as straight.
    private func distinctContinue(_ index: Int, deviation: Degrees) -> Int? {
        if deviation < 1 { return index }
        let arrival = arrivalPriority
        let continuePriority = priority(index)
        for i in 1..<roads.count where i != index {
            let p = priority(i)
            if RoadPriority.isObviousByClass(arrival: arrival, candidate: continuePriority, other: p) { continue }
            if labels.highway[Int(roads[i].edge)].isLink && deviation < Angle.group { continue }
            let otherDeviation = roads[i].deviation
            if otherDeviation < Angle.fuzzy { return nil }
            let ratio = otherDeviation / deviation
            if ratio < Self.distinctionRatio / 1.5 { return nil }
            if names(roads[i].edge, sameAs: roads[index].edge) && ratio < 1.5 * Self.distinctionRatio { return nil }
        }
        return index
    }

    /// Whether the road at `index` crosses the junction: another road of the same name and class leaves
    /// nearly opposite it (a through street the driver joins).
    func isThroughStreet(_ index: Int) -> Bool {
        let e = roads[index].edge
        guard labels.nameIndex[Int(e)] != 0 else { return false }
        for i in 0..<roads.count where i != index {
            let other = roads[i].edge
            var apart = abs(roads[i].angle - roads[index].angle)
            if apart > 180 { apart = 360 - apart }
            if apart > 180 - Angle.fuzzy && labels.nameIndex[Int(other)] != 0 && names(e, sameAs: other)
                && labels.highway[Int(other)] == labels.highway[Int(e)] {
                return true
            }
        }
        return false
    }

    // MARK: Forks

    /// The indices of two or three roads that split ahead like a fork, isolated from the other roads.
    func fork() -> ClosedRange<Int>? {
        guard roads.count >= 3 else { return nil }
        var straightmost = 1
        for i in 1..<roads.count where roads[i].deviation < roads[straightmost].deviation { straightmost = i }
        // A fork goes on roughly straight: when even the straightest road turns more than a narrow turn,
        // the roads are turns to either side (OSRM's fork candidates).
        guard roads[straightmost].deviation <= Angle.narrow else { return nil }
        var left = straightmost, right = straightmost
        while left + 1 < roads.count && roads[left + 1].deviation < Angle.group { left += 1 }
        while right - 1 > 0 && roads[right - 1].deviation < Angle.group { right -= 1 }
        guard left > right, left - right <= 2 else { return nil }
        let nextAngle = left + 1 < roads.count ? roads[left + 1].angle : 360
        guard nextAngle - roads[left].angle >= Angle.group, roads[right].angle - roads[right - 1].angle >= Angle.group else { return nil }
        guard (right...left).allSatisfy({ roads[$0].entryAllowed }) else { return nil }
        // A motorway link beside an ordinary road is a ramp, not a branch of a fork.
        let ramps = (right...left).filter { Self.isRamp(labels.highway[Int(roads[$0].edge)]) }
        if !ramps.isEmpty && ramps.count != left - right + 1 { return nil }
        // Every branch carrying the road's name on: the road itself splits, and each way is `continue`.
        let named = labels.nameIndex[Int(inEdge)] != 0
        if named && (right...left).allSatisfy({ labels.nameIndex[Int(roads[$0].edge)] != 0 && hasSameName($0) }) { return nil }
        let hasObvious = left - right == 1
            ? isObviousOfTwo(left, over: right) || isObviousOfTwo(right, over: left)
            : isObviousOfTwo(right + 1, over: left) && isObviousOfTwo(right + 1, over: right)
        if hasObvious { return nil }
        return right...left
    }

    /// Whether the road at `index` is clearly the way on compared with the one at `other`: by class, by
    /// carrying the name on while the other does not, or by being much straighter.
    private func isObviousOfTwo(_ index: Int, over other: Int) -> Bool {
        if RoadPriority.isObviousByClass(arrival: arrivalPriority, candidate: priority(index), other: priority(other)) { return true }
        let named = labels.nameIndex[Int(inEdge)] != 0
        let keepsName = named && labels.nameIndex[Int(roads[index].edge)] != 0 && hasSameName(index)
        let otherKeepsName = named && labels.nameIndex[Int(roads[other].edge)] != 0 && hasSameName(other)
        if keepsName && !otherKeepsName { return true }
        let deviation = roads[index].deviation, otherDeviation = roads[other].deviation
        return otherDeviation / max(deviation, 1) > Self.muchStraighterRatio
            && abs(roads[index].angle - roads[other].angle) > Angle.fuzzy && deviation < Angle.fuzzy
    }

    /// A road this many times straighter than another is obviously the way on between the two.
    static let muchStraighterRatio = 1.4

    /// The instruction for one branch of a fork.
    private func forkInstruction(for taken: Int, in fork: ClosedRange<Int>) -> JunctionInstruction {
        if fork.count == 3 {
            let modifier: ManeuverModifier = taken == fork.upperBound ? .slightLeft : taken == fork.lowerBound ? .slightRight : .straight
            return JunctionInstruction(type: .fork, modifier: modifier)
        }
        let left = fork.upperBound, right = fork.lowerBound
        let isLeft = taken == left
        let other = isLeft ? right : left
        // One branch straight on and the other clearly off to the side: the straight one is the road.
        if roads[taken].deviation < Angle.noTurn && roads[other].deviation > Angle.fuzzy {
            if !hasSameName(taken) {
                if priority(other).isLowPriority && !priority(taken).isLowPriority {
                    return instructionForObvious(taken, roadCount: 3, throughStreet: false)
                }
                if priority(taken).isLowPriority && !priority(other).isLowPriority {
                    return JunctionInstruction(type: basicType(taken), modifier: isLeft ? .slightLeft : .slightRight)
                }
                return JunctionInstruction(type: .fork, modifier: isLeft ? .slightLeft : .slightRight)
            }
            return JunctionInstruction(type: .turn, modifier: .straight, isSilent: true)
        }
        if roads[other].deviation < Angle.noTurn && roads[taken].deviation > Angle.fuzzy {
            if !hasSameName(other) {
                if priority(taken).isLowPriority && !priority(other).isLowPriority {
                    return JunctionInstruction(type: basicType(taken), modifier: isLeft ? .slightLeft : .slightRight)
                }
                return JunctionInstruction(type: .fork, modifier: isLeft ? .slightLeft : .slightRight)
            }
            return JunctionInstruction(type: basicType(taken), modifier: isLeft ? .slightLeft : .slightRight)
        }
        return JunctionInstruction(type: .fork, modifier: isLeft ? .slightLeft : .slightRight)
    }

    // MARK: Naming a turn

    /// `on ramp` onto a motorway or trunk link, `continue` along the same named road, else `turn`.
    func basicType(_ index: Int) -> ManeuverType {
        let inClass = labels.highway[Int(inEdge)], outClass = labels.highway[Int(roads[index].edge)]
        if !Self.isRamp(inClass) && Self.isRamp(outClass) { return .onRamp }
        if labels.nameIndex[Int(inEdge)] != 0 && labels.nameIndex[Int(roads[index].edge)] != 0 && hasSameName(index) {
            return .continue
        }
        return .turn
    }

    /// Motorway and trunk links: the ramps of OSRM's guidance.
    static func isRamp(_ c: HighwayClass) -> Bool { c == .motorwayLink || c == .trunkLink }

    /// The modifier for the road's angle.
    func direction(_ index: Int) -> ManeuverModifier { TurnAngleBands.modifier(forDeviation: 180 - roads[index].angle) }

    /// The instruction for the obvious way on: silent on the same road, `new name` onto another, a `turn`
    /// (or a motorway `merge`) onto a through street.
    private func instructionForObvious(_ index: Int, roadCount: Int, throughStreet: Bool) -> JunctionInstruction {
        let type = basicType(index)
        let modifier = direction(index)
        if type == .onRamp { return JunctionInstruction(type: .onRamp, modifier: modifier) }
        if type == .turn && !hasSameName(index) {
            if throughStreet {
                let outClass = labels.highway[Int(roads[index].edge)]
                if outClass == .motorway || outClass == .trunk {
                    return JunctionInstruction(type: .merge, modifier: roads[index].angle > 180 ? .slightRight : .slightLeft)
                }
                // A ramp running into another ramp that goes on is one slip road to the driver: nothing to
                // say (OSRM suppresses it).
                if Self.isRamp(labels.highway[Int(inEdge)]) && Self.isRamp(outClass) {
                    return JunctionInstruction(type: .turn, modifier: modifier, isSilent: true)
                }
                return JunctionInstruction(type: .turn, modifier: modifier)
            }
            return JunctionInstruction(type: .newName, modifier: modifier)
        }
        return JunctionInstruction(type: type, modifier: modifier, isSilent: true)
    }
}
