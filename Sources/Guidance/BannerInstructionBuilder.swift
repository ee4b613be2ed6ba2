import Geodesy
import RoadNetwork

/// The banners of each step of a leg (Mapbox's `bannerInstructions`): what the next maneuver is, onto
/// which road (its name and ref shield, or the exit number and the signed destinations), and below it
/// the lanes to take or the maneuver that follows close behind.
///
/// Every step shows its banner from where it begins. When the maneuver has mapped lanes and the step is
/// longer than `laneBannerDistance`, the lanes appear in a second banner from that distance before
/// the maneuver (Valhalla's and Mapbox's practice: lanes matter only on the approach). The arrive step
/// shows the arrival.
public struct BannerInstructionBuilder: Sendable {
    public var language: InstructionLanguage
    public var drivingSide: DrivingSide

    /// How far before a maneuver its lanes are shown.
    public static let laneBannerDistance: Meters = 400

    public init(language: InstructionLanguage, drivingSide: DrivingSide) {
        self.language = language
        self.drivingSide = drivingSide
    }

    /// The banners of every step of a leg, one non-empty array per step, distances inside the step and
    /// decreasing.
    /// - Parameter arrivalIndex: nil when the leg ends at the destination, else the via point's number.
    /// - Complexity: O(steps + lanes).
    public func instructions(for steps: [RouteStep], arrivalIndex: Int? = nil) -> [[BannerInstruction]] {
        steps.indices.map { i in
            guard i + 1 < steps.count else {
                let m = steps[i].maneuver
                return [BannerInstruction(distanceAlongGeometry: 0,
                                          primary: BannerText(components: [.text(m.instruction)], type: m.type, modifier: m.modifier))]
            }
            return approach(steps, to: i + 1, arrivalIndex: arrivalIndex)
        }
    }

    /// The banners during step `next - 1` about the maneuver of step `next`.
    private func approach(_ steps: [RouteStep], to next: Int, arrivalIndex: Int?) -> [BannerInstruction] {
        let length = max(0, steps[next - 1].distance)
        let (primary, showsRoad) = primaryLine(steps, next, arrivalIndex: arrivalIndex)
        let secondary = showsRoad ? destinationsLine(steps[next]) : nil
        var main = BannerInstruction(distanceAlongGeometry: length, primary: primary, secondary: secondary)
        if let lanes = lanesLine(steps[next].lanes) {
            guard length > Self.laneBannerDistance else { main.sub = lanes; return [main] }
            return [main, BannerInstruction(distanceAlongGeometry: Self.laneBannerDistance, primary: primary,
                                            secondary: secondary, sub: lanes)]
        }
        main.sub = followingLine(steps, next, arrivalIndex: arrivalIndex)
        return [main]
    }

    /// The main line for the maneuver of step `k`, and whether it names the road taken (so the signed
    /// destinations go on a line of their own).
    private func primaryLine(_ steps: [RouteStep], _ k: Int, arrivalIndex: Int?) -> (BannerText, showsRoad: Bool) {
        let step = steps[k], m = step.maneuver
        if m.type == .arrive {
            let text = InstructionText.arrivalAhead(arrivalIndex: arrivalIndex, side: nil, language: language)
            return (BannerText(components: [.text(text)], type: m.type, modifier: m.modifier), false)
        }
        let sign = DirectionSign(exits: step.exits, destinations: step.destinations)
        var components: [BannerComponent] = []
        if let number = sign.exitNumber, !isRing(m.type) {
            components += [.exit(InstructionText.exitWord(language)), .exitNumber(number)]
        }
        let ref = DirectionSign.firstRef(step.ref)
        var showsRoad = true
        if !step.name.isEmpty {
            components.append(.text(step.name))
            if !ref.isEmpty { components += [.delimiter("/"), .icon(ref)] }
        } else if !ref.isEmpty {
            components.append(.icon(ref))
        } else if !sign.destinationRefs.isEmpty || !sign.destinationNames.isEmpty {
            components += Self.destinationComponents(sign)
            showsRoad = false
        } else {
            // Nothing signed or named: the exit number alone ("Exit 6"), else the maneuver in words.
            if components.isEmpty { components.append(.text(m.instruction)) }
            showsRoad = false
        }
        return (BannerText(components: components, type: m.type, modifier: m.modifier, degrees: degrees(steps, k)), showsRoad)
    }

    /// The signed destinations of a step's road as a line of their own; nil when none are signed.
    private func destinationsLine(_ step: RouteStep) -> BannerText? {
        let sign = DirectionSign(destinations: step.destinations)
        let components = Self.destinationComponents(sign)
        return components.isEmpty ? nil : BannerText(components: components)
    }

    /// Destination refs as shields, then the place names, separated by "/".
    static func destinationComponents(_ sign: DirectionSign) -> [BannerComponent] {
        let items = sign.destinationRefs.map(BannerComponent.icon) + sign.destinationNames.map(BannerComponent.text)
        var components: [BannerComponent] = []
        for (n, item) in items.enumerated() {
            if n > 0 { components.append(.delimiter("/")) }
            components.append(item)
        }
        return components
    }

    /// The lanes as a line of lane components; nil when none are mapped. Where the lanes say which
    /// lanes the route prefers, those are `active`; where they say only which lead on, those are.
    private func lanesLine(_ lanes: [Lane]) -> BannerText? {
        guard !lanes.isEmpty else { return nil }
        let ranked = lanes.contains(where: \.active)
        let components = lanes.map { lane in
            var shown = lane
            shown.active = ranked ? lane.active : lane.valid
            return BannerComponent.lane(shown)
        }
        return BannerText(components: components)
    }

    /// The maneuver right after step `k`'s, when it comes within the voice's "then" time; nil otherwise.
    private func followingLine(_ steps: [RouteStep], _ k: Int, arrivalIndex: Int?) -> BannerText? {
        guard k + 1 < steps.count, steps[k].duration <= VoiceInstructionPlanner.chainTime else { return nil }
        let type = steps[k + 1].maneuver.type
        if steps[k].maneuver.type.entersRoundabout && (type == .exitRoundabout || type == .exitRotary) { return nil }
        return primaryLine(steps, k + 1, arrivalIndex: arrivalIndex).0
    }

    private func isRing(_ type: ManeuverType) -> Bool {
        type.entersRoundabout || type == .exitRoundabout || type == .exitRotary
    }

    /// How far round the ring a roundabout maneuver of step `k` goes (Mapbox's `degrees`): from the
    /// bearing on arrival to the bearing leaving the ring, measured against the direction traffic
    /// circulates; nil for other maneuvers and a ring the route ends on.
    func degrees(_ steps: [RouteStep], _ k: Int) -> Degrees? {
        let m = steps[k].maneuver
        let turned: Degrees
        switch m.type {
        case .roundabout, .rotary:
            guard m.exit != nil, k + 1 < steps.count,
                  [.exitRoundabout, .exitRotary].contains(steps[k + 1].maneuver.type) else { return nil }
            turned = m.bearingBefore.turnAngle(to: steps[k + 1].maneuver.bearingAfter)
        case .exitRoundabout, .exitRotary:
            guard k > 0, steps[k - 1].maneuver.type.entersRoundabout else { return nil }
            turned = steps[k - 1].maneuver.bearingBefore.turnAngle(to: m.bearingAfter)
        case .roundaboutTurn:
            turned = Self.nominalTurn(m.modifier)
        default:
            return nil
        }
        // Right-hand traffic goes round anticlockwise: a right turn is a quarter of the way, a left three quarters.
        let around = (540 - turned).truncatingRemainder(dividingBy: 360)
        return (drivingSide == .right ? around : (360 - around).truncatingRemainder(dividingBy: 360)).rounded()
    }

    /// The turn a modifier stands for, in degrees to the right.
    static func nominalTurn(_ modifier: ManeuverModifier?) -> Degrees {
        switch modifier {
        case .none, .straight: 0
        case .slightRight: 45
        case .right: 90
        case .sharpRight: 135
        case .uturn: 180
        case .slightLeft: -45
        case .left: -90
        case .sharpLeft: -135
        }
    }
}
